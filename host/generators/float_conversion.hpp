// SPDX-License-Identifier: MIT
#pragma once
// The generators' single-precision formula: the largest float not above the double value.
// Round-to-nearest may carry a u just below 1 up to 1.0f; rounding down keeps u < 1.
// And the 32-bit word of a uniform, for the generators whose output is a fraction; and the
// loop that applies a formula to a chunk of outputs, which the generators' bulk conversions
// (to_f32, to_f64, to_u32 over spans) compile once per instruction set.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

namespace glrand {

// For u ≥ 0. A float rounded up lies above u ≥ 0, so its bits are above 0 and one less is
// the next float down (std::nextafter(f, 0.0f)); written without a branch so that bulk
// conversions vectorise.
inline float float_not_above(double u) {
  const float f = static_cast<float>(u);
  const auto rounded_up = static_cast<std::uint32_t>(static_cast<double>(f) > u);
  return std::bit_cast<float>(std::bit_cast<std::uint32_t>(f) - rounded_up);
}

// floor(u·2^32) for u in [0, 1): the first 32 bits of u's binary expansion, the way TestU01
// takes bits from a generator defined by its uniforms. Exact: the scaling by 2^32 is exact
// in a double and the conversion truncates.
inline std::uint32_t word_of_unit(double u) { return static_cast<std::uint32_t>(u * 0x1p32); }

// Output i of a chunk (Width words each) through `formula`, for every output of `out`. Kept a
// plain loop: inlined into a GLRAND_VECTOR_CLONES function it vectorises for each clone.
template <std::size_t Width, class T, class Formula>
inline void convert_each(std::span<const std::uint32_t> words, std::span<T> out, Formula formula) {
  const std::uint32_t* w = words.data();
  T* o = out.data();
  const std::size_t n = out.size();
  for (std::size_t i = 0; i < n; ++i) o[i] = formula(w + Width * i);
}

}  // namespace glrand

// A bulk conversion compiled twice, for AVX2 and for the baseline, the CPU choosing at load
// time (GCC's and Clang's function multiversioning). AVX2 without FMA: no product and sum can
// be fused into another rounding, so every clone gives the formula's bits.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#define GLRAND_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define GLRAND_VECTOR_CLONES
#endif
