// SPDX-License-Identifier: MIT
// shaders/common/exact_division.glsl, modular.glsl, ceicg_core.glsl and mulmod24.glsl,
// translated to C++, under divisions off by ±1–2 ulp and fused or unfused multiply-adds:
// every result must be the exact integer (docs/testing.md). References: plain 64-bit integer
// arithmetic and host/generators (ceicg.hpp, wichmann_hill.hpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "fragment/modular_uniforms.hpp"
#include "generators/ceicg.hpp"
#include "generators/wichmann_hill.hpp"
#include "hostile/hostile_support.hpp"

namespace {

using namespace glrand::hostile;
using namespace glrand::hostile::testing;
namespace shaders = glrand::hostile::shaders;
namespace mutant = glrand::hostile::mutant;
using U64 = std::uint64_t;

constexpr U64 kFloatIntegers = U64{1} << 24;  // operands of the 24-bit algorithms stay below this

struct Pair {
  U64 a, b;
};

// (a, b) for divideExact: a < 2^24, b in [1, 2^24): small, power-of-two-adjacent, CEICG and
// WH Schrage divisors, random; per b, numerators at 0, 1, around b, 2b, 24b, and around the
// largest multiple k·b below 2^24 (the quotient's maximum); plus random pairs.
std::vector<Pair> division_inputs() {
  std::vector<U64> divisors;
  for (U64 b = 1; b <= 48; ++b) divisors.push_back(b);
  for (int bits = 7; bits <= 24; ++bits) add_around(divisors, U64{1} << bits, 1, kFloatIntegers);
  for (const auto& c : glrand::ceicg::kComponents) {
    divisors.push_back(c.modulus);
    divisors.push_back(c.modulus / c.multiplier);
  }
  for (const auto& p : glrand::wh::parameter_table())
    for (int k = 0; k < 4; ++k) divisors.push_back(p.modulus[k] / p.multiplier[k]);
  for (int i = 0; i < 1500; ++i) divisors.push_back(log_uniform(kFloatIntegers));
  std::vector<Pair> pairs;
  for (const U64 b : divisors) {
    std::vector<U64> as{0, kFloatIntegers - 1, kFloatIntegers - 2};
    const U64 most = (kFloatIntegers - 1) / b;  // the largest quotient
    for (const U64 k : {U64{1}, U64{2}, U64{23}, U64{24}, most - 1, most}) add_around(as, k * b, 0, kFloatIntegers);
    for (int i = 0; i < 6; ++i) as.push_back(uniform(0, kFloatIntegers));
    for (const U64 a : as) pairs.push_back({a, b});
  }
  for (int i = 0; i < 100000; ++i) pairs.push_back({uniform(0, kFloatIntegers), log_uniform(kFloatIntegers)});
  return pairs;
}

template <class DivideExact>
Mismatches check_division(const std::vector<Pair>& pairs, DivideExact divide_exact) {
  Mismatches m;
  in_lanes(
      pairs,
      [&](const std::array<Pair, 4>& p) {
        vec4 remainder;
        const vec4 q = divide_exact(v4(p[0].a, p[1].a, p[2].a, p[3].a), v4(p[0].b, p[1].b, p[2].b, p[3].b), remainder);
        std::array<std::pair<Float, Float>, 4> out;
        for (int k = 0; k < 4; ++k) out[k] = {q.lane[k], remainder.lane[k]};
        return out;
      },
      [&](const Pair& p, const std::pair<Float, Float>& r) {
        m.check(integer_of(r.first) == static_cast<std::int64_t>(p.a / p.b) &&
                    integer_of(r.second) == static_cast<std::int64_t>(p.a % p.b),
                [&](auto& o) { o << p.a << " / " << p.b << " -> " << r.first.v << " rem " << r.second.v; });
      });
  return m;
}

TEST_CASE("divideExact: exact quotient and remainder under hostile division and fusion", "[hostile]") {
  const auto pairs = division_inputs();
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    const auto m = check_division(pairs, [](vec4 a, vec4 b, vec4& r) { return shaders::divideExact(a, b, r); });
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("divideExact", checked);
}

// The host makes the Schrage and shift reciprocals' uniforms with its own copy of the shaders'
// bias (fragment/modular_uniforms.hpp): the two must be one number, exact in float.
TEST_CASE("the host's quotient bias is the shaders' kQuotientBias", "[hostile]") {
  CHECK(shaders::kQuotientBias.v == static_cast<float>(glrand::fragment::kQuotientBias));
  CHECK(static_cast<double>(static_cast<float>(glrand::fragment::kQuotientBias)) == glrand::fragment::kQuotientBias);
}

// The same harness finds a weakened divideExact: without the low bias (kQuotientBias = 1.0,
// set by glsl_to_cpp --override), a quotient rounded up by the division makes q·b above
// 2^24, where it rounds, and the correction step sees the wrong remainder.
TEST_CASE("divideExact mutant without the low bias is caught under +2 ulp division", "[hostile]") {
  const auto pairs = division_inputs();
  const auto mutant_divide = [](vec4 a, vec4 b, vec4& r) { return mutant::divideExact(a, b, r); };
  {
    PolicyScope scope(NamedPolicy{"exact", Policy{0, Fusion::never}, 1});
    const auto m = check_division(pairs, mutant_divide);
    INFO("exact arithmetic: " << m.report());
    CHECK(m.count() == 0);  // the mutant is fine where arithmetic is exact...
  }
  PolicyScope scope(NamedPolicy{"+2 ulp", Policy{2, Fusion::never}, 1});
  const auto m = check_division(pairs, mutant_divide);
  INFO("+2 ulp division: " << m.report());
  CHECK(m.count() > 0);  // ...and wrong where it is hostile
}

struct SchrageCase {
  U64 x, a, m;
};

// (a, m) pairs of the shaders' Schrage multiplications: CEICG's multipliers and the pixel
// stride L of ceicg.frag, every WH set's own multipliers, and random a² < m.
std::vector<std::pair<U64, U64>> schrage_parameters() {
  std::vector<std::pair<U64, U64>> out;
  for (const auto& c : glrand::ceicg::kComponents) {
    out.emplace_back(c.multiplier, c.modulus);
    for (const U64 stride : {U64{4}, U64{16}, U64{64}, U64{1000}, U64{4095}}) out.emplace_back(stride, c.modulus);
  }
  for (const auto& p : glrand::wh::parameter_table())
    for (int k = 0; k < 4; ++k) out.emplace_back(p.multiplier[k], p.modulus[k]);
  for (int i = 0; i < 300; ++i) {
    const U64 m = uniform(2, kFloatIntegers);
    out.emplace_back(uniform(1, static_cast<U64>(std::sqrt(static_cast<double>(m - 1))) + 1), m);
  }
  return out;
}

// Per (a, m): x at 0, 1, m - 1, m - 2, beside multiples k·q of q = m div a (where x div q
// steps), and random x.
std::vector<SchrageCase> schrage_inputs(int random_per_pair) {
  std::vector<SchrageCase> cases;
  for (const auto& [a, m] : schrage_parameters()) {
    const U64 q = m / a;
    std::vector<U64> xs{0, 1, 2, m - 1, m - 2};
    for (const U64 k : {U64{1}, U64{2}, a / 2, a - 1, a}) add_around(xs, k * q, 0, m);
    for (int i = 0; i < random_per_pair; ++i) xs.push_back(uniform(0, m));
    for (const U64 x : xs) cases.push_back({x, a, m});
  }
  return cases;
}

// The products a·x mod m of schrage_inputs() by `product` (four cases a call, their lanes
// back) under every policy, the mismatches of all of them together.
template <class Product>
Mismatches schrage_mismatches(const std::string& name, Product product) {
  const auto cases = schrage_inputs(40);
  Mismatches m;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    in_lanes(cases, product, [&](const SchrageCase& c, Float r) {
      m.check(integer_of(r) == static_cast<std::int64_t>(c.a * c.x % c.m),
              [&](auto& o) { o << policy.name << ": " << c.a << " * " << c.x << " mod " << c.m << " -> " << r.v; });
    });
  }
  report_checked(name, m.checked());
  return m;
}

