// SPDX-License-Identifier: MIT
#pragma once
// The CUDA kernels' integer arithmetic: the same residues as the reference's `a·b % m`, with
// the 64-bit divisions (slow on a GPU, emulated in many instructions) replaced by folds
// x = hi·2^k + lo ≡ hi·c + lo for m = 2^k − c, or by a double-precision quotient estimate
// that leaves the remainder in (−m, m). Plain C++ under __host__ __device__, so the unit tests check each
// function against the reference on the CPU, with no GPU.
#include <bit>
#include <cmath>
#include <cstdint>

#include "generators/ceicg.hpp"
#include "generators/host_device.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"

namespace glrand::cuda::arithmetic {

// --- Park–Miller: m = 2^31 − 1, so 2^31 ≡ 1 ----------------------------------------------
// a·b mod m for a, b < m: the product is below 2^62; two folds bring it below m + 1.
GLRAND_HOST_DEVICE inline std::uint32_t mul_mod_m31(std::uint32_t a, std::uint32_t b) {
  std::uint64_t x = std::uint64_t{a} * b;
  x = (x >> 31) + (x & pm::kModulus);  // < 2^32
  x = (x >> 31) + (x & pm::kModulus);  // <= m + 1
  return static_cast<std::uint32_t>(x >= pm::kModulus ? x - pm::kModulus : x);
}

// a^k mod m by square and multiply.
GLRAND_HOST_DEVICE inline std::uint32_t pow_mod_m31(std::uint32_t a, std::uint64_t k) {
  std::uint32_t result = 1;
  for (; k != 0; k >>= 1, a = mul_mod_m31(a, a))
    if (k & 1) result = mul_mod_m31(result, a);
  return result;
}

// --- MRG32k3a: m1 = 2^32 − 209, m2 = 2^32 − 22853 -----------------------------------------
// The folds work on 32-bit halves, so the GPU needs no 64×64 products and no 64-bit compares.

// x = hi·2^32 + lo ≡ hi·c + lo (mod 2^32 − c), as a 64-bit sum (one 32×32→64 multiply-add).
GLRAND_HOST_DEVICE inline std::uint64_t fold(std::uint64_t x, std::uint32_t c) {
  return std::uint64_t{static_cast<std::uint32_t>(x >> 32)} * c + static_cast<std::uint32_t>(x);
}

// hi·2^32 + lo mod m = 2^32 − c in 32-bit words, for hi·c ≤ 2^32 − 2c: t = hi·c is exact; a
// carry out of lo + t is 2^32 ≡ c, and the wrapped sum is below t, so adding c cannot wrap
// and leaves it below m; otherwise one subtraction of m.
GLRAND_HOST_DEVICE inline std::uint32_t fold_small(std::uint32_t hi, std::uint32_t lo, std::uint32_t c) {
  const std::uint32_t t = hi * c;
  std::uint32_t r = lo + t;
  if (r < t) return r + c;
  const std::uint32_t m = 0u - c;
  return r >= m ? r - m : r;
}

// x mod m1 for x < 2^54: hi < 2^22, so hi·209 < 2^30.
GLRAND_HOST_DEVICE inline std::uint32_t reduce_m1(std::uint64_t x) {
  return fold_small(static_cast<std::uint32_t>(x >> 32), static_cast<std::uint32_t>(x), 209u);
}

// x mod m2 for x < 2^54: one fold leaves y < (2^22 − 1)·22853 + 2^32 < 24·2^32, so y's high
// word is at most 23 and 23·22853 < 2^20.
GLRAND_HOST_DEVICE inline std::uint32_t reduce_m2(std::uint64_t x) {
  const std::uint64_t y = fold(x, 22853u);
  return fold_small(static_cast<std::uint32_t>(y >> 32), static_cast<std::uint32_t>(y), 22853u);
}

// MRG32k3a's state in 32-bit words, oldest first as in mrg32k3a::State.
struct Mrg32k3aWords {
  std::uint32_t s1[3];
  std::uint32_t s2[3];
};

GLRAND_HOST_DEVICE inline Mrg32k3aWords to_words(const mrg32k3a::State& s) {
  return {{static_cast<std::uint32_t>(s.s1[0]), static_cast<std::uint32_t>(s.s1[1]), static_cast<std::uint32_t>(s.s1[2])},
          {static_cast<std::uint32_t>(s.s2[0]), static_cast<std::uint32_t>(s.s2[1]), static_cast<std::uint32_t>(s.s2[2])}};
}

// One step (mrg32k3a::step) that returns the output z (mrg32k3a::combine). The negative
// terms are made positive by −a·s ≡ a·(m − s), m − s a 32-bit word, so each sum is below 2^54.
GLRAND_HOST_DEVICE inline std::uint32_t step(Mrg32k3aWords& s) {
  using namespace mrg32k3a;
  constexpr auto m1 = static_cast<std::uint32_t>(kM1), m2 = static_cast<std::uint32_t>(kM2);
  const std::uint32_t p1 = reduce_m1(std::uint64_t{static_cast<std::uint32_t>(kA12)} * s.s1[1] +
                                     std::uint64_t{static_cast<std::uint32_t>(kA13n)} * (m1 - s.s1[0]));
  const std::uint32_t p2 = reduce_m2(std::uint64_t{static_cast<std::uint32_t>(kA21)} * s.s2[2] +
                                     std::uint64_t{static_cast<std::uint32_t>(kA23n)} * (m2 - s.s2[0]));
  s.s1[0] = s.s1[1]; s.s1[1] = s.s1[2]; s.s1[2] = p1;
  s.s2[0] = s.s2[1]; s.s2[1] = s.s2[2]; s.s2[2] = p2;
  return p1 > p2 ? p1 - p2 : p1 - p2 + m1;  // in 32-bit words: m1 − (p2 − p1) < 2^32
}

// The second component in doubles, for kernels whose integer multiply-add pipe is full while
// the FP64 pipe idles (MRG32k3a on sm_90). The state is kept lazily: any representative in
// (−m2, m2) of each residue, never corrected, so a step is five FP64 operations; only the
// output needs the residue itself (residue_m2).
//
// x = a21·s2 − a23n·s0 with |s2|, |s0| < m2 lies in (−2^53, 2^53), and every product and sum
// here is an integer of that size: exact. q is x/m2 rounded to nearest by the 1.5·2^52 shift
// (one off at most, where x/m2 is within 2^-30 of a half), so r = x − q·m2 lies in (−m2, m2):
// a representative of the same kind as the inputs.
// Adding it rounds a double below 2^51 in magnitude to an integer, and leaves the integer in
// the low bits of the sum's pattern (residue_m2).
inline constexpr double kRoundingShift = 0x1.8p52;

GLRAND_HOST_DEVICE inline double reduce_m2_double(double x) {
  constexpr double m2 = static_cast<double>(mrg32k3a::kM2);
  constexpr double inverse = 1.0 / m2;
  const double q = ::fma(x, inverse, kRoundingShift) - kRoundingShift;
  return ::fma(-q, m2, x);
}

GLRAND_HOST_DEVICE inline std::uint64_t bits_of(double x) {
#ifdef __CUDA_ARCH__
  return static_cast<std::uint64_t>(__double_as_longlong(x));
#else
  return std::bit_cast<std::uint64_t>(x);
#endif
}

// r mod m2 as a word, for an integer r in (−m2, m2), without a compare or a conversion:
// r + 1.5·2^52 lies in [2^52, 2^53), where the double's bits are 0x4338'0000'0000'0000 + r as
// an integer. So the low word is r mod 2^32, and bit 32 is set exactly when r < 0, where the
// residue is r + m2 ≡ r − 22853 (mod 2^32).
GLRAND_HOST_DEVICE inline std::uint32_t residue_m2(double r) {
  const std::uint64_t bits = bits_of(r + kRoundingShift);
  constexpr auto c = static_cast<std::uint32_t>((std::uint64_t{1} << 32) - mrg32k3a::kM2);  // 22853
  return static_cast<std::uint32_t>(bits) - (static_cast<std::uint32_t>(bits >> 32) & 1u) * c;
}

// MRG32k3a's state with the second component held lazily in doubles (see reduce_m2_double).
struct Mrg32k3aMixed {
  std::uint32_t s1[3];
  double s2[3];
};

GLRAND_HOST_DEVICE inline Mrg32k3aMixed to_mixed(const Mrg32k3aWords& w) {
  return {{w.s1[0], w.s1[1], w.s1[2]}, {static_cast<double>(w.s2[0]), static_cast<double>(w.s2[1]), static_cast<double>(w.s2[2])}};
}

GLRAND_HOST_DEVICE inline Mrg32k3aWords to_words(const Mrg32k3aMixed& m) {
  return {{m.s1[0], m.s1[1], m.s1[2]}, {residue_m2(m.s2[0]), residue_m2(m.s2[1]), residue_m2(m.s2[2])}};
}

// One step as step(Mrg32k3aWords&): the first component folded in integers, the second in doubles.
GLRAND_HOST_DEVICE inline std::uint32_t step(Mrg32k3aMixed& s) {
  using namespace mrg32k3a;
  constexpr auto m1 = static_cast<std::uint32_t>(kM1);
  const std::uint32_t p1 = reduce_m1(std::uint64_t{static_cast<std::uint32_t>(kA12)} * s.s1[1] +
                                     std::uint64_t{static_cast<std::uint32_t>(kA13n)} * (m1 - s.s1[0]));
  const double r2 = reduce_m2_double(::fma(static_cast<double>(kA21), s.s2[2], -(static_cast<double>(kA23n) * s.s2[0])));
  s.s1[0] = s.s1[1]; s.s1[1] = s.s1[2]; s.s1[2] = p1;
  s.s2[0] = s.s2[1]; s.s2[1] = s.s2[2]; s.s2[2] = r2;
  const std::uint32_t p2 = residue_m2(r2);
  return p1 > p2 ? p1 - p2 : p1 - p2 + m1;
}

// A jump matrix in 32-bit words, row-major: a1 then a2 (as mrg32k3a::Jump).
struct Mrg32k3aJump {
  std::uint32_t a1[9];
  std::uint32_t a2[9];
};

GLRAND_HOST_DEVICE inline Mrg32k3aJump to_words(const mrg32k3a::Jump& j) {
  Mrg32k3aJump w{};
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) {
      w.a1[3 * i + k] = static_cast<std::uint32_t>(j.a1[i][k]);
      w.a2[3 * i + k] = static_cast<std::uint32_t>(j.a2[i][k]);
    }
  return w;
}

