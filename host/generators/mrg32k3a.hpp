// SPDX-License-Identifier: MIT
#pragma once
// MRG32k3a: L'Ecuyer's combined multiple recursive generator (P. L'Ecuyer, "Good parameters
// and implementations for combined multiple recursive random number generators",
// Operations Research 47(1), 1999), with the stream layout of RngStreams (L'Ecuyer, Simard,
// Chen, Kelton, Operations Research 50(6), 2002) and cuRAND's seeding as an option.
//
//   x1_n = (1403580·x1_{n-2} − 810728·x1_{n-3})  mod m1,   m1 = 2^32 − 209
//   x2_n = ( 527612·x2_{n-1} − 1370589·x2_{n-3}) mod m2,   m2 = 2^32 − 22853
//   z_n  = x1_n − x2_n if x1_n > x2_n, else x1_n − x2_n + m1      (z in 1..m1)
//
// State: each component keeps (s[0], s[1], s[2]) = (x_{n-3}, x_{n-2}, x_{n-1}), oldest
// first, as RngStreams stores Cg. A step computes p = x_n and shifts in the new word.
// Position convention (the whole project's): output n is combine() of the state after n + 1
// steps from the start state, exactly as RngStreams' U01 advances first and then combines
// the newest words.
//
// Period: each component's characteristic polynomial is primitive, so its period is
// m^3 − 1 and its step matrix satisfies A^(m^3−1) = I (checked in the tests); the combined
// period is (m1^3 − 1)(m2^3 − 1)/2 ≈ 2^191.
//
// Stream layout (RngStreams): stream k starts 2^127·k steps after the package seed
// (default 12345 ×6); substream j of a stream starts 2^76·j steps after the stream's start.
// So a substream is 2^76 outputs long and a stream holds 2^51 substreams.
// Jumps are arbitrary in both directions: jump_by(k) for any k < 2^128, jump_back(k) likewise.
//
// cuRAND (curand_init(seed, subsequence, offset)): the state 12345 ×6 scrambled by the seed,
// then subsequence·2^76 steps (subsequence masked to 51 bits), then offset steps. Its host
// API in CURAND_ORDERING_PSEUDO_LEGACY takes output n from subsequence n mod 4096 at
// position ⌊n/4096⌋.
//
// Float formulas (host side, from the exact z):
//   f64 (RngStreams U01): u = double(z) · norm, one IEEE double multiplication with
//        norm = 2.328306549295727688e-10, the double nearest 1/(m1 + 1). This is NOT always
//        the correctly rounded quotient z/(m1 + 1) (the two differ in the last bit for about
//        two thirds of z); it is the product, as RngStreams computes it. Range: [norm,
//        m1·norm] = [2.3283e-10, 0.99999999976717], never 0 or 1.
//   f32: the largest float not above the f64 value, so the range stays inside (0, 1).
//   curand_f64: u = double(z) · 2.3283065498378288e-10 (the double nearest 1/m1), as cuRAND's
//        curand_uniform_double computes it; range (0, 1], z = m1 gives exactly 1.0.
//   u32 (a 32-bit word for test batteries): z itself, 1..m1. Word 0 and the 208 words above
//        m1 never occur (a gap of 5·10^-8 of the range, invisible to any battery).
//   curand_u32: cuRAND's curand(): (unsigned)(z · MRG32K3A_BITS_NORM), z stretched over the
//        32-bit range with 1.000000048662 (curand_kernel.h); z = m1 lands on 2^32 + 0.0001,
//        which the GPU's conversion saturates to 2^32 − 1, and so does this.
#include <array>
#include <cstdint>
#include <span>

#include "generators/float_conversion.hpp"
#include "generators/host_device.hpp"
#include "generators/reference_generator.hpp"

