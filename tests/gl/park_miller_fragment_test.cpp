// SPDX-License-Identifier: MIT
// The Park–Miller fragment shader against the CPU reference, over substream counts, split
// methods and both state-update strategies.
#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <glrand/error.hpp>
#include "fragment/park_miller_fragment.hpp"
#include "support/gl_test_context.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;

namespace {

template <class Traits = fragment::ParkMillerTraits>
std::vector<std::uint32_t> fragment_output(const fragment::StreamLayout& layout, pm::State start, std::uint64_t count,
                                           Traits traits = {}) {
  fragment::StatefulFragment<Traits> generator(layout, traits);
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

// Blocking moves in rounds of about 2^24 outputs (StatefulFragment::generate_blocking): with
// 2^23 / L substreams a round is two passes, so a round and 3 outputs take a full round and
// one of two passes, and a round and 1 output one of a single pass, every pass through the
// same two readback buffers.
TEST_CASE("Park-Miller blocking over several rounds equals the reference", "[pm][gl]") {
  test_context();
  const pm::State start = pm::state_at(16807, 123456789);
  for (const auto& [update, extra] : {std::pair{fragment::StateUpdate::gpu, 3}, std::pair{fragment::StateUpdate::cpu, 1}}) {
    const std::uint64_t L = fragment::ParkMillerFragment({1, fragment::Split::blocking, update}).outputs_per_pixel();
    const fragment::StreamLayout layout{(std::uint64_t{1} << 23) / L, fragment::Split::blocking, update};
    const std::uint64_t round = layout.substreams * L * ((std::uint64_t{1} << 24) / (layout.substreams * L));
    REQUIRE(round == 2 * layout.substreams * L);
    const std::uint64_t count = round + extra;
    INFO("state update " << fragment::name_of(update) << ", P = " << layout.substreams << ", count = " << count);
    require_same_words(fragment_output(layout, start, count), reference(start, count));
  }
}

namespace {

// Park-Miller whose `corrupted`-th state encoding (counting from 0 in each run) holds half a
// unit more in its low byte, as if the GPU had computed that state wrong: its outputs are no
// integers, and the check (on the GPU where the pass is packed there) must refuse them.
struct CorruptingParkMiller : fragment::ParkMillerTraits {
  std::shared_ptr<int> encoded = std::make_shared<int>(0);
  int corrupted = -1;
  void encode_state(pm::State z, float* vec4) const {
    ParkMillerTraits::encode_state(z, vec4);
    if ((*encoded)++ == corrupted) vec4[0] += 0.5f;
  }
};

}  // namespace

// With a CPU state update the states are uploaded before every pass, so the third upload's
// substream 2 makes pass 2 wrong; with a GPU update the only upload makes pass 0 wrong. Leapfrog
// packs on the GPU, read back on one context and from a shared one (the failure record
// crosses with the words).
TEST_CASE("Park-Miller refuses a pass with a value that is not exact, after the passes before it", "[pm][gl]") {
  test_context();
  const pm::State start = pm::state_at(16807, 99);
  for (const auto& [update, pass] : {std::pair{fragment::StateUpdate::cpu, 2}, std::pair{fragment::StateUpdate::gpu, 0}})
    for (const auto split : {fragment::Split::leapfrog, fragment::Split::blocking})
    for (const auto readback : {gl::ReadbackKind::one_context, gl::ReadbackKind::shared_context}) {
      if (split == fragment::Split::blocking && readback == gl::ReadbackKind::shared_context) continue;  // not packed
      INFO("state update " << fragment::name_of(update) << ", " << fragment::name_of(split) << ", readback "
                           << (readback == gl::ReadbackKind::shared_context ? "shared context" : "one context"));
      const std::uint64_t P = 3;
      const fragment::StreamLayout layout{P, split, update};
      const std::uint64_t L = fragment::ParkMillerFragment(layout).outputs_per_pixel(), per_pass = P * L;
      const auto expected = reference(start, 4 * per_pass);
      CorruptingParkMiller traits;
      // Blocking: substream 0 (this run's outputs all lie in its block).
      traits.corrupted = static_cast<int>(split == fragment::Split::leapfrog ? pass * P + 2 : 0);
      fragment::StatefulFragment<CorruptingParkMiller> generator(layout, traits);
      generator.set_readback(readback);
      std::vector<std::uint32_t> words;
      const auto consume = [&](std::span<const std::uint32_t> chunk) { words.insert(words.end(), chunk.begin(), chunk.end()); };
      // Substream 2's first output of the pass: its state, whose low half is half a unit more.
      const std::uint32_t z = split == fragment::Split::leapfrog ? expected[pass * per_pass + 2] : 0;
      const std::string floats =
          fmt::format("({}, {})", static_cast<float>(z & 0xFFFF) + 0.5f, static_cast<float>(z >> 16));
      // Twice: a refusal leaves no readback buffer mapped, and the generator can run again.
      for (int run = 0; run < 2; ++run) {
        words.clear();
        *traits.encoded = 0;
        if (split == fragment::Split::leapfrog) {
          CHECK_THROWS_WITH(generator.generate(start, 4 * per_pass, consume),
                            Catch::Contains("Park-Miller output 0 of the pass in substream 2 as " + floats +
                                            ", not an exact integer in range"));
          // The passes before it were handed on, the refused one and the one after it not.
          REQUIRE(words.size() == pass * per_pass);
          CHECK(words == std::vector<std::uint32_t>(expected.begin(), expected.begin() + pass * per_pass));
        } else {
          // Blocking's first upload is the round's states: substream 0 makes pass 0 wrong.
          CHECK_THROWS_WITH(generator.generate(start, 4 * per_pass, consume),
                            Catch::Contains("Park-Miller output 0 of the pass in substream 0 as (" +
                                            fmt::format("{}, {})", static_cast<float>(expected[0] & 0xFFFF) + 0.5f,
                                                        static_cast<float>(expected[0] >> 16))));
          CHECK(words.empty());
        }
      }
    }
}