// s ← A·s per component (mrg32k3a::apply). Each row's three products are folded once
// (below 2^32 + 2^47 each) before summing, so the sum stays below 2^54.
GLRAND_HOST_DEVICE inline void apply(const Mrg32k3aJump& j, Mrg32k3aWords& s) {
  std::uint32_t n1[3], n2[3];
  for (int i = 0; i < 3; ++i) {
    std::uint64_t x1 = 0, x2 = 0;
    for (int k = 0; k < 3; ++k) {
      const std::uint64_t t1 = std::uint64_t{j.a1[3 * i + k]} * s.s1[k];
      const std::uint64_t t2 = std::uint64_t{j.a2[3 * i + k]} * s.s2[k];
      x1 += fold(t1, 209u);
      x2 += fold(t2, 22853u);
    }
    n1[i] = reduce_m1(x1);
    n2[i] = reduce_m2(x2);
  }
  for (int i = 0; i < 3; ++i) { s.s1[i] = n1[i]; s.s2[i] = n2[i]; }
}

// Skip-ahead by `steps` with a table of jumps (cuda/jump_tables.hpp): base 2 applies
// A^(2^i) for each set bit i; base 8 applies A^(d·8^i) for each non-zero octal digit d.
GLRAND_HOST_DEVICE inline void jump_base2(const Mrg32k3aJump* powers, std::uint64_t steps, Mrg32k3aWords& s) {
  for (int i = 0; steps != 0; ++i, steps >>= 1)
    if (steps & 1) apply(powers[i], s);
}