vec4 lanes(const std::array<SchrageCase, 4>& c, U64 (*f)(const SchrageCase&)) { return v4(f(c[0]), f(c[1]), f(c[2]), f(c[3])); }
U64 x_of(const SchrageCase& c) { return c.x; }
U64 a_of(const SchrageCase& c) { return c.a; }
U64 m_of(const SchrageCase& c) { return c.m; }
U64 q_of(const SchrageCase& c) { return c.m / c.a; }
U64 r_of(const SchrageCase& c) { return c.m % c.a; }

// mulModSchrageByInverse with q's reciprocal made by `reciprocal`.
template <class Reciprocal>
auto schrage_by_inverse(Reciprocal reciprocal) {
  return [reciprocal](const std::array<SchrageCase, 4>& c) {
    const auto inverse = [&](const SchrageCase& k) { return Float::of(reciprocal(static_cast<std::uint32_t>(q_of(k)))); };
    return shaders::mulModSchrageByInverse(lanes(c, x_of), lanes(c, a_of), lanes(c, q_of),
                                           vec4(inverse(c[0]), inverse(c[1]), inverse(c[2]), inverse(c[3])),
                                           lanes(c, r_of), lanes(c, m_of))
        .lane;
  };
}

TEST_CASE("mulModSchrage: CEICG, WH 273 and random parameters under hostile arithmetic", "[hostile]") {
  const auto m = schrage_mismatches("mulModSchrage", [](const std::array<SchrageCase, 4>& c) {
    return shaders::mulModSchrage(lanes(c, x_of), lanes(c, a_of), lanes(c, q_of), lanes(c, r_of), lanes(c, m_of)).lane;
  });
  INFO(m.report());
  CHECK(m.count() == 0);
}

