// SPDX-License-Identifier: MIT
// The Park–Miller fragment shader against the CPU reference, over substream counts, split
// methods and both state-update strategies.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "fragment/park_miller_fragment.hpp"
#include "gl_test_context.hpp"
#include "word_comparison.hpp"

using namespace glrand;

namespace {

std::vector<std::uint32_t> fragment_output(const fragment::StreamLayout& layout, pm::State start, std::uint64_t count) {
  fragment::ParkMillerFragment generator(layout);
  std::vector<std::uint32_t> words;
  generator.generate(start, count, [&](std::span<const std::uint32_t> chunk) { words.insert(words.end(), chunk.begin(), chunk.end()); });
  return words;
}

std::vector<std::uint32_t> reference(pm::State start, std::uint64_t count) {
  std::vector<std::uint32_t> words(count);
  pm::generate_ints(start, words);
  return words;
}

}  // namespace

TEST_CASE("Park-Miller shader equals the reference for every split and state update", "[pm][gl]") {
  test_context();
  std::mt19937_64 random(16807);
  for (const auto split : {fragment::Split::leapfrog, fragment::Split::blocking})
    for (const auto update : {fragment::StateUpdate::gpu, fragment::StateUpdate::cpu})
      for (const std::uint64_t substreams : {std::uint64_t{1}, std::uint64_t{3}, std::uint64_t{4096}, std::uint64_t{5000}}) {
        const fragment::StreamLayout layout{substreams, split, update};
        const auto seed = static_cast<std::uint32_t>(1 + random() % (pm::kModulus - 1));
        const pm::State start = pm::state_at(seed, random() >> 20);
        for (const std::uint64_t count : {std::uint64_t{1}, std::uint64_t{7}, 3 * substreams * 8 + 5}) {
          INFO(fragment::name_of(split) << ", state update " << fragment::name_of(update) << ", P = " << substreams
                                        << ", count = " << count << ", seed " << seed);
          const auto gpu = fragment_output(layout, start, count);
          const auto cpu = reference(start, count);
          require_same_words(gpu, cpu);
        }
      }
}
