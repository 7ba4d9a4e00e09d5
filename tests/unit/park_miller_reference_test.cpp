// SPDX-License-Identifier: MIT
// Park–Miller against the published values (docs/check-values.md; ISO C++ minstd_rand0).
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "generators/park_miller.hpp"

using namespace glrand;

TEST_CASE("Park-Miller reproduces the published sequence from z0 = 1", "[pm][reference]") {
  // output n = z_{n+1}
  const std::pair<std::uint64_t, std::uint32_t> published[] = {
      {1, 16807},        {2, 282475249},         {3, 1622650073},       {4, 984943658},
      {5, 1144108930},   {10, 2007237709},       {9999, 1484786315},    {10000, 1043618065},
      {10001, 1589873406}, {1000000, 1227283347}, {100000000, 1209575029}, {2147483646, 1}};
  for (const auto& [n, z] : published) {
    INFO("z_" << n);
    CHECK(pm::state_at(1, n - 1) == z);
  }
  // Independent: the standard library's minstd_rand0.
  std::minstd_rand0 standard(1);
  pm::State z = pm::state_at(1, 0);
  for (int i = 0; i < 20000; ++i, z = pm::step(z)) REQUIRE(z == standard());
  CHECK(pm::kMultiplier == 16807);
  CHECK(pm::kModulus == 2147483647);
  CHECK(pm::kModulus / pm::kMultiplier == 127773);  // Schrage's q and r (docs/check-values.md)
  CHECK(pm::kModulus % pm::kMultiplier == 2836);
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
