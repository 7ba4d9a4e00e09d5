// SPDX-License-Identifier: MIT
// GF(2) polynomial arithmetic (host/generators/gf2_polynomial.hpp) against plain bit-by-bit
// definitions written here, with both carry-less multipliers (portable and PCLMULQDQ).
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "generators/gf2_polynomial.hpp"

using namespace glrand;
using gf2::Clmul;
using gf2::Polynomial;

namespace {

Polynomial random_polynomial(std::mt19937_64& random, unsigned degree) {
  Polynomial p;
  p.words.assign(degree / 64 + 1, 0);
  for (auto& w : p.words) w = random();
  p.words.back() &= (degree % 64 == 63) ? ~std::uint64_t{0} : (std::uint64_t{1} << (degree % 64 + 1)) - 1;
  p.words.back() |= std::uint64_t{1} << (degree % 64);
  return p;
}

std::vector<bool> bits_of(const Polynomial& p) {
  std::vector<bool> b(64 * p.words.size());
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = p.coefficient(i);
  return b;
}

Polynomial from_bits(const std::vector<bool>& b) {
  Polynomial p;
  p.words.assign(b.size() / 64 + 1, 0);
  for (std::size_t i = 0; i < b.size(); ++i)
    if (b[i]) p.words[i / 64] |= std::uint64_t{1} << (i % 64);
  return p;
}

// Schoolbook product, one coefficient pair at a time.
Polynomial naive_multiply(const Polynomial& a, const Polynomial& b) {
  const auto x = bits_of(a), y = bits_of(b);
  std::vector<bool> r(x.size() + y.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i])
      for (std::size_t j = 0; j < y.size(); ++j) r[i + j] = r[i + j] != y[j];
  return from_bits(r);
}

// Remainder by subtracting φ·t^k from the top, one coefficient at a time.
Polynomial naive_reduce(const Polynomial& p, const Polynomial& phi) {
  auto r = bits_of(p);
  const auto f = bits_of(phi);
  const long d = phi.degree();
  for (long i = static_cast<long>(r.size()) - 1; i >= d; --i)
    if (r[static_cast<std::size_t>(i)])
      for (long k = 0; k <= d; ++k)
        if (f[static_cast<std::size_t>(k)]) r[static_cast<std::size_t>(i - d + k)] = !r[static_cast<std::size_t>(i - d + k)];
  return from_bits(r);
}

std::vector<Clmul> multipliers() {
  std::vector<Clmul> kinds{Clmul::portable};
  if (gf2::has_pclmul()) kinds.push_back(Clmul::pclmul);
  return kinds;
}

}  // namespace

TEST_CASE("gf2: the PCLMULQDQ and portable carry-less multipliers agree", "[gf2]") {
  if (!gf2::has_pclmul()) {
    WARN("this CPU has no PCLMULQDQ: only the portable multiplier is tested");
    return;
  }
  std::mt19937_64 random(11);
  std::vector<std::uint64_t> b(40);
  for (int trial = 0; trial < 200; ++trial) {
    std::uint64_t q = random();
    if (trial == 0) q = ~std::uint64_t{0};
    if (trial == 1) q = std::uint64_t{1} << 63;
    for (auto& w : b) w = random();
    std::vector<std::uint64_t> portable(b.size() + 1, 0), pclmul(b.size() + 1, 0);
    gf2::clmul_accumulate(Clmul::portable, q, b, portable.data());
    gf2::clmul_accumulate(Clmul::pclmul, q, b, pclmul.data());
    REQUIRE(portable == pclmul);
  }
}

TEST_CASE("gf2: products and squares equal the schoolbook definition", "[gf2]") {
  std::mt19937_64 random(12);
  for (Clmul kind : multipliers()) {
    for (unsigned da : {0u, 1u, 63u, 64u, 65u, 200u, 511u}) {
      for (unsigned db : {0u, 7u, 64u, 130u}) {
        INFO("kind=" << static_cast<int>(kind) << " deg a=" << da << " deg b=" << db);
        const Polynomial a = random_polynomial(random, da), b = random_polynomial(random, db);
        const Polynomial ab = gf2::multiply(a, b, kind);
        CHECK(ab == naive_multiply(a, b));
        CHECK(ab.degree() == static_cast<long>(da + db));
        CHECK(gf2::square(a) == gf2::multiply(a, a, kind));
      }
    }
  }
}

TEST_CASE("gf2: reduction modulo phi equals long division bit by bit", "[gf2]") {
  std::mt19937_64 random(13);
  for (Clmul kind : multipliers()) {
    for (unsigned d : {64u, 65u, 127u, 128u, 300u, 1000u}) {
      const Polynomial phi = random_polynomial(random, d);
      const gf2::Modulus m(phi, kind);
      for (unsigned dp : {0u, d - 1, d, d + 1, d + 63, d + 64, 2 * d - 2, 3 * d}) {
        INFO("kind=" << static_cast<int>(kind) << " deg phi=" << d << " deg p=" << dp);
        const Polynomial p = random_polynomial(random, dp);
        const Polynomial r = m.reduce(p);
        CHECK(r.degree() < static_cast<long>(d));
        CHECK(r == naive_reduce(p, phi));
      }
    }
  }
}

TEST_CASE("gf2: t^e mod phi by square-and-multiply equals repeated multiplication by t", "[gf2]") {
  std::mt19937_64 random(14);
  const Polynomial phi = random_polynomial(random, 150);
  for (Clmul kind : multipliers()) {
    const gf2::Modulus m(phi, kind);
    Polynomial t_power;
    t_power.words = {1};
    Polynomial t;
    t.words = {2};
    for (unsigned e = 0; e < 700; ++e) {
      INFO("e=" << e);
      REQUIRE(m.power_of_t(e) == t_power);
      t_power = m.reduce(gf2::multiply(t_power, t, kind));
    }
    // t^(a+b) = t^a · t^b for exponents up to 2^128 − 1.
    for (int trial = 0; trial < 20; ++trial) {
      const gf2::Exponent a = (gf2::Exponent{random()} << 63) | random(), b = (gf2::Exponent{random()} << 62) | random();
      CHECK(m.power_of_t(a + b) == m.multiply(m.power_of_t(a), m.power_of_t(b)));
    }
  }
}

TEST_CASE("gf2: Berlekamp-Massey recovers the recurrence of a known LFSR", "[gf2]") {
  // s_{n+7} = s_{n+1} + s_n: characteristic polynomial t^7 + t + 1 (primitive).
  std::vector<std::uint8_t> s{1, 0, 0, 1, 1, 0, 1};
  while (s.size() < 40) s.push_back(s[s.size() - 6] ^ s[s.size() - 7]);
  Polynomial expected;
  expected.words = {(1u << 7) | (1u << 1) | 1u};
  CHECK(gf2::minimal_polynomial(s) == expected);
  // An impulse 0…0 1 needs a recurrence as long as the sequence: t^N.
  std::vector<std::uint8_t> impulse(9, 0);
  impulse.back() = 1;
  CHECK(gf2::minimal_polynomial(impulse).degree() == 9);
  // The zero sequence: φ = 1.
  CHECK(gf2::minimal_polynomial(std::vector<std::uint8_t>(50, 0)).degree() == 0);
}
