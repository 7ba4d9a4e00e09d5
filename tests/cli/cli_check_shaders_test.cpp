// SPDX-License-Identifier: MIT
// glrand check-shaders: the table of the embedded generator shaders, and a rejected file.
#include <catch2/catch.hpp>

#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;

TEST_CASE("check-shaders lists the embedded generator variants and exits 0", "[cli][check-shaders]") {
  TempDir dir;
  const auto r = glrand_ok({"check-shaders"}, dir.path());
  CHECK(r.out.find("instructions") != std::string::npos);
  CHECK(r.out.find("verdict") != std::string::npos);
  for (const char* shader : {"ceicg.frag", "park_miller.frag", "wichmann_hill.frag", "mrg32k3a.frag", "mrg32k3a_advance.frag"})
    CHECK(r.out.find(shader) != std::string::npos);
  CHECK(r.out.find("fill.frag") == std::string::npos);
  CHECK(r.out.find("blit.frag") == std::string::npos);
  CHECK(r.out.find("OUTPUT_TARGETS=1,WRITE_STATE=1") != std::string::npos);
  const auto json = glrand_ok({"check-shaders", "--profile", "ps30", "--json"}, dir.path());
  CHECK(json.out.find("\"shader\": \"ceicg.frag\"") != std::string::npos);
  CHECK(json.out.find("\"verdict\": \"pass\"") != std::string::npos);
}

TEST_CASE("check-shaders passes a clean file with shipped modules and rejects a planted violation", "[cli][check-shaders]") {
  TempDir dir;
  write_file(dir.path() / "good.frag",
             "#version 330 core\n#include \"common/exact_division.glsl\"\n#include \"common/modular.glsl\"\n"
             "uniform vec4 uValue;\nout vec4 target0;\nvoid main() { target0 = addMod(uValue, uValue, vec4(7.0)); }\n");
  const auto good = glrand_ok({"check-shaders", "good.frag"}, dir.path());
  CHECK(good.out.find("pass") != std::string::npos);

  write_file(dir.path() / "bad.frag",
             "#version 330 core\nuniform int uCount;\nout vec4 target0;\n"
             "void main() {\n  int n = uCount * 3;\n  target0 = vec4(float(n));\n}\n");
  const auto bad = run_glrand({"check-shaders", "bad.frag"}, dir.path());
  INFO(bad.describe() << "\nstdout:\n" << bad.out);
  CHECK(bad.exited);
  CHECK(bad.status == 1);
  CHECK(bad.out.find("bad.frag:5: ps30: float-only: ") != std::string::npos);
  const auto json = run_glrand({"check-shaders", "--json", "bad.frag"}, dir.path());
  CHECK(json.status == 1);
  CHECK(json.out.find("\"rule\": \"float-only\"") != std::string::npos);
  CHECK(json.out.find("\"line\": 5") != std::string::npos);
}
