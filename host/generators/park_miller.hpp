// SPDX-License-Identifier: MIT
#pragma once
// Park–Miller "minimal standard" (Park & Miller, CACM 1988): z_{n+1} = 16807·z_n mod (2^31 − 1).
// ISO C++'s minstd_rand0. Period m − 1 = 2147483646; legal seeds z_0 in 1..2^31 − 2.
//
// Position convention (as minstd_rand0): output n is z_{n+1}; the position's state is that
// same value, so a substream's state is one 31-bit integer. Skip-ahead by k is a
// multiplication by a^k mod m (square and multiply); leapfrog with P substreams steps each
// by a^P.
//
// Floats (host side, from the exact integers): f64 = z / m in IEEE double, in (0, 1);
// f32 = the largest float not above it.
// u32 (a 32-bit word for test batteries): floor(z·2^32 / m), the first 32 bits of z/m, which
// is exactly 2z + floor(2z/m) = (z << 1) | (z >> 30): z's 31 bits, shifted up, and bit 0 a
// copy of bit 31. A 32-bit word carries only 31 bits of z; the copied bit is the honest cost
// of widening (plain z would have bit 31 always 0, z << 1 bit 0 always 0).
//
// The fragment shader holds z as four bytes in floats and multiplies byte by byte with
// carries (Langdon 2008), so no intermediate exceeds 2^24 (shaders/park_miller.frag).
#include <cstdint>
#include <span>

#include "generators/float_conversion.hpp"
#include "generators/host_device.hpp"
#include "generators/reference_generator.hpp"

namespace glrand::pm {

inline constexpr std::uint32_t kModulus = 2147483647u;  // 2^31 − 1, prime
inline constexpr std::uint32_t kMultiplier = 16807u;    // 7^5, a primitive root mod m
inline constexpr std::uint32_t kMinSeed = 1, kMaxSeed = kModulus - 1;

using State = std::uint32_t;

GLRAND_HOST_DEVICE constexpr std::uint32_t mul_mod(std::uint32_t a, std::uint32_t b) {
  return static_cast<std::uint32_t>(std::uint64_t{a} * b % kModulus);
}

// a^k mod m.
constexpr std::uint32_t multiplier_power(std::uint64_t k) {
  std::uint32_t result = 1, base = kMultiplier;
  for (; k; k >>= 1, base = mul_mod(base, base))
    if (k & 1) result = mul_mod(result, base);
  return result;
}

// The state k positions after `state`.
constexpr State advanced_by(State state, std::uint64_t k) { return mul_mod(state, multiplier_power(k)); }

// The state of output `offset` for seed z_0: z_{offset+1} = a^(offset+1)·z_0 mod m.
constexpr State state_at(std::uint32_t seed, std::uint64_t offset) {
  return mul_mod(mul_mod(seed, multiplier_power(offset)), kMultiplier);
}

GLRAND_HOST_DEVICE constexpr State step(State state) { return mul_mod(state, kMultiplier); }

inline double to_f64(std::uint32_t z) { return static_cast<double>(z) / kModulus; }
inline float to_f32(std::uint32_t z) { return float_not_above(to_f64(z)); }
constexpr std::uint32_t to_u32(std::uint32_t z) { return (z << 1) | (z >> 30); }
// The formulas over a chunk: out[i] from output i of `z` (one word each), out.size() outputs.
void to_f32(std::span<const std::uint32_t> z, std::span<float> out);
void to_f64(std::span<const std::uint32_t> z, std::span<double> out);
void to_u32(std::span<const std::uint32_t> z, std::span<std::uint32_t> out);

// `out.size()` consecutive outputs from `start`, on up to `threads` threads (0: all cores).
void generate_ints(State start, std::span<std::uint32_t> out, unsigned threads = 0);

// The CPU path's reference: `state` is the next output's z.
struct Reference {
  static constexpr int kWordsPerOutput = 1;
  using State = pm::State;
  void fill(State& z, std::span<std::uint32_t> out) const {
    generate_ints(z, out);
    z = advanced_by(z, out.size());
  }
  void to_f32(std::span<const std::uint32_t> z, std::span<float> out) const { pm::to_f32(z, out); }
  void to_f64(std::span<const std::uint32_t> z, std::span<double> out) const { pm::to_f64(z, out); }
  void to_u32(std::span<const std::uint32_t> z, std::span<std::uint32_t> out) const { pm::to_u32(z, out); }
};
static_assert(ReferenceGenerator<Reference>);

}  // namespace glrand::pm
