// SPDX-License-Identifier: MIT
// `glrand generate --path cpu -g sobol32 | mtgp32` against cuRAND's host-side generators
// (curandCreateGeneratorHost runs on the CPU: no GPU needed), word for word: the command's
// --dimensions, --offset and --seed mean what cuRAND's options mean.
#include <catch2/catch.hpp>
#include <curand.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "support/curand_host_generator.hpp"
#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"
#include "support/word_comparison.hpp"

using namespace glrand_test;

namespace {



std::string generate(const TempDir& dir, std::vector<std::string> args) {
  args.insert(args.begin(), {"generate", "--path", "cpu"});
  args.insert(args.end(), {"-o", "-", "-q"});
  return glrand_ok(args, dir.path()).out;
}

}  // namespace

TEST_CASE("generate -g sobol32 --path cpu equals cuRAND's SOBOL32 host generator", "[cli][sobol32][curand]") {
  TempDir dir;
  struct Case { int dimensions; std::uint64_t offset, points; };
  for (const Case c : {Case{1, 0, 100'000}, Case{7, 12'345, 20'000}, Case{256, 1000, 100}, Case{20000, 77, 3}, Case{3, (1ull << 32) - 500, 500}}) {
    INFO("--dimensions " << c.dimensions << " --offset " << c.offset << ", " << c.points << " points");
    CurandHostGenerator g(CURAND_RNG_QUASI_SOBOL32);
    check_curand(curandSetQuasiRandomGeneratorDimensions(g.generator, static_cast<unsigned>(c.dimensions)),
          "curandSetQuasiRandomGeneratorDimensions");
    check_curand(curandSetGeneratorOffset(g.generator, c.offset), "curandSetGeneratorOffset");
    const std::size_t count = static_cast<std::size_t>(c.dimensions) * c.points;
    std::vector<std::uint32_t> theirs(count);
    check_curand(curandGenerate(g.generator, theirs.data(), count), "curandGenerate");
    const auto ours = values_of<std::uint32_t>(generate(
        dir, {"-g", "sobol32", "--dimensions", std::to_string(c.dimensions), "--offset", std::to_string(c.offset), "-n",
              std::to_string(count), "--format", "ints"}));
    require_same_words(ours, theirs);
  }
  CurandHostGenerator g(CURAND_RNG_QUASI_SOBOL32);
  check_curand(curandSetQuasiRandomGeneratorDimensions(g.generator, 3), "curandSetQuasiRandomGeneratorDimensions");
  std::vector<float> theirs(3 * 50'000);
  check_curand(curandGenerateUniform(g.generator, theirs.data(), theirs.size()), "curandGenerateUniform");
  const auto ours = values_of<float>(generate(dir, {"-g", "sobol32", "--dimensions", "3", "-n", "150000", "--format", "f32"}));
  REQUIRE(ours == theirs);
}

TEST_CASE("generate -g mtgp32 --path cpu equals cuRAND's MTGP32 host generator and --offset K its draws after K", "[cli][mtgp32][curand]") {
  TempDir dir;
  for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1234}, ~std::uint64_t{0}}) {
    INFO("seed " << seed);
    CurandHostGenerator g(CURAND_RNG_PSEUDO_MTGP32);
    if (seed != 0) check_curand(curandSetPseudoRandomGeneratorSeed(g.generator, seed), "curandSetPseudoRandomGeneratorSeed");
    // cuRAND has no offset for MTGP32: the outputs after K drawn in another call.
    const std::size_t skipped = 100'003, count = 200'000;
    std::vector<std::uint32_t> first(skipped), theirs(count);
    check_curand(curandGenerate(g.generator, first.data(), skipped), "curandGenerate");
    check_curand(curandGenerate(g.generator, theirs.data(), count), "curandGenerate");
    // seed 0 through the default: cuRAND's default seed is 0.
    std::vector<std::string> seed_args;
    if (seed != 0) seed_args = {"--seed", std::to_string(seed)};
    auto args = seed_args;
    args.insert(args.end(), {"-g", "mtgp32", "-n", std::to_string(skipped), "--format", "ints"});
    REQUIRE(values_of<std::uint32_t>(generate(dir, args)) == first);
    args = seed_args;
    args.insert(args.end(), {"-g", "mtgp32", "--offset", std::to_string(skipped), "-n", std::to_string(count), "--format", "ints"});
    REQUIRE(values_of<std::uint32_t>(generate(dir, args)) == theirs);
  }
}
