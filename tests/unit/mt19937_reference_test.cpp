// SPDX-License-Identifier: MIT
// The MT19937 CPU reference and its skip-ahead against the published check values
// (mt19937ar's and ISO C++'s), against std::mt19937 (libstdc++'s independent
// implementation, its discard() the outside anchor for long jumps), and against stepping.
#include <catch2/catch.hpp>

#include <algorithm>

#include <random>
#include <span>
#include <vector>

#include <glrand/error.hpp>
#include "generators/mt19937.hpp"
#include "kat/kat.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;
using mt19937::State;

namespace {

State stepped(State s, std::uint64_t n) {
  for (std::uint64_t i = 0; i < n; ++i) mt19937::next(s);
  return s;
}

// A state with a partly read block, as a generator leaves it.
State state_with_index(std::uint32_t seed, unsigned index) { return stepped(mt19937::seed_state(seed), 624 * 3 + index); }

bool same_outputs(State s, std::mt19937& ref, int n) {
  for (int i = 0; i < n; ++i)
    if (mt19937::next(s) != ref()) return false;
  return true;
}

// Bit `bit` of n consecutive outputs.
std::vector<std::uint8_t> output_bits(std::uint32_t seed, std::uint64_t skip, std::size_t n, unsigned bit) {
  State s = mt19937::jump(mt19937::seed_state(seed), skip);
  std::vector<std::uint8_t> bits(n);
  for (auto& b : bits) b = static_cast<std::uint8_t>((mt19937::next(s) >> bit) & 1u);
  return bits;
}

}  // namespace

TEST_CASE("mt19937: seed 5489 gives the published first and 10000th outputs", "[mt19937]") {
  const kat::File& published = kat::load("mt19937");
  State s = mt19937::seed_state();
  CHECK(s.index == 624);
  CHECK(mt19937::next(s) == published.one("seed=5489 output=0").u32("word"));
  CHECK(stepped(s, 9998).index != 0);
  State t = stepped(mt19937::seed_state(5489), 9999);
  CHECK(mt19937::next(t) == published.one("seed=5489 output=9999").u32("word"));
}

TEST_CASE("mt19937: init_by_array gives mt19937ar.out's published first outputs", "[mt19937]") {
  // mt19937ar.c's test program: init_by_array({0x123, 0x234, 0x345, 0x456}, 4), then genrand_int32.
  const kat::File& published = kat::load("mt19937");
  const kat::Record& output0 = published.one("key output=0");
  const std::vector<std::uint32_t> key = output0.u32s("key");
  const std::vector<std::uint32_t> first = published.u32_sequence("key=" + output0.text("key"), "word");
  REQUIRE(first.size() == 5);
  State s = mt19937::seed_by_array(key);
  CHECK(s.index == 624);
  CHECK(s.mt[0] == 0x80000000u);
  for (std::uint32_t want : first) CHECK(mt19937::next(s) == want);
  // A longer key than the state wraps around it; an empty one is refused.
  std::vector<std::uint32_t> long_key(700);
  for (std::size_t i = 0; i < long_key.size(); ++i) long_key[i] = static_cast<std::uint32_t>(i * 2654435761u);
  CHECK(mt19937::seed_by_array(long_key).mt != mt19937::seed_by_array(std::span(long_key).first(624)).mt);
  CHECK_THROWS_AS(mt19937::seed_by_array({}), InvalidArgument);
}

TEST_CASE("mt19937: outputs equal std::mt19937 for several seeds", "[mt19937]") {
  for (std::uint32_t seed : {0u, 1u, 5489u, 19650218u, 0xffffffffu, 2718281828u}) {
    INFO("seed=" << seed);
    std::mt19937 ref(seed);
    CHECK(same_outputs(mt19937::seed_state(seed), ref, 5000));
  }
}

TEST_CASE("mt19937: generate_ints in chunks equals one call", "[mt19937]") {
  State one = mt19937::seed_state(42), chunked = one;
  std::vector<std::uint32_t> a(5000), b(5000);
  mt19937::generate_ints(one, a);
  for (std::size_t begin = 0, len = 1; begin < b.size(); begin += len, len = len * 3 + 1)
    mt19937::generate_ints(chunked, std::span(b).subspan(begin, std::min(len, b.size() - begin)));
  CHECK(a == b);
  CHECK(one == chunked);
}

