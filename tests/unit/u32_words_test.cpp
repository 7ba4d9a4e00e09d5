// SPDX-License-Identifier: MIT
// The 32-bit words for test batteries (generate --format u32, glrand test): each generator's
// to_u32 against its formula computed independently (exact integer arithmetic, or the
// documented f64 scaled by 2^32), and U32Words' float23-pairs across chunk boundaries.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <glrand/generator.hpp>

#include "cli/u32_words.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"
#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"

using namespace glrand;

TEST_CASE("pm words are floor(z * 2^32 / m): 31 bits of z, bit 0 a copy of bit 31", "[pm][u32]") {
  std::mt19937_64 random(7);
  std::vector<std::uint32_t> zs{1, 2, (1u << 30) - 1, 1u << 30, (1u << 30) + 1, pm::kModulus - 1};
  for (int i = 0; i < 100000; ++i) zs.push_back(static_cast<std::uint32_t>(1 + random() % (pm::kModulus - 1)));
  for (const std::uint32_t z : zs) {
    INFO("z = " << z);
    const auto exact = static_cast<std::uint32_t>((static_cast<unsigned __int128>(z) << 32) / pm::kModulus);
    REQUIRE(pm::to_u32(z) == exact);
    REQUIRE((pm::to_u32(z) & 1u) == pm::to_u32(z) >> 31);
  }
}

TEST_CASE("ceicg and wh words are floor(u * 2^32) of the f64 formula, mt19937's the output", "[u32]") {
  std::mt19937 random(11);
  const auto below = [&](std::uint32_t m) { return static_cast<std::uint32_t>(random() % m); };
  for (int i = 0; i < 10000; ++i) {
    const ceicg::Output x{below(ceicg::kComponents[0].modulus), below(ceicg::kComponents[1].modulus),
                          below(ceicg::kComponents[2].modulus)};
    REQUIRE(ceicg::to_u32(x) == static_cast<std::uint32_t>(std::floor(std::ldexp(ceicg::to_f64(x), 32))));
    const wh::Parameters& p = wh::parameters(static_cast<int>(below(wh::kSetCount)));
    const wh::State s{1 + below(p.modulus[0] - 1), 1 + below(p.modulus[1] - 1), 1 + below(p.modulus[2] - 1),
                      1 + below(p.modulus[3] - 1)};
    REQUIRE(wh::to_u32(p, s) == static_cast<std::uint32_t>(std::floor(std::ldexp(wh::to_f64(p, s), 32))));
    const std::uint32_t word = random();
    REQUIRE(mt19937::to_u32(word) == word);
  }
}

TEST_CASE("mrg32k3a words are z; cuRAND's curand() stretches z and saturates at z = m1", "[mrg32k3a][u32]") {
  CHECK(mrg32k3a::to_u32(12345u) == 12345u);
  // (unsigned)(z * 1.000000048662): z = 2^31 gives 2^31 + 104.50 -> 2147483752.
  CHECK(mrg32k3a::curand_u32(1u << 31) == 2147483752u);
  CHECK(mrg32k3a::curand_u32(1) == 1u);
  CHECK(mrg32k3a::curand_u32(static_cast<std::uint32_t>(mrg32k3a::kM1)) == 0xFFFFFFFFu);  // 2^32 + 0.0017
  CHECK(mrg32k3a::curand_u32(static_cast<std::uint32_t>(mrg32k3a::kM1 - 1)) == 0xFFFFFFFFu);  // 2^32 - 0.998
}

namespace {

// MT19937's conversions, whose f64 is (x + 0.5)·2^-32, so k = x >> 9 exactly; the words
// converted are the test's own.
Generator fraction_converter() {
  Settings settings;
  settings.algorithm = Algorithm::mt19937;
  settings.backend = Backend::cpu;
  return Generator(settings);
}

}  // namespace

TEST_CASE("float23-pairs makes one word of two outputs' 23-bit values, across chunks", "[u32]") {
  const Generator source = fraction_converter();
  std::mt19937 random(3);
  std::vector<std::uint32_t> outputs(1001);
  for (auto& x : outputs) x = random();
  std::vector<std::uint32_t> expected;
  for (std::size_t i = 0; i + 1 < outputs.size(); i += 2)
    expected.push_back(((outputs[i] >> 9) << 9) | ((outputs[i + 1] >> 9) >> 14));

  cli::U32Words whole(source, cli::WordFormula::float23_pairs);
  const auto at_once = whole.convert(outputs);
  CHECK(std::vector<std::uint32_t>(at_once.begin(), at_once.end()) == expected);

  // Odd chunk sizes split pairs; the words are the same.
  cli::U32Words chunked(source, cli::WordFormula::float23_pairs);
  std::vector<std::uint32_t> words;
  for (std::size_t begin = 0, size = 1; begin < outputs.size(); begin += size, size = size % 7 + 2) {
    const auto part = std::span<const std::uint32_t>(outputs).subspan(begin, std::min(size, outputs.size() - begin));
    const auto converted = chunked.convert(part);
    words.insert(words.end(), converted.begin(), converted.end());
  }
  CHECK(words == expected);
  CHECK(cli::outputs_for_words(cli::WordFormula::float23_pairs, 10) == 20);
  CHECK(cli::outputs_for_words(cli::WordFormula::native, 10) == 10);
  CHECK_THROWS_WITH(cli::parse_word_formula("pairs"), Catch::Contains("--words must be native or float23-pairs"));
}
