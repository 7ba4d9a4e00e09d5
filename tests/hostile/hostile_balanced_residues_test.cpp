// SPDX-License-Identifier: MIT
// shaders/common/balanced_residues.glsl, translated to C++, under divisions off by ±1–2 ulp and
// fused or unfused multiply-adds: every product must be congruent to the exact one and stay
// within the balanced range |x| < m/2 + 2^14, every float within its bound of wh::to_f32.
// References: plain 64-bit integer arithmetic and host/generators/wichmann_hill.hpp.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <optional>
#include <tuple>
#include <utility>

#include "fragment/modular_uniforms.hpp"
#include "generators/wichmann_hill.hpp"
#include "hostile/hostile_support.hpp"

namespace {

using namespace glrand::hostile;
using namespace glrand::hostile::testing;
namespace shaders = glrand::hostile::shaders;
using I64 = std::int64_t;
using U64 = std::uint64_t;

// The balanced range's largest magnitude for modulus m: |x| < m/2 + 2^14.
I64 balanced_bound(I64 m) { return (m + 32767) / 2; }

// The integer a float holds, if it holds one below 2^31 in magnitude.
std::optional<I64> signed_integer_of(Float x) {
  const float v = x.v;
  if (!(std::fabs(v) < 2147483648.0f) || v != std::trunc(v)) return std::nullopt;
  return static_cast<I64>(v);
}

I64 mod(I64 v, I64 m) { return ((v % m) + m) % m; }

// A shader result r for the residue `want` (mod m): an integer ≡ want within the bound.
bool balanced_equal(Float r, I64 want, I64 m) {
  const auto v = signed_integer_of(r);
  return v && mod(*v, m) == mod(want, m) && std::llabs(*v) <= balanced_bound(m);
}

Float f_signed(I64 v) { return Float::of(static_cast<float>(v)); }
vec4 v4s(I64 a, I64 b, I64 c, I64 d) { return vec4(f_signed(a), f_signed(b), f_signed(c), f_signed(d)); }

struct SchrageCase {
  I64 x, a, m;
};

// Every WH set's (a_k, m_k), x over the balanced range: its ends, 0, ±1, beside multiples of
// q and beside the midpoints (k + 1/2)·q where the rounded quotient steps, and random x.
std::vector<SchrageCase> balanced_schrage_inputs(int random_per_pair) {
  std::vector<SchrageCase> cases;
  for (const auto& p : glrand::wh::parameter_table())
    for (int k = 0; k < 4; ++k) {
      const I64 a = p.multiplier[k], m = p.modulus[k], q = m / a, bound = balanced_bound(m);
      std::vector<I64> xs{-bound, -bound + 1, -1, 0, 1, bound - 1, bound};
      const I64 most = bound / q;  // the largest |x div q| in the range
      for (const I64 j : {-most - 1, -most, -most + 1, -most / 2, I64{-1}, I64{0}, I64{1}, most / 2, most - 1, most})
        for (I64 d = -2; d <= 2; ++d) {
          xs.push_back(j * q + d);
          xs.push_back(j * q + q / 2 + d);
        }
      for (int i = 0; i < random_per_pair; ++i) xs.push_back(static_cast<I64>(uniform(0, 2 * bound + 1)) - bound);
      for (const I64 x : xs)
        if (std::llabs(x) <= bound) cases.push_back({x, a, m});
    }
  return cases;
}

// mulModSchrageBalanced over balanced_schrage_inputs() under every policy, q's reciprocal
// made by `reciprocal`; the mismatches of all policies together.
template <class Reciprocal>
Mismatches balanced_schrage_mismatches(Reciprocal reciprocal) {
  const auto cases = balanced_schrage_inputs(30);
  Mismatches m;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    in_lanes(
        cases,
        [&](const std::array<SchrageCase, 4>& c) {
          vec4 x, a, q, q_inverse, r;
          for (int k = 0; k < 4; ++k) {
            const auto divisor = static_cast<std::uint32_t>(c[k].m / c[k].a);
            x.lane[k] = f_signed(c[k].x);
            a.lane[k] = f_signed(c[k].a);
            q.lane[k] = f_signed(divisor);
            q_inverse.lane[k] = Float::of(reciprocal(divisor));
            r.lane[k] = f_signed(c[k].m % c[k].a);
          }
          return shaders::mulModSchrageBalanced(x, a, q, q_inverse, r).lane;
        },
        [&](const SchrageCase& c, Float r) {
          m.check(balanced_equal(r, c.a * c.x, c.m),
                  [&](auto& o) { o << policy.name << ": " << c.a << " * " << c.x << " mod " << c.m << " -> " << r.v; });
        });
  }
  report_checked("mulModSchrageBalanced", m.checked());
  return m;
}

TEST_CASE("mulModSchrageBalanced: every WH set's multipliers over the balanced range, under hostile arithmetic",
          "[hostile]") {
  const auto m = balanced_schrage_mismatches(glrand::fragment::biased_reciprocal);
  INFO(m.report());
  CHECK(m.count() == 0);
}

