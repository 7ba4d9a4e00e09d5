// SPDX-License-Identifier: MIT
// MTGP32 on the CUDA path. A generator's work is structured as in cuRAND's device code
// (curand_mtgp32_kernel.h): the state in shared memory, each round 256 new words at once
// (word k + t from words k + t, k + t + 1, k + t + pos, pos ≤ 95). Block b = s·G + g runs
// cuRAND host-API generator g (parameter set g) through segment s of the window's rounds,
// from a start state the host jumped to, and writes round r's outputs to n = r·256·G +
// g·256 + t: consecutive threads, consecutive addresses (cuda/mtgp32_kernel.hpp). On an H200
// the kernel is bound by its instructions (about 23 per output, 7 of them shared-memory
// accesses), not by memory: variants that looked table entries up by arithmetic, used split
// (mbarrier) barriers or gave each thread consecutive words were slower.
#include <string>

#include "cuda/check.hpp"
#include "cuda/mtgp32_device.hpp"

namespace glrand::cuda {
namespace {

// A round's 256 words are made by kMtgp32Threads threads, kWords each (thread t: words t and
// t + 128), so that a thread's fixed work per round (barrier, pointers) is shared by two.
constexpr unsigned kWords = mtgp32::kBlockThreads / kMtgp32Threads;
// The state lives in a linear buffer: a round reads words [b, b + 350] and writes [b + 351,
// b + 606], b the round's base; every kGroup rounds the newest 351 words move back to the
// start (one copy, one barrier), so that within a group every address is a constant offset
// from one pointer, with no wrap-around.
constexpr unsigned kGroup = 8;
constexpr unsigned kBuffer = mtgp32::kN + (kGroup + 1) * mtgp32::kBlockThreads;

struct Recurrence {
  const std::uint32_t* tbl;
  const std::uint32_t* tmp_tbl;
  unsigned pos, sh1, sh2, mask;
};

// One round from the words at base: makes this thread's words, stores them after the state
// and returns their outputs. Reads and writes are disjoint (pos ≤ 95): no barrier inside.
__device__ __forceinline__ void make_round(std::uint32_t* __restrict__ buffer, unsigned base, const Recurrence& c,
                                           std::uint32_t (&v)[kWords]) {
  std::uint32_t* r = buffer + base + threadIdx.x;
  std::uint32_t x[kWords];
#pragma unroll
  for (unsigned j = 0; j < kWords; ++j) {
    const std::uint32_t* q = r + j * kMtgp32Threads;
    x[j] = mtgp32::recurrence(c.mask, c.sh1, c.sh2, c.tbl, q[0], q[1], q[c.pos]);
    v[j] = mtgp32::temper(c.tmp_tbl, x[j], q[c.pos - 1]);
  }
#pragma unroll
  for (unsigned j = 0; j < kWords; ++j) r[mtgp32::kN + j * kMtgp32Threads] = x[j];
}

// Outputs of a round inside the window: out[j·128] = v[j].
__device__ __forceinline__ void store(std::uint32_t* __restrict__ out, const std::uint32_t (&v)[kWords]) {
#pragma unroll
  for (unsigned j = 0; j < kWords; ++j) out[j * kMtgp32Threads] = v[j];
}

// A round that may reach outside the window: out[i + j·128] where 0 ≤ i + j·128 < count.
__device__ __forceinline__ void store_checked(std::uint32_t* __restrict__ out, std::int64_t i, std::int64_t count,
                                              const std::uint32_t (&v)[kWords]) {
#pragma unroll
  for (unsigned j = 0; j < kWords; ++j) {
    const std::int64_t k = i + j * kMtgp32Threads;
    if (k >= 0 && k < count) out[k] = v[j];
  }
}

__global__ void __launch_bounds__(kMtgp32Threads, kMtgp32BlocksPerSm)
    mtgp32_blocks(const Mtgp32KernelSet* __restrict__ sets, const std::uint32_t* __restrict__ states,
                  Mtgp32Layout layout, std::uint32_t* __restrict__ out) {
  __shared__ std::uint32_t buffer[kBuffer];
  __shared__ std::uint32_t tbl[16], tmp_tbl[16];
  const unsigned g = blockIdx.x % layout.sequences, s = blockIdx.x / layout.sequences;
  const Mtgp32BlockRun run = mtgp32_block_run(layout, g, s);
  if (run.rounds == 0) return;  // the whole block, before any barrier
  const unsigned t = threadIdx.x;
  const Mtgp32KernelSet& set = sets[g];
  if (t < 16) {
    tbl[t] = set.tbl[t];
    tmp_tbl[t] = set.tmp_tbl[t];
  }
  const std::uint32_t* state = states + std::uint64_t{blockIdx.x} * mtgp32::kN;
  for (unsigned k = t; k < mtgp32::kN; k += kMtgp32Threads) buffer[k] = state[k];
  const Recurrence c{tbl, tmp_tbl, set.pos, set.sh1, set.sh2, set.mask};
  __syncthreads();

  // Round k's outputs go to out[i0 + k·R + j·128]; only rounds 0 and last can reach outside
  // the window (mtgp32_block_run).
  const std::int64_t R = static_cast<std::int64_t>(layout.round_outputs());
  const std::int64_t count = static_cast<std::int64_t>(layout.count);
  const std::int64_t i0 = run.first_offset + t;
  std::uint32_t v[kWords];
  make_round(buffer, 0, c, v);
  store_checked(out, i0, count, v);
  __syncthreads();
  if (run.rounds == 1) return;
  std::uint32_t* o = out + (i0 + R);  // round 1's; i0 > −R
  unsigned base = mtgp32::kBlockThreads;
  std::uint32_t between = run.rounds - 2;  // the rounds between the first and the last
  for (; between >= kGroup; between -= kGroup) {
    // kGroup rounds at constant offsets from one pointer, then the newest state moves back to
    // the start (source and destination disjoint: base + kGroup·256 ≥ 351).
    std::uint32_t* b = buffer + base;
#pragma unroll
    for (unsigned r = 0; r < kGroup; ++r) {
      make_round(b, r * mtgp32::kBlockThreads, c, v);
      store(o, v);
      o += R;
      __syncthreads();
    }
    for (unsigned k = t; k < mtgp32::kN; k += kMtgp32Threads) buffer[k] = b[kGroup * mtgp32::kBlockThreads + k];
    base = 0;
    __syncthreads();
  }
  // Fewer than kGroup rounds left, then the last: its base is at most kGroup·256, so the
  // buffer holds its writes.
  for (; between > 0; --between) {
    make_round(buffer, base, c, v);
    store(o, v);
    o += R;
    base += mtgp32::kBlockThreads;
    __syncthreads();
  }
  make_round(buffer, base, c, v);
  store_checked(out, i0 + static_cast<std::int64_t>(run.rounds - 1) * R, count, v);
}

}  // namespace

void launch_mtgp32_blocks(const Mtgp32KernelSet* device_sets, const std::uint32_t* device_states,
                          const Mtgp32Layout& layout, std::uint32_t* device_out, Stream stream) {
  if (layout.blocks() == 0) return;
  mtgp32_blocks<<<static_cast<unsigned>(layout.blocks()), kMtgp32Threads, 0, stream>>>(device_sets, device_states,
                                                                                       layout, device_out);
  check_launch("mtgp32_blocks");
}

void launch_mtgp32(std::uint64_t seed, std::uint64_t first, std::uint32_t* out, std::uint64_t count, Stream stream,
                   unsigned sequences) {
  const unsigned segments = mtgp32_segments(first, count, sequences, multiprocessors());
  const Mtgp32DevicePlan plan(plan_mtgp32(seed, mtgp32_layout(first, count, sequences, segments)), stream);
  plan.launch(out, stream);
  // The device buffers die here: wait for the copies and the kernel.
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize (mtgp32_blocks)");
}

Generator mtgp32(std::uint64_t seed, std::uint64_t offset) {
  return {"mtgp32", 1, [seed, offset](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            launch_mtgp32(seed, offset + first, out.data(), out.size(), stream);
          }};
}

}  // namespace glrand::cuda
