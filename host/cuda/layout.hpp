// SPDX-License-Identifier: MIT
#pragma once
// How the CUDA kernels share a run of `count` outputs between threads (host-side arithmetic,
// tested without a GPU). Every layout writes output n at index n, whatever the geometry.
//
// Leapfrog (Park–Miller, Wichmann–Hill, CEICG): thread t of T takes outputs t, t + T, ...;
// it starts with a skip-ahead by t and steps by the T-step multiplier. A warp's 32 stores
// hit 32 consecutive outputs: coalesced.
//
// Runs (MRG32k3a, whose T-step jump is a 3×3 matrix product, not one multiplication): lane
// g owns the contiguous run [g·L, g·L + L), L a multiple of 32, reached by one table jump
// (cuda/jump_tables.hpp), then plain steps. In round r each lane of a warp steps 32 times
// into a 32×33 shared-memory tile; the warp then writes the tile row by row, so store i of
// round r writes outputs (w + i)·L + 32·r + lane for lanes 0..31, 128 contiguous bytes
// (w: the warp's first lane).
#include <algorithm>
#include <cstdint>

namespace glrand::cuda {

struct Geometry {
  std::uint32_t blocks = 1;
  std::uint32_t threads_per_block = 256;
  std::uint64_t threads() const { return std::uint64_t{blocks} * threads_per_block; }
};

inline constexpr std::uint32_t kThreadsPerBlock = 256;
// Leapfrog kernels: 2048 resident threads per SM on sm_90.
inline constexpr std::uint64_t kLeapfrogThreadsPerSm = 2048;
// Run kernels: 1024 lanes per SM (each warp's tile takes 4,224 bytes of shared memory).
inline constexpr std::uint64_t kRunLanesPerSm = 1024;

// Enough threads to fill `multiprocessors` SMs, and no more than outputs.
inline Geometry leapfrog_geometry(std::uint64_t count, int multiprocessors) {
  const std::uint64_t most = kLeapfrogThreadsPerSm * static_cast<std::uint64_t>(std::max(multiprocessors, 1));
  const std::uint64_t threads = std::clamp<std::uint64_t>(count, 1, most);
  return {static_cast<std::uint32_t>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock), kThreadsPerBlock};
}

struct RunGeometry {
  Geometry grid;
  std::uint32_t rounds = 1;  // L = 32·rounds outputs per lane
  std::uint64_t outputs_per_lane() const { return 32ull * rounds; }
};

// Lanes to fill the GPU, each with at least `min_rounds` rounds of 32 outputs; the grid
// covers `count` (the last lanes may have nothing to do).
inline RunGeometry run_geometry(std::uint64_t count, int multiprocessors, std::uint32_t min_rounds = 1) {
  const std::uint64_t lanes = kRunLanesPerSm * static_cast<std::uint64_t>(std::max(multiprocessors, 1));
  const std::uint64_t per_lane = (count + lanes - 1) / lanes;
  RunGeometry g;
  g.rounds = static_cast<std::uint32_t>(std::max<std::uint64_t>((per_lane + 31) / 32, std::max(min_rounds, 1u)));
  const std::uint64_t used = std::max<std::uint64_t>((count + g.outputs_per_lane() - 1) / g.outputs_per_lane(), 1);
  g.grid = {static_cast<std::uint32_t>((used + kThreadsPerBlock - 1) / kThreadsPerBlock), kThreadsPerBlock};
  return g;
}

// The output that lane `lane` of the warp whose first lane is `warp_first_lane` stores in
// store i of round r (see the header comment).
inline std::uint64_t run_store_index(std::uint64_t warp_first_lane, std::uint32_t lane, std::uint32_t round,
                                     std::uint32_t i, std::uint64_t outputs_per_lane) {
  return (warp_first_lane + i) * outputs_per_lane + 32ull * round + lane;
}

}  // namespace glrand::cuda
