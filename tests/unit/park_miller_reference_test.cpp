// SPDX-License-Identifier: MIT
// Park–Miller against the published values (tests/kat/park_miller.txt; ISO C++ minstd_rand0).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "generators/park_miller.hpp"
#include "kat/kat.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;

TEST_CASE("Park-Miller reproduces the published sequence from z0 = 1", "[pm][reference]") {
  const kat::File& published = kat::load("park_miller");
  // output n = z_{n+1}
  for (const kat::Record* r : published.all("seed=1 n z")) {
    INFO("z_" << r->u64("n") << " (" << r->where << ")");
    CHECK(pm::state_at(1, r->u64("n") - 1) == r->u32("z"));
  }
  // Independent: the standard library's minstd_rand0.
  std::minstd_rand0 standard(1);
  pm::State z = pm::state_at(1, 0);
  for (int i = 0; i < 20000; ++i, z = pm::step(z)) REQUIRE(z == standard());
  const kat::Record& parameters = published.one("a m");
  CHECK(pm::kMultiplier == parameters.u32("a"));
  CHECK(pm::kModulus == parameters.u32("m"));
  const kat::Record& schrage = published.one("q r");  // Schrage's q and r
  CHECK(pm::kModulus / pm::kMultiplier == schrage.u32("q"));
  CHECK(pm::kModulus % pm::kMultiplier == schrage.u32("r"));
}

TEST_CASE("Park-Miller skip-ahead equals stepping, for any seed", "[pm][reference]") {
  std::mt19937_64 random(31);
  for (int trial = 0; trial < 200; ++trial) {
    const std::uint32_t seed = static_cast<std::uint32_t>(1 + random() % (pm::kModulus - 1));
    const std::uint64_t n = random() % 5000;
    std::minstd_rand0 standard(seed);
    standard.discard(n);
    CHECK(pm::state_at(seed, n) == standard());
    const std::uint64_t a = random() >> 1, b = random() >> 1;  // a + b stays below 2^64
    CHECK(pm::advanced_by(pm::advanced_by(seed, a), b) == pm::advanced_by(seed, a + b));
  }
  CHECK(pm::multiplier_power(pm::kModulus - 1) == 1);  // the period divides m - 1
}

TEST_CASE("Park-Miller floats and multi-threaded generation", "[pm][reference]") {
  CHECK(pm::to_f64(1) == 1.0 / 2147483647.0);
  CHECK(pm::to_f32(pm::kModulus - 1) < 1.0f);
  CHECK(static_cast<double>(pm::to_f32(pm::kModulus - 1)) <= pm::to_f64(pm::kModulus - 1));
  std::vector<std::uint32_t> words(300000);
  pm::generate_ints(pm::state_at(42, 7), words, 2);
  std::minstd_rand0 standard(42);
  standard.discard(7);
  for (std::size_t i = 0; i < words.size(); ++i) REQUIRE(words[i] == standard());
}

TEST_CASE("Park-Miller's bulk generation equals minstd_rand0 for any count, start and thread count",
          "[pm][reference]") {
  // The bulk path steps lanes of a thread's range side by side by a^L with a folded reduction;
  // counts around multiples of the lanes and of the threads' ranges, from several seeds (1 and
  // m − 1 among them), every output compared.
  const std::uint32_t high_seed = pm::kModulus - 1;
  for (const std::uint32_t seed : {1u, 42u, 1234567u, high_seed}) {
    for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{15}, std::size_t{16}, std::size_t{17},
                                    std::size_t{33}, std::size_t{65536 * 2 + 31}, std::size_t{300001}}) {
      std::minstd_rand0 standard(seed);
      std::vector<std::uint32_t> expected(count);
      for (auto& z : expected) z = static_cast<std::uint32_t>(standard());
      for (const unsigned threads : {1u, 2u, 3u, 0u}) {
        INFO("seed " << seed << ", " << count << " outputs, " << threads << " threads");
        std::vector<std::uint32_t> words(count, 0);
        pm::generate_ints(pm::state_at(seed, 0), words, threads);
        const auto diff = std::mismatch(words.begin(), words.end(), expected.begin());
        INFO("first difference at output " << (diff.first - words.begin()));
        CHECK(diff.first == words.end());
      }
    }
  }
}
