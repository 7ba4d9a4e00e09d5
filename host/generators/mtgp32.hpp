// SPDX-License-Identifier: MIT
#pragma once
// MTGP32, MEXP 11213: the Mersenne Twister for Graphic Processors (M. Saito, M. Matsumoto,
// "Variants of Mersenne Twister Suitable for Graphic Processors", ACM TOMS 39(2), 2013), with
// the 200 parameter sets and the seeding of cuRAND (third_party/mtgp32_11213/README.md).
//
// One generator (parameter set p): 351 words x_0..x_350 from seed_state(), then
//   x_{k+351} = rec(x_k, x_{k+1}, x_{k+pos}),   output k = temper(x_{k+351}, x_{k+pos−1})
// (curand_mtgp32_kernel.h: para_rec, temper). pos ≤ 95 for every set, so 256 consecutive
// words need only words already made: a 256-thread block computes them at once.
// Period 2^11213 − 1 per generator; outputs are 32-bit words, the whole range 0..2^32 − 1.
//
// cuRAND's seeding (curand_mtgp32_host.h: curandMakeMTGP32KernelState, mtgp32_init_state):
// generator i gets parameter set i and the 32-bit seed (uint32)(seed ⊕ seed >> 32) + i + 1.
//
// cuRAND's host API (curandGenerate on CURAND_RNG_PSEUDO_MTGP32, default ordering), as
// /work/shared/reference/CHECK_VALUES.md states it: kHostSequences generators, each making
// 256 outputs per round; output n is output ⌊n / (256·G)⌋·256 + n mod 256 of generator
// ⌊n / 256⌋ mod G, G = kHostSequences. G = 192 is checked against cuRAND only on a GPU
// (tests/cuda/cuda_gpu_test.cpp); the seed-1234 check values fix generator 0 only.
#include <array>
#include <cstdint>
#include <span>

#include "generators/host_device.hpp"

namespace glrand::mtgp32 {

inline constexpr unsigned kMexp = 11213;        // Mersenne exponent (curand_mtgp32.h MTGPDC_MEXP)
inline constexpr unsigned kN = kMexp / 32 + 1;  // 351 words of state (MTGPDC_N)
inline constexpr unsigned kSetCount = 200;      // parameter sets (CURAND_NUM_MTGP32_PARAMS)
inline constexpr unsigned kBlockThreads = 256;  // outputs per round (MTGPDC_FLOOR_2P)
inline constexpr unsigned kHostSequences = 192; // cuRAND host API generators (CHECK_VALUES.md)
inline constexpr unsigned kMaxPos = kN - kBlockThreads;  // 95: pos must not exceed it

struct Parameters {
  std::uint32_t pos, sh1, sh2, mask;
  std::array<std::uint32_t, 16> tbl;          // the recurrence's 16-entry matrix
  std::array<std::uint32_t, 16> tmp_tbl;      // tempering
  std::array<std::uint32_t, 16> flt_tmp_tbl;  // tempering into float bits (unused here)
};

// cuRAND's mtgp32dc_params_fast_11213, generated from the CSV at build time.
const std::array<Parameters, kSetCount>& parameter_table();

GLRAND_HOST_DEVICE constexpr std::uint32_t recurrence(std::uint32_t mask, std::uint32_t sh1, std::uint32_t sh2,
                                                      const std::uint32_t* tbl, std::uint32_t x0, std::uint32_t x1,
                                                      std::uint32_t xpos) {
  std::uint32_t x = (x0 & mask) ^ x1;
  x ^= x << sh1;
  const std::uint32_t y = x ^ (xpos >> sh2);
  return y ^ tbl[y & 0x0f];
}

GLRAND_HOST_DEVICE constexpr std::uint32_t temper(const std::uint32_t* tmp_tbl, std::uint32_t r, std::uint32_t t) {
  t ^= t >> 16;
  t ^= t >> 8;
  return r ^ tmp_tbl[t & 0x0f];
}

// x[(index + j) mod 351] holds x_{k+j}, k the number of outputs made so far.
struct State {
  std::array<std::uint32_t, kN> x;
  unsigned index = 0;
  friend bool operator==(const State&, const State&) = default;
};

// mtgp32_init_state(para, seed): words filled with one byte of the hidden seed, x_0 = seed,
// x_1 = hidden seed, x_i ^= 1812433253·(x_{i−1} ⊕ x_{i−1} >> 30) + i.
State seed_state(const Parameters& p, std::uint32_t seed);

// Generator `sequence`'s 32-bit seed under curandMakeMTGP32KernelState(seed).
constexpr std::uint32_t sequence_seed(std::uint64_t seed, unsigned sequence) {
  return static_cast<std::uint32_t>(seed ^ (seed >> 32)) + sequence + 1u;
}

std::uint32_t next(State& s, const Parameters& p);
void generate_ints(State& s, const Parameters& p, std::span<std::uint32_t> out);

// Outputs first .. first + out.size() − 1 of cuRAND's host-API stream for `seed` (header).
void host_api_outputs(std::uint64_t seed, std::uint64_t first, std::span<std::uint32_t> out,
                      unsigned sequences = kHostSequences);

}  // namespace glrand::mtgp32
