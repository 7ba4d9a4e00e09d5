// SPDX-License-Identifier: MIT
// The scatter and compute profiles against the CPU reference: every generator, both
// profiles, substream counts from 1 to more than a row of the scatter pass, outputs per
// substream from 1 (many passes) up, and counts that end mid-pass.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "generators/ceicg.hpp"
#include "support/gl_test_context.hpp"
#include "stream/ceicg_stream.hpp"
#include "stream/stream_generator.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;

namespace {

constexpr stream::Profile kProfiles[] = {stream::Profile::scatter, stream::Profile::compute};

struct Shape {
  std::uint64_t substreams;
  std::uint32_t outputs_per_substream;
  std::uint64_t count;
};
// P = 4097 spans two rows of a scatter pass; L = 1 gives a pass per P outputs.
constexpr Shape kShapes[] = {{1, 1, 5}, {1, 64, 130}, {3, 2, 31}, {64, 5, 1000}, {4097, 3, 30000}, {1000, 64, 64000}};

template <class Traits>
std::vector<std::uint32_t> stream_output(stream::Profile profile, const Shape& shape, const typename Traits::State& start,
                                         Traits traits = {}) {
  stream::StreamGenerator<Traits> generator(profile, shape.substreams, shape.outputs_per_substream, traits);
  std::vector<std::uint32_t> words;
  generator.generate(start, shape.count,
                     [&](std::span<const std::uint32_t> chunk) { words.insert(words.end(), chunk.begin(), chunk.end()); });
  return words;
}

}  // namespace

TEST_CASE("Park-Miller in the scatter and compute profiles equals the reference", "[pm][gl][stream]") {
  test_context();
  std::mt19937_64 random(48271);
  for (const auto profile : kProfiles)
    for (const auto& shape : kShapes) {
      const auto seed = static_cast<std::uint32_t>(1 + random() % (pm::kModulus - 1));
      const pm::State start = pm::state_at(seed, random() >> 20);
      INFO(stream::name_of(profile) << ", P = " << shape.substreams << ", L = " << shape.outputs_per_substream
                                    << ", count = " << shape.count << ", seed " << seed);
      std::vector<std::uint32_t> cpu(shape.count);
      pm::generate_ints(start, cpu);
      require_same_words(stream_output<fragment::ParkMillerTraits>(profile, shape, start), cpu);
    }
}

TEST_CASE("Wichmann-Hill in the scatter and compute profiles equals the reference", "[wh][gl][stream]") {
  test_context();
  std::mt19937_64 random(30269);
  for (const auto profile : kProfiles)
    for (const auto& shape : kShapes) {
      const int set = static_cast<int>(random() % wh::kSetCount);
      const wh::Parameters& parameters = wh::parameters(set);
      const wh::State start = wh::state_at(parameters, wh::seed_state(set, static_cast<std::uint32_t>(random())), random() >> 24);
      INFO(stream::name_of(profile) << ", P = " << shape.substreams << ", L = " << shape.outputs_per_substream
                                    << ", count = " << shape.count << ", set " << set);
      std::vector<std::uint32_t> cpu(4 * shape.count);
      wh::generate_ints(parameters, start, cpu);
      require_same_words(stream_output(profile, shape, start, fragment::WichmannHillTraits{parameters}), cpu);
    }
}

TEST_CASE("MRG32k3a in the scatter and compute profiles equals the reference", "[mrg32k3a][gl][stream]") {
  test_context();
  std::mt19937_64 random(12345);
  for (const auto profile : kProfiles)
    for (const auto& shape : kShapes) {
      const mrg32k3a::State before = mrg32k3a::advance(mrg32k3a::default_seed(), random() >> 8);
      INFO(stream::name_of(profile) << ", P = " << shape.substreams << ", L = " << shape.outputs_per_substream
                                    << ", count = " << shape.count);
      std::vector<std::uint32_t> cpu(shape.count);
      mrg32k3a::generate_ints(before, cpu);
      require_same_words(stream_output<fragment::Mrg32k3aTraits>(profile, shape, before), cpu);
    }
}

// A blocked engine's generate_from runs passes of one output per substream; a generate on the
// same engine afterwards still runs, and reads back, its whole passes.
TEST_CASE("MRG32k3a's blocked engine generates whole passes after a run from given starts", "[mrg32k3a][gl][stream]") {
  test_context();
  for (const auto profile : kProfiles) {
    INFO(stream::name_of(profile));
    stream::StreamGenerator<fragment::Mrg32k3aTraits> generator(profile, 8, 16);
    std::vector<mrg32k3a::State> starts;
    for (int s = 0; s < 8; ++s) starts.push_back(mrg32k3a::advance(mrg32k3a::default_seed(), 1000 * s));
    std::vector<std::uint32_t> words;
    const auto append = [&](std::span<const std::uint32_t> chunk) { words.insert(words.end(), chunk.begin(), chunk.end()); };
    generator.generate_from(starts, 3 * 8, append);
    for (std::uint64_t n = 0; n < words.size(); ++n) {  // output n div 8 of substream n mod 8, 8 positions apart
      std::vector<std::uint32_t> one(1);
      mrg32k3a::generate_ints(mrg32k3a::advance(starts[n % 8], 8 * (n / 8)), one);
      REQUIRE(words[n] == one[0]);
    }
    words.clear();
    generator.generate(mrg32k3a::default_seed(), 3 * 8 * 16 + 5, append);
    std::vector<std::uint32_t> cpu(3 * 8 * 16 + 5);
    mrg32k3a::generate_ints(mrg32k3a::default_seed(), cpu);
    require_same_words(words, cpu);
  }
}

TEST_CASE("CEICG in the scatter and compute profiles equals the reference", "[ceicg][gl][stream]") {
  test_context();
  std::mt19937_64 random(7);
  for (const auto profile : kProfiles)
    for (const auto& shape : kShapes) {
      const ceicg::Residues start = ceicg::residues_at({}, random() % ceicg::kSubstreamCount, random() >> 16);
      INFO(stream::name_of(profile) << ", P = " << shape.substreams << ", L = " << shape.outputs_per_substream
                                    << ", groups of four = " << shape.count);
      std::vector<std::uint32_t> cpu(12 * shape.count);
      ceicg::generate_ints(start, cpu);
      require_same_words(stream_output<stream::CeicgStreamTraits>(profile, shape, start), cpu);
    }
}

TEST_CASE("The stream engines refuse impossible substream counts", "[gl][stream]") {
  test_context();
  REQUIRE_THROWS_WITH(stream::StreamGenerator<fragment::ParkMillerTraits>(stream::Profile::compute, 0),
                      Catch::Contains("1..2^24"));
  REQUIRE_THROWS_WITH(stream::StreamGenerator<fragment::ParkMillerTraits>(stream::Profile::ps30, 16),
                      Catch::Contains("ps30 profile has no stream programs"));
}