TEST_CASE("mt19937: the characteristic polynomial", "[mt19937]") {
  const gf2::Polynomial& phi = mt19937::characteristic_polynomial();
  CHECK(phi.degree() == 19937);
  CHECK(phi.coefficient(0));
  // 135 non-zero coefficients: Panneton, L'Ecuyer, Matsumoto, "Improved long-period
  // generators based on linear recurrences modulo 2" (ACM TOMS 32(1), 2006), Table II, N1.
  CHECK(phi.term_count() == 135);
  // Another seed and another output bit give the same minimal polynomial.
  CHECK(gf2::minimal_polynomial(output_bits(12345, 777, 2 * 19937, 31)) == phi);
  // Every bit of the output satisfies the recurrence: Σ φ_k s_{n+k} = 0 for all n.
  for (unsigned bit : {0u, 13u, 31u}) {
    const auto s = output_bits(2024, 31337, 19938 + 200, bit);
    for (std::size_t n = 0; n < 200; ++n) {
      unsigned sum = 0;
      for (std::size_t k = 0; k <= 19937; ++k) sum ^= phi.coefficient(k) ? s[n + k] : 0u;
      INFO("bit=" << bit << " n=" << n);
      REQUIRE(sum == 0);
    }
  }
}

TEST_CASE("mt19937: jump(J) equals J steps, state and index word for word", "[mt19937]") {
  std::mt19937_64 random(5);
  std::vector<State> starts{mt19937::seed_state(), mt19937::seed_state(1)};
  for (unsigned index : {1u, 2u, 311u, 623u, 624u}) starts.push_back(state_with_index(99, index));
  for (std::size_t si = 0; si < starts.size(); ++si) {
    std::vector<std::uint64_t> js{0, 1, 2, 226, 227, 396, 397, 623, 624, 625, 1247, 1248, 1249, 624 * 40};
    for (int r = 0; r < 3; ++r) js.push_back(random() % 1000000);
    for (std::uint64_t j : js) {
      INFO("start=" << si << " index=" << starts[si].index << " J=" << j);
      REQUIRE(mt19937::jump(starts[si], j) == stepped(starts[si], j));
    }
  }
}

TEST_CASE("mt19937: a precomputed Jump equals jump(J) from any index", "[mt19937]") {
  for (std::uint64_t j : {1ull, 623ull, 624ull, 625ull, 100000ull, 99999ull * 624, 1000003ull}) {
    const mt19937::Jump jump = mt19937::make_jump(j);
    for (unsigned index : {1u, 2u, 300u, 623u, 624u}) {
      const State s = state_with_index(7, index);
      INFO("J=" << j << " index=" << index);
      CHECK(mt19937::jump(s, jump) == mt19937::jump(s, j));
    }
    CHECK(mt19937::jump(mt19937::seed_state(3), jump) == mt19937::jump(mt19937::seed_state(3), j));
  }
}

TEST_CASE("mt19937: jumps compose: J1 then J2 equals J1 + J2", "[mt19937]") {
  std::mt19937_64 random(6);
  for (int trial = 0; trial < 8; ++trial) {
    const std::uint64_t j1 = random() >> 2, j2 = random() >> (trial + 2);
    const State s = trial % 2 ? mt19937::seed_state(static_cast<std::uint32_t>(random())) : state_with_index(8, 1 + trial * 70);
    INFO("J1=" << j1 << " J2=" << j2);
    CHECK(mt19937::jump(mt19937::jump(s, j1), j2) == mt19937::jump(s, j1 + j2));
  }
  // Up to the largest J: 2^64 − 1 from a partly read block (2^64 + 622 words ahead).
  const State s = state_with_index(9, 623);
  const std::uint64_t max = ~std::uint64_t{0};
  CHECK(mt19937::jump(mt19937::jump(s, max - 1000), 1000) == mt19937::jump(s, max));
}