TEST_CASE("mulModSchrageByInverse: the same parameters, q's reciprocal from the host, under hostile arithmetic",
          "[hostile]") {
  const auto m = schrage_mismatches("mulModSchrageByInverse", schrage_by_inverse(glrand::fragment::biased_reciprocal));
  INFO(m.report());
  CHECK(m.count() == 0);
}

TEST_CASE("the tests have teeth: mulModSchrageByInverse with q's reciprocal biased high fails", "[hostile]") {
  // The mutant: 1/q scaled by 1 + 2^-20 instead of 1 - 2^-20, so that x·(1/q) may reach the next
  // multiple of q before x does.
  const auto biased_high = [](std::uint32_t q) { return static_cast<float>((1.0 + 1.0 / 1048576.0) / q); };
  CHECK(schrage_mismatches("mutant mulModSchrageByInverse", schrage_by_inverse(biased_high)).count() > 0);
}

TEST_CASE("addMod: edges and random sums for CEICG, WH and random moduli", "[hostile]") {
  std::vector<SchrageCase> cases;  // (x, a, m) as (a, b, m)
  std::vector<U64> moduli{1, 2, 3, kFloatIntegers - 1, kFloatIntegers - 2};
  for (const auto& c : glrand::ceicg::kComponents) moduli.push_back(c.modulus);
  for (const auto& p : glrand::wh::parameter_table()) moduli.push_back(p.modulus[0]);
  for (int i = 0; i < 200; ++i) moduli.push_back(log_uniform(kFloatIntegers));
  for (const U64 m : moduli) {
    std::vector<U64> values{0, m / 2, (m + 1) / 2};
    add_around(values, m - 1, 0, m);
    add_around(values, 1, 0, m);
    for (int i = 0; i < 4; ++i) values.push_back(uniform(0, m));
    std::erase_if(values, [&](U64 v) { return v >= m; });  // addMod's operands are residues
    for (const U64 a : values)
      for (const U64 b : values) cases.push_back({a, b, m});
  }
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    in_lanes(
        cases,
        [](const std::array<SchrageCase, 4>& c) {
          return shaders::addMod(v4(c[0].x, c[1].x, c[2].x, c[3].x), v4(c[0].a, c[1].a, c[2].a, c[3].a),
                                 v4(c[0].m, c[1].m, c[2].m, c[3].m))
              .lane;
        },
        [&](const SchrageCase& c, Float r) {
          m.check(integer_of(r) == static_cast<std::int64_t>((c.x + c.a) % c.m),
                  [&](auto& o) { o << c.x << " + " << c.a << " mod " << c.m << " -> " << r.v; });
        });
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("addMod", checked);
}

struct InverseCase {
  U64 y, m;
};

