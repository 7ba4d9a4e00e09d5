// SPDX-License-Identifier: MIT
// The CPU reference against the definition (2006 paper, section 4) and Table 1, using
// independent arithmetic: Fermat inversion and 128-bit positions instead of Euclid and
// residues.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "generators/ceicg.hpp"
#include "kat/kat.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;

namespace {

using u128 = unsigned __int128;

std::uint64_t power_mod(std::uint64_t base, std::uint64_t exponent, std::uint64_t m) {
  std::uint64_t result = 1;
  base %= m;
  for (; exponent; exponent >>= 1, base = base * base % m)
    if (exponent & 1) result = result * base % m;
  return result;
}

// inv(y) = y^(m-2) mod m for prime m (Fermat), inv(0) = 0.
std::uint32_t fermat_inverse(std::uint64_t y, std::uint64_t m) {
  return static_cast<std::uint32_t>(y % m == 0 ? 0 : power_mod(y, m - 2, m));
}

bool is_prime(std::uint32_t n) {
  if (n < 2) return false;
  for (std::uint32_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

// Output N (a 128-bit position) straight from the definition.
ceicg::Output definition(const ceicg::Seed& seed, u128 n) {
  ceicg::Output x{};
  for (int k = 0; k < 3; ++k) {
    const auto& c = ceicg::kComponents[k];
    const u128 argument = (u128{c.multiplier} * (n + seed[k]) + c.increment) % c.modulus;
    x[k] = fermat_inverse(static_cast<std::uint64_t>(argument), c.modulus);
  }
  return x;
}

u128 position(std::uint64_t substream, std::uint64_t offset) {
  return u128{substream} * ceicg::kSubstreamSpacing + offset;
}

}  // namespace

TEST_CASE("Table 1 parameters and the substream spacing", "[ceicg][reference]") {
  // Published in the paper (tests/kat/ceicg.txt).
  const kat::File& table1 = kat::load("ceicg");
  REQUIRE(ceicg::kSubstreamSpacing == table1.one("B").u64("B"));
  for (int k = 0; k < 3; ++k) {
    INFO("component " << k + 1);
    const kat::Record& published = table1.one("component=" + std::to_string(k + 1));
    const std::uint64_t spacing_residue = published.u64("B_mod_m");
    const auto& c = ceicg::kComponents[k];
    CHECK(c.modulus == published.u32("m"));
    CHECK(c.multiplier == published.u32("a"));
    CHECK(c.increment == published.u32("c"));
    CHECK(is_prime(c.modulus));
    CHECK(c.modulus < (1u << 24));
    CHECK(ceicg::kSubstreamSpacing % c.modulus == spacing_residue);
    // Schrage's method in the shader needs (B mod m)^2 < m.
    CHECK(spacing_residue * spacing_residue < c.modulus);
  }
}

TEST_CASE("inverse_mod agrees with Fermat inversion", "[ceicg][reference]") {
  std::mt19937_64 random(20061);
  for (const auto& c : ceicg::kComponents) {
    const std::uint32_t m = c.modulus;
    std::vector<std::uint32_t> inputs{0, 1, 2, 3, m - 1, m - 2, m / 2, m / 2 + 1};
    for (int i = 0; i < 2000; ++i) inputs.push_back(static_cast<std::uint32_t>(random() % m));
    for (const std::uint32_t y : inputs) {
      INFO("y=" << y << " m=" << m);
      const std::uint32_t x = ceicg::inverse_mod(y, m);
      CHECK(x == fermat_inverse(y, m));
      CHECK(x < m);
      if (y != 0) CHECK(std::uint64_t{x} * y % m == 1);
    }
  }
}

TEST_CASE("outputs equal the definition at serial and substream positions", "[ceicg][reference]") {
  std::mt19937_64 random(42);
  for (int trial = 0; trial < 300; ++trial) {
    ceicg::Seed seed{0, 0, 0};
    if (trial % 3)
      for (int k = 0; k < 3; ++k) seed[k] = static_cast<std::uint32_t>(random() % ceicg::kComponents[k].modulus);
    const std::uint64_t substream = trial % 5 == 0 ? (1ull << 24) - 1 : random() % (1ull << 24);
    const std::uint64_t offset = trial % 7 == 0 ? ~0ull - random() % 1000 : random() >> (random() % 64);
    INFO("seed=" << seed[0] << "," << seed[1] << "," << seed[2] << " substream=" << substream << " offset=" << offset);
    const ceicg::Residues r = ceicg::residues_at(seed, substream, offset);
    for (int k = 0; k < 3; ++k) {
      const auto m = ceicg::kComponents[k].modulus;
      CHECK(r[k] == static_cast<std::uint32_t>((position(substream, offset) + seed[k]) % m));
    }
    CHECK(ceicg::output_at(r) == definition(seed, position(substream, offset)));
    const std::uint64_t step = random() % 100000;
    CHECK(ceicg::output_at(ceicg::advanced_by(r, step)) == definition(seed, position(substream, offset) + step));
  }
}

TEST_CASE("the first outputs of the paper's seed 0,0,0", "[ceicg][reference]") {
  // N = 0: every argument is 0 and inv(0) = 0; N = 1: x_k = a_k^-1 mod m_k.
  CHECK(ceicg::output_at(ceicg::residues_at({0, 0, 0}, 0, 0)) == ceicg::Output{0, 0, 0});
  const auto x = ceicg::output_at(ceicg::residues_at({0, 0, 0}, 0, 1));
  for (int k = 0; k < 3; ++k)
    CHECK(std::uint64_t{x[k]} * ceicg::kComponents[k].multiplier % ceicg::kComponents[k].modulus == 1);
  CHECK(ceicg::to_f64({0, 0, 0}) == 0.0);
}

namespace {

// The fraction of n < count with u[2n] = u[n]/2 or u[n]/2 + 1/2 (within 2^-40) for `seed`,
// from the CPU reference. With c = 0 and equal offsets n0, x_k(2N + n0) = inv(2)·x_k(N) in
// every component, so for the seed 0,0,0 the fraction is 1.
double halving_fraction(const ceicg::Seed& seed, std::size_t count) {
  std::vector<std::uint32_t> words(3 * 2 * count);
  ceicg::generate_ints(ceicg::residues_at(seed, 0, 0), words);
  const auto u = [&](std::size_t n) { return ceicg::to_f64({words[3 * n], words[3 * n + 1], words[3 * n + 2]}); };
  const double tolerance = std::ldexp(1.0, -40);
  std::size_t related = 0;
  for (std::size_t n = 0; n < count; ++n) {
    const double half = u(n) / 2, twice = u(2 * n);
    if (std::fabs(twice - half) < tolerance || std::fabs(twice - (half + 0.5)) < tolerance) ++related;
  }
  return static_cast<double>(related) / static_cast<double>(count);
}

}  // namespace

TEST_CASE("the default seed has no halving relation between outputs n and 2n", "[ceicg][reference]") {
  const std::size_t count = 1'000'000;
  // The test can fail: the paper's seed has the relation at every n.
  CHECK(halving_fraction({0, 0, 0}, 1000) == 1.0);
  const double fraction = halving_fraction(ceicg::kDefaultSeed, count);
  INFO("related fraction " << fraction);
  CHECK(fraction < 1e-3);
  CHECK(ceicg::residues_at({}, 0, 0) == ceicg::residues_at(ceicg::kDefaultSeed, 0, 0));
  CHECK(ceicg::output_at(ceicg::residues_at({}, 0, 0)) != ceicg::Output{0, 0, 0});
}

TEST_CASE("seed_relation names equal offsets and small position shifts", "[ceicg][reference]") {
  CHECK_FALSE(ceicg::seed_relation(ceicg::kDefaultSeed).has_value());
  CHECK_FALSE(ceicg::seed_relation({1, 2, 3}).has_value());
  const auto all = ceicg::seed_relation({0, 0, 0});
  REQUIRE(all.has_value());
  CHECK_THAT(*all, Catch::Contains("u[2N]") && Catch::Contains("u[N]/2"));
  const auto five = ceicg::seed_relation({5, 5, 5});
  REQUIRE(five.has_value());
  CHECK_THAT(*five, Catch::Contains("u[2N+5]"));
  const auto pair = ceicg::seed_relation({7, 3, 7});
  REQUIRE(pair.has_value());
  CHECK_THAT(*pair, Catch::Contains("components 1 and 3"));
  // Offsets that are one position n = 2^40 in every component: distinct words, the same
  // relation as n,n,n.
  const std::uint64_t n = 1ull << 40;
  ceicg::Seed shifted{};
  for (int k = 0; k < 3; ++k) shifted[k] = static_cast<std::uint32_t>(n % ceicg::kComponents[k].modulus);
  const auto shift = ceicg::seed_relation(shifted);
  REQUIRE(shift.has_value());
  CHECK_THAT(*shift, Catch::Contains("u[2N+" + std::to_string(n) + "]"));
  // A shift just below the period is the same relation the other way (N' = 2N - d).
  for (int k = 0; k < 3; ++k) shifted[k] = ceicg::kComponents[k].modulus - 3;
  const auto back = ceicg::seed_relation(shifted);
  REQUIRE(back.has_value());
  CHECK_THAT(*back, Catch::Contains("u[2N-3]"));
  // The largest words are the offset -1 in every component.
  const auto largest = ceicg::seed_relation({16777212, 16777198, 16777182});
  REQUIRE(largest.has_value());
  CHECK_THAT(*largest, Catch::Contains("u[2N-1]"));
}

TEST_CASE("chunked and multi-threaded generation equal one-by-one outputs", "[ceicg][reference]") {
  const ceicg::Residues start = ceicg::residues_at({5, 6, 7}, 123, 456);
  const std::size_t count = 300001;
  std::vector<std::uint32_t> words(3 * count);
  ceicg::generate_ints(start, words, 2);
  std::vector<std::uint32_t> chunked(3 * count);
  std::size_t done = 0;
  for (std::size_t chunk : {1, 2, 99999, 199999}) {
    ceicg::generate_ints(ceicg::advanced_by(start, done), std::span(chunked).subspan(3 * done, 3 * chunk), 1);
    done += chunk;
  }
  REQUIRE(done == count);
  CHECK(words == chunked);
  for (std::size_t i : {std::size_t{0}, std::size_t{1}, count / 2, count - 1}) {
    const auto x = definition({5, 6, 7}, position(123, 456) + i);
    CHECK(words[3 * i] == x[0]);
    CHECK(words[3 * i + 1] == x[1]);
    CHECK(words[3 * i + 2] == x[2]);
  }
}

TEST_CASE("float formulas: f64 from 0 up to 1, f32 the largest float not above it", "[ceicg][reference]") {
  std::mt19937_64 random(7);
  std::vector<ceicg::Output> outputs{{0, 0, 0}, {1, 0, 0}};
  // Just below 1: x1/m1 + x2/m2 + x3/m3 = (m1-1)/m1 + 0 + 0, and combinations near 2 and 3.
  outputs.push_back({ceicg::kComponents[0].modulus - 1, 0, 0});
  outputs.push_back({ceicg::kComponents[0].modulus - 1, ceicg::kComponents[1].modulus - 1, ceicg::kComponents[2].modulus - 1});
  for (int i = 0; i < 100000; ++i)
    outputs.push_back({static_cast<std::uint32_t>(random() % ceicg::kComponents[0].modulus),
                       static_cast<std::uint32_t>(random() % ceicg::kComponents[1].modulus),
                       static_cast<std::uint32_t>(random() % ceicg::kComponents[2].modulus)});
  for (const auto& x : outputs) {
    INFO(x[0] << "," << x[1] << "," << x[2]);
    long double exact = 0;  // independent evaluation in extended precision
    for (int k = 0; k < 3; ++k) exact += static_cast<long double>(x[k]) / ceicg::kComponents[k].modulus;
    exact -= std::floor(exact);
    const double u = ceicg::to_f64(x);
    CHECK(u >= 0.0);
    CHECK(u < 1.0);
    CHECK(std::fabs(static_cast<long double>(u) - exact) < 1e-15L);
    const float f = ceicg::to_f32(x);
    CHECK(f < 1.0f);
    CHECK(static_cast<double>(f) <= u);
    CHECK(static_cast<double>(std::nextafter(f, 2.0f)) > u);
  }
}

TEST_CASE("bulk generation equals output_at at every output, across each component's zero",
          "[ceicg][reference]") {
  // The bulk path inverts a block of 1024 outputs at once (running products, one inversion,
  // unwound); y = 0, whose inverse is 0 by convention, must stay 0 and leave its neighbours
  // right. Each component's residue reaches 0 (y_k = a_k·r_k ≡ 0) at another place: from the
  // first start in the first block (outputs 5, 700) and at its last output (1023); from the
  // second at the first output of the second and third blocks (1024, 2048) and, with two
  // threads and 70001 outputs, in the second thread's range (40000).
  const std::uint32_t m0 = ceicg::kComponents[0].modulus, m1 = ceicg::kComponents[1].modulus,
                      m2 = ceicg::kComponents[2].modulus;
  for (const ceicg::Residues start : {ceicg::Residues{m0 - 5, m1 - 700, m2 - 1023},
                                      ceicg::Residues{m0 - 40000, m1 - 1024, m2 - 2048}}) {
    for (const std::size_t count : {std::size_t{1}, std::size_t{6}, std::size_t{1023}, std::size_t{1024},
                                    std::size_t{1025}, std::size_t{3000}, std::size_t{70001}}) {
      std::vector<std::uint32_t> expected(3 * count);
      ceicg::Residues r = start;
      for (std::size_t i = 0; i < count; ++i, r = ceicg::advanced_by(r, 1)) {
        const ceicg::Output x = ceicg::output_at(r);
        std::copy(x.begin(), x.end(), expected.begin() + static_cast<std::ptrdiff_t>(3 * i));
      }
      for (const unsigned threads : {1u, 2u, 3u, 0u}) {
        INFO("start " << start[0] << "," << start[1] << "," << start[2] << ": " << count << " outputs, "
                      << threads << " threads");
        std::vector<std::uint32_t> words(3 * count, 7);
        ceicg::generate_ints(start, words, threads);
        const auto diff = std::mismatch(words.begin(), words.end(), expected.begin());
        INFO("first difference at word " << (diff.first - words.begin()));
        CHECK(diff.first == words.end());
      }
    }
  }
  const ceicg::Residues start{m0 - 5, m1 - 700, m2 - 1023};
  // The zeros themselves: output 5 has x_1 = 0, output 700 x_2 = 0, output 1023 x_3 = 0.
  std::vector<std::uint32_t> words(3 * 1100);
  ceicg::generate_ints(start, words, 1);
  CHECK(words[3 * 5] == 0);
  CHECK(words[3 * 700 + 1] == 0);
  CHECK(words[3 * 1023 + 2] == 0);
  CHECK(words[3 * 4] != 0);
  CHECK(words[3 * 6] != 0);
}
