// SPDX-License-Identifier: MIT
#pragma once
// Wichmann–Hill 273: the family of 273 combined multiplicative congruential generators of
// N. M. Maclaren, Applied Statistics 38 (1989) 351–359, as Intel MKL implements it
// (VSL_BRNG_WH + set, set = 0..272; MKL Vector Statistics Notes, "WH").
//
//   x_n = a1·x_{n-1} mod m1    y_n = a2·y_{n-1} mod m2
//   z_n = a3·z_{n-1} mod m3    w_n = a4·w_{n-1} mod m4
//   u_n = (x_n/m1 + y_n/m2 + z_n/m3 + w_n/m4) mod 1
//
// Parameters: third_party/wichmann_hill_273/ (read off MKL's outputs; see its README), turned
// into C++ at build time by cmake/GenerateWichmannHillTable.cmake. Every m_k is a prime below
// 2^24, every a_k in [112, 127] is a primitive root mod m_k.
//
// Period: a primitive root gives component k the full period m_k − 1 from any state word in
// [1, m_k), so the state has period lcm(m1 − 1, m2 − 1, m3 − 1, m4 − 1): between 2^92.97 and
// 2^93.0 over the 273 sets (MKL's notes promise at least 2^80). A state word 0 stays 0.
//
// Stream layout: output n IS state n, then the state advances (MKL's first output is the
// initial state itself). Substreams by parameterisation (a set, a seed), by blocking
// (substream s starts at state_at(start, s·B)) or by leapfrog (substream s takes states
// s, s + P, s + 2P, ..., one apply_jump(jump_multipliers(P)) apart). Skip-ahead is exact and
// O(log n) for any n < 2^64, component-wise: x_{n+j} = (a1^j mod m1)·x_n mod m1, etc.
//
// Float formulas (host side, from the exact integers), MKL's as Intel's Vector Statistics
// notes give them:
//   f64: u = x·(1.0/m1) + y·(1.0/m2) + z·(1.0/m3) + w·(1.0/m4), the reciprocals rounded to
//        double, each product rounded, summed left to right in IEEE double (never fused),
//        then u − floor(u). Range [0, 1): u lies in [0, 4) and the subtraction is exact.
//   f32: (float) of the f64 value, round to nearest, except that a value which rounds up to
//        1.0f gives the largest float below 1 (0x1.fffffep-1) so the range stays [0, 1).
//        MKL documents no such exception (docs/check-values.md: "(float) of that double"), so MKL's
//        single-precision output may differ from ours there: when the f64 value is at least
//        1 − 2^-25, about 3 outputs in 10^8.
//   u32 (a 32-bit word for test batteries): floor(f64 · 2^32). All 32 bits vary: u is a sum
//        of four fractions with 24-bit denominators, far finer than 2^-32, and the f64 value
//        carries 53 bits.
//
// Why a float-only shader can run this exactly: Schrage's method computes a·x mod m as
// a·(x mod q) − r·(x div q), plus m if negative, with q = m div a and r = m mod a. Each a_k
// is below sqrt(m_k) (a ≤ 127, sqrt(m) > 4088), so r < a ≤ q and both a·(x mod q) and
// r·(x div q) stay below m_k < 2^24: every intermediate is an integer that a float holds
// exactly. The CUDA path and this reference use 64-bit products instead.
#include <array>
#include <cstdint>
#include <span>

#include "generators/host_device.hpp"
#include "generators/reference_generator.hpp"

