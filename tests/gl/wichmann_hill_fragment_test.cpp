// SPDX-License-Identifier: MIT
// The Wichmann–Hill fragment shader against the CPU reference, over parameter sets,
// substream counts, split methods and both state-update strategies.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "fragment/wichmann_hill_fragment.hpp"
#include "support/gl_test_context.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;

TEST_CASE("Wichmann-Hill shader equals the reference for every split and state update", "[wh][gl]") {
  test_context();
  std::mt19937_64 random(273);
  for (const int set : {0, 1, 136, 272})
    for (const auto split : {fragment::Split::leapfrog, fragment::Split::blocking})
      for (const auto update : {fragment::StateUpdate::gpu, fragment::StateUpdate::cpu})
        for (const std::uint64_t substreams : {std::uint64_t{1}, std::uint64_t{3}, std::uint64_t{4097}}) {
          const wh::Parameters& parameters = wh::parameters(set);
          const wh::State start =
              wh::state_at(parameters, wh::seed_state(set, static_cast<std::uint32_t>(random())), random() >> 20);
          fragment::WichmannHillFragment generator({substreams, split, update}, {parameters});
          for (const std::uint64_t count : {std::uint64_t{1}, 3 * substreams * 4 + 5}) {
            INFO("set " << set << ", " << fragment::name_of(split) << ", state update " << fragment::name_of(update)
                        << ", P = " << substreams << ", count = " << count);
            std::vector<std::uint32_t> gpu;
            generator.generate(start, count, [&](std::span<const std::uint32_t> c) { gpu.insert(gpu.end(), c.begin(), c.end()); });
            std::vector<std::uint32_t> cpu(4 * count);
            wh::generate_ints(parameters, start, cpu);
            require_same_words(gpu, cpu);
          }
        }
}

TEST_CASE("Wichmann-Hill parameterisation: substream s runs its own set, outputs interleaved", "[wh][gl]") {
  test_context();
  for (const auto update : {fragment::StateUpdate::gpu, fragment::StateUpdate::cpu})
    for (const std::uint64_t substreams : {std::uint64_t{1}, std::uint64_t{5}, std::uint64_t{273}}) {
      const int first_set = substreams == 273 ? 0 : 100;
      const std::uint32_t seed = 777;
      const std::uint64_t offset = (1ull << 41) + 3;
      fragment::WichmannHillTraits traits;
      std::vector<wh::State> starts;
      for (std::uint64_t s = 0; s < substreams; ++s) {
        const int set = first_set + static_cast<int>(s);
        traits.substream_sets.push_back(wh::parameters(set));
        starts.push_back(wh::state_at(wh::parameters(set), wh::seed_state(set, seed), offset));
      }
      fragment::WichmannHillFragment generator({substreams, fragment::Split::parameterisation, update}, traits);
      const std::uint64_t count = 3 * substreams * 4 + 7;
      INFO("state update " << fragment::name_of(update) << ", P = " << substreams);
      std::vector<std::uint32_t> gpu;
      generator.generate_parameterised(starts, count,
                                       [&](std::span<const std::uint32_t> c) { gpu.insert(gpu.end(), c.begin(), c.end()); });
      REQUIRE(gpu.size() == 4 * count);
      // Independently: each set's own stream, interleaved.
      std::size_t mismatches = 0;
      for (std::uint64_t s = 0; s < substreams; ++s) {
        const std::uint64_t outputs = (count - s + substreams - 1) / substreams;
        std::vector<std::uint32_t> own(4 * outputs);
        wh::generate_ints(wh::parameters(first_set + static_cast<int>(s)), starts[s], own);
        for (std::uint64_t i = 0; i < outputs; ++i)
          for (int k = 0; k < 4; ++k) mismatches += gpu[4 * (i * substreams + s) + k] != own[4 * i + k];
      }
      CHECK(mismatches == 0);
    }
  CHECK_THROWS_WITH(fragment::WichmannHillFragment({4, fragment::Split::parameterisation, fragment::StateUpdate::gpu})
                        .generate(wh::seed_state(0, 1), 4, [](std::span<const std::uint32_t>) {}),
                    Catch::Contains("generate_parameterised"));
}
