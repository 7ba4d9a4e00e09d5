// SPDX-License-Identifier: MIT
#pragma once
// How the CUDA kernels share a run of `count` outputs between threads (host-side arithmetic,
// tested without a GPU). Every layout writes output n at index n, whatever the geometry.
//
// Leapfrog (Park–Miller, Wichmann–Hill, CEICG): thread t of T takes outputs t, t + T, ...;
// it starts with a skip-ahead by t and steps by the T-step multiplier. A warp's 32 stores
// hit 32 consecutive outputs: coalesced.
//
// Chunks (MRG32k3a, whose T-step jump is a 3×3 matrix product, not one multiplication): the
// outputs are cut into chunks of L = 32·rounds, L a multiple of 32; of G lanes, lane g owns
// chunks g, g + G, g + 2G, ...: it reaches chunk g by one table jump (cuda/jump_tables.hpp),
// steps through it, and jumps (G − 1)·L on to its next chunk with one fixed matrix. In round r
// of a chunk each lane of a warp steps 32 times into a shared-memory tile; the warp then writes
// the tile row by row, so store i of round r in chunk c writes outputs
// ((c·G + w + i)·L + 32·r + lane) for lanes 0..31 (w: the warp's first lane): 128 contiguous
// bytes, and a warp's 32 chunks are one contiguous stretch of 32·L outputs. Short chunks keep
// the warps' stores close together (a single run per lane, L in the thousands, reaches only
// 89% of the write-only rate on an H200 in its store pattern alone); each chunk costs one jump.
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
// Chunk kernels: at most 1024 lanes per SM (each warp's tile takes 4,608 bytes of shared
// memory); the launch asks the device how many its kernel's registers allow.
inline constexpr std::uint64_t kRunLanesPerSm = 1024;

// Enough threads to fill `multiprocessors` SMs, and no more than outputs.
inline Geometry leapfrog_geometry(std::uint64_t count, int multiprocessors) {
  const std::uint64_t most = kLeapfrogThreadsPerSm * static_cast<std::uint64_t>(std::max(multiprocessors, 1));
  const std::uint64_t threads = std::clamp<std::uint64_t>(count, 1, most);
  return {static_cast<std::uint32_t>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock), kThreadsPerBlock};
}

// Rounds per chunk by default: L = 128 outputs, one jump (two 3×3 products) per 128 steps.
inline constexpr std::uint32_t kChunkRounds = 4;

struct RunGeometry {
  Geometry grid;
  std::uint32_t rounds = 1;  // L = 32·rounds outputs per chunk
  std::uint64_t chunks = 1;  // chunks per lane
  std::uint64_t outputs_per_chunk() const { return 32ull * rounds; }
};

// Lanes to fill the GPU (`lanes_per_sm` on each SM), no more than chunks to make, each with
// `chunks` chunks of `rounds` rounds of 32 outputs; the grid covers `count` (the last chunks
// may have nothing to do).
inline RunGeometry run_geometry(std::uint64_t count, int multiprocessors, std::uint32_t rounds = kChunkRounds,
                                std::uint64_t lanes_per_sm = kRunLanesPerSm) {
  RunGeometry g;
  g.rounds = std::max(rounds, 1u);
  const std::uint64_t all_chunks = std::max<std::uint64_t>((count + g.outputs_per_chunk() - 1) / g.outputs_per_chunk(), 1);
  const std::uint64_t most = std::max<std::uint64_t>(lanes_per_sm, kThreadsPerBlock) *
                             static_cast<std::uint64_t>(std::max(multiprocessors, 1));
  const std::uint64_t lanes = std::min(all_chunks, most);
  g.grid = {static_cast<std::uint32_t>((lanes + kThreadsPerBlock - 1) / kThreadsPerBlock), kThreadsPerBlock};
  g.chunks = (all_chunks + g.grid.threads() - 1) / g.grid.threads();
  return g;
}

// The output that lane `lane` of the warp whose first lane is `warp_first_lane` stores in
// store i of round r of its chunk c, with `lanes` lanes in the grid (see the header comment).
inline std::uint64_t run_store_index(std::uint64_t warp_first_lane, std::uint32_t lane, std::uint64_t chunk,
                                     std::uint32_t round, std::uint32_t i, std::uint64_t lanes,
                                     std::uint64_t outputs_per_chunk) {
  return (chunk * lanes + warp_first_lane + i) * outputs_per_chunk + 32ull * round + lane;
}

}  // namespace glrand::cuda
