// SPDX-License-Identifier: MIT
// MRG32k3a on the CUDA path: contiguous runs per lane written through a shared-memory tile
// (cuda/layout.hpp), 16 bytes per lane per store where the warp's runs are whole. Each lane reaches its run by one skip-ahead through a table in constant
// memory (base 2 or base 8, cuda/jump_tables.hpp), then steps with the folded reductions of
// cuda/arithmetic.hpp: no 64-bit division and no floating point.
#include <mutex>
#include <vector>

#include "cuda/arithmetic.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {
namespace {

__constant__ arithmetic::Mrg32k3aJump base2_table[kBase2Entries];
__constant__ arithmetic::Mrg32k3aJump base8_table[kBase8Entries];

constexpr int kWarpsPerBlock = kThreadsPerBlock / 32;
// Tile rows padded to 36 words: a quarter-warp's 16-byte stores into 8 rows hit 8 distinct
// 4-bank groups, and 16-byte loads of one row are contiguous.
constexpr int kRowWords = 36;

// Each lane's contiguous run of L = 32·rounds outputs starts g·L on (cuda/layout.hpp).
struct LaneRun {
  arithmetic::Mrg32k3aWords state;
  std::uint64_t warp_first;  // the warp's first lane
  std::uint32_t lane;
};

template <JumpBase base>
__device__ LaneRun start_run(arithmetic::Mrg32k3aWords start, std::uint64_t run, std::uint64_t count) {
  const std::uint64_t g = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  LaneRun r{start, g - threadIdx.x % 32, threadIdx.x % 32};
  if (g * run < count) {
    if constexpr (base == JumpBase::base2) arithmetic::jump_base2(base2_table, g * run, r.state);
    else arithmetic::jump_base8(base8_table, g * run, r.state);
  }
  return r;
}

// The common case: the warp's 32 runs lie wholly inside `count` and `out` is 16-byte
// aligned. A round's 32 outputs per lane go to the tile as 8 uint4; each store instruction
// then writes 16 bytes per lane, four runs' 128 contiguous bytes at once, with no bounds check.
__device__ void whole_warp(LaneRun& r, std::uint32_t (&tile)[32][kRowWords], std::uint32_t* out, std::uint64_t run,
                           std::uint32_t rounds) {
  const std::uint32_t row = r.lane / 8, column = r.lane % 8 * 4;
  // Store k of a round writes lane-run warp_first + 4k + row at word 32·round + column.
  uint4* destination = reinterpret_cast<uint4*>(out + (r.warp_first + row) * run + column);
  const std::uint64_t four_runs = run;  // uint4 units: 4·run words
  for (std::uint32_t round = 0; round < rounds; ++round) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      uint4 v;
      v.x = arithmetic::step(r.state);
      v.y = arithmetic::step(r.state);
      v.z = arithmetic::step(r.state);
      v.w = arithmetic::step(r.state);
      *reinterpret_cast<uint4*>(&tile[r.lane][4 * k]) = v;
    }
    __syncwarp();
#pragma unroll
    for (int k = 0; k < 8; ++k) destination[k * four_runs] = *reinterpret_cast<const uint4*>(&tile[4 * k + row][column]);
    __syncwarp();
    destination += 8;  // 32 words
  }
}

// Any warp: one word per lane per store, each checked against `count`.
__device__ void checked_warp(LaneRun& r, std::uint32_t (&tile)[32][kRowWords], std::uint32_t* out, std::uint64_t run,
                             std::uint32_t rounds, std::uint64_t count) {
  for (std::uint32_t round = 0; round < rounds && r.warp_first * run + 32ull * round < count; ++round) {
#pragma unroll 8
    for (int i = 0; i < 32; ++i) tile[r.lane][i] = arithmetic::step(r.state);
    __syncwarp();
#pragma unroll 8
    for (int i = 0; i < 32; ++i) {
      const std::uint64_t n = (r.warp_first + i) * run + 32ull * round + r.lane;  // layout.hpp: run_store_index
      if (n < count) out[n] = tile[i][r.lane];
    }
    __syncwarp();
  }
}

template <JumpBase base>
__global__ void __launch_bounds__(kThreadsPerBlock) mrg32k3a_kernel(arithmetic::Mrg32k3aWords start, std::uint32_t* out,
                                                                   std::uint64_t count, std::uint32_t rounds) {
  __shared__ __align__(16) std::uint32_t tiles[kWarpsPerBlock][32][kRowWords];
  auto& tile = tiles[threadIdx.x / 32];
  const std::uint64_t run = 32ull * rounds;
  LaneRun r = start_run<base>(start, run, count);
  const bool aligned = reinterpret_cast<std::uintptr_t>(out) % 16 == 0;
  if (aligned && (r.warp_first + 32) * run <= count) whole_warp(r, tile, out, run, rounds);
  else checked_warp(r, tile, out, run, rounds, count);
}

// Uploads both tables to the current device once.
void upload_tables() {
  static std::mutex mutex;
  static std::vector<int> done;  // device ordinals
  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  const std::lock_guard lock(mutex);
  for (int d : done)
    if (d == device) return;
  const auto base2 = mrg32k3a_jump_table(JumpBase::base2);
  const auto base8 = mrg32k3a_jump_table(JumpBase::base8);
  check(cudaMemcpyToSymbol(base2_table, base2.data(), sizeof(arithmetic::Mrg32k3aJump) * base2.size()),
        "cudaMemcpyToSymbol(base2_table)");
  check(cudaMemcpyToSymbol(base8_table, base8.data(), sizeof(arithmetic::Mrg32k3aJump) * base8.size()),
        "cudaMemcpyToSymbol(base8_table)");
  done.push_back(device);
}

}  // namespace

void launch_mrg32k3a(const mrg32k3a::State& before_first, std::uint32_t* out, std::uint64_t count, RunGeometry geometry,
                     JumpBase base, Stream stream) {
  if (count == 0) return;
  upload_tables();
  const arithmetic::Mrg32k3aWords start = arithmetic::to_words(before_first);
  const Geometry& grid = geometry.grid;
  if (base == JumpBase::base2)
    mrg32k3a_kernel<JumpBase::base2><<<grid.blocks, grid.threads_per_block, 0, stream>>>(start, out, count, geometry.rounds);
  else
    mrg32k3a_kernel<JumpBase::base8><<<grid.blocks, grid.threads_per_block, 0, stream>>>(start, out, count, geometry.rounds);
  check_launch("mrg32k3a_kernel");
}

Generator mrg32k3a(const mrg32k3a::State& before_start, JumpBase base) {
  return {"mrg32k3a", 1, [before_start, base](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            launch_mrg32k3a(mrg32k3a::advance(before_start, first), out.data(), out.size(),
                            run_geometry(out.size(), multiprocessors()), base, stream);
          }};
}

}  // namespace glrand::cuda