// invMod for CEICG's moduli (edges, many-step inputs beside m/φ, random), every WH modulus,
// and the longest Euclid below 2^24: consecutive Fibonacci numbers F35, F36.
std::vector<InverseCase> inverse_inputs() {
  std::vector<InverseCase> cases{{9227465, 14930352}, {5702887, 9227465}, {14930352 - 9227465, 14930352}};
  const double golden = (1.0 + std::sqrt(5.0)) / 2.0;
  for (const auto& c : glrand::ceicg::kComponents) {
    const U64 m = c.modulus;
    std::vector<U64> ys{0, 1, 2, 3, m - 1, m - 2, m / 2, m / 2 + 1};
    for (int bits = 1; bits < 24; ++bits) add_around(ys, U64{1} << bits, 0, m);
    for (const double near : {m / golden, m / golden / golden}) add_around(ys, static_cast<U64>(near), 0, m);
    for (int i = 0; i < 8000; ++i) ys.push_back(uniform(0, m));
    for (const U64 y : ys) cases.push_back({y, m});
  }
  for (const auto& p : glrand::wh::parameter_table())
    for (int k = 0; k < 4; ++k) {
      const U64 m = p.modulus[k];
      for (const U64 y : {U64{1}, m - 1, static_cast<U64>(m / golden), uniform(1, m)}) cases.push_back({y, m});
    }
  return cases;
}

TEST_CASE("invMod: CEICG and WH moduli, the longest Euclid chains, under hostile arithmetic", "[hostile]") {
  const auto cases = inverse_inputs();
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    in_lanes(
        cases,
        [](const std::array<InverseCase, 4>& c) {
          return shaders::invMod(v4(c[0].y, c[1].y, c[2].y, c[3].y), v4(c[0].m, c[1].m, c[2].m, c[3].m)).lane;
        },
        [&](const InverseCase& c, Float r) {
          const auto expected = glrand::ceicg::inverse_mod(static_cast<std::uint32_t>(c.y), static_cast<std::uint32_t>(c.m));
          m.check(integer_of(r) == expected, [&](auto& o) { o << "inv(" << c.y << ") mod " << c.m << " -> " << r.v; });
        });
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("invMod", checked);
}

// ceicg_core.glsl's uniforms as host/fragment/ceicg_fragment.cpp sets them (lane w: 1).
void set_ceicg_uniforms() {
  using glrand::ceicg::kComponents;
  const auto lanes = [](auto value_of) {
    return vec4(f(value_of(kComponents[0])), f(value_of(kComponents[1])), f(value_of(kComponents[2])), f(1));
  };
  shaders::uModulus = lanes([](const auto& c) { return c.modulus; });
  shaders::uMultiplier = lanes([](const auto& c) { return c.multiplier; });
  shaders::uIncrement = lanes([](const auto& c) { return c.increment; });
  shaders::uMultiplierQ = lanes([](const auto& c) { return c.modulus / c.multiplier; });
  shaders::uMultiplierR = lanes([](const auto& c) { return c.modulus % c.multiplier; });
  // 1/m_k correctly rounded to float, as the host sets it for the float targets.
  shaders::uInverseModulus = vec4(static_cast<float>(1.0 / kComponents[0].modulus), static_cast<float>(1.0 / kComponents[1].modulus),
                                  static_cast<float>(1.0 / kComponents[2].modulus), 1.0f);
}

