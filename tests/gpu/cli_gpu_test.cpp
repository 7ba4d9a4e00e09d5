// SPDX-License-Identifier: MIT
// `glrand generate --path cuda` equals `--path cpu`, byte for byte, for the generators whose
// CUDA path has its own layout (MT19937, Sobol32, MTGP32): about 10^6 outputs each, with
// offsets, across the CUDA path's host-output chunks (cuda::kHostChunkBytes) where it keeps
// state between them, and in each format; and a distribution made on the GPU is written within its bounds. Skipped (exit 77) without a usable GPU: see gpu_main.cpp. $GLRAND_EXE
// names the executable where the tests run away from their build (bench/gpu/).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <glrand/glrand.hpp>
#include <string>
#include <vector>

#include "support/distribution_reference.hpp"
#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;

namespace {

std::string generate(const TempDir& dir, const std::string& path, std::vector<std::string> args) {
  args.insert(args.begin(), {"generate", "--path", path});
  args.insert(args.end(), {"-o", "-", "-q"});
  return glrand_ok(args, dir.path()).out;
}

void require_cuda_equals_cpu(const std::vector<std::string>& args) {
  INFO("glrand generate " << join(args));
  TempDir dir;
  const std::string cuda = generate(dir, "cuda", args);
  const std::string cpu = generate(dir, "cpu", args);
  REQUIRE(cuda.size() == cpu.size());
  // Where they first differ, rather than megabytes of both.
  const auto [at, _] = std::mismatch(cuda.begin(), cuda.end(), cpu.begin());
  INFO("first different byte: " << (at - cuda.begin()) << " of " << cuda.size());
  REQUIRE(at == cuda.end());
}

}  // namespace

TEST_CASE("generate -g sobol32 --path cuda equals --path cpu", "[gpu][cli][sobol32]") {
  require_cuda_equals_cpu({"-g", "sobol32", "-n", "1000000", "--format", "ints"});
  require_cuda_equals_cpu({"-g", "sobol32", "--dimensions", "7", "--offset", "2^31", "-n", "999999", "--format", "ints"});
  require_cuda_equals_cpu({"-g", "sobol32", "--dimensions", "256", "--offset", "1000", "-n", "1024000", "--format", "f32"});
  require_cuda_equals_cpu({"-g", "sobol32", "--dimensions", "21201", "--offset", "3", "-n", "2120100", "--format", "ints"});
  require_cuda_equals_cpu({"-g", "sobol32", "--offset", "4294967295", "-n", "1", "--format", "f64"});
}

TEST_CASE("generate -g mtgp32 --path cuda equals --path cpu", "[gpu][cli][mtgp32]") {
  require_cuda_equals_cpu({"-g", "mtgp32", "-n", "1000000", "--format", "ints"});
  require_cuda_equals_cpu({"-g", "mtgp32", "--seed", "1234", "--offset", "1e9", "-n", "1000000", "--format", "f64"});
  // Past 2^24 outputs, many host-output chunks: the kernel's states carried from chunk to chunk.
  require_cuda_equals_cpu({"-g", "mtgp32", "--seed", "18446744073709551615", "--offset", "12345", "-n", "17000000",
                           "--format", "ints"});
}

TEST_CASE("generate -g mt19937 --path cuda equals --path cpu across chunks", "[gpu][cli][mt19937]") {
  require_cuda_equals_cpu({"-g", "mt19937", "--seed", "4357", "--offset", "2^40", "-n", "1000000", "--format", "ints"});
  require_cuda_equals_cpu({"-g", "mt19937", "--offset", "777", "-n", "40000000", "--format", "ints"});
}

TEST_CASE("generate -g wh --split parameterisation --path cuda equals --path cpu", "[gpu][cli][wh]") {
  require_cuda_equals_cpu({"-g", "wh", "--split", "parameterisation", "--substreams", "273", "-n", "3000000", "--format",
                           "ints"});
  // Sets 100..106, four-word seeds and an offset: past 2^24 outputs, many host-output chunks.
  require_cuda_equals_cpu({"-g", "wh", "--split", "parameterisation", "--substreams", "7", "--wh-set", "100", "--seed",
                           "5,6,7,8", "--offset", "2^40", "-n", "17000000", "--format", "f64"});
}

TEST_CASE("generate --distribution-on gpu writes each value within its bound of the correctly rounded one",
          "[gpu][cli][distribution]") {
  TempDir dir;
  constexpr std::size_t kCount = 100'003;
  glrand::Settings settings;
  settings.algorithm = glrand::Algorithm::mrg32k3a;
  settings.backend = glrand::Backend::cpu;
  settings.offset = 5;
  glrand::Generator cpu(settings);
  std::vector<double> u(kCount + 1);  // with the last Box–Muller value's partner
  cpu.generate(std::span<double>(u));
  glrand::Distribution normal;
  normal.kind = glrand::DistributionKind::normal;
  normal.mean = 2;
  normal.stddev = 0.5;
  glrand::Distribution lognormal = normal;
  lognormal.kind = glrand::DistributionKind::lognormal;
  const std::vector<std::string> common{"generate", "-g",       "mrg32k3a", "--path", "cuda",
                                        "--offset", "5",        "-n",       "100003", "--mean",
                                        "2",        "--stddev", "0.5",      "--distribution-on", "gpu",
                                        "-o",       "-",        "-q"};
  auto args = common;
  args.insert(args.end(), {"--distribution", "normal", "--format", "f32"});
  const std::string f32 = glrand_ok(args, dir.path()).out;
  args = common;
  args.insert(args.end(), {"--distribution", "lognormal", "--format", "f64"});
  const std::string f64 = glrand_ok(args, dir.path()).out;
  args = common;
  args.insert(args.end(), {"--distribution", "normal", "--normal-method", "box-muller", "--format", "f64"});
  const std::string box_muller = glrand_ok(args, dir.path()).out;
  REQUIRE(f32.size() == kCount * 4);
  REQUIRE(f64.size() == kCount * 8);
  REQUIRE(box_muller.size() == kCount * 8);
  glrand::Distribution pairs = normal;
  pairs.method = glrand::NormalMethod::box_muller;
  std::uint64_t worst32 = 0, worst64 = 0, worst_pairs = 0;
  for (std::size_t i = 0; i < kCount; ++i) {
    float x32;
    double x64, z;
    std::memcpy(&x32, f32.data() + 4 * i, 4);
    std::memcpy(&x64, f64.data() + 8 * i, 8);
    std::memcpy(&z, box_muller.data() + 8 * i, 8);
    worst32 = std::max(worst32, glrand::testing::error_ulps(normal, u[i], x32));
    worst64 = std::max(worst64, glrand::testing::error_ulps(lognormal, u[i], x64));
    const std::size_t first = i - i % 2;
    worst_pairs = std::max(worst_pairs,
                           glrand::testing::error_ulps(pairs, u[first], u[first + 1], static_cast<int>(i % 2), z));
  }
  CHECK(worst32 <= 8);        // docs/distributions.md: the normal's float bound, μ ≠ 0
  CHECK(worst64 <= 48);       // the log-normal's double bound
  CHECK(worst_pairs <= 8);    // Box–Muller's normal, μ ≠ 0: in ulps of |μ| + σ·|z|
}
