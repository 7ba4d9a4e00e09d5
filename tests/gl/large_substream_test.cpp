// SPDX-License-Identifier: MIT
// The top of the substream grid, 2^20 substreams (a 4096 x 256 state texture), and offsets
// beyond 2^40, for every stateful generator: the shader against the CPU reference.
#include <catch2/catch.hpp>

#include <vector>

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "support/engine_words.hpp"
#include "support/gl_test_context.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;

namespace {

constexpr std::uint64_t kSubstreams = 1ull << 20;
constexpr std::uint64_t kOffset = (1ull << 42) + 12345;

}  // namespace

TEST_CASE("2^20 substreams at an offset beyond 2^40: every generator, split and state update", "[gl][substreams]") {
  test_context();
  for (const auto split : {fragment::Split::leapfrog, fragment::Split::blocking})
    for (const auto update : {fragment::StateUpdate::gpu, fragment::StateUpdate::cpu}) {
      const fragment::StreamLayout layout{kSubstreams, split, update};
      INFO(fragment::name_of(split) << ", state update " << fragment::name_of(update));
      {
        fragment::ParkMillerFragment generator(layout);
        const std::uint64_t count = generator.outputs_per_pixel() * kSubstreams + 5;
        const pm::State start = pm::state_at(20061, kOffset);
        std::vector<std::uint32_t> cpu(count);
        pm::generate_ints(start, cpu);
        const auto gpu = engine_words(generator, start, count);
        CHECK(gpu.size() == cpu.size());
        INFO("Park-Miller");
        CHECK(first_difference(gpu, cpu) == cpu.size());
      }
      {
        const wh::Parameters& parameters = wh::parameters(42);
        fragment::WichmannHillFragment generator(layout, {parameters});
        const std::uint64_t count = generator.outputs_per_pixel() * kSubstreams + 5;
        const wh::State start = wh::state_at(parameters, wh::seed_state(42, 20061), kOffset);
        std::vector<std::uint32_t> cpu(4 * count);
        wh::generate_ints(parameters, start, cpu);
        const auto gpu = engine_words(generator, start, count);
        CHECK(gpu.size() == cpu.size());
        INFO("Wichmann-Hill");
        CHECK(first_difference(gpu, cpu) == cpu.size());
      }
      {
        fragment::Mrg32k3aFragment generator(layout);
        const std::uint64_t count = generator.outputs_per_pixel() * kSubstreams + 5;
        const auto before = mrg32k3a::advance(mrg32k3a::default_seed(), kOffset);
        std::vector<std::uint32_t> cpu(count);
        mrg32k3a::generate_ints(before, cpu);
        const auto gpu = engine_words(generator, before, count);
        CHECK(gpu.size() == cpu.size());
        INFO("MRG32k3a");
        CHECK(first_difference(gpu, cpu) == cpu.size());
      }
    }
}
