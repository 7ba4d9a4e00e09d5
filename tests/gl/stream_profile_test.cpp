// SPDX-License-Identifier: MIT
// The scatter and compute profiles against the CPU reference: every generator, both
// profiles, substream counts from 1 to more than a row of the scatter pass, outputs per
// substream from 1 (many passes) up, and counts that end mid-pass; and the compute passes
// that pack their own outputs beside the packing dispatch after the pass.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstring>
#include <functional>
#include <random>
#include <span>
#include <vector>

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"
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

namespace {

// Compute shapes, each with a last pass cut short: P from 1 to several 64-invocation groups,
// whole or not (the last group's invocations past P store nothing). MRG32k3a's blocks are
// staged 32 outputs at a time: L = 5 and 40 end a run early, L = 64 runs two whole ones;
// L = 1 is a pass per P outputs.
constexpr Shape kInPassShapes[] = {{1, 3, 10},      {3, 2, 31},        {64, 1, 100},
                                   {64, 5, 1000},   {100, 40, 7777},   {128, 40, 12345},
                                   {192, 64, 30011}, {4097, 3, 30000}};

template <class T>
using Convert = std::function<void(std::span<const std::uint32_t>, std::span<T>)>;

// The first value whose bits differ, or -1.
template <class T>
long first_difference(const std::vector<std::byte>& gpu, const std::vector<T>& cpu) {
  for (std::size_t i = 0; i < cpu.size(); ++i)
    if (std::memcmp(gpu.data() + i * sizeof(T), &cpu[i], sizeof(T)) != 0) return static_cast<long>(i);
  return -1;
}

// A compute engine's words, floats and doubles, packed in the pass and after it, against the
// reference's words `cpu` (of shape.count outputs) and the host's conversions of them.
template <class Traits>
void check_packed_in_pass(const Traits& traits, const typename Traits::State& start, const Shape& shape,
                          const std::vector<std::uint32_t>& cpu, const Convert<float>& to_f32,
                          const Convert<double>& to_f64, std::size_t words_per_value) {
  std::vector<float> floats(cpu.size() / words_per_value);
  std::vector<double> doubles(floats.size());
  to_f32(cpu, floats);
  to_f64(cpu, doubles);
  for (const bool in_pass : {true, false}) {
    INFO("P = " << shape.substreams << ", L = " << shape.outputs_per_substream << ", count = " << shape.count
                << (in_pass ? ", packed in the pass" : ", packed after the pass"));
    stream::StreamGenerator<Traits> engine(stream::Profile::compute, shape.substreams, shape.outputs_per_substream, traits);
    engine.set_pack_in_pass(in_pass);
    std::vector<std::uint32_t> words;
    engine.generate(start, shape.count,
                    [&](std::span<const std::uint32_t> chunk) { words.insert(words.end(), chunk.begin(), chunk.end()); });
    CHECK(engine.last_packed_in_pass() == in_pass);
    require_same_words(words, cpu);
    for (const auto format : {gl::PackFormat::f32, gl::PackFormat::f64}) {
      std::vector<std::byte> values;
      engine.generate_values(start, shape.count, format, [&](std::span<const std::byte> chunk) {
        values.insert(values.end(), chunk.begin(), chunk.end());
      });
      INFO((format == gl::PackFormat::f32 ? "floats" : "doubles"));
      CHECK(engine.last_packed_in_pass() == (in_pass && !engine.packs_values_after_pass()));
      if (format == gl::PackFormat::f32) {
        REQUIRE(values.size() == floats.size() * sizeof(float));
        CHECK(first_difference(values, floats) == -1);
      } else {
        REQUIRE(values.size() == doubles.size() * sizeof(double));
        CHECK(first_difference(values, doubles) == -1);
      }
    }
  }
}

}  // namespace

TEST_CASE("Compute passes that pack their own outputs equal the reference: words, floats and doubles",
          "[gl][stream][pack]") {
  test_context();
  std::mt19937_64 random(2026);
  for (const auto& shape : kInPassShapes) {
    {
      INFO("Park-Miller");
      const pm::State start = pm::state_at(static_cast<std::uint32_t>(1 + random() % (pm::kModulus - 1)), random() >> 20);
      std::vector<std::uint32_t> cpu(shape.count);
      pm::generate_ints(start, cpu);
      check_packed_in_pass(fragment::ParkMillerTraits{}, start, shape, cpu,
                           Convert<float>([](auto w, auto out) { pm::to_f32(w, out); }),
                           Convert<double>([](auto w, auto out) { pm::to_f64(w, out); }), 1);
    }
    {
      INFO("MRG32k3a");
      const mrg32k3a::State start = mrg32k3a::advance(mrg32k3a::default_seed(), random() >> 8);
      std::vector<std::uint32_t> cpu(shape.count);
      mrg32k3a::generate_ints(start, cpu);
      check_packed_in_pass(fragment::Mrg32k3aTraits{}, start, shape, cpu,
                           Convert<float>([](auto w, auto out) { mrg32k3a::to_f32(w, out); }),
                           Convert<double>([](auto w, auto out) { mrg32k3a::to_f64(w, out); }), 1);
    }
    {
      const int set = static_cast<int>(random() % wh::kSetCount);
      INFO("Wichmann-Hill, set " << set);
      const wh::Parameters& p = wh::parameters(set);
      const wh::State start = wh::state_at(p, wh::seed_state(set, static_cast<std::uint32_t>(random())), random() >> 24);
      std::vector<std::uint32_t> cpu(4 * shape.count);
      wh::generate_ints(p, start, cpu);
      check_packed_in_pass(fragment::WichmannHillTraits{p}, start, shape, cpu,
                           Convert<float>([&p](auto w, auto out) { wh::to_f32(p, w, out); }),
                           Convert<double>([&p](auto w, auto out) { wh::to_f64(p, w, out); }), 4);
    }
    {
      INFO("CEICG, groups of four");
      const ceicg::Residues start = ceicg::residues_at({}, random() % ceicg::kSubstreamCount, random() >> 16);
      std::vector<std::uint32_t> cpu(12 * shape.count);
      ceicg::generate_ints(start, cpu);
      check_packed_in_pass(stream::CeicgStreamTraits{}, start, shape, cpu,
                           Convert<float>([](auto w, auto out) { ceicg::to_f32(w, out); }),
                           Convert<double>([](auto w, auto out) { ceicg::to_f64(w, out); }), 3);
    }
  }
}

// A substream at z = 0 (not a Park-Miller state) makes 0 at every step, which no word may be:
// the pass that packs its outputs refuses the run as the packing dispatch does, naming a place
// of that substream and its floats.
TEST_CASE("A compute pass that packs its own outputs refuses a wrong output with its place and floats",
          "[gl][stream][pack]") {
  test_context();
  constexpr std::uint64_t P = 100;  // a last work group of 36
  std::vector<pm::State> starts;
  for (std::uint64_t s = 0; s < P; ++s) starts.push_back(s == 77 ? 0 : pm::state_at(1, s));
  for (const bool in_pass : {true, false}) {
    INFO((in_pass ? "packed in the pass" : "packed after the pass"));
    stream::StreamGenerator<fragment::ParkMillerTraits> engine(stream::Profile::compute, P, 8);
    engine.set_pack_in_pass(in_pass);
    REQUIRE_THROWS_WITH(engine.generate_from(starts, 3 * P, [](std::span<const std::uint32_t>) {}),
                        Catch::Contains("of the pass in substream 77 (compute profile) as (0.000000, 0.000000)"));
    CHECK(engine.last_packed_in_pass() == in_pass);
  }
}
