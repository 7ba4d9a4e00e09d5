// SPDX-License-Identifier: MIT
#pragma once
// MT19937: the Mersenne Twister (M. Matsumoto, T. Nishimura, "Mersenne Twister: a
// 623-dimensionally equidistributed uniform pseudo-random number generator", ACM TOMACS
// 8(1), 1998), 32-bit, as in mt19937ar.c and std::mt19937.
//
//   x_{k+624} = x_{k+397} ⊕ ((x_k^u | x_{k+1}^l) · A)     (u: top bit, l: low 31 bits)
//   output n = temper(x_{n+624}),  x_0..x_623 from init_genrand(seed)
//
// State: the 624 words of the current block and an index, exactly as mt19937ar.c keeps
// them: after seeding index = 624; a call twists the whole block when index = 624, then
// returns temper(mt[index++]). So index is in 1..624; jump() refuses anything else.
// Only 19937 bits matter (the top bit of the block's oldest word and 623 words), so the
// period is 2^19937 − 1.
//
// Skip-ahead (Haramoto et al., INFORMS J. Computing 20(3), 2008): the transition x ↦ Ax
// (one word of the recurrence) has the characteristic polynomial φ of degree 19937, found
// once by Berlekamp–Massey from 2·19937 bits of the sequence (characteristic_polynomial()).
// A^K s = g(A) s with g = t^K mod φ, applied by Horner's scheme. jump(state, J) gives the
// state J outputs further on, for any J < 2^64, word for word the state that J calls leave
// (index included). Cost: 5–10 ms with PCLMULQDQ on a 2-core CI machine (t^K mod φ by 64
// squarings and reductions, then Horner's 19937 steps, 6 coefficients at a time); the
// portable carry-less multiply makes the first part about 10× slower. For a stride used many
// times, make_jump(J) once and jump(state, jump) each time (Horner alone, about 1 ms).
//
// Outputs are 32-bit words, the whole range 0..2^32 − 1. Floats (to_f64, to_f32): the midpoint
// formula x·2^-32 + 2^-33 of cuRAND's curand_uniform (whose curand_uniform_double adds 2^-32
// instead), exact in a double, in [2^-33, 1 − 2^-33];
// f32 is the largest float not above it, so in (0, 1). u32 (the word for test batteries) is
// the output itself.
#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "generators/float_conversion.hpp"
#include "generators/gf2_polynomial.hpp"
#include "generators/host_device.hpp"
#include "generators/reference_generator.hpp"

