// SPDX-License-Identifier: MIT
// The ps30 static checker (shaders/tools/ps30_checker.hpp): the shipped generator shaders
// pass, and each planted violation is rejected with its rule and line.
#include <catch2/catch.hpp>

#include <glslang/Public/ShaderLang.h>

#include <string>

#include "gl/shader_library.hpp"
#include "ps30_checker.hpp"

using namespace glrand;

namespace {

struct Glslang {
  Glslang() { glslang::InitializeProcess(); }
  ~Glslang() { glslang::FinalizeProcess(); }
};

// A planted shader: `body` inside main(), `globals` before it; line 1 is #version.
shaders::CheckReport check(const std::string& globals, const std::string& body, const std::string& version = "330 core") {
  Glslang glslang;
  const std::string text = "#version " + version + "\n" + globals + "void main() {\n" + body + "}\n";
  return shaders::check_ps30("planted.frag", "", text, {"planted.frag"}, "");
}

bool has(const shaders::CheckReport& r, const std::string& rule, int line) {
  for (const auto& v : r.violations)
    if (v.rule == rule && v.line == line && v.file == "planted.frag") return true;
  return false;
}

std::string describe(const shaders::CheckReport& r) {
  std::string text;
  for (const auto& v : r.violations) text += shaders::format(v) + "\n";
  return text;
}

const std::string kOneOutput = "uniform vec4 uValue;\nlayout(location = 0) out vec4 target0;\n";  // lines 2, 3

}  // namespace

TEST_CASE("ps30: the shipped generator shaders pass in every variant the library renders", "[shaders][ps30]") {
  Glslang glslang;
  int checked = 0;
  for (const auto& c : gl::shader_checks()) {
    if (c.candidate) continue;
    const auto& shader = gl::embedded_shader(c.shader);
    std::string preamble;
    std::string key(c.defines);
    for (std::size_t start = 0; !key.empty() && start <= key.size();) {
      const auto comma = std::min(key.find(',', start), key.size());
      const auto item = key.substr(start, comma - start);
      const auto eq = item.find('=');
      preamble += "#define " + item.substr(0, eq) + " " + item.substr(eq + 1) + "\n";
      start = comma + 1;
    }
    std::vector<std::string> files(shader.files.begin(), shader.files.end());
    const auto report = shaders::check_ps30(std::string(c.shader), key, std::string(shader.source), files, preamble);
    INFO(c.shader << " [" << c.defines << "]\n" << describe(report));
    CHECK(report.passed());
    CHECK(report.instructions == c.instructions);
    CHECK(report.outputs <= 4);
    ++checked;
  }
  CHECK(checked >= 15);
}

TEST_CASE("ps30: every embedded generator variant has a report", "[shaders][ps30]") {
  bool ceicg = false;
  for (const auto& c : gl::shader_checks()) {
    CHECK(c.shader != "fill.frag");
    CHECK(c.shader != "blit.frag");
    if (!c.candidate) CHECK(c.verdict == "pass");
    ceicg = ceicg || c.shader == "ceicg.frag";
  }
  CHECK(ceicg);
}

TEST_CASE("ps30: a clean float shader passes", "[shaders][ps30]") {
  const auto r = check(kOneOutput + "uniform sampler2D uState;\n",
                       "  vec4 s = texture(uState, gl_FragCoord.xy / 64.0);\n"
                       "  for (float i = 0.0; i < 3.0; i += 1.0) { if (s.x > 2.0) break; s = s * 2.0 + uValue; }\n"
                       "  target0 = s.x < 0.5 ? s : floor(s);\n");
  INFO(describe(r));
  CHECK(r.passed());
  CHECK(r.outputs == 1);
}