GLRAND_HOST_DEVICE inline void jump_base8(const Mrg32k3aJump* powers, std::uint64_t steps, Mrg32k3aWords& s) {
  for (int i = 0; steps != 0; ++i, steps >>= 3)
    if (const unsigned digit = steps & 7; digit != 0) apply(powers[7 * i + digit - 1], s);
}

// --- moduli below 2^24 (Wichmann–Hill, CEICG): a double quotient, corrected ------------------
// a·b mod m for a, b < m < 2^24, inverse = 1.0 / m rounded. The product (< 2^48) is exact in
// a double; the estimated quotient is off by at most one, and the residue is computed in
// wrapping 32-bit arithmetic (it lies in (−m, 2m)) and corrected.
GLRAND_HOST_DEVICE inline std::uint32_t mul_mod_24(std::uint32_t a, std::uint32_t b, std::uint32_t m, double inverse) {
  const auto q = static_cast<std::uint32_t>(static_cast<double>(a) * b * inverse);  // < 2^25
  std::int32_t r = static_cast<std::int32_t>(a * b - q * m);
  if (r < 0) r += static_cast<std::int32_t>(m);
  else if (r >= static_cast<std::int32_t>(m)) r -= static_cast<std::int32_t>(m);
  return static_cast<std::uint32_t>(r);
}

GLRAND_HOST_DEVICE inline std::uint32_t pow_mod_24(std::uint32_t a, std::uint64_t k, std::uint32_t m, double inverse) {
  std::uint32_t result = 1 % m;
  for (; k != 0; k >>= 1, a = mul_mod_24(a, a, m, inverse))
    if (k & 1) result = mul_mod_24(result, a, m, inverse);
  return result;
}

// y⁻¹ mod m (ceicg::inverse_mod, inv(0) = 0) by the extended Euclidean algorithm in 32-bit
// words: m < 2^24, so every remainder and Bézout coefficient fits an int32.
GLRAND_HOST_DEVICE inline std::uint32_t inverse_mod_24(std::uint32_t y, std::uint32_t m) {
  std::uint32_t r0 = m, r1 = y;
  std::int32_t t0 = 0, t1 = 1;
  while (r1 != 0) {
    const std::uint32_t q = r0 / r1;
    const std::uint32_t r2 = r0 - q * r1;
    const std::int32_t t2 = t0 - static_cast<std::int32_t>(q) * t1;
    r0 = r1; r1 = r2; t0 = t1; t1 = t2;
  }
  return static_cast<std::uint32_t>(t0 < 0 ? t0 + static_cast<std::int32_t>(m) : t0);
}

}  // namespace glrand::cuda::arithmetic
