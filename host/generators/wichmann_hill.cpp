// SPDX-License-Identifier: MIT
#include "generators/wichmann_hill.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include <glrand/error.hpp>
#include "generators/float_conversion.hpp"
#include "generators/parallel_fill.hpp"

// MKL rounds each product x·(1/m) before adding it. A fused multiply-add rounds once and can
// change the last bit, so this file is compiled with -ffp-contract=off (CMakeLists.txt), even
// where the target has FMA (-march=native); not by `#pragma GCC optimize`, which stops the
// bulk conversions' formula from being inlined and vectorised.

namespace glrand::wh {

const Parameters& parameters(int set) {
  if (set < 0 || set >= kSetCount)
    throw InvalidArgument("Wichmann-Hill parameter set " + std::to_string(set) +
                          " does not exist: sets are numbered 0..272 (MKL's VSL_BRNG_WH + set)");
  return parameter_table()[static_cast<std::size_t>(set)];
}

State seed_state(int set, std::uint32_t seed) {
  const Parameters& p = parameters(set);
  const std::uint32_t x = seed % p.modulus[0];
  return {x == 0 ? 1u : x, 1u, 1u, 1u};
}

State seed_state(int set, const std::array<std::uint32_t, 4>& words) {
  const Parameters& p = parameters(set);
  State s{};
  for (int k = 0; k < 4; ++k) {
    const std::uint32_t w = words[k] % p.modulus[k];
    s[k] = w == 0 ? 1u : w;
  }
  return s;
}

namespace {

// The reciprocals 1/m_k, each rounded once, as MKL multiplies by them.
struct Reciprocals {
  explicit Reciprocals(const Parameters& p)
      : r{1.0 / p.modulus[0], 1.0 / p.modulus[1], 1.0 / p.modulus[2], 1.0 / p.modulus[3]} {}
  double r[4];
};

// One statement per operation, in MKL's order: products rounded, then summed left to right;
// then the fractional part: u lies in [0, 4), so truncation is its floor (and vectorises where
// std::floor does not), and the difference is exact.
double fraction(const Reciprocals& m, const std::uint32_t* x) {
  double u = static_cast<double>(x[0]) * m.r[0];
  for (int k = 1; k < 4; ++k) {
    const double term = static_cast<double>(x[k]) * m.r[k];
    u = u + term;
  }
  return u - static_cast<double>(static_cast<std::int32_t>(u));
}

// An f64 value at or above 1 - 2^-25 rounds to 1.0f; keep the range [0, 1).
float single(double u) {
  const float f = static_cast<float>(u);
  return f < 1.0f ? f : 0x1.fffffep-1f;
}

}  // namespace

double to_f64(const Parameters& p, const State& s) { return fraction(Reciprocals(p), s.data()); }
float to_f32(const Parameters& p, const State& s) { return single(to_f64(p, s)); }
std::uint32_t to_u32(const Parameters& p, const State& s) { return word_of_unit(to_f64(p, s)); }

// The reciprocals made once per chunk (the same values), so that the loop only multiplies.
GLRAND_VECTOR_CLONES void to_f32(const Parameters& p, std::span<const std::uint32_t> words, std::span<float> out) {
  const Reciprocals m(p);
  convert_each<4>(words, out, [&m](const std::uint32_t* w) { return single(fraction(m, w)); });
}

GLRAND_VECTOR_CLONES void to_f64(const Parameters& p, std::span<const std::uint32_t> words, std::span<double> out) {
  const Reciprocals m(p);
  convert_each<4>(words, out, [&m](const std::uint32_t* w) { return fraction(m, w); });
}

GLRAND_VECTOR_CLONES void to_u32(const Parameters& p, std::span<const std::uint32_t> words, std::span<std::uint32_t> out) {
  const Reciprocals m(p);
  convert_each<4>(words, out, [&m](const std::uint32_t* w) { return word_of_unit(fraction(m, w)); });
}

namespace {

// step()'s twin for the bulk loop: `n` states from `s` into `out`, four words each. The four
// components side by side in one vector of doubles (GCC's vector extension): the products a·x
// (below 2^48) exactly, the quotient a·x/m from a rounded reciprocal rounded to the nearest
// integer by adding and taking away 2^52 (never more than one above the floor, so one
// compare corrects the remainder), and the remainder a·x − q·m exactly.
using Doubles = double __attribute__((vector_size(32)));
using Words = std::uint32_t __attribute__((vector_size(16)));

// Eight stretches of the range side by side, each from its own state (skip-ahead): one
// stretch's step waits on its previous one, eight independent ones keep the units busy.
GLRAND_VECTOR_CLONES void steps(const Parameters& p, const State& s, std::uint32_t* __restrict out, std::uint64_t n) {
  constexpr int kLanes = 8;
  const Doubles a{static_cast<double>(p.multiplier[0]), static_cast<double>(p.multiplier[1]),
                  static_cast<double>(p.multiplier[2]), static_cast<double>(p.multiplier[3])};
  const Doubles m{static_cast<double>(p.modulus[0]), static_cast<double>(p.modulus[1]),
                  static_cast<double>(p.modulus[2]), static_cast<double>(p.modulus[3])};
  const Doubles reciprocal = 1.0 / m;
  const Doubles round = Doubles{} + 0x1p52;
  const auto store_and_step = [&](Doubles& x, std::uint64_t i) {
    const Words w = __builtin_convertvector(x, Words);
    std::memcpy(out + 4 * i, &w, sizeof w);
    const Doubles product = a * x;
    const Doubles q = (product * reciprocal + round) - round;
    const Doubles r = product - q * m;
    x = r < 0.0 ? r + m : r;
  };
  const std::uint64_t stretch = n / kLanes;
  Doubles x[kLanes];
  for (int j = 0; j < kLanes; ++j) {
    const State start = state_at(p, s, j * stretch);
    x[j] = Doubles{static_cast<double>(start[0]), static_cast<double>(start[1]), static_cast<double>(start[2]),
                   static_cast<double>(start[3])};
  }
  for (std::uint64_t i = 0; i < stretch; ++i)
    for (int j = 0; j < kLanes; ++j) store_and_step(x[j], j * stretch + i);
  // The last stretch goes on to the end.
  for (std::uint64_t i = kLanes * stretch; i < n; ++i) store_and_step(x[kLanes - 1], i);
}

}  // namespace

void generate_ints(const Parameters& p, const State& start, std::span<std::uint32_t> out,
                   unsigned threads) {
  parallel_fill(out.size() / 4, threads, [&](std::uint64_t begin, std::uint64_t end) {
    steps(p, state_at(p, start, begin), out.data() + 4 * begin, end - begin);
  });
}

}  // namespace glrand::wh