TEST_CASE("ceicgIntegers: the CEICG outputs at edge and random positions under hostile arithmetic", "[hostile]") {
  using glrand::ceicg::kComponents;
  set_ceicg_uniforms();
  // (start residues, offset): starts at 0, 1, m - 1 .. m - 4, beside multiples of Schrage's
  // q, where a·r + c ≡ 0 (inverse 0); offsets of the float targets (0, 4, 8, 12) and the
  // largest (m - 4); random starts.
  std::vector<std::pair<glrand::ceicg::Residues, U64>> cases;
  const auto start_of = [](auto pick) {
    glrand::ceicg::Residues r{};
    for (int k = 0; k < 3; ++k) r[k] = static_cast<std::uint32_t>(pick(U64{kComponents[k].modulus}, k));
    return r;
  };
  for (const U64 offset : {U64{0}, U64{4}, U64{8}, U64{12}}) {
    for (U64 back = 0; back <= 16; ++back) cases.push_back({start_of([&](U64 m, int) { return (m - back) % m; }), offset});
    for (const U64 k : {U64{1}, U64{2}, U64{6}})
      for (std::int64_t d = -5; d <= 2; ++d)
        cases.push_back({start_of([&](U64 m, int c) { return (k * (m / kComponents[c].multiplier) + m + d) % m; }), offset});
  }
  cases.push_back({start_of([](U64, int) { return 0; }), kComponents[2].modulus - 4});
  cases.push_back({start_of([](U64, int) { return 3; }), kComponents[2].modulus - 4});
  for (int i = 0; i < 2500; ++i)
    cases.push_back({start_of([](U64 m, int) { return uniform(0, m); }), 4 * uniform(0, 4)});
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    for (const auto& [start, offset] : cases) {
      vec4 x[3];
      shaders::ceicgIntegers(vec4(f(start[0]), f(start[1]), f(start[2]), f(0)), f(offset), x[0], x[1], x[2]);
      for (int k = 0; k < 3; ++k) {
        const U64 mod = kComponents[k].modulus;
        for (int j = 0; j < 4; ++j) {
          const U64 residue = (start[k] + offset + j) % mod;
          const U64 y = (kComponents[k].multiplier * residue + kComponents[k].increment) % mod;
          const auto expected = glrand::ceicg::inverse_mod(static_cast<std::uint32_t>(y), static_cast<std::uint32_t>(mod));
          m.check(integer_of(x[k].lane[j]) == expected, [&](auto& o) {
            o << "component " << k + 1 << " at residue " << residue << " -> " << x[k].lane[j].v << ", not " << expected;
          });
        }
      }
    }
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("ceicgIntegers", checked);
}

// ceicgUniform's u (textures filled on the GPU) is a float formula, not exact. It multiplies
// by reciprocals 1/m_k that the host rounds, so no division is involved and only fusion can
// vary: u is within 2^-21 of the host's f32 value (docs/generators.md's bound), distance taken mod 1
// (a sum just below an integer may wrap to just above it, u near 0 for an f32 value near 1).
TEST_CASE("ceicgUniform stays within 2^-21 of the f32 value, mod 1, under hostile arithmetic", "[hostile]") {
  using glrand::ceicg::kComponents;
  set_ceicg_uniforms();
  std::vector<glrand::ceicg::Output> cases;
  for (std::uint32_t back = 1; back <= 8; ++back) {
    cases.push_back({kComponents[0].modulus - back, kComponents[1].modulus - back, kComponents[2].modulus - back});
    cases.push_back({back - 1, back - 1, back - 1});
    cases.push_back({kComponents[0].modulus - back, back - 1, back - 1});
  }
  for (int i = 0; i < 40000; ++i)
    cases.push_back({static_cast<std::uint32_t>(uniform(0, kComponents[0].modulus)),
                     static_cast<std::uint32_t>(uniform(0, kComponents[1].modulus)),
                     static_cast<std::uint32_t>(uniform(0, kComponents[2].modulus))});
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    const double bound = std::ldexp(1.0, -21);
    Mismatches m;
    in_lanes(
        cases,
        [](const std::array<glrand::ceicg::Output, 4>& x) {
          vec4 lanes[3];
          for (int k = 0; k < 3; ++k) lanes[k] = v4(x[0][k], x[1][k], x[2][k], x[3][k]);
          return shaders::ceicgUniform(lanes[0], lanes[1], lanes[2]).lane;
        },
        [&](const glrand::ceicg::Output& x, Float u) {
          const double distance = std::fabs(double{u.v} - glrand::ceicg::to_f32(x));
          m.check(u.v >= 0.0f && u.v < 1.0f && std::min(distance, 1.0 - distance) <= bound, [&](auto& o) {
            o << "(" << x[0] << ", " << x[1] << ", " << x[2] << ") -> " << u.v << ", f32 " << glrand::ceicg::to_f32(x);
          });
        });
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("ceicgUniform", checked);
}

struct ProductCase {
  U64 x, c, m;
};