namespace glrand::mt19937 {

// Parameters of MT19937 (Matsumoto–Nishimura 1998, mt19937ar.c).
inline constexpr unsigned kN = 624;               // words in the state
inline constexpr unsigned kM = 397;               // middle offset
inline constexpr unsigned kMexp = 19937;          // Mersenne exponent: 32·624 − 31 state bits
inline constexpr std::uint32_t kMatrixA = 0x9908b0dfu;
inline constexpr std::uint32_t kUpperMask = 0x80000000u;
inline constexpr std::uint32_t kLowerMask = 0x7fffffffu;
// Tempering (mt19937ar.c: TEMPERING_MASK_B, TEMPERING_MASK_C) and init_genrand's multiplier.
inline constexpr std::uint32_t kTemperB = 0x9d2c5680u;
inline constexpr std::uint32_t kTemperC = 0xefc60000u;
inline constexpr std::uint32_t kInitMultiplier = 1812433253u;
// mt19937ar.c's and std::mt19937's default seed.
inline constexpr std::uint32_t kDefaultSeed = 5489u;
// init_by_array's start (init_genrand of this seed) and its two mixing multipliers (mt19937ar.c).
inline constexpr std::uint32_t kInitByArraySeed = 19650218u;
inline constexpr std::uint32_t kInitByArrayMultiplier1 = 1664525u;
inline constexpr std::uint32_t kInitByArrayMultiplier2 = 1566083941u;

struct State {
  std::array<std::uint32_t, kN> mt;
  unsigned index;
  friend bool operator==(const State&, const State&) = default;
};

// The recurrence's new word from x_k, x_{k+1}, x_{k+M}.
GLRAND_HOST_DEVICE constexpr std::uint32_t recurrence(std::uint32_t xk, std::uint32_t xk1, std::uint32_t xkm) {
  const std::uint32_t y = (xk & kUpperMask) | (xk1 & kLowerMask);
  return xkm ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
}

GLRAND_HOST_DEVICE constexpr std::uint32_t temper(std::uint32_t y) {
  y ^= y >> 11;
  y ^= (y << 7) & kTemperB;
  y ^= (y << 15) & kTemperC;
  y ^= y >> 18;
  return y;
}

// init_genrand(seed): mt[0] = seed, mt[i] = 1812433253·(mt[i−1] ⊕ mt[i−1] >> 30) + i.
State seed_state(std::uint32_t seed = kDefaultSeed);
// init_by_array(key) (mt19937ar.c, 2002): init_genrand(19650218), then the key mixed into every
// word, then mt[0] = 2^31. The key must not be empty. Intel MKL's vslNewStream(VSL_BRNG_MT19937,
// seed) is seed_by_array({seed}); vslNewStreamEx with n words, seed_by_array of those words.
State seed_by_array(std::span<const std::uint32_t> key);

// The next 624 words of the sequence in place (mt19937ar.c's block generation).
void twist(std::array<std::uint32_t, kN>& mt);

// One output; advances the state.
std::uint32_t next(State& s);
// out.size() consecutive outputs; advances the state.
void generate_ints(State& s, std::span<std::uint32_t> out);

// The minimal (= characteristic) polynomial φ of MT19937's transition, degree 19937:
// computed by Berlekamp–Massey on first use (~0.1 s) and kept.
const gf2::Polynomial& characteristic_polynomial();
// Arithmetic modulo φ with the default carry-less multiplier.
const gf2::Modulus& modulus();

// Applies g(A) to a 624-word window x_m..x_{m+623} (oldest first), by Horner's scheme.
// The low 31 bits of the window's oldest word do not enter the result; the result's are
// recovered from its words 396 and 623 by inverting the recurrence (exact whenever the
// result lies at least one step after some state, as A^K x with K ≥ 1 does).
std::array<std::uint32_t, kN> apply_polynomial(const gf2::Polynomial& g, const std::array<std::uint32_t, kN>& window);

// A jump of a fixed number of outputs, precomputed: t^K mod φ for the two word counts K
// that it can take (the block may be partly read).
struct Jump {
  std::uint64_t outputs = 0;
  gf2::Polynomial whole;     // t^(624·⌊J/624⌋)
  gf2::Polynomial one_more;  // t^(624·⌊J/624⌋ + 624), for when J crosses one more block boundary
};
Jump make_jump(std::uint64_t outputs, const gf2::Modulus& m = modulus());

// The state that `outputs` calls of next() leave, computed by jump polynomials.
State jump(const State& s, std::uint64_t outputs);
State jump(const State& s, const Jump& j);

// Precomputed jumps of 2^k outputs, k = 0..63 (each made on first use and kept).
const Jump& jump_power_of_two(unsigned k);

// make_jump(outputs), kept for the next call that asks for the same length (a few plans'
// worth of lengths are kept): the CUDA path's segment plans ask for the same jumps chunk
// after chunk.
std::shared_ptr<const Jump> cached_jump(std::uint64_t outputs);

// t^(624·blocks) mod φ, the jump of `blocks` whole blocks, kept for later calls (a few dozen
// are kept): from the jump of blocks/2 squared where that one is kept, else t^K mod φ. So a
// caller that asks for b, 2b, 4b, ... in turn (the CUDA path's segment plans) pays one power
// and then a squaring each.
std::shared_ptr<const gf2::Polynomial> block_jump(gf2::Exponent blocks);

// The state after `outputs` outputs from seed_state(seed): mt19937ar.c seeded with `seed`
// and `outputs` numbers drawn.
State state_at(std::uint32_t seed, std::uint64_t outputs);

// x·2^-32 + 2^-33 (curand_uniform's midpoint formula, in double precision), exact.
inline double to_f64(std::uint32_t x) { return (static_cast<double>(x) + 0.5) * 0x1p-32; }
// The largest float not above to_f64(x): in (0, 1), never 1.0f.
inline float to_f32(std::uint32_t x) { return float_not_above(to_f64(x)); }
inline constexpr std::uint32_t to_u32(std::uint32_t x) { return x; }
// The formulas over a chunk: out[i] from x = words[i], out.size() outputs.
void to_f32(std::span<const std::uint32_t> words, std::span<float> out);
void to_f64(std::span<const std::uint32_t> words, std::span<double> out);

// The CPU path's reference: `state` steps on through each fill.
struct Reference {
  static constexpr int kWordsPerOutput = 1;
  using State = mt19937::State;
  void fill(State& s, std::span<std::uint32_t> out) const { generate_ints(s, out); }
  void to_f32(std::span<const std::uint32_t> x, std::span<float> out) const { mt19937::to_f32(x, out); }
  void to_f64(std::span<const std::uint32_t> x, std::span<double> out) const { mt19937::to_f64(x, out); }
  void to_u32(std::span<const std::uint32_t> x, std::span<std::uint32_t> out) const { copy_words(x, out); }
};
static_assert(ReferenceGenerator<Reference>);

}  // namespace glrand::mt19937
