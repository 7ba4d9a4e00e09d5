// SPDX-License-Identifier: MIT
#pragma once
// What the division-free forms of shaders/common/modular.glsl, mulmod24.glsl and
// balanced_residues.glsl take from the host: for a divisor or multiplier that is the same in
// every lane of a draw (a uniform), the reciprocals and halves are made here, once, instead of
// in each texel.
#include <cstdint>

namespace glrand::fragment {

// shaders/common/exact_division.glsl's kQuotientBias: quotient estimates are scaled by it so
// that they never exceed the true quotient (hostile_emulation_tests checks the two agree).
inline constexpr double kQuotientBias = 1.0 - 1.0 / 1048576.0;

// (1/d)·kQuotientBias rounded to float (mulModSchrageByInverse's qInverse).
inline float biased_reciprocal(std::uint32_t d) { return static_cast<float>(kQuotientBias / d); }

// (2^12/m)·kQuotientBias rounded to float (mulMod24ByHalves's shiftQuotient).
inline float shift_quotient(std::uint32_t m) { return static_cast<float>(4096.0 * kQuotientBias / m); }

// An integer below 2^24 as its 12-bit halves.
struct Halves {
  float high, low;
};
inline Halves halves(std::uint32_t v) { return {static_cast<float>(v >> 12), static_cast<float>(v & 4095u)}; }

// v/m rounded to float (through double: v, m < 2^24), mulMod24Balanced's quotient estimates.
inline float over_modulus(std::uint32_t v, std::uint32_t m) { return static_cast<float>(double(v) / m); }

// mulMod24ByHalves's and mulMod24Balanced's multiplier c < m: the halves of c and of
// c' = c·2^12 mod m, and c/m and c'/m (mulMod24Balanced's).
struct MulMod24Multiplier {
  Halves c, shifted;
  float c_over_modulus, shifted_over_modulus;
};
inline MulMod24Multiplier mul_mod24_multiplier(std::uint32_t c, std::uint32_t m) {
  const auto shifted = static_cast<std::uint32_t>((std::uint64_t{c} << 12) % m);
  return {halves(c), halves(shifted), over_modulus(c, m), over_modulus(shifted, m)};
}

}  // namespace glrand::fragment
