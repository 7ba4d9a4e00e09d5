// SPDX-License-Identifier: MIT
// MRG32k3a on the CUDA path: contiguous runs per lane written through a shared-memory tile
// (cuda/layout.hpp). Each lane reaches its run by one skip-ahead through a table in constant
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

template <JumpBase base>
__global__ void __launch_bounds__(kThreadsPerBlock) mrg32k3a_kernel(arithmetic::Mrg32k3aWords start, std::uint32_t* out,
                                                                   std::uint64_t count, std::uint32_t rounds) {
  __shared__ std::uint32_t tiles[kWarpsPerBlock][32][33];  // padded: no bank conflicts either way
  auto& tile = tiles[threadIdx.x / 32];
  const std::uint32_t lane = threadIdx.x % 32;
  const std::uint64_t run = 32ull * rounds;
  const std::uint64_t g = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const std::uint64_t warp_first = g - lane;
  arithmetic::Mrg32k3aWords s = start;
  if (g * run < count) {
    if constexpr (base == JumpBase::base2) arithmetic::jump_base2(base2_table, g * run, s);
    else arithmetic::jump_base8(base8_table, g * run, s);
  }
  for (std::uint32_t r = 0; r < rounds && warp_first * run + 32ull * r < count; ++r) {
#pragma unroll 8
    for (int i = 0; i < 32; ++i) tile[lane][i] = arithmetic::step(s);
    __syncwarp();
#pragma unroll 8
    for (int i = 0; i < 32; ++i) {
      const std::uint64_t n = (warp_first + i) * run + 32ull * r + lane;  // layout.hpp: run_store_index
      if (n < count) out[n] = tile[i][lane];
    }
    __syncwarp();
  }
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
