// SPDX-License-Identifier: MIT
#include "generators/wichmann_hill.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <glrand/error.hpp>
#include "generators/float_conversion.hpp"
#include "generators/parallel_fill.hpp"

// MKL rounds each product x·(1/m) before adding it. A fused multiply-add rounds once and can
// change the last bit, so contraction stays off here even where the target has FMA
// (-march=native, or GCC's default -ffp-contract=fast in C++).
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

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

double to_f64(const Parameters& p, const State& s) {
  // One statement per operation, in MKL's order: products rounded, then summed left to right.
  double u = static_cast<double>(s[0]) * (1.0 / p.modulus[0]);
  for (int k = 1; k < 4; ++k) {
    const double term = static_cast<double>(s[k]) * (1.0 / p.modulus[k]);
    u = u + term;
  }
  return u - std::floor(u);
}

float to_f32(const Parameters& p, const State& s) {
  const float f = static_cast<float>(to_f64(p, s));
  // An f64 value at or above 1 - 2^-25 rounds to 1.0f; keep the range [0, 1).
  return f < 1.0f ? f : std::nextafter(1.0f, 0.0f);
}

std::uint32_t to_u32(const Parameters& p, const State& s) { return word_of_unit(to_f64(p, s)); }

GLRAND_VECTOR_CLONES void to_f32(const Parameters& p, std::span<const std::uint32_t> words, std::span<float> out) {
  convert_each<4>(words, out, [&p](const std::uint32_t* w) { return to_f32(p, State{w[0], w[1], w[2], w[3]}); });
}

GLRAND_VECTOR_CLONES void to_f64(const Parameters& p, std::span<const std::uint32_t> words, std::span<double> out) {
  convert_each<4>(words, out, [&p](const std::uint32_t* w) { return to_f64(p, State{w[0], w[1], w[2], w[3]}); });
}

GLRAND_VECTOR_CLONES void to_u32(const Parameters& p, std::span<const std::uint32_t> words, std::span<std::uint32_t> out) {
  convert_each<4>(words, out, [&p](const std::uint32_t* w) { return to_u32(p, State{w[0], w[1], w[2], w[3]}); });
}

void generate_ints(const Parameters& p, const State& start, std::span<std::uint32_t> out,
                   unsigned threads) {
  parallel_fill(out.size() / 4, threads, [&](std::uint64_t begin, std::uint64_t end) {
    State s = state_at(p, start, begin);
    for (std::uint64_t i = begin; i < end; ++i, s = step(p, s))
      std::copy(s.begin(), s.end(), out.begin() + 4 * i);
  });
}

}  // namespace glrand::wh
