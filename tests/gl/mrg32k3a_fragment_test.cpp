// SPDX-License-Identifier: MIT
// The MRG32k3a fragment shader (extended-range float arithmetic) against the CPU
// reference, over substream counts, split methods and both state-update strategies. Every
// path takes the state before its first output, as RngStreams does.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "fragment/mrg32k3a_fragment.hpp"
#include "stream/stream_generator.hpp"
#include "kat/kat.hpp"
#include "support/gl_test_context.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;

TEST_CASE("MRG32k3a shader equals the reference for every split and state update", "[mrg32k3a][gl]") {
  test_context();
  std::mt19937_64 random(12345);
  for (const auto split : {fragment::Split::leapfrog, fragment::Split::blocking})
    for (const auto update : {fragment::StateUpdate::gpu, fragment::StateUpdate::cpu})
      for (const std::uint64_t substreams : {std::uint64_t{1}, std::uint64_t{3}, std::uint64_t{4097}}) {
        // The RngStreams default seed moved to a random stream, substream and offset.
        const auto before = mrg32k3a::advance(
            mrg32k3a::substream_start(mrg32k3a::stream_start(mrg32k3a::default_seed(), random() % 1000), random() % 1000),
            random() >> 24);
        fragment::Mrg32k3aFragment generator({substreams, split, update});
        for (const std::uint64_t count : {std::uint64_t{1}, 3 * substreams * 8 + 5}) {
          INFO(fragment::name_of(split) << ", state update " << fragment::name_of(update) << ", P = " << substreams
                                        << ", count = " << count);
          std::vector<std::uint32_t> gpu;
          generator.generate(before, count,
                             [&](std::span<const std::uint32_t> c) { gpu.insert(gpu.end(), c.begin(), c.end()); });
          std::vector<std::uint32_t> cpu(count);
          mrg32k3a::generate_ints(before, cpu);
          require_same_words(gpu, cpu);
        }
      }
}

TEST_CASE("MRG32k3a: the CPU reference, the shader and the stream profiles start at the same output", "[mrg32k3a][gl]") {
  test_context();
  // RngStreams' default package seed 12345 x6 is the state before the first output; its first
  // z are published (tests/kat/mrg32k3a.txt: L'Ecuyer's RngStreams, first z from the default seed).
  const std::vector<std::uint32_t> published =
      kat::load("mrg32k3a").u32_sequence("seed=12345,12345,12345,12345,12345,12345", "z");
  REQUIRE(published.size() == 10);
  std::vector<std::uint32_t> cpu(published.size());
  mrg32k3a::generate_ints(mrg32k3a::default_seed(), cpu);
  CHECK(cpu == published);
  fragment::Mrg32k3aFragment generator({4, fragment::Split::leapfrog, fragment::StateUpdate::gpu});
  std::vector<std::uint32_t> gpu;
  generator.generate(mrg32k3a::default_seed(), published.size(),
                     [&](std::span<const std::uint32_t> c) { gpu.insert(gpu.end(), c.begin(), c.end()); });
  CHECK(gpu == published);
  for (const auto profile : {stream::Profile::scatter, stream::Profile::compute}) {
    INFO(stream::name_of(profile));
    stream::StreamGenerator<fragment::Mrg32k3aTraits> streams(profile, 3, 2);
    std::vector<std::uint32_t> words;
    streams.generate(mrg32k3a::default_seed(), published.size(),
                     [&](std::span<const std::uint32_t> c) { words.insert(words.end(), c.begin(), c.end()); });
    CHECK(words == published);
  }
}

TEST_CASE("MRG32k3a shader combines the edge cases p1 = p2 and p1 = p2 +- 1 like RngStreams", "[mrg32k3a][gl]") {
  test_context();
  // A state whose step makes the newest words p1 and p2; output 0 combines them: z = p1 - p2
  // if p1 > p2, else p1 - p2 + m1 (so z = m1 when they are equal).
  const std::uint64_t p2 = 3000000000ull;
  fragment::Mrg32k3aFragment generator({3, fragment::Split::leapfrog, fragment::StateUpdate::gpu});
  for (const std::int64_t delta : {0, 1, -1}) {
    INFO("p1 - p2 = " << delta);
    const mrg32k3a::State stepped{{12345, 67890, static_cast<std::uint64_t>(static_cast<std::int64_t>(p2) + delta)},
                                  {111, 222, p2}};
    const mrg32k3a::State before = mrg32k3a::retreat(stepped, 1);
    REQUIRE(mrg32k3a::step(before) == stepped);
    std::vector<std::uint32_t> gpu;
    generator.generate(before, 1, [&](std::span<const std::uint32_t> c) { gpu.insert(gpu.end(), c.begin(), c.end()); });
    REQUIRE(gpu.size() == 1);
    CHECK(gpu[0] == mrg32k3a::combine(stepped));
    CHECK(gpu[0] == (delta > 0 ? 1u : delta == 0 ? mrg32k3a::kM1 : mrg32k3a::kM1 - 1));
  }
}