// mulMod24 for moduli in (2^23, 2^24): every WH modulus with leapfrog multipliers a^P,
// CEICG's, and random; x and c at edges of their 12-bit halves (0, 4095, 4096, k·4096 - 1)
// and at m - 1, m - 2, plus random.
std::vector<ProductCase> mulmod24_inputs() {
  std::vector<ProductCase> cases;
  const auto edges = [](U64 m) {
    std::vector<U64> v{0, 1, 2, 4095, 4096, 4097, m - 1, m - 2, m / 2};
    for (const U64 k : {U64{2}, m / 4096 - 1, m / 4096}) add_around(v, k * 4096, 0, m);
    return v;
  };
  std::vector<U64> moduli{(U64{1} << 23) + 1, kFloatIntegers - 1, kFloatIntegers - 3};
  for (const auto& c : glrand::ceicg::kComponents) moduli.push_back(c.modulus);
  for (int i = 0; i < 100; ++i) moduli.push_back(uniform((U64{1} << 23) + 1, kFloatIntegers));
  for (const U64 m : moduli) {
    const auto e = edges(m);
    for (const U64 x : e)
      for (const U64 c : e) cases.push_back({x, c, m});
    for (int i = 0; i < 200; ++i) cases.push_back({uniform(0, m), uniform(0, m), m});
  }
  for (const auto& p : glrand::wh::parameter_table()) {
    for (const std::uint64_t leap : {U64{2}, U64{4096}, U64{1} << 20, U64{1} << 24, uniform(2, U64{1} << 40)}) {
      const auto j = glrand::wh::jump_multipliers(p, leap);
      for (int k = 0; k < 4; ++k) {
        for (const U64 x : {U64{1}, U64{p.modulus[k]} - 1, uniform(0, p.modulus[k])}) cases.push_back({x, j[k], p.modulus[k]});
      }
    }
  }
  return cases;
}

template <class MulMod24>
Mismatches check_mulmod24(const std::vector<ProductCase>& cases, MulMod24 mul_mod24) {
  Mismatches m;
  in_lanes(
      cases,
      [&](const std::array<ProductCase, 4>& c) {
        return mul_mod24(v4(c[0].x, c[1].x, c[2].x, c[3].x), v4(c[0].c, c[1].c, c[2].c, c[3].c),
                         v4(c[0].m, c[1].m, c[2].m, c[3].m))
            .lane;
      },
      [&](const ProductCase& c, Float r) {
        m.check(integer_of(r) == static_cast<std::int64_t>(c.x * c.c % c.m),
                [&](auto& o) { o << c.x << " * " << c.c << " mod " << c.m << " -> " << r.v; });
      });
  return m;
}

TEST_CASE("mulMod24: WH leapfrog multipliers and moduli above 2^23 under hostile arithmetic", "[hostile]") {
  // mulMod24 needs m >= 8384513 (shaders/common/mulmod24.glsl); its users are Wichmann-Hill's, whose moduli
  // are all above 2^23.
  for (const auto& p : glrand::wh::parameter_table())
    for (const U64 m : p.modulus) REQUIRE(m > (U64{1} << 23));
  const auto cases = mulmod24_inputs();
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    const auto m = check_mulmod24(cases, [](vec4 x, vec4 c, vec4 mm) { return shaders::mulMod24(x, c, mm); });
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("mulMod24", checked);
}

// mulMod24ByHalves with c, m and their halves made by the host (fragment/modular_uniforms.hpp).
vec4 mul_mod24_by_halves(const std::array<ProductCase, 4>& c) {
  std::array<Float, 4> c1, c0, s1, s0, m1, m0, shift;
  for (std::size_t i = 0; i < 4; ++i) {
    const auto m = static_cast<std::uint32_t>(c[i].m);
    const auto multiplier = glrand::fragment::mul_mod24_multiplier(static_cast<std::uint32_t>(c[i].c), m);
    c1[i] = Float::of(multiplier.c.high);
    c0[i] = Float::of(multiplier.c.low);
    s1[i] = Float::of(multiplier.shifted.high);
    s0[i] = Float::of(multiplier.shifted.low);
    m1[i] = Float::of(glrand::fragment::halves(m).high);
    m0[i] = Float::of(glrand::fragment::halves(m).low);
    shift[i] = Float::of(glrand::fragment::shift_quotient(m));
  }
  const auto of = [](const std::array<Float, 4>& a) { return vec4(a[0], a[1], a[2], a[3]); };
  return shaders::mulMod24ByHalves(v4(c[0].x, c[1].x, c[2].x, c[3].x), of(c1), of(c0), of(s1), of(s0),
                                   v4(c[0].m, c[1].m, c[2].m, c[3].m), of(m1), of(m0), of(shift));
}

