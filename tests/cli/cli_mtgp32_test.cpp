// SPDX-License-Identifier: MIT
// `glrand generate -g mtgp32`: the CPU path against cuRAND's seed-1234 check values
// (tests/kat/mtgp32.txt) and against mtgp32::host_api_outputs (the reference that restarts from
// the seed, not the stream the command reads), --seed and --offset, the float formulas, and
// every refusal. The CUDA path is compared with the CPU path in tests/gpu/cli_gpu_test.cpp
// (label gpu) and the CPU path with cuRAND's host generator in tests/cli/cli_curand_host_test.cpp.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "generators/mtgp32.hpp"
#include "kat/kat.hpp"
#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;
namespace mtgp32 = glrand::mtgp32;

namespace {

std::string generate(const TempDir& dir, std::vector<std::string> args) {
  args.insert(args.begin(), {"generate", "-g", "mtgp32", "--path", "cpu"});
  args.insert(args.end(), {"-o", "-", "-q"});
  return glrand_ok(args, dir.path()).out;
}


}  // namespace

TEST_CASE("generate -g mtgp32 --seed 1234 --path cpu gives cuRAND's published first outputs", "[cli][mtgp32]") {
  TempDir dir;
  const std::vector<std::uint32_t> published = kat::load("mtgp32").u32_sequence("seed=1234", "word");
  REQUIRE(published.size() == 4);
  const auto words = values_of<std::uint32_t>(generate(dir, {"--seed", "1234", "-n", "4", "--format", "ints"}));
  CHECK(words == published);
  // --format u32: the test batteries' word is the output itself.
  CHECK(values_of<std::uint32_t>(generate(dir, {"--seed", "1234", "-n", "4", "--format", "u32"})) == published);
  // cuRAND's default seed is 0.
  CHECK(generate(dir, {"-n", "1000", "--format", "ints"}) == generate(dir, {"--seed", "0", "-n", "1000", "--format", "ints"}));
}