TEST_CASE("mt19937: jumps by 2^k equal two jumps by 2^(k-1)", "[mt19937]") {
  const State s = state_with_index(10, 17);
  for (unsigned k : {1u, 2u, 9u, 10u, 11u, 20u, 32u, 47u, 63u}) {
    INFO("k=" << k);
    const State half = mt19937::jump(s, mt19937::jump_power_of_two(k - 1));
    CHECK(mt19937::jump(half, mt19937::jump_power_of_two(k - 1)) == mt19937::jump(s, mt19937::jump_power_of_two(k)));
    CHECK(mt19937::jump(s, mt19937::jump_power_of_two(k)) == mt19937::jump(s, std::uint64_t{1} << k));
  }
  CHECK(mt19937::jump(s, mt19937::jump_power_of_two(0)) == stepped(s, 1));
  CHECK_THROWS_AS(mt19937::jump_power_of_two(64), InvalidArgument);
}

TEST_CASE("mt19937: kept block jumps, made by squaring where they can, equal t^(624 blocks) mod phi", "[mt19937]") {
  // b, 2b, 4b, ... in turn (each after the first made from the last by squaring), then one
  // whose half is not kept, then the first again (kept); each applied to a state as well.
  const State s = state_with_index(12, 624);
  std::vector<gf2::Exponent> asked;
  for (gf2::Exponent b = 4099; b < (gf2::Exponent{1} << 20); b *= 2) asked.push_back(b);
  for (const gf2::Exponent b : {gf2::Exponent{3} << 70, gf2::Exponent{6} << 70, gf2::Exponent{7}, gf2::Exponent{4099}})
    asked.push_back(b);
  for (const gf2::Exponent b : asked) {
    INFO("blocks " << static_cast<std::uint64_t>(b >> 64) << " * 2^64 + " << static_cast<std::uint64_t>(b));
    const auto g = mt19937::block_jump(b);
    CHECK(*g == mt19937::modulus().power_of_t(b * mt19937::kN));
    if (b < (gf2::Exponent{1} << 40))
      CHECK(mt19937::apply_polynomial(*g, s.mt) == mt19937::jump(s, static_cast<std::uint64_t>(b * mt19937::kN)).mt);
  }
}

TEST_CASE("mt19937: long jumps equal std::mt19937::discard", "[mt19937]") {
  for (std::uint64_t j : {10000000ull, 10000000ull + 12345, 31415926ull}) {
    INFO("J=" << j);
    std::mt19937 ref(5489);
    ref.discard(j);
    CHECK(same_outputs(mt19937::state_at(5489, j), ref, 2000));
  }
}

TEST_CASE("mt19937: portable and PCLMULQDQ jump polynomials agree", "[mt19937][gf2]") {
  if (!gf2::has_pclmul()) {
    WARN("this CPU has no PCLMULQDQ: nothing to compare");
    return;
  }
  const gf2::Modulus portable(mt19937::characteristic_polynomial(), gf2::Clmul::portable);
  const gf2::Modulus pclmul(mt19937::characteristic_polynomial(), gf2::Clmul::pclmul);
  for (gf2::Exponent e : {gf2::Exponent{624} * 1000003, gf2::Exponent{0xfedcba9876543210ull} * 624}) {
    CHECK(portable.power_of_t(e) == pclmul.power_of_t(e));
  }
}

TEST_CASE("mt19937: jump refuses a state whose index is out of range", "[mt19937]") {
  State s = mt19937::seed_state();
  s.index = 0;
  CHECK_THROWS_AS(mt19937::jump(s, 5), InvalidArgument);
  s.index = 625;
  CHECK_THROWS_AS(mt19937::jump(s, 5), InvalidArgument);
}

TEST_CASE("mt19937: the bulk generate_ints equals next() word by word, across many twists", "[mt19937]") {
  for (const std::uint32_t seed : {5489u, 7u}) {
    State reference = mt19937::seed_state(seed), bulk = reference;
    std::vector<std::uint32_t> expected(200'003), got(expected.size());
    for (auto& x : expected) x = mt19937::next(reference);
    for (std::size_t begin = 0, len = 1; begin < got.size(); begin += len, len = len * 2 + 5)
      mt19937::generate_ints(bulk, std::span(got).subspan(begin, std::min(len, got.size() - begin)));
    const auto diff = std::mismatch(got.begin(), got.end(), expected.begin());
    INFO("seed " << seed << ": first difference at output " << (diff.first - got.begin()));
    CHECK(diff.first == got.end());
    CHECK(bulk == reference);
  }
}
