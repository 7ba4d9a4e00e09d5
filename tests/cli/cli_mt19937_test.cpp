// SPDX-License-Identifier: MIT
// `glrand generate -g mt19937`: the CPU path against std::mt19937 (ISO C++: the 10000th output
// of the default seed, tests/kat/mt19937.txt), --seed and --offset against state_at, the float
// formula x·2^-32 + 2^-33, and the GL path's refusal. The CUDA path is compared with the CPU
// path in cli_generators_test.cpp ("generate --path cuda ...", skipped without a GPU).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "generators/mt19937.hpp"
#include "kat/kat.hpp"
#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;
namespace mt19937 = glrand::mt19937;

namespace {

std::string generate(const TempDir& dir, std::vector<std::string> args) {
  args.insert(args.begin(), "generate");
  args.insert(args.end(), {"-o", "-", "-q"});
  return glrand_ok(args, dir.path()).out;
}


}  // namespace

TEST_CASE("generate -g mt19937 --path cpu is std::mt19937, 10000th output 4123659995", "[cli][mt19937]") {
  TempDir dir;
  const auto words = values_of<std::uint32_t>(generate(dir, {"-g", "mt19937", "--path", "cpu", "-n", "10000", "--format", "ints"}));
  REQUIRE(words.size() == 10000);
  CHECK(words.back() == kat::load("mt19937").one("seed=5489 output=9999").u32("word"));
  std::mt19937 standard;
  for (std::size_t i = 0; i < words.size(); ++i) {
    INFO("output " << i);
    REQUIRE(words[i] == standard());
  }
  // Another seed, from std::mt19937 too.
  const auto seeded = values_of<std::uint32_t>(
      generate(dir, {"-g", "mt19937", "--seed", "4294967295", "--path", "cpu", "-n", "2000", "--format", "ints"}));
  std::mt19937 other(4294967295u);
  for (std::size_t i = 0; i < seeded.size(); ++i) REQUIRE(seeded[i] == other());
}

TEST_CASE("generate -g mt19937 --offset equals state_at, and chunked runs equal one run", "[cli][mt19937]") {
  TempDir dir;
  const std::uint64_t offset = (std::uint64_t{1} << 40) + 3;
  const auto words = values_of<std::uint32_t>(generate(
      dir, {"-g", "mt19937", "--seed", "777", "--offset", "2^40", "--path", "cpu", "-n", "1500", "--format", "ints"}));
  mt19937::State s = mt19937::state_at(777, std::uint64_t{1} << 40);
  std::vector<std::uint32_t> expected(1500);
  mt19937::generate_ints(s, expected);
  CHECK(words == expected);
  const auto late = values_of<std::uint32_t>(generate(
      dir, {"-g", "mt19937", "--seed", "777", "--offset", std::to_string(offset), "--path", "cpu", "-n", "5", "--format", "ints"}));
  CHECK(late == std::vector<std::uint32_t>(expected.begin() + 3, expected.begin() + 8));
}

TEST_CASE("generate -g mt19937 floats are x*2^-32 + 2^-33 (f64) and the float not above it (f32)", "[cli][mt19937]") {
  TempDir dir;
  const auto words = values_of<std::uint32_t>(generate(dir, {"-g", "mt19937", "--path", "cpu", "-n", "4096", "--format", "ints"}));
  const auto f64 = values_of<double>(generate(dir, {"-g", "mt19937", "--path", "cpu", "-n", "4096", "--format", "f64"}));
  const auto f32 = values_of<float>(generate(dir, {"-g", "mt19937", "--path", "cpu", "-n", "4096", "--format", "f32"}));
  REQUIRE(f64.size() == words.size());
  REQUIRE(f32.size() == words.size());
  for (std::size_t i = 0; i < words.size(); ++i) {
    INFO("output " << i << " = " << words[i]);
    CHECK(f64[i] == words[i] * 0x1p-32 + 0x1p-33);
    CHECK(static_cast<double>(f32[i]) <= f64[i]);
    CHECK(static_cast<double>(std::nextafter(f32[i], 2.0f)) > f64[i]);
  }
  // The ends: 0 and 2^32 − 1 stay inside (0, 1) in both widths.
  CHECK(mt19937::to_f64(0) == 0x1p-33);
  CHECK(mt19937::to_f64(0xFFFFFFFFu) == 1.0 - 0x1p-33);
  CHECK(mt19937::to_f32(0xFFFFFFFFu) < 1.0f);
  CHECK(mt19937::to_f32(0) > 0.0f);
}

TEST_CASE("generate -g mt19937 refuses the GL path, bad seeds and other generators' options", "[cli][mt19937]") {
  TempDir dir;
  const auto before = dir.entries();
  const BadCase cases[] = {
      {{"generate", "-g", "mt19937", "--path", "gl", "-n", "5", "-o", "x.bin"}, "has no GL path"},
      {{"generate", "-g", "mt19937", "--path", "gl", "-n", "5", "-o", "x.bin"}, "use --path cpu or --path cuda"},
      {{"generate", "-g", "mt19937", "--path", "cpu", "--seed", "4294967296", "-n", "5", "-o", "x.bin"}, "MT19937 seed"},
      {{"generate", "-g", "mt19937", "--path", "cpu", "--seed", "1,2", "-n", "5", "-o", "x.bin"}, "MT19937 seed"},
      {{"generate", "-g", "mt19937", "--path", "cpu", "--substream", "1", "-n", "5", "-o", "x.bin"}, "does not apply"},
      {{"info", "-g", "mt19937"}, "no GL path"},
  };
  for (const auto& c : cases) check_failure(c, dir, before);
}

TEST_CASE("generators without a GL path default to the CUDA path or the CPU reference", "[cli][mt19937]") {
  TempDir dir;
  for (const char* generator : {"mt19937", "sobol32", "mtgp32"}) {
    INFO(generator);
    const RunResult implicit = glrand_ok({"generate", "-g", generator, "-n", "1000", "--format", "ints", "-o", "-"}, dir.path());
    const RunResult cpu =
        glrand_ok({"generate", "-g", generator, "--path", "cpu", "-n", "1000", "--format", "ints", "-o", "-"}, dir.path());
    CHECK(implicit.out == cpu.out);
    CHECK((implicit.err.find("on the CPU reference") != std::string::npos ||
           implicit.err.find("CUDA kernels") != std::string::npos));
  }
}
