// SPDX-License-Identifier: MIT
#pragma once
// Sobol32: Sobol's quasirandom sequence with Joe & Kuo's direction numbers
// (new-joe-kuo-6.21201; Joe & Kuo, SIAM J. Sci. Comput. 30, 2008), as cuRAND's
// CURAND_RNG_QUASI_SOBOL32 with CURAND_DIRECTION_VECTORS_32_JOEKUO6, bit for bit.
//
// Dimensions 0 .. kDimensions − 1 (Joe & Kuo's d = dimension + 1); dimension 0 is van der
// Corput (m_k = 1). Direction vectors v_k = m_k·2^(32−k) (k = 1..32, stored at index k − 1),
// m_k from the primitive polynomial's recurrence for k > s.
//
// Gray-code order from the zero point: x_0 = 0, x_{n+1} = x_n XOR v[c(n)], c(n) the index of
// the lowest zero bit of n; random access x_n = XOR of v[k] over the set bits k of
// gray(n) = n XOR (n >> 1). A dimension has 2^32 points; its first 2^k form a (0,k,1)-net.
//
// Floats: f32 as cuRAND's curand_uniform and curandGenerateUniform, float(x)·2^-32 + 2^-33 in
// float arithmetic, in (0, 1] (x ≥ 2^32 − 128 rounds to 1.0f); f64 the exact value of that
// formula, x·2^-32 + 2^-33, in [2^-33, 1 − 2^-33] (cuRAND's curandGenerateUniformDouble
// gives x·2^-32 + 2^-32 instead).
// Several dimensions are laid out as cuRAND's host API does: dimension-major, all points of
// dimension 0 first.
#include <array>
#include <cstdint>
#include <span>

#include <glrand/types.hpp>

#include "generators/host_device.hpp"
#include "generators/reference_generator.hpp"

