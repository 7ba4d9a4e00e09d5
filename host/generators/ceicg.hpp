// SPDX-License-Identifier: MIT
#pragma once
// CEICG: the combined explicit inversive congruential generator of the 2006 GPU paper
// (Graphics Hardware 2006, section 4 and Table 1).
//
//   x_{k,N} = inv(a_k·(N + n0_k) + c_k) mod m_k,   inv(0) = 0,   k = 1, 2, 3
//   u_N     = (x_{1,N}/m1 + x_{2,N}/m2 + x_{3,N}/m3) mod 1
//
// Explicit: output N is a function of N alone, so there is no state to carry but the
// position. Substream p starts at N = p·B (B = 140739392569023 ≈ 2^47); the combined period
// is m1·m2·m3 ≈ 2^72. The exact integers of output N are the triple (x1, x2, x3), each
// below 2^24, which is why a float-only shader can produce them exactly.
//
// Float formulas (host side, from the exact integers; documented in docs/generators.md):
//   f64: u = x1/m1 + x2/m2 + x3/m3 in IEEE double, left to right, then u - floor(u).
//   f32: the largest float not above the f64 value, so the range stays [0, 1).
//   u32 (a 32-bit word for test batteries): floor(f64 · 2^32). All 32 bits vary: u is a sum
//        of three fractions with 24-bit denominators, far finer than 2^-32.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "generators/host_device.hpp"
#include "generators/reference_generator.hpp"

