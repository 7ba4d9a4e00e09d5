// SPDX-License-Identifier: MIT
// shaders/common/extended_range.glsl (MRG32k3a's 32-bit words as 12-bit digits), translated
// to C++, under hostile arithmetic; references: 128-bit integer arithmetic and
// host/generators/mrg32k3a.hpp. Digits, folding constants and matrices are encoded as
// host/fragment/mrg32k3a_fragment.hpp sets the uniforms.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>

#include "generators/mrg32k3a.hpp"
#include "hostile/hostile_support.hpp"

namespace {

using namespace glrand::hostile;
using namespace glrand::hostile::testing;
namespace shaders = glrand::hostile::shaders;
using U64 = std::uint64_t;
using U128 = unsigned __int128;
using glrand::mrg32k3a::kM1;
using glrand::mrg32k3a::kM2;

vec3 digits(U64 v) { return v3(v & 0xFFF, v >> 12 & 0xFFF, v >> 24); }
U64 power_of_two_mod(unsigned bits, U64 m) { return static_cast<U64>((U128{1} << bits) % m); }

shaders::Modulus modulus(U64 m) {
  return shaders::Modulus(digits(m), digits(power_of_two_mod(36, m)), digits(power_of_two_mod(48, m)),
                          digits(power_of_two_mod(60, m)), f((U64{1} << 32) - m));
}

// The value of three digits, or -1 unless each is an integer in [0, 4096).
std::int64_t integer_of_digits(const vec3& d) {
  std::int64_t value = 0;
  for (int k = 2; k >= 0; --k) {
    const auto digit = integer_of(d.lane[k]);
    if (digit < 0 || digit >= 4096) return -1;
    value = value * 4096 + digit;
  }
  return value;
}

// Words below `limit` with every 12-bit digit at 0, 1 or its maximum (4095; 255 for the
// top), powers of two and their neighbours, and values beside m1, m2, 2^24 and `limit`.
std::vector<U64> word_edges(U64 limit) {
  std::vector<U64> v;
  for (const U64 d2 : {U64{0}, U64{1}, U64{255}})
    for (const U64 d1 : {U64{0}, U64{1}, U64{4095}})
      for (const U64 d0 : {U64{0}, U64{1}, U64{4095}})
        if (const U64 x = d0 | d1 << 12 | d2 << 24; x < limit) v.push_back(x);
  for (int bits = 1; bits <= 32; ++bits) add_around(v, U64{1} << bits, 0, limit);
  for (const U64 near : {kM1, kM2, limit}) add_around(v, near, 0, limit);
  return v;
}

TEST_CASE("digitsOfWord and wordOfDigits round-trip words up to 2^32 - 1", "[hostile]") {
  auto words = word_edges(U64{1} << 32);
  for (int i = 0; i < 20000; ++i) words.push_back(uniform(0, U64{1} << 32));
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    for (const U64 w : words) {
      const vec3 d = shaders::digitsOfWord(vec2(f(w & 0xFFFFFF), f(w >> 24)));
      const vec2 back = shaders::wordOfDigits(d);
      m.check(integer_of_digits(d) == static_cast<std::int64_t>(w) && integer_of(back.lane[0]) == static_cast<std::int64_t>(w & 0xFFFFFF) &&
                  integer_of(back.lane[1]) == static_cast<std::int64_t>(w >> 24),
              [&](auto& o) { o << "word " << w; });
    }
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
}

// reduceWide for normalized v < 2^72 (the documented range; dotMod's sums stay below 2^66):
// all-ones, single full digits, multiples k·m ± 1 with k up to 2^40, 2^32 ± 1, random.
TEST_CASE("reduceWide: values up to 2^72 beside multiples of m1 and m2 under hostile arithmetic", "[hostile]") {
  std::vector<U128> values{0, 1, (U128{1} << 72) - 1, (U128{1} << 32) - 1, U128{1} << 32, (U128{1} << 32) + 1,
                           (U128{1} << 36) - 1, U128{1} << 36, (U128{1} << 48) - 1, (U128{1} << 66) - 1};
  for (int digit = 0; digit < 6; ++digit) {
    values.push_back(U128{4095} << (12 * digit));
    values.push_back((U128{1} << (12 * digit + 12)) - 1);
  }
  for (const U64 m : {kM1, kM2}) {
    for (const U128 k : {U128{1}, U128{2}, U128{16}, U128{17}, U128{1} << 20, (U128{1} << 40) - 1})
      for (int d = -2; d <= 2; ++d) values.push_back(k * m + d);
    for (int i = 0; i < 2000; ++i) {
      const U128 k = uniform(1, U64{1} << 40);
      for (int d = -1; d <= 1; ++d) values.push_back(k * m + d);
    }
  }
  for (int i = 0; i < 20000; ++i) values.push_back((U128{uniform(0, U64{1} << 8)} << 64) | uniform(0, ~U64{0}));
  const shaders::Modulus moduli[2] = {modulus(kM1), modulus(kM2)};
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    for (const U128 v : values) {
      vec4 lo, hi;
      for (int k = 0; k < 4; ++k) lo.lane[k] = f(static_cast<U64>(v >> (12 * k)) & 0xFFF);
      for (int k = 0; k < 2; ++k) hi.lane[k] = f(static_cast<U64>(v >> (48 + 12 * k)) & 0xFFF);
      for (int c = 0; c < 2; ++c) {
        const U64 mod = c == 0 ? kM1 : kM2;
        const vec3 r = shaders::reduceWide(lo, hi, moduli[c]);
        m.check(integer_of_digits(r) == static_cast<std::int64_t>(v % mod), [&](auto& o) {
          o << "(" << static_cast<U64>(v >> 64) << "·2^64 + " << static_cast<U64>(v) << ") mod " << mod << " -> "
            << integer_of_digits(r);
        });
      }
    }
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("reduceWide", checked);
}

using Matrix = glrand::mrg32k3a::Matrix;

// dotMod: rows of the step matrices and jumps (1, 2, 2^76, 2^127 steps, random), matrices of
// all m - 1 (the largest sums) and of digit edges, times edge and random columns.
TEST_CASE("dotMod: MRG32k3a matrices and jumps times edge and random columns", "[hostile]") {
  using glrand::mrg32k3a::jump_by;
  std::vector<std::pair<Matrix, Matrix>> matrices;  // (component 1, component 2)
  for (const glrand::mrg32k3a::Steps steps :
       {glrand::mrg32k3a::Steps{1}, glrand::mrg32k3a::Steps{2}, glrand::mrg32k3a::Steps{1} << 76,
        glrand::mrg32k3a::Steps{1} << 127, glrand::mrg32k3a::Steps{uniform(3, ~U64{0})}}) {
    const auto j = jump_by(steps);
    matrices.emplace_back(j.a1, j.a2);
  }
  const auto filled = [](U64 v1, U64 v2) {
    Matrix a{}, b{};
    for (auto& row : a) row.fill(v1);
    for (auto& row : b) row.fill(v2);
    return std::pair{a, b};
  };
  matrices.push_back(filled(kM1 - 1, kM2 - 1));
  matrices.push_back(filled(0xFFFFFF, 0xFFFFFF));
  matrices.push_back(filled(0xFF000FFF, 0xFF000FFF));  // digits (4095, 0, 255)
  const auto e1 = word_edges(kM1), e2 = word_edges(kM2);
  std::vector<std::array<U64, 6>> columns;  // s1[0..2], s2[0..2]
  for (std::size_t i = 0; i < e1.size(); ++i)
    for (std::size_t j = i % 29; j < e1.size(); j += 29)
      columns.push_back({e1[i], e1[j], e1[(i + j) % e1.size()], e2[i % e2.size()], e2[j % e2.size()], e2[(i * j) % e2.size()]});
  for (int i = 0; i < 600; ++i)
    columns.push_back({uniform(0, kM1), uniform(0, kM1), uniform(0, kM1), uniform(0, kM2), uniform(0, kM2), uniform(0, kM2)});
  const shaders::Modulus first = modulus(kM1), second = modulus(kM2);
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    for (const auto& [a1, a2] : matrices)
      for (const auto& s : columns)
        for (int c = 0; c < 2; ++c) {
          const Matrix& a = c == 0 ? a1 : a2;
          const U64 mod = c == 0 ? kM1 : kM2;
          const U64* w = s.data() + 3 * c;
          for (int row = 0; row < 3; ++row) {
            const vec3 r = shaders::dotMod(digits(a[row][0]), digits(a[row][1]), digits(a[row][2]), digits(w[0]),
                                           digits(w[1]), digits(w[2]), c == 0 ? first : second);
            const U128 exact = (U128{a[row][0]} * w[0] + U128{a[row][1]} * w[1] + U128{a[row][2]} * w[2]) % mod;
            m.check(integer_of_digits(r) == static_cast<std::int64_t>(exact), [&](auto& o) {
              o << "component " << c + 1 << " row " << row << " · (" << w[0] << ", " << w[1] << ", " << w[2] << ") -> "
                << integer_of_digits(r) << ", not " << static_cast<U64>(exact);
            });
          }
        }
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("dotMod", checked);
}

// mrg32k3a_texture.frag's floats: within 1 ulp of mrg32k3a::to_f32 and below 1, for outputs
// z = x0 + x1·2^24 at 1, near every power of two, near m1 (which rounds to 1 without the cap)
// and at random.
TEST_CASE("unitFloatOfWord stays within 1 ulp of mrg32k3a::to_f32, below 1, under hostile arithmetic", "[hostile]") {
  std::vector<U64> cases;
  for (int bits = 0; bits < 32; ++bits) add_around(cases, U64{1} << bits, 1, kM1 + 1);
  for (U64 back = 0; back < 64; ++back) cases.push_back(kM1 - back);
  for (int i = 0; i < 40000; ++i) cases.push_back(uniform(1, kM1 + 1));
  check_unit_floats_within_one_ulp(
      "unitFloatOfWord", cases, [](U64 z) { return shaders::unitFloatOfWord(vec2(f(z & 0xFFFFFF), f(z >> 24))); },
      [](U64 z) { return glrand::mrg32k3a::to_f32(static_cast<std::uint32_t>(z)); });
}

TEST_CASE("combine: MRG32k3a's output from p1 and p2, equal, adjacent, borrowing, random", "[hostile]") {
  const auto e1 = word_edges(kM1), e2 = word_edges(kM2);
  std::vector<std::pair<U64, U64>> pairs;
  for (const U64 p1 : e1)
    for (const U64 p2 : e2) pairs.emplace_back(p1, p2);
  for (const U64 p : e2)
    for (int d = -2; d <= 2; ++d)
      if (static_cast<std::int64_t>(p) + d >= 0) pairs.emplace_back(p + d, p);  // p1 beside p2
  for (int i = 0; i < 20000; ++i) pairs.emplace_back(uniform(0, kM1), uniform(0, kM2));
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    for (const auto& [p1, p2] : pairs) {
      const vec2 z = shaders::combine(digits(p1), digits(p2), digits(kM1));
      const U64 expected = p1 > p2 ? p1 - p2 : p1 + kM1 - p2;
      m.check(integer_of(z.lane[0]) == static_cast<std::int64_t>(expected & 0xFFFFFF) &&
                  integer_of(z.lane[1]) == static_cast<std::int64_t>(expected >> 24),
              [&](auto& o) { o << "p1 " << p1 << ", p2 " << p2 << " -> (" << z.lane[0].v << ", " << z.lane[1].v << ")"; });
    }
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("combine", checked);
}

using Column = std::array<vec3, 3>;

// MRG32k3a stepped 3000 times from RngStreams' seed by `advance` (both components' words as
// digits, oldest first, moved on in place), every output combined and checked against the
// reference, under every policy.
void check_stepped(const std::function<void(Column& s1, Column& s2)>& advance) {
  using namespace glrand::mrg32k3a;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    State exact = default_seed();
    Column s1, s2;
    for (int k = 0; k < 3; ++k) {
      s1[k] = digits(exact.s1[k]);
      s2[k] = digits(exact.s2[k]);
    }
    Mismatches m;
    for (int n = 0; n < 3000; ++n) {
      advance(s1, s2);
      exact = step(exact);
      const vec2 z = shaders::combine(s1[2], s2[2], digits(kM1));
      const U64 expected = glrand::mrg32k3a::combine(exact);
      m.check(integer_of(z.lane[0]) == static_cast<std::int64_t>(expected & 0xFFFFFF) &&
                  integer_of(z.lane[1]) == static_cast<std::int64_t>(expected >> 24),
              [&](auto& o) { o << "output " << n << " -> (" << z.lane[0].v << ", " << z.lane[1].v << "), not " << expected; });
    }
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
}

// mrg32k3a.frag's stepping (stepState: each component's column times its step matrix by
// dotMod).
TEST_CASE("MRG32k3a stepped 3000 times by dotMod and combine under hostile arithmetic", "[hostile]") {
  using namespace glrand::mrg32k3a;
  const shaders::Modulus first = modulus(kM1), second = modulus(kM2);
  check_stepped([&](Column& s1, Column& s2) {
    Column n1, n2;
    for (int row = 0; row < 3; ++row) {
      n1[row] = shaders::dotMod(digits(kA1[row][0]), digits(kA1[row][1]), digits(kA1[row][2]), s1[0], s1[1], s1[2], first);
      n2[row] = shaders::dotMod(digits(kA2[row][0]), digits(kA2[row][1]), digits(kA2[row][2]), s2[0], s2[1], s2[2], second);
    }
    s1 = n1;
    s2 = n2;
  });
}

// shortStepMod (stepOnce's arithmetic): (a·x − b·y) mod m for MRG32k3a's multipliers and
// the largest its bounds allow, x and y at the digit edges, where the reduction folds bits
// 32..35 twice (once in 10^6 steps), and at random, every policy.
TEST_CASE("shortStepMod: a·x - b·y mod m for edge and random residues under hostile arithmetic", "[hostile]") {
  using glrand::mrg32k3a::kA12;
  using glrand::mrg32k3a::kA13n;
  using glrand::mrg32k3a::kA21;
  using glrand::mrg32k3a::kA23n;
  constexpr U64 kLargest = (U64{1} << 21) - 1;
  struct Case {
    U64 m, a, b;
  };
  const Case cases[] = {{kM1, kA12, kA13n}, {kM2, kA21, kA23n}, {kM1, kLargest, kLargest}, {kM2, kLargest, kLargest}};
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    for (const auto& [mod, a, b] : cases) {
      const auto edges = word_edges(mod);
      std::vector<std::pair<U64, U64>> pairs;
      for (std::size_t i = 0; i < edges.size(); ++i)
        for (std::size_t j = i % 7; j < edges.size(); j += 7) pairs.emplace_back(edges[i], edges[j]);
      pairs.emplace_back(3003742075u, 975317733u);  // m1: a12·x − a13·y folds bits 32..35 twice
      pairs.emplace_back(3000000000u, 14683u);      // m2: a21·x − a23·y the same
      for (int i = 0; i < 3000; ++i) pairs.emplace_back(uniform(0, mod - 1), uniform(0, mod - 1));
      const shaders::Modulus modulus_digits = modulus(mod);
      const vec3 da = digits(a), db = digits(b);
      for (const auto& [x, y] : pairs) {
        const vec3 r = shaders::shortStepMod(vec2(da.lane[0], da.lane[1]), digits(x), vec2(db.lane[0], db.lane[1]),
                                             digits(y), modulus_digits);
        const U64 exact = static_cast<U64>((U128{a} * x + U128{b} * (mod - y)) % mod);
        m.check(integer_of_digits(r) == static_cast<std::int64_t>(exact), [&](auto& o) {
          o << a << "·" << x << " − " << b << "·" << y << " mod " << mod << " -> " << integer_of_digits(r) << ", not "
            << exact;
        });
      }
    }
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked("shortStepMod", checked);
}

// stepOnce (common/mrg32k3a_step.glsl: shortStepMod per component).
TEST_CASE("MRG32k3a stepped 3000 times by shortStepMod and combine under hostile arithmetic", "[hostile]") {
  using namespace glrand::mrg32k3a;
  const shaders::Modulus first = modulus(kM1), second = modulus(kM2);
  const auto pair = [](U64 v) { return vec2(f(v & 0xFFF), f(v >> 12)); };
  check_stepped([&](Column& s1, Column& s2) {
    s1 = {s1[1], s1[2], shaders::shortStepMod(pair(kA12), s1[1], pair(kA13n), s1[0], first)};
    s2 = {s2[1], s2[2], shaders::shortStepMod(pair(kA21), s2[2], pair(kA23n), s2[0], second)};
  });
}

}  // namespace