TEST_CASE("the tests have teeth: mulModSchrageBalanced with a reciprocal 2^-6 off fails", "[hostile]") {
  const auto m = balanced_schrage_mismatches([](std::uint32_t q) { return static_cast<float>(1.015625 / q); });
  CHECK(m.count() > 0);
}

struct ProductCase {
  U64 x, c, m;
};

// v·2^-12 mod m for odd m: the c whose c' = c·2^12 mod m is v (2^-12 by Euclid's algorithm).
U64 unshifted(U64 v, U64 m) {
  I64 r0 = static_cast<I64>(m), r1 = 4096 % r0, t0 = 0, t1 = 1;
  while (r1 != 0) {
    const I64 q = r0 / r1;
    std::tie(r0, r1) = std::pair(r1, r0 - q * r1);
    std::tie(t0, t1) = std::pair(t1, t0 - q * t1);
  }
  return v % m * static_cast<U64>(mod(t0, static_cast<I64>(m))) % m;
}

// (x, c, m) for mulMod24Balanced: every WH modulus and random moduli from 2^13; x with each
// 12-bit digit at 0, 1, 2047, 2048, 4095, x beside 0 and m, random x; c at 1, m − 1, beside
// m/2 (the low digit's quotients beside halves), with c' = c·2^12 mod m beside 0, m/2 or m
// (the high digit's quotients beside integers or halves), random.
std::vector<ProductCase> balanced_product_inputs() {
  std::vector<U64> moduli;
  for (const auto& p : glrand::wh::parameter_table())
    for (const U64 m : p.modulus) moduli.push_back(m);
  for (int i = 0; i < 60; ++i) moduli.push_back(uniform(U64{1} << 13, U64{1} << 24));
  std::vector<ProductCase> cases;
  for (const U64 m : moduli) {
    std::vector<U64> xs{0, 1, m - 1, m - 2, m / 2, m / 2 + 1};
    for (const U64 high : {0, 1, 2047, 2048, 4095})
      for (const U64 low : {0, 1, 2047, 2048, 4095})
        if (high * 4096 + low < m) xs.push_back(high * 4096 + low);
    for (int i = 0; i < 8; ++i) xs.push_back(uniform(0, m));
    std::vector<U64> cs{1, m - 1, m / 2, m / 2 + 1, (m + 4095) / 4096, m - (m + 4095) / 4096};
    if (m % 2 == 1)
      for (const U64 v : {U64{1}, m / 2, m / 2 + 1, m - 1}) cs.push_back(unshifted(v, m));
    for (int i = 0; i < 4; ++i) cs.push_back(uniform(1, m));
    for (const U64 x : xs)
      for (const U64 c : cs) cases.push_back({x, c, m});
  }
  return cases;
}

// mulMod24Balanced with c/m and c'/m made by `over`, under every policy.
template <class Over>
Mismatches balanced_product_mismatches(Over over) {
  const auto cases = balanced_product_inputs();
  Mismatches m;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    in_lanes(
        cases,
        [&](const std::array<ProductCase, 4>& c) {
          vec4 x, c1, c0, c_over, s1, s0, s_over, modulus, m1, m0, inverse;
          for (int k = 0; k < 4; ++k) {
            const auto mk = static_cast<std::uint32_t>(c[k].m);
            const auto ck = static_cast<std::uint32_t>(c[k].c);
            const auto multiplier = glrand::fragment::mul_mod24_multiplier(ck, mk);
            const auto shifted = static_cast<std::uint32_t>((U64{ck} << 12) % mk);
            x.lane[k] = f(c[k].x);
            c1.lane[k] = Float::of(multiplier.c.high);
            c0.lane[k] = Float::of(multiplier.c.low);
            c_over.lane[k] = Float::of(over(ck, mk));
            s1.lane[k] = Float::of(multiplier.shifted.high);
            s0.lane[k] = Float::of(multiplier.shifted.low);
            s_over.lane[k] = Float::of(over(shifted, mk));
            modulus.lane[k] = f(mk);
            m1.lane[k] = Float::of(glrand::fragment::halves(mk).high);
            m0.lane[k] = Float::of(glrand::fragment::halves(mk).low);
            inverse.lane[k] = Float::of(static_cast<float>(1.0 / mk));
          }
          return shaders::mulMod24Balanced(x, c1, c0, c_over, s1, s0, s_over, modulus, m1, m0, inverse).lane;
        },
        [&](const ProductCase& c, Float r) {
          m.check(balanced_equal(r, static_cast<I64>(c.x * c.c % c.m), static_cast<I64>(c.m)),
                  [&](auto& o) { o << policy.name << ": " << c.x << " * " << c.c << " mod " << c.m << " -> " << r.v; });
        });
  }
  report_checked("mulMod24Balanced", m.checked());
  return m;
}