namespace glrand::ceicg {

struct Component {
  std::uint32_t modulus;     // m_k, prime, below 2^24
  std::uint32_t multiplier;  // a_k
  std::uint32_t increment;   // c_k
};

// Table 1 of the 2006 paper.
inline constexpr std::array<Component, 3> kComponents{{
    {16777213u, 7u, 0u},
    {16777199u, 11u, 0u},
    {16777183u, 13u, 0u},
}};

// Distance between substream starts (2006 paper, section 4); B mod m_k = 24, 1753, 3969,
// each below sqrt(m_k), which lets the shader multiply by it with Schrage's method.
inline constexpr std::uint64_t kSubstreamSpacing = 140739392569023ull;

// The paper lays substreams out as pixels of a 4096 x 4096 texture: p = x + 4096·y.
inline constexpr std::uint64_t kSubstreamCount = 1ull << 24;

// Seed (n0_1, n0_2, n0_3), each n0_k < m_k: the sequence of 0,0,0 moved to the position c
// with c = n0_k (mod m_k) for every k (Chinese remainder theorem). As x_k(j·M) = inv(j)·x_k(M)
// mod m_k, every seed has u[2N + c] = u[N]/2 or u[N]/2 + 1/2 for all N (mod m1·m2·m3). For the
// paper's 0,0,0 (c = 0) output 2N thus follows from output N and u[0] = 0; for equal offsets
// n,n,n, c = n. So Seed{} is kDefaultSeed, not 0,0,0: write {0, 0, 0} for the paper's seed.
struct Seed : std::array<std::uint32_t, 3> {
  // kDefaultSeed: c = floor(m1·m2·m3·(sqrt(5) - 1)/2), reduced mod each m_k. Multiples of the
  // golden ratio stay far from integers (the three-distance theorem), so the shifts (j - 1)·c
  // of the relations u[j·N + (j - 1)·c] ~ u[N] fall far from 0 and from substream starts.
  constexpr Seed() : Seed(16304931u, 9806722u, 8597840u) {}
  constexpr Seed(std::uint32_t n1, std::uint32_t n2, std::uint32_t n3) : std::array<std::uint32_t, 3>{n1, n2, n3} {}
};

inline constexpr Seed kDefaultSeed{};

// Residues r_k = (N + n0_k) mod m_k: the whole position-dependent state of the generator.
using Residues = std::array<std::uint32_t, 3>;

// The exact output: (x1, x2, x3).
using Output = std::array<std::uint32_t, 3>;

// y⁻¹ mod m for prime m by the extended Euclidean algorithm; inv(0) = 0 by the EICG
// convention (Eichenauer-Herrmann 1993).
GLRAND_HOST_DEVICE constexpr std::uint32_t inverse_mod(std::uint32_t y, std::uint32_t m) {
  std::int64_t r0 = m, r1 = y, t0 = 0, t1 = 1;
  while (r1 != 0) {
    const std::int64_t q = r0 / r1;
    const std::int64_t r2 = r0 - q * r1;
    const std::int64_t t2 = t0 - q * t1;
    r0 = r1; r1 = r2; t0 = t1; t1 = t2;
  }
  return static_cast<std::uint32_t>(t0 < 0 ? t0 + m : t0);
}

// The residues of position N = substream·B + offset, both full 64-bit values.
constexpr Residues residues_at(const Seed& seed, std::uint64_t substream, std::uint64_t offset) {
  Residues r{};
  for (int k = 0; k < 3; ++k) {
    const std::uint64_t m = kComponents[k].modulus;
    const std::uint64_t n = (substream % m) * (kSubstreamSpacing % m) % m + offset % m + seed[k];
    r[k] = static_cast<std::uint32_t>(n % m);
  }
  return r;
}

// Residues advanced by `count` positions.
constexpr Residues advanced_by(const Residues& r, std::uint64_t count) {
  Residues next{};
  for (int k = 0; k < 3; ++k) {
    const std::uint64_t m = kComponents[k].modulus;
    next[k] = static_cast<std::uint32_t>((r[k] + count % m) % m);
  }
  return next;
}

// The output at the position whose residues are r.
GLRAND_HOST_DEVICE constexpr Output output_at(const Residues& r) {
  Output x{};
  for (int k = 0; k < 3; ++k) {
    const std::uint64_t m = kComponents[k].modulus;
    const std::uint64_t y = (kComponents[k].multiplier * std::uint64_t{r[k]} + kComponents[k].increment) % m;
    x[k] = inverse_mod(static_cast<std::uint32_t>(y), static_cast<std::uint32_t>(m));
  }
  return x;
}

double to_f64(const Output& x);
float to_f32(const Output& x);
std::uint32_t to_u32(const Output& x);
// The formulas over a chunk: out[i] from output i of `words` (x1, x2, x3 each), out.size() outputs.
void to_f32(std::span<const std::uint32_t> words, std::span<float> out);
void to_f64(std::span<const std::uint32_t> words, std::span<double> out);
void to_u32(std::span<const std::uint32_t> words, std::span<std::uint32_t> out);

// Fills `out` with 3 words per output (x1, x2, x3) for the `out.size() / 3` consecutive
// outputs starting at residues `start`, using up to `threads` CPU threads (0: all cores).
void generate_ints(const Residues& start, std::span<std::uint32_t> out, unsigned threads = 0);

// The relation a seed puts between outputs within reach, as one line of text, or nothing:
// offsets that are one small position shift d in all three components (|d| below the
// substream spacing B; equal offsets n,n,n are d = n) give u[2N+d] = u[N]/2 or u[N]/2 + 1/2
// for every N; two equal offsets n give x(2N+n) = inv(2)·x(N) in those two components.
// Such seeds are valid (0,0,0 is the paper's), only weak.
std::optional<std::string> seed_relation(const Seed& seed);

// Whether seed word k is in range (n0_k < m_k).
constexpr bool seed_in_range(const Seed& seed) {
  for (int k = 0; k < 3; ++k)
    if (seed[k] >= kComponents[k].modulus) return false;
  return true;
}

// The CPU path's reference: `state` is the next output's residues.
struct Reference {
  static constexpr int kWordsPerOutput = 3;
  using State = Residues;
  void fill(State& r, std::span<std::uint32_t> out) const {
    generate_ints(r, out);
    r = advanced_by(r, out.size() / 3);
  }
  void to_f32(std::span<const std::uint32_t> w, std::span<float> out) const { ceicg::to_f32(w, out); }
  void to_f64(std::span<const std::uint32_t> w, std::span<double> out) const { ceicg::to_f64(w, out); }
  void to_u32(std::span<const std::uint32_t> w, std::span<std::uint32_t> out) const { ceicg::to_u32(w, out); }
};
static_assert(ReferenceGenerator<Reference>);

}  // namespace glrand::ceicg