TEST_CASE("ps30: planted violations are rejected with their rule and line", "[shaders][ps30]") {
  SECTION("an int multiply") {
    const auto r = check(kOneOutput + "uniform int uCount;\n", "  int n = uCount * 3;\n  target0 = uValue;\n");
    INFO(describe(r));
    CHECK(has(r, "float-only", 6));
  }
  SECTION("a bit operation") {
    const auto r = check(kOneOutput + "uniform uint uBits;\n",
                         "  target0 = uValue;\n  if ((uBits & 1u) == 0u) target0 = vec4(0.0);\n");
    INFO(describe(r));
    CHECK(has(r, "float-only", 7));
  }
  SECTION("a fifth output") {
    const auto r = check("uniform vec4 uValue;\nout vec4 t0;\nout vec4 t1;\nout vec4 t2;\nout vec4 t3;\nout vec4 t4;\n",
                         "  t0 = uValue; t1 = uValue; t2 = uValue; t3 = uValue;\n  t4 = uValue;\n");
    INFO(describe(r));
    CHECK(r.outputs == 5);
    CHECK(has(r, "outputs", 10));
  }
  SECTION("an output array counts by its size") {
    const auto r = check("uniform vec4 uValue;\nout vec4 targets[6];\n", "  targets[0] = uValue;\n");
    INFO(describe(r));
    CHECK(r.outputs == 6);
    CHECK(has(r, "outputs", 5));
  }
  SECTION("an SSBO write") {
    const auto r = check(kOneOutput + "layout(std430, binding = 0) buffer Out { vec4 values[]; };\n",
                         "  target0 = uValue;\n  values[0] = uValue;\n", "430 core");
    INFO(describe(r));
    CHECK(has(r, "no-buffers", 7));
  }
  SECTION("an over-budget pass") {
    std::string chain = "  float x = uValue.x;\n";
    for (int i = 0; i < 600; ++i) chain += "  x = x * uValue.y + uValue.z;\n";
    const auto r = check(kOneOutput, chain + "  target0 = vec4(x);\n");
    INFO(describe(r).substr(0, 2000));
    CHECK(r.instructions > 512);
    CHECK(has(r, "instructions", 4));  // reported at main()
  }
  SECTION("an int loop counter") {
    const auto r = check(kOneOutput, "  vec4 s = uValue;\n  for (int i = 0; i < 4; ++i) s = s * 2.0;\n  target0 = s;\n");
    INFO(describe(r));
    CHECK(has(r, "float-only", 6));
  }
  SECTION("texelFetch") {
    const auto r = check(kOneOutput + "uniform sampler2D uState;\n",
                         "  target0 = texelFetch(uState, ivec2(gl_FragCoord.xy), 0);\n");
    INFO(describe(r));
    CHECK(has(r, "float-only", 6));
    bool names_it = false;
    for (const auto& v : r.violations) names_it = names_it || v.message.find("texelFetch") != std::string::npos;
    CHECK(names_it);
  }
  SECTION("an interpolated input") {
    const auto r = check(kOneOutput + "in vec2 vCoord;\n", "  target0 = uValue + vCoord.x;\n");
    INFO(describe(r));
    CHECK(has(r, "inputs", 6));
  }
  SECTION("a comparison used as a value") {
    const auto r = check(kOneOutput, "  bool big = uValue.x > 1.0;\n  target0 = uValue;\n");
    INFO(describe(r));
    CHECK(has(r, "float-only", 5));
  }
}

TEST_CASE("ps30: violations in an included module name the module and its line", "[shaders][ps30]") {
  Glslang glslang;
  const auto composition = shaders::compose("main.frag", [](const std::string& name) -> std::string {
    if (name == "main.frag")
      return "#version 330 core\n#include \"common/bad.glsl\"\nout vec4 target0;\nvoid main() { target0 = vec4(f(2.0)); }\n";
    return "// a module\nfloat f(float x) {\n  int k = int(x);\n  return float(k << 1);\n}\n";
  });
  const auto r = shaders::check_ps30("main.frag", "", composition.text, {"shaders/main.frag", "shaders/common/bad.glsl"}, "");
  INFO(describe(r));
  bool found = false;
  for (const auto& v : r.violations) found = found || (v.file == "shaders/common/bad.glsl" && v.line == 4);
  CHECK(found);
  CHECK(shaders::format(r.violations.at(0)).rfind("shaders/common/bad.glsl:3: ps30: float-only: ", 0) == 0);
}