namespace glrand::wh {

// One set: component k = 0, 1, 2, 3 is the x, y, z, w generator.
struct Parameters {
  std::array<std::uint32_t, 4> multiplier;  // a_k
  std::array<std::uint32_t, 4> modulus;     // m_k, prime, below 2^24
};

// MKL's VSL_BRNG_WH + 0 .. VSL_BRNG_WH + 272.
inline constexpr int kSetCount = 273;

// The 273 sets in MKL's numbering; defined in the source generated from the CSV.
const std::array<Parameters, kSetCount>& parameter_table();

// Set `set` of the table; throws InvalidArgument unless 0 <= set <= 272.
const Parameters& parameters(int set);

// (x, y, z, w), word k in [0, m_k). The seeding functions never produce a 0 word.
using State = std::array<std::uint32_t, 4>;

// vslNewStream(VSL_BRNG_WH + set, seed): x0 = seed mod m1 (0 -> 1), y0 = z0 = w0 = 1.
State seed_state(int set, std::uint32_t seed);

// vslNewStreamEx(VSL_BRNG_WH + set, 4, words): word k reduced mod m_k, and a result of 0 taken
// as 1. MKL's documentation (the oneAPI specification's oneMKL wichmann_hill engine, seed as a
// list of n >= 4 words: x0 = seed[0] mod m1, y0 = seed[1] mod m2, z0 = seed[2] mod m3,
// w0 = seed[3] mod m4) states the 0 -> 1 rule only for a single seed word. Where it is silent
// we follow the single-word rule component-wise; it also keeps a word from sticking at 0.
// Not checked against MKL itself.
State seed_state(int set, const std::array<std::uint32_t, 4>& words);

// The next state: x <- a1·x mod m1, etc.
GLRAND_HOST_DEVICE constexpr State step(const Parameters& p, const State& s) {
  State next{};
  for (int k = 0; k < 4; ++k)
    next[k] = static_cast<std::uint32_t>(std::uint64_t{p.multiplier[k]} * s[k] % p.modulus[k]);
  return next;
}

// Skip-ahead multipliers a_k^n mod m_k (square and multiply; any n).
GLRAND_HOST_DEVICE constexpr std::array<std::uint32_t, 4> jump_multipliers(const Parameters& p,
                                                                           std::uint64_t n) {
  std::array<std::uint32_t, 4> j{};
  for (int k = 0; k < 4; ++k) {
    const std::uint64_t m = p.modulus[k];
    std::uint64_t result = 1 % m, base = p.multiplier[k] % m;
    for (std::uint64_t e = n; e != 0; e >>= 1, base = base * base % m)
      if (e & 1) result = result * base % m;
    j[k] = static_cast<std::uint32_t>(result);
  }
  return j;
}

// The state `n` steps after `s`, given j = jump_multipliers(p, n).
GLRAND_HOST_DEVICE constexpr State apply_jump(const Parameters& p,
                                              const std::array<std::uint32_t, 4>& j,
                                              const State& s) {
  State next{};
  for (int k = 0; k < 4; ++k)
    next[k] = static_cast<std::uint32_t>(std::uint64_t{j[k]} * s[k] % p.modulus[k]);
  return next;
}

// The state n steps after `start`, O(log n).
GLRAND_HOST_DEVICE constexpr State state_at(const Parameters& p, const State& start,
                                            std::uint64_t n) {
  return apply_jump(p, jump_multipliers(p, n), start);
}

// The float formulas of the header comment.
double to_f64(const Parameters& p, const State& s);
float to_f32(const Parameters& p, const State& s);
std::uint32_t to_u32(const Parameters& p, const State& s);
// The formulas over a chunk: out[i] from output i of `words` (x, y, z, w each), out.size() outputs.
void to_f32(const Parameters& p, std::span<const std::uint32_t> words, std::span<float> out);
void to_f64(const Parameters& p, std::span<const std::uint32_t> words, std::span<double> out);
void to_u32(const Parameters& p, std::span<const std::uint32_t> words, std::span<std::uint32_t> out);

// Fills `out` with 4 words per output (x, y, z, w) for the out.size() / 4 consecutive states
// starting at `start` (trailing words beyond a multiple of 4 are left alone), using up to
// `threads` CPU threads (0: all cores); each thread jumps to its first state.
void generate_ints(const Parameters& p, const State& start, std::span<std::uint32_t> out,
                   unsigned threads = 0);

// The CPU path's reference for one parameter set: `state` is the next output's.
struct Reference {
  static constexpr int kWordsPerOutput = 4;
  using State = wh::State;
  Parameters parameters;
  void fill(State& s, std::span<std::uint32_t> out) const {
    generate_ints(parameters, s, out);
    s = state_at(parameters, s, out.size() / 4);
  }
  void to_f32(std::span<const std::uint32_t> w, std::span<float> out) const { wh::to_f32(parameters, w, out); }
  void to_f64(std::span<const std::uint32_t> w, std::span<double> out) const { wh::to_f64(parameters, w, out); }
  void to_u32(std::span<const std::uint32_t> w, std::span<std::uint32_t> out) const { wh::to_u32(parameters, w, out); }
};
static_assert(ReferenceGenerator<Reference>);

}  // namespace glrand::wh