TEST_CASE("mulMod24ByHalves: the same products, halves and shift quotient from the host, under hostile arithmetic",
          "[hostile]") {
  const auto cases = mulmod24_inputs();
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    in_lanes(cases, [](const std::array<ProductCase, 4>& c) { return mul_mod24_by_halves(c).lane; }, [&](const ProductCase& c, Float r) {
      m.check(integer_of(r) == static_cast<std::int64_t>(c.x * c.c % c.m),
              [&](auto& o) { o << c.x << " * " << c.c << " mod " << c.m << " -> " << r.v; });
    });
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("mulMod24ByHalves", checked);
}

// shiftMod12ByInverse alone, where its estimate of v·2^12 div m is likeliest to fall short or
// overshoot: v just beside the multiples of m/2^12 (v·2^12 beside a multiple of m), for every WH
// modulus, the smallest and largest moduli mulMod24 takes, and random ones.
TEST_CASE("shiftMod12ByInverse: v beside every multiple of m/2^12, under hostile arithmetic", "[hostile]") {
  struct ShiftCase {
    U64 v, m;
  };
  std::vector<U64> moduli{8384513, (U64{1} << 23) + 1, kFloatIntegers - 1, kFloatIntegers - 3};
  for (const auto& p : glrand::wh::parameter_table())
    for (const U64 m : p.modulus) moduli.push_back(m);
  for (int i = 0; i < 20; ++i) moduli.push_back(uniform(8384513, kFloatIntegers));
  std::sort(moduli.begin(), moduli.end());
  moduli.erase(std::unique(moduli.begin(), moduli.end()), moduli.end());
  std::vector<ShiftCase> cases;
  for (const U64 m : moduli)
    for (U64 k = 1; k < 4096; ++k) {
      const U64 v = (k * m + 4095) / 4096;  // the least v with v·2^12 >= k·m
      for (const U64 w : {v - 1, v, v + 1})
        if (w < m) cases.push_back({w, m});
    }
  const auto shift = [](const std::array<ShiftCase, 4>& c) {
    std::array<Float, 4> m1, m0, quotient;
    for (std::size_t i = 0; i < 4; ++i) {
      const auto m = static_cast<std::uint32_t>(c[i].m);
      m1[i] = Float::of(glrand::fragment::halves(m).high);
      m0[i] = Float::of(glrand::fragment::halves(m).low);
      quotient[i] = Float::of(glrand::fragment::shift_quotient(m));
    }
    const auto of = [](const std::array<Float, 4>& a) { return vec4(a[0], a[1], a[2], a[3]); };
    return shaders::shiftMod12ByInverse(v4(c[0].v, c[1].v, c[2].v, c[3].v), v4(c[0].m, c[1].m, c[2].m, c[3].m), of(m1),
                                        of(m0), of(quotient))
        .lane;
  };
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    in_lanes(cases, shift, [&](const ShiftCase& c, Float r) {
      m.check(integer_of(r) == static_cast<std::int64_t>((c.v << 12) % c.m),
              [&](auto& o) { o << c.v << " * 4096 mod " << c.m << " -> " << r.v; });
    });
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("shiftMod12ByInverse", checked);
}

// shiftMod12 relies on the low bias too: without it a quotient one high leaves r below -m.
TEST_CASE("mulMod24 mutant without the low bias is caught under +2 ulp division", "[hostile]") {
  const auto cases = mulmod24_inputs();
  PolicyScope scope(NamedPolicy{"+2 ulp", Policy{2, Fusion::never}, 1});
  const auto m = check_mulmod24(cases, [](vec4 x, vec4 c, vec4 mm) { return mutant::mulMod24(x, c, mm); });
  INFO("+2 ulp division: " << m.report());
  CHECK(m.count() > 0);
}

}  // namespace
