// SPDX-License-Identifier: MIT
// `glrand bench` with the mkl path: Intel MKL's rows beside the cpu rows where MKL loads;
// where it does not (not installed here, or hidden with $GLRAND_MKL_LIBRARY naming nothing),
// the rows skipped with the reason when mkl was not asked for, and an error when it was.
#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <vector>

#include "support/glrand_process.hpp"
#include "mkl/vsl.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;

namespace {

const std::string kHiddenMkl = "GLRAND_MKL_LIBRARY=/nonexistent/libmkl_rt.so";

// glrand with MKL hidden: dlopen of $GLRAND_MKL_LIBRARY fails.
RunResult run_glrand_without_mkl(const std::vector<std::string>& args, const std::filesystem::path& cwd) {
  std::vector<std::string> command{kHiddenMkl, glrand_executable()};
  command.insert(command.end(), args.begin(), args.end());
  return run_program("env", command, cwd);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

int lines_starting(const std::string& text, const std::string& start) {
  int n = 0;
  for (const auto& line : lines_of(text)) n += line.rfind(start, 0) == 0;
  return n;
}

}  // namespace

TEST_CASE("bench --path cpu,mkl prints Intel MKL's rows beside the cpu rows, or fails naming why MKL is missing",
          "[cli][mkl]") {
  TempDir dir;
  const std::vector<std::string> args{"bench", "--quick", "-g", "wh,mrg32k3a,mt19937,sobol32,pm", "--path", "cpu,mkl",
                                      "--repeats", "1", "--sizes", "65536", "--csv", "bench.csv"};
  const auto& mkl = glrand::mkl::availability();
  if (!mkl.available) {
    INFO("Intel MKL is not available here (" << mkl.reason << "): the named path is an error");
    const auto r = run_glrand(args, dir.path());
    CHECK(r.status == 1);
    CHECK(has(r.err, "glrand: error: --path mkl: Intel MKL not found"));
    CHECK(dir.entries().empty());
    return;
  }
  const auto r = glrand_ok(args, dir.path());
  INFO(r.out);
  CHECK(has(r.out, "mkl: " + mkl.version));
  CHECK(has(r.out, "viRngUniformBits"));
  CHECK(has(r.out, "wh: VSL_BRNG_WH + 0, seed 1"));
  CHECK(has(r.out, "sobol32: VSL_BRNG_SOBOL, dimensions 1"));
  CHECK(has(r.out, "not in Intel MKL, so no mkl rows: pm"));
  for (const char* g : {"wh", "mrg32k3a", "mt19937", "sobol32", "pm"})
    CHECK(has(r.out, std::string("| cpu | host | ") + g + " | 65536 |"));
  for (const char* g : {"wh", "mrg32k3a", "mt19937", "sobol32"})
    CHECK(has(r.out, std::string("| mkl | host | ") + g + " | 65536 | viRngUniformBits"));
  CHECK(has(r.out, "| mkl | host | wh | 65536 | viRngUniformBits, a stream per thread, 4 words/output"));
  CHECK(!has(r.out, "| mkl | host | pm |"));
  CHECK(has(r.out, "mkl: MKL's kernels: libmkl_"));  // which of MKL's code paths ran
  const std::string csv = read_file(dir / "bench.csv");
  CHECK(lines_starting(csv, "cpu,host,") == 5);
  CHECK(lines_starting(csv, "mkl,host,") == 4);
  CHECK(has(csv, glrand::mkl::short_version()));  // the device column of the mkl rows
}

TEST_CASE("bench --distributions --path mkl prints MKL's rows of Bradley et al.'s Tables 2 and 3", "[cli][mkl]") {
  TempDir dir;
  const std::vector<std::string> args{"bench", "--distributions", "-g", "mrg32k3a,mt19937", "--path", "cpu,mkl",
                                      "--repeats", "1", "--sizes", "65536"};
  if (!glrand::mkl::availability().available) {
    const auto r = run_glrand(args, dir.path());
    CHECK(r.status == 1);
    CHECK(has(r.err, "glrand: error: --path mkl: Intel MKL not found"));
    return;
  }
  const auto r = glrand_ok(args, dir.path());
  INFO(r.out);
  for (const char* path : {"cpu", "mkl"})
    for (const char* g : {"mrg32k3a", "mt19937"})
      for (const char* profile : {"uniform-f32", "exponential-f32", "normal-f32", "uniform-f64", "exponential-f64",
                                  "normal-f64"})
        CHECK(has(r.out, std::string("| ") + path + " | " + profile + " | " + g + " | 65536 |"));
  CHECK(has(r.out, "| mkl | normal-f32 | mrg32k3a | 65536 | vsRngGaussian/vdRngGaussian, BOXMULLER2, normal (0, 1), Box-Muller"));
  CHECK(has(r.out, "| mkl | normal-f64 | mt19937 | 65536 | vsRngGaussian/vdRngGaussian, ICDF, normal (0, 1), inverse CDF"));
  CHECK(has(r.out, "| mkl | exponential-f32 | mt19937 | 65536 | vsRngExponential/vdRngExponential, ICDF, exponential"));
  CHECK(!has(r.out, "| mkl | host |"));
}

TEST_CASE("bench without Intel MKL skips the mkl rows with the reason, unless mkl was asked for", "[cli][mkl]") {
  TempDir dir;
  // Every path by default (gl has nothing to run for mt19937): mkl skipped, with dlopen's words.
  const auto r = run_glrand_without_mkl({"bench", "--quick", "-g", "mt19937", "--repeats", "1", "--sizes", "65536"}, dir.path());
  INFO(r.describe() << "\nstdout:\n" << r.out);
  REQUIRE(r.ok());
  CHECK(has(r.out, "mkl: skipped (Intel MKL not found: /nonexistent/libmkl_rt.so: cannot open shared object file"));
  CHECK(has(r.out, "| cpu | host | mt19937 | 65536 |"));
  CHECK(!has(r.out, "| mkl |"));

  // A missing library fails at run time (1); a generator MKL lacks is bad usage (2).
  const std::tuple<std::vector<std::string>, std::string, int> named[] = {
      {{"bench", "--quick", "-g", "mt19937", "--path", "cpu,mkl"}, "--path mkl: Intel MKL not found: /nonexistent/libmkl_rt.so", 1},
      {{"bench", "--quick", "-g", "wh", "--path", "mkl"}, "($GLRAND_MKL_LIBRARY)", 1},
      {{"bench", "--quick", "-g", "pm", "--path", "mkl"}, "-g pm is not among Intel MKL's generators (MKL has wh, mrg32k3a, mt19937, sobol32)", 2},
  };
  for (const auto& [args, message, status] : named) {
    INFO("glrand " << join(args));
    const auto failed = run_glrand_without_mkl(args, dir.path());
    CHECK(failed.status == status);
    CHECK(has(failed.err, message));
    CHECK(message_lines(failed.err).size() == 1);
  }
  CHECK(dir.entries().empty());
}

TEST_CASE("info says whether Intel MKL is available", "[cli][mkl]") {
  TempDir dir;
  const auto r = run_glrand_without_mkl({"info"}, dir.path());
  CHECK(has(r.out, "Intel MKL: not available (Intel MKL not found: /nonexistent/libmkl_rt.so"));
}