TEST_CASE("generate -g mtgp32 equals host_api_outputs across chunks, seeds and offsets", "[cli][mtgp32]") {
  TempDir dir;
  struct Case { std::uint64_t seed, offset, count; };
  // The CPU path's chunks are 2^22 outputs; a round of the 192 generators is 49152.
  for (const Case c : {Case{1234, 0, (std::uint64_t{1} << 22) + 1000}, Case{1234, 100'003, 60'000},
                       Case{~std::uint64_t{0}, 49'152 * 3 - 1, 2}, Case{0x100000001ull, 0, 300}}) {
    INFO("--seed " << c.seed << " --offset " << c.offset << " -n " << c.count);
    const auto words = values_of<std::uint32_t>(generate(
        dir, {"--seed", std::to_string(c.seed), "--offset", std::to_string(c.offset), "-n", std::to_string(c.count),
              "--format", "ints"}));
    std::vector<std::uint32_t> want(c.count);
    mtgp32::host_api_outputs(c.seed, c.offset, want);
    CHECK(words == want);
  }
}

TEST_CASE("generate -g mtgp32 --offset far on equals each generator jumped to its output", "[cli][mtgp32]") {
  TempDir dir;
  const std::uint64_t offset = (std::uint64_t{1} << 40) + 12345;
  const auto words = values_of<std::uint32_t>(
      generate(dir, {"--seed", "1234", "--offset", std::to_string(offset), "-n", "600", "--format", "ints"}));
  REQUIRE(words.size() == 600);
  // Output n is output ⌊n / 256G⌋·256 + n mod 256 of generator ⌊n / 256⌋ mod G (docs/check-values.md).
  const auto& table = mtgp32::parameter_table();
  for (std::uint64_t i : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{250}, std::uint64_t{599}}) {
    const std::uint64_t n = offset + i;
    const auto g = static_cast<unsigned>(n / 256 % mtgp32::kHostSequences);
    const std::uint64_t k = n / (256 * mtgp32::kHostSequences) * 256 + n % 256;
    INFO("output " << n << ": generator " << g << ", its output " << k);
    mtgp32::State s = mtgp32::jump(mtgp32::seed_state(table[g], mtgp32::sequence_seed(1234, g)), g, k);
    CHECK(words[i] == mtgp32::next(s, table[g]));
  }
}

TEST_CASE("generate -g mtgp32 floats are x*2^-32 + 2^-33 (f64) and the float not above it (f32)", "[cli][mtgp32]") {
  TempDir dir;
  const auto words = values_of<std::uint32_t>(generate(dir, {"--seed", "7", "-n", "50000", "--format", "ints"}));
  const auto f64 = values_of<double>(generate(dir, {"--seed", "7", "-n", "50000", "--format", "f64"}));
  const auto f32 = values_of<float>(generate(dir, {"--seed", "7", "-n", "50000", "--format", "f32"}));
  REQUIRE(f64.size() == words.size());
  REQUIRE(f32.size() == words.size());
  for (std::size_t i = 0; i < words.size(); ++i) {
    INFO("output " << i << " = " << words[i]);
    REQUIRE(f64[i] == words[i] * 0x1p-32 + 0x1p-33);
    REQUIRE(static_cast<double>(f32[i]) <= f64[i]);
    REQUIRE(static_cast<double>(std::nextafter(f32[i], 2.0f)) > f64[i]);
  }
}

TEST_CASE("generate -g mtgp32 refuses the GL path, bad seeds, large offsets and other generators' options", "[cli][mtgp32]") {
  TempDir dir;
  const auto before = dir.entries();
  const BadCase cases[] = {
      {{"generate", "-g", "mtgp32", "--path", "gl", "-n", "5", "-o", "x.bin"}, "has no GL path"},
      {{"generate", "-g", "mtgp32", "--path", "gl", "-n", "5", "-o", "x.bin"}, "use --path cpu or --path cuda"},
      {{"generate", "-g", "mtgp32", "--profile", "compute", "-n", "5", "-o", "x.bin"}, "has no GL path"},
      {{"generate", "-g", "mtgp32", "--path", "cpu", "--seed", "18446744073709551616", "-n", "5", "-o", "x.bin"},
       "MTGP32 seed"},
      {{"generate", "-g", "mtgp32", "--path", "cpu", "--seed", "-1", "-n", "5", "-o", "x.bin"}, "MTGP32 seed"},
      {{"generate", "-g", "mtgp32", "--path", "cpu", "--seed", "1,2", "-n", "5", "-o", "x.bin"}, "MTGP32 seed"},
      {{"generate", "-g", "mtgp32", "--path", "cpu", "--seed", "0x10", "-n", "5", "-o", "x.bin"}, "MTGP32 seed"},
      {{"generate", "-g", "mtgp32", "--path", "cpu", "--offset", "2^63", "-n", "1", "-o", "x.bin"}, "2^63"},
      {{"generate", "-g", "mtgp32", "--path", "cpu", "--offset", "9223372036854775000", "-n", "1000", "-o", "x.bin"},
       "2^63"},
      {{"generate", "-g", "mtgp32", "--path", "cpu", "--curand-seed", "3", "-n", "5", "-o", "x.bin"}, "does not apply"},
      {{"generate", "-g", "mtgp32", "--path", "cpu", "--dimensions", "2", "-n", "4", "-o", "x.bin"}, "does not apply"},
      {{"generate", "-g", "mtgp32", "--path", "cpu", "--split", "blocking", "-n", "5", "-o", "x.bin"}, "does not apply"},
      {{"generate", "-g", "mtgp32", "--path", "cpu", "-n", "0", "-o", "x.bin"}, "at least 1"},
      {{"render", "-g", "mtgp32", "--path", "gl", "--size", "16x16", "-o", "x.png"}, "no GL path"},
      {{"info", "-g", "mtgp32"}, "no GL path"},
  };
  for (const auto& c : cases) check_failure(c, dir, before);
}