namespace glrand::sobol32 {

inline constexpr int kDimensions = kSobol32Dimensions;  // Joe & Kuo's whole file (d = 2..21201) + van der Corput
inline constexpr int kBits = 32;
inline constexpr int kMaxDegree = 18;           // the largest s in Joe & Kuo's full file
inline constexpr std::uint64_t kPoints = std::uint64_t{1} << 32;  // points per dimension

using Directions = std::array<std::uint32_t, kBits>;

// One published row: degree s, polynomial coefficients a (x^s + a_1 x^(s-1) + ... + 1,
// a's bits from a_1 down to a_(s-1)), initial m_1..m_s.
struct JoeKuoRow {
  std::uint32_t s = 0;
  std::uint32_t a = 0;
  std::array<std::uint32_t, kMaxDegree> m{};
};

// Rows for dimensions 1 .. kDimensions − 1, generated at build time from the published file
// (cmake/GenerateJoeKuoTable.cmake).
const std::array<JoeKuoRow, kDimensions - 1>& joe_kuo_table();

// The direction vectors of one row (Bratley & Fox 1988, Joe & Kuo's recurrence).
constexpr Directions directions_of(const JoeKuoRow& row) {
  Directions v{};
  const std::uint32_t s = row.s;
  for (std::uint32_t k = 0; k < kBits; ++k) {
    if (k < s) {
      v[k] = row.m[k] << (31 - k);
    } else {
      std::uint32_t x = v[k - s] ^ (v[k - s] >> s);
      for (std::uint32_t i = 1; i < s; ++i)
        if ((row.a >> (s - 1 - i)) & 1u) x ^= v[k - i];
      v[k] = x;
    }
  }
  return v;
}

constexpr Directions van_der_corput() {
  Directions v{};
  for (int k = 0; k < kBits; ++k) v[k] = std::uint32_t{1} << (31 - k);
  return v;
}

// Dimension `dimension` in 0 .. kDimensions − 1 (throws std::out_of_range otherwise).
Directions directions(int dimension);

GLRAND_HOST_DEVICE constexpr std::uint32_t gray(std::uint32_t n) { return n ^ (n >> 1); }

// x_n by random access (skip-ahead): n < 2^32.
GLRAND_HOST_DEVICE constexpr std::uint32_t point(const std::uint32_t* v, std::uint32_t n) {
  std::uint32_t x = 0;
  for (std::uint32_t g = gray(n), k = 0; g; g >>= 1, ++k)
    if (g & 1u) x ^= v[k];
  return x;
}

// The index of the lowest zero bit of n: x_{n+1} = x_n XOR v[lowest_zero_bit(n)].
GLRAND_HOST_DEVICE constexpr std::uint32_t lowest_zero_bit(std::uint32_t n) {
  std::uint32_t c = 0;
  while (n & 1u) n >>= 1, ++c;
  return c;
}

GLRAND_HOST_DEVICE constexpr std::uint32_t step(const std::uint32_t* v, std::uint32_t x, std::uint32_t n) {
  return x ^ v[lowest_zero_bit(n)];
}

// x_{n+2^k} from x_n (k < 32, n + 2^k < 2^32): gray(n + 2^k) XOR gray(n) is bit k − 1 (k > 0)
// and bit k + c(n >> k). The CUDA kernel's stride (Bradley et al. 2011, GPU Computing Gems).
GLRAND_HOST_DEVICE constexpr std::uint32_t step_by_power_of_two(const std::uint32_t* v, std::uint32_t x, std::uint32_t n,
                                                                std::uint32_t k) {
  if (k > 0) x ^= v[k - 1];
  return x ^ v[k + lowest_zero_bit(n >> k)];
}

// cuRAND's _curand_uniform: x·2^-32 + 2^-33 in float (the product is exact: no fusion matters).
GLRAND_HOST_DEVICE inline float to_f32(std::uint32_t x) {
  return static_cast<float>(x) * 2.3283064365386963e-10f + 1.16415321826934814453125e-10f;
}

// x·2^-32 + 2^-33, exact in a double: the value to_f32 rounds (as mt19937::to_f64).
inline double to_f64(std::uint32_t x) { return (static_cast<double>(x) + 0.5) * 0x1p-32; }
// The formulas over a chunk: out[i] from x = words[i], out.size() outputs.
void to_f32(std::span<const std::uint32_t> words, std::span<float> out);
void to_f64(std::span<const std::uint32_t> words, std::span<double> out);

// Points first .. first + out.size() − 1 of one dimension (0 .. kDimensions − 1), in order;
// first + out.size() ≤ 2^32 (throws std::out_of_range otherwise).
void generate_dimension(int dimension, std::uint64_t first, std::span<std::uint32_t> out);

// Points first .. first + points − 1 of dimensions 0 .. dimensions − 1, dimension-major:
// out[d·points + i] = x_{first+i} of dimension d. out.size() must be dimensions·points and
// first + points ≤ 2^32 (throws std::invalid_argument / std::out_of_range otherwise).
void generate_ints(int dimensions, std::uint64_t first, std::uint64_t points, std::span<std::uint32_t> out);

// The CPU path's reference within one dimension: `state` is the next point.
struct Reference {
  static constexpr int kWordsPerOutput = 1;
  struct State {
    int dimension = 0;
    std::uint64_t point = 0;
  };
  void fill(State& s, std::span<std::uint32_t> out) const {
    generate_dimension(s.dimension, s.point, out);
    s.point += out.size();
  }
  void to_f32(std::span<const std::uint32_t> x, std::span<float> out) const { sobol32::to_f32(x, out); }
  void to_f64(std::span<const std::uint32_t> x, std::span<double> out) const { sobol32::to_f64(x, out); }
  void to_u32(std::span<const std::uint32_t> x, std::span<std::uint32_t> out) const { copy_words(x, out); }
};
static_assert(ReferenceGenerator<Reference>);

}  // namespace glrand::sobol32