namespace glrand::mrg32k3a {

// Step counts and exponents up to 2^128 − 1 (a stream is 2^127 steps long).
__extension__ typedef unsigned __int128 Steps;

// m1 = 2^32 − 209 and m2 = 2^32 − 22853: L'Ecuyer 1999, MRG32k3a (RngStream.c, m1 and m2).
inline constexpr std::uint64_t kM1 = 4294967087u;
inline constexpr std::uint64_t kM2 = 4294944443u;

// Multipliers of L'Ecuyer 1999 (MRG32k3a): component 1 uses a12 and −a13n (a11 = 0),
// component 2 uses a21 and −a23n (a22 = 0). Named as in RngStreams.
inline constexpr std::uint64_t kA12 = 1403580u;
inline constexpr std::uint64_t kA13n = 810728u;
inline constexpr std::uint64_t kA21 = 527612u;
inline constexpr std::uint64_t kA23n = 1370589u;

// RngStreams' `norm`, the double nearest 1/(m1 + 1) (RngStream.c, #define norm).
inline constexpr double kNorm = 2.328306549295727688e-10;
// cuRAND's MRG32K3A_NORM, the double nearest 1/m1 (curand_kernel.h).
inline constexpr double kCurandNorm = 2.3283065498378288e-10;
// cuRAND's MRG32K3A_BITS_NORM (curand_kernel.h): curand() returns (unsigned)(z · this).
inline constexpr double kCurandBitsNorm = 1.000000048662;

// RngStreams' default package seed: all six words 12345 (RngStream.c, nextSeed).
inline constexpr std::uint64_t kDefaultSeedWord = 12345u;

// log2 of the stream and substream spacing (RngStreams: Z = 2^127, W = 2^76).
inline constexpr unsigned kStreamLog2 = 127;
inline constexpr unsigned kSubstreamLog2 = 76;

// cuRAND's seed scrambling constants (curand_kernel.h, curand_init for MRG32k3a) and its
// subsequence mask: 51 bits, so subsequence·2^76 stays below 2^127.
inline constexpr std::uint32_t kCurandSeedXorLow = 0x55555555u;
inline constexpr std::uint32_t kCurandSeedXorHigh = 0xAAAAAAAAu;
inline constexpr std::uint64_t kCurandSubsequenceMask = (std::uint64_t{1} << 51) - 1;

// Each component's period m^3 − 1 (its characteristic polynomial is primitive).
inline constexpr Steps kPeriod1 = Steps{kM1} * kM1 * kM1 - 1;
inline constexpr Steps kPeriod2 = Steps{kM2} * kM2 * kM2 - 1;

// s1 words < m1, s2 words < m2, neither triple all zero; each (s[0], s[1], s[2]) oldest first.
struct State {
  std::array<std::uint64_t, 3> s1;
  std::array<std::uint64_t, 3> s2;
  friend constexpr bool operator==(const State&, const State&) = default;
};

// A 3×3 matrix over Z_m acting on the column (s[0], s[1], s[2]).
using Matrix = std::array<std::array<std::uint64_t, 3>, 3>;

// One step of each component as a matrix: new state = A · old state mod m.
inline constexpr Matrix kA1{{{0, 1, 0}, {0, 0, 1}, {kM1 - kA13n, kA12, 0}}};
inline constexpr Matrix kA2{{{0, 1, 0}, {0, 0, 1}, {kM2 - kA23n, 0, kA21}}};
inline constexpr Matrix kIdentity{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};

// One recurrence step of both components.
GLRAND_HOST_DEVICE constexpr State step(const State& s) {
  // Each product is below 2^21 · 2^32 = 2^53, so the difference fits a signed 64-bit word.
  std::int64_t p1 = static_cast<std::int64_t>(kA12 * s.s1[1]) - static_cast<std::int64_t>(kA13n * s.s1[0]);
  p1 %= static_cast<std::int64_t>(kM1);
  if (p1 < 0) p1 += static_cast<std::int64_t>(kM1);
  std::int64_t p2 = static_cast<std::int64_t>(kA21 * s.s2[2]) - static_cast<std::int64_t>(kA23n * s.s2[0]);
  p2 %= static_cast<std::int64_t>(kM2);
  if (p2 < 0) p2 += static_cast<std::int64_t>(kM2);
  return State{{s.s1[1], s.s1[2], static_cast<std::uint64_t>(p1)},
               {s.s2[1], s.s2[2], static_cast<std::uint64_t>(p2)}};
}

// The output word of a state just stepped: z = p1 − p2 (+ m1 if p1 ≤ p2), p = s[2]; z in 1..m1.
GLRAND_HOST_DEVICE constexpr std::uint32_t combine(const State& after_step) {
  const std::uint64_t p1 = after_step.s1[2];
  const std::uint64_t p2 = after_step.s2[2];
  return static_cast<std::uint32_t>(p1 > p2 ? p1 - p2 : p1 + kM1 - p2);
}

// a · b mod m for entries below m < 2^32: each product fits 64 bits and is reduced before
// the three are summed, so the sum stays below 3m.
GLRAND_HOST_DEVICE constexpr Matrix multiply(const Matrix& a, const Matrix& b, std::uint64_t m) {
  Matrix c{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      c[i][j] = (a[i][0] * b[0][j] % m + a[i][1] * b[1][j] % m + a[i][2] * b[2][j] % m) % m;
  return c;
}

// M^exponent mod m by square-and-multiply; exponent up to 2^128 − 1.
constexpr Matrix matrix_power(const Matrix& base, std::uint64_t modulus, Steps exponent) {
  Matrix result = kIdentity;
  Matrix square = base;
  while (exponent != 0) {
    if (exponent & 1) result = multiply(result, square, modulus);
    exponent >>= 1;
    if (exponent != 0) square = multiply(square, square, modulus);
  }
  return result;
}

// A jump of both components: new s1 = a1 · s1 mod m1, new s2 = a2 · s2 mod m2.
struct Jump {
  Matrix a1;
  Matrix a2;
  friend constexpr bool operator==(const Jump&, const Jump&) = default;
};

// The jump `steps` forward (A1^steps, A2^steps), from the precomputed A^(2^i) tables.
Jump jump_by(Steps steps);
// The jump `steps` backward: A^(P − steps mod P) per component, P = m^3 − 1 its period.
Jump jump_back(Steps steps);

GLRAND_HOST_DEVICE constexpr std::array<std::uint64_t, 3> apply(const Matrix& a, const std::array<std::uint64_t, 3>& s,
                                                                std::uint64_t m) {
  std::array<std::uint64_t, 3> r{};
  for (int i = 0; i < 3; ++i) r[i] = (a[i][0] * s[0] % m + a[i][1] * s[1] % m + a[i][2] * s[2] % m) % m;
  return r;
}

GLRAND_HOST_DEVICE constexpr State apply(const Jump& j, const State& s) {
  return State{apply(j.a1, s.s1, kM1), apply(j.a2, s.s2, kM2)};
}

// The state `steps` steps ahead of s (discard), and behind it.
State advance(const State& s, Steps steps);
State retreat(const State& s, Steps steps);

// RngStreams' default package seed, 12345 ×6.
constexpr State default_seed() {
  return State{{kDefaultSeedWord, kDefaultSeedWord, kDefaultSeedWord},
               {kDefaultSeedWord, kDefaultSeedWord, kDefaultSeedWord}};
}

// Start of RngStreams stream `stream`: A^(2^127·stream) · package_seed (stream 0 = the seed).
State stream_start(const State& package_seed, std::uint64_t stream);
// Start of substream `substream` of a stream: A^(2^76·substream) · stream_start.
State substream_start(const State& stream_start, std::uint64_t substream);

// The state curand_init(seed, subsequence, offset) leaves for MRG32k3a.
State curand_state(std::uint64_t seed, std::uint64_t subsequence, std::uint64_t offset);

// A user seed (s1[0], s1[1], s1[2], s2[0], s2[1], s2[2]), validated: s1 words < m1, s2
// words < m2, neither triple all zero. Throws glrand::InvalidArgument naming the rule.
State seed_from_words(const std::array<std::uint64_t, 6>& words);

inline double to_f64(std::uint32_t z) { return static_cast<double>(z) * kNorm; }
inline float to_f32(std::uint32_t z) { return float_not_above(to_f64(z)); }
constexpr std::uint32_t to_u32(std::uint32_t z) { return z; }
inline double curand_f64(std::uint32_t z) { return static_cast<double>(z) * kCurandNorm; }
// cuRAND's curand_uniform_double rounded to float (to nearest: 1.0f stays possible).
inline float curand_f32(std::uint32_t z) { return static_cast<float>(curand_f64(z)); }
inline std::uint32_t curand_u32(std::uint32_t z) {
  const double stretched = static_cast<double>(z) * kCurandBitsNorm;
  return stretched < 0x1p32 ? static_cast<std::uint32_t>(stretched) : 0xFFFFFFFFu;
}
// The formulas over a chunk: out[i] from output i of `z` (one word each), out.size() outputs.
void to_f32(std::span<const std::uint32_t> z, std::span<float> out);
void to_f64(std::span<const std::uint32_t> z, std::span<double> out);
void to_u32(std::span<const std::uint32_t> z, std::span<std::uint32_t> out);
// The formulas over a chunk: out[i] from output i of `z` (one word each), out.size() outputs.
void curand_f32(std::span<const std::uint32_t> z, std::span<float> out);
void curand_f64(std::span<const std::uint32_t> z, std::span<double> out);
void curand_u32(std::span<const std::uint32_t> z, std::span<std::uint32_t> out);

// Fills `out` with one word z per output for out.size() consecutive outputs, the first
// computed from step(start), using up to `threads` CPU threads (0: all cores). Each thread
// starts from jump_by(its first index) applied to `start`; the result is independent of
// the thread count.
void generate_ints(const State& start, std::span<std::uint32_t> out, unsigned threads = 0);

// The CPU path's reference: `state` is the one before the next output. With `curand`, the
// conversions are cuRAND's (curand_f32, curand_f64, curand_u32) instead of the RngStreams ones.
struct Reference {
  static constexpr int kWordsPerOutput = 1;
  using State = mrg32k3a::State;
  bool curand = false;
  void fill(State& s, std::span<std::uint32_t> out) const {
    generate_ints(s, out);
    s = advance(s, out.size());
  }
  void to_f32(std::span<const std::uint32_t> z, std::span<float> out) const {
    curand ? curand_f32(z, out) : mrg32k3a::to_f32(z, out);
  }
  void to_f64(std::span<const std::uint32_t> z, std::span<double> out) const {
    curand ? curand_f64(z, out) : mrg32k3a::to_f64(z, out);
  }
  void to_u32(std::span<const std::uint32_t> z, std::span<std::uint32_t> out) const {
    curand ? curand_u32(z, out) : mrg32k3a::to_u32(z, out);
  }
};
static_assert(ReferenceGenerator<Reference>);

// The reference's values of out.size() consecutive outputs, the first from step(start),
// straight into `out`, using up to `threads` CPU threads (0: all cores): each thread's twelve
// stretches (as generate_ints steps them) are made a block at a time and converted while their
// words are still in the core's cache. The same values as generate_ints, then the reference's
// conversion.
void generate_values(const Reference& reference, const State& start, std::span<float> out, unsigned threads = 0);
void generate_values(const Reference& reference, const State& start, std::span<double> out, unsigned threads = 0);

}  // namespace glrand::mrg32k3a