TEST_CASE("mulMod24Balanced: digits at their edges, WH and random moduli, under hostile arithmetic", "[hostile]") {
  const auto m = balanced_product_mismatches(glrand::fragment::over_modulus);
  INFO(m.report());
  CHECK(m.count() == 0);
}

TEST_CASE("the tests have teeth: mulMod24Balanced with c/m 2^-8 high fails", "[hostile]") {
  const auto m = balanced_product_mismatches(
      [](std::uint32_t v, std::uint32_t modulus) { return static_cast<float>(1.00390625 * v / modulus); });
  CHECK(m.count() > 0);
}

TEST_CASE("canonicalResidue: the balanced range's ends, 0 and ±1 made canonical", "[hostile]") {
  Mismatches m;
  for (const auto& p : glrand::wh::parameter_table())
    for (const U64 modulus : p.modulus) {
      const I64 mm = static_cast<I64>(modulus), bound = balanced_bound(mm);
      const std::vector<I64> xs{-bound, -bound + 1, -mm / 2, -2, -1, 0, 1, 2, mm / 2, bound - 1, bound};
      for (std::size_t i = 0; i < xs.size(); i += 4) {
        std::array<I64, 4> x{};
        for (std::size_t k = 0; k < 4; ++k) x[k] = xs[std::min(i + k, xs.size() - 1)];
        const vec4 r = shaders::canonicalResidue(v4s(x[0], x[1], x[2], x[3]), v4s(mm, mm, mm, mm));
        for (std::size_t k = 0; k < 4; ++k)
          m.check(integer_of(r.lane[k]) == mod(x[k], mm),
                  [&](auto& o) { o << x[k] << " mod " << mm << " -> " << r.lane[k].v; });
      }
    }
  INFO(m.report());
  CHECK(m.count() == 0);
}

// wichmann_hill_texture.frag's floats: within 2^-20 of wh::to_f32 on the circle, in [0, 1), for
// balanced components at the range's ends and beside ±m/2, sums beside the integers (where the
// fraction wraps), and at random, in several sets.
TEST_CASE("unitFloatOfBalanced stays within 2^-20 of wh::to_f32 on the circle under hostile arithmetic", "[hostile]") {
  using glrand::wh::State;
  U64 checked = 0;
  for (const int set : {0, 1, 136, 272}) {
    const auto& p = glrand::wh::parameters(set);
    vec4 inverse;
    for (int k = 0; k < 4; ++k) inverse.lane[k] = Float{static_cast<float>(1.0 / p.modulus[k])};
    // Each case: balanced components (x_k ≡ the state's, |x_k| <= m_k/2 + 2^14).
    std::vector<std::array<I64, 4>> cases;
    for (I64 a = -3; a <= 3; ++a)
      for (I64 b = -3; b <= 3; ++b) {
        cases.push_back({a, b, -a, -b});
        cases.push_back({a, static_cast<I64>(p.modulus[1]) / 2 + b, static_cast<I64>(p.modulus[2]) / 2 - a, b});
      }
    for (int e = 0; e < 16; ++e) {
      std::array<I64, 4> x{};
      for (int k = 0; k < 4; ++k) x[k] = ((e >> k) & 1 ? 1 : -1) * balanced_bound(p.modulus[k]);
      cases.push_back(x);
    }
    for (int i = 0; i < 20000; ++i) {
      std::array<I64, 4> x{};
      for (int k = 0; k < 4; ++k) {
        const I64 bound = balanced_bound(p.modulus[k]);
        x[k] = static_cast<I64>(uniform(0, 2 * bound + 1)) - bound;
      }
      cases.push_back(x);
    }
    for (const auto& policy : policies()) {
      PolicyScope scope(policy);
      Mismatches m;
      in_lanes(
          cases,
          [&](const std::array<std::array<I64, 4>, 4>& x) {
            std::array<Float, 4> out;
            for (int k = 0; k < 4; ++k)
              out[k] = shaders::unitFloatOfBalanced(v4s(x[k][0], x[k][1], x[k][2], x[k][3]), inverse);
            return out;
          },
          [&](const std::array<I64, 4>& x, Float u) {
            State s;
            for (int k = 0; k < 4; ++k) s[k] = static_cast<std::uint32_t>(mod(x[k], p.modulus[k]));
            const double distance = std::fabs(double{u.v} - glrand::wh::to_f32(p, s));
            m.check(
                u.v >= 0.0f && u.v < 1.0f && std::min(distance, 1.0 - distance) <= std::ldexp(1.0, -20), [&](auto& o) {
                  o << "set " << set << " (" << x[0] << ", " << x[1] << ", " << x[2] << ", " << x[3] << ") -> " << u.v;
                });
          });
      checked += m.checked();
      INFO(policy.name << ": " << m.report());
      CHECK(m.count() == 0);
    }
  }
  report_checked("unitFloatOfBalanced", checked);
}

}  // namespace
