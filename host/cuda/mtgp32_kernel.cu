// SPDX-License-Identifier: MIT
// MTGP32 on the CUDA path. A generator's work is structured as in cuRAND's device code
// (curand_mtgp32_kernel.h): the state in shared memory, each round 256 new words at once
// (word k + i from words k + i, k + i + 1, k + i + pos, pos ≤ 95). Block b = s·G + g runs
// cuRAND host-API generator g (parameter set g) through segment s of the window's rounds,
// from a start state the host jumped to, and writes round r's outputs to n = r·256·G +
// g·256 + i (cuda/mtgp32_kernel.hpp).
//
// Each of a block's 64 threads makes four consecutive words of a round, so that it reads the
// state by 16-byte loads and writes its outputs by one 16-byte store: about 23 instructions
// an output where one word per load took 25, and half the shared-memory instructions. The
// state lives in a ring of 1024 words whose first 128 are mirrored after its end, so that
// every window a thread reads is contiguous and no round copies the state back. On an H200
// this layout makes 93% of the write-only rate where two words a thread in a linear buffer
// made 86% (bench/results/2026-11-21-h200-cuda-mrg32k3a-mtgp32-tuning/variants-kept.md).
#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cuda/check.hpp"
#include "cuda/mtgp32_device.hpp"
#include "generators/parallel_fill.hpp"

namespace glrand::cuda {
namespace {

constexpr unsigned kWords = mtgp32::kBlockThreads / kMtgp32Threads;  // a thread's words per round
static_assert(kWords == 4, "a thread's words are one 16-byte load and store");

// Ring position p holds state word p − 1 (mod kRing), counted from the block's start: offset
// by one so that a round's new words, 351 on from its oldest, start on a 16-byte boundary. A
// round reads positions rb .. rb + 354 (rb = 256·round mod kRing) and writes 256 words from
// rb + 352: the 607 live positions fit the ring with room to spare.
constexpr unsigned kRing = 1024;
// Reads run past the ring's end by at most 768 + 252 + 92 + 8 − 1024 = 96 words (the last
// round base, thread and pos window); writes to the first kMirror positions are repeated
// after the end.
constexpr unsigned kMirror = 128;
constexpr unsigned kLastBase = kRing - mtgp32::kBlockThreads, kLastThreadWord = mtgp32::kBlockThreads - kWords;
static_assert(kLastBase + kLastThreadWord + (mtgp32::kMaxPos & ~3u) + 8 <= kRing + kMirror);
// At most 42 registers a thread (40 on sm_90), so that 24 blocks of 64 fit an SM.
constexpr unsigned kMinBlocksPerSm = 24;

struct Recurrence {
  const std::uint32_t* tbl;
  const std::uint32_t* tmp_tbl;
  unsigned pos, sh1, sh2, mask;
};

// Eight words from a 16-byte aligned shared address, by two 16-byte loads.
__device__ __forceinline__ void load8(const std::uint32_t* aligned, std::uint32_t (&w)[8]) {
  const uint4 a = reinterpret_cast<const uint4*>(aligned)[0];
  const uint4 b = reinterpret_cast<const uint4*>(aligned)[1];
  w[0] = a.x, w[1] = a.y, w[2] = a.z, w[3] = a.w;
  w[4] = b.x, w[5] = b.y, w[6] = b.z, w[7] = b.w;
}

// One round from ring base rb: this thread's four new words into the ring, their outputs
// returned. Counting from the round's oldest word, new word j of thread t (j < 4) is made from
// words 4t + j and 4t + j + 1 (window x, from position rb + 4t) and 4t + j + pos, and tempered
// with word 4t + j + pos − 1 (window y, from the 16-byte boundary at or below rb + 4t + pos;
// kPosMod4 = pos mod 4 fixes where they fall in it, at compile time). The windows read up to
// three words past those used, which other threads may be writing: unused.
template <unsigned kPosMod4>
__device__ __forceinline__ uint4 make_round(std::uint32_t* __restrict__ ring, unsigned rb, const Recurrence& c) {
  const unsigned t4 = kWords * threadIdx.x;
  std::uint32_t x[8], y[8];
  load8(ring + rb + t4, x);                       // word 4t + j is x[1 + j]
  load8(ring + rb + t4 + (c.pos - kPosMod4), y);  // word 4t + pos − 1 + j is y[kPosMod4 + j]
  std::uint32_t made[kWords], out[kWords];
#pragma unroll
  for (unsigned j = 0; j < kWords; ++j) {
    made[j] = mtgp32::recurrence(c.mask, c.sh1, c.sh2, c.tbl, x[1 + j], x[2 + j], y[kPosMod4 + j + 1]);
    out[j] = mtgp32::temper(c.tmp_tbl, made[j], y[kPosMod4 + j]);
  }
  const unsigned w = (rb + 1 + mtgp32::kN + t4) % kRing;
  const uint4 v = make_uint4(made[0], made[1], made[2], made[3]);
  *reinterpret_cast<uint4*>(ring + w) = v;
  if (w < kMirror) *reinterpret_cast<uint4*>(ring + kRing + w) = v;
  return make_uint4(out[0], out[1], out[2], out[3]);
}

// A round's four outputs at out[i .. i + 3], all inside the window; kAligned: out + i is
// 16-byte aligned (the same for every round of a block, as 256·G is a multiple of four).
template <bool kAligned>
__device__ __forceinline__ void store_inside(std::uint32_t* __restrict__ out, std::int64_t i, uint4 v) {
  if constexpr (kAligned) {
    // By the intrinsic: a plain uint4 assignment here came out of nvcc as four 4-byte stores
    // (71% of the write-only rate on an H200 instead of 93%).
    __stwb(reinterpret_cast<uint4*>(out + i), v);
  } else {
    out[i] = v.x, out[i + 1] = v.y, out[i + 2] = v.z, out[i + 3] = v.w;
  }
}

// The same for a round that may reach outside the window: only out[k], 0 ≤ k < count.
template <bool kAligned>
__device__ __forceinline__ void store_checked(std::uint32_t* __restrict__ out, std::int64_t i, std::int64_t count, uint4 v) {
  if (i >= 0 && i + 4 <= count) {
    store_inside<kAligned>(out, i, v);
    return;
  }
  const std::uint32_t words[kWords] = {v.x, v.y, v.z, v.w};
#pragma unroll
  for (unsigned j = 0; j < kWords; ++j)
    if (i + j >= 0 && i + j < count) out[i + j] = words[j];
}

// The window at the start of round `done` (counted from the block's start) into `saved`: state
// words 256·done .. 256·done + 350 sit at ring positions 256·done + 1 + i. The round after
// writes positions 352 and more on from its base, none of these, so no barrier follows.
__device__ __forceinline__ void save_window(const std::uint32_t* ring, unsigned done, std::uint32_t* __restrict__ saved) {
  for (unsigned k = threadIdx.x; k < mtgp32::kN; k += kMtgp32Threads)
    saved[k] = ring[(mtgp32::kBlockThreads * done + 1 + k) % kRing];
}

// A block's rounds: only the first and the last can reach outside the window (mtgp32_block_run).
// kSaving: the window after `save_after` rounds (0 .. run.rounds) goes to `saved` as well.
template <unsigned kPosMod4, bool kAligned, bool kSaving>
__device__ void run_rounds(std::uint32_t* __restrict__ ring, const Recurrence& c, const Mtgp32BlockRun& run,
                           std::uint32_t* __restrict__ out, std::int64_t round_outputs, std::int64_t count,
                           std::uint32_t* __restrict__ saved, std::uint32_t save_after) {
  std::int64_t i = run.first_offset + kWords * threadIdx.x;
  unsigned rb = 0;
  if (kSaving && save_after == 0) save_window(ring, 0, saved);
  store_checked<kAligned>(out, i, count, make_round<kPosMod4>(ring, rb, c));
  if (run.rounds > 1) {
    for (std::uint32_t r = 2; r < run.rounds; ++r) {
      __syncthreads();
      if (kSaving && save_after == r - 1) save_window(ring, r - 1, saved);
      rb = (rb + mtgp32::kBlockThreads) % kRing;
      i += round_outputs;
      store_inside<kAligned>(out, i, make_round<kPosMod4>(ring, rb, c));
    }
    __syncthreads();
    if (kSaving && save_after == run.rounds - 1) save_window(ring, run.rounds - 1, saved);
    rb = (rb + mtgp32::kBlockThreads) % kRing;
    store_checked<kAligned>(out, i + round_outputs, count, make_round<kPosMod4>(ring, rb, c));
  }
  if (kSaving && save_after == run.rounds) {
    __syncthreads();
    save_window(ring, run.rounds, saved);
  }
}

template <bool kAligned, bool kSaving>
__device__ void run_rounds(unsigned pos_mod_4, std::uint32_t* ring, const Recurrence& c, const Mtgp32BlockRun& run,
                           std::uint32_t* out, std::int64_t round_outputs, std::int64_t count, std::uint32_t* saved,
                           std::uint32_t save_after) {
  switch (pos_mod_4) {
    case 0: run_rounds<0, kAligned, kSaving>(ring, c, run, out, round_outputs, count, saved, save_after); break;
    case 1: run_rounds<1, kAligned, kSaving>(ring, c, run, out, round_outputs, count, saved, save_after); break;
    case 2: run_rounds<2, kAligned, kSaving>(ring, c, run, out, round_outputs, count, saved, save_after); break;
    default: run_rounds<3, kAligned, kSaving>(ring, c, run, out, round_outputs, count, saved, save_after); break;
  }
}

// `saved`: null, or where a one-segment layout's blocks save their window (launch_mtgp32_blocks).
__global__ void __launch_bounds__(kMtgp32Threads, kMinBlocksPerSm)
    mtgp32_blocks(const Mtgp32KernelSet* __restrict__ sets, const std::uint32_t* __restrict__ states,
                  Mtgp32Layout layout, std::uint32_t* __restrict__ out, std::uint32_t* __restrict__ saved) {
  __shared__ __align__(16) std::uint32_t ring[kRing + kMirror];
  __shared__ std::uint32_t tbl[16], tmp_tbl[16];
  const unsigned g = blockIdx.x % layout.sequences, s = blockIdx.x / layout.sequences;
  const bool saving = saved != nullptr;
  const Mtgp32BlockRun run = saving ? mtgp32_saving_run(layout, g) : mtgp32_block_run(layout, g, s);
  const std::uint32_t* state = states + std::uint64_t{blockIdx.x} * mtgp32::kN;
  if (saving) saved += std::uint64_t{g} * mtgp32::kN;
  if (run.rounds == 0) {  // the whole block, before any barrier
    if (saving)
      for (unsigned k = threadIdx.x; k < mtgp32::kN; k += kMtgp32Threads) saved[k] = state[k];
    return;
  }
  const unsigned t = threadIdx.x;
  const Mtgp32KernelSet& set = sets[g];
  if (t < 16) {
    tbl[t] = set.tbl[t];
    tmp_tbl[t] = set.tmp_tbl[t];
  }
  for (unsigned k = t; k < mtgp32::kN; k += kMtgp32Threads) {
    ring[1 + k] = state[k];
    if (1 + k < kMirror) ring[kRing + 1 + k] = state[k];
  }
  const Recurrence c{tbl, tmp_tbl, set.pos, set.sh1, set.sh2, set.mask};
  __syncthreads();
  const auto round_outputs = static_cast<std::int64_t>(layout.round_outputs());
  const auto count = static_cast<std::int64_t>(layout.count);
  // out + first_offset, in whole bytes modulo 2^64 (first_offset may be negative).
  const bool aligned = (reinterpret_cast<std::uintptr_t>(out) + static_cast<std::uintptr_t>(run.first_offset) * 4) % 16 == 0;
  const auto save_after = static_cast<std::uint32_t>(mtgp32_save_round(layout) - layout.first_round);
  if (saving) {
    if (aligned) run_rounds<true, true>(set.pos % 4, ring, c, run, out, round_outputs, count, saved, save_after);
    else run_rounds<false, true>(set.pos % 4, ring, c, run, out, round_outputs, count, saved, save_after);
  } else {
    if (aligned) run_rounds<true, false>(set.pos % 4, ring, c, run, out, round_outputs, count, nullptr, 0);
    else run_rounds<false, false>(set.pos % 4, ring, c, run, out, round_outputs, count, nullptr, 0);
  }
}

}  // namespace

void launch_mtgp32_blocks(const Mtgp32KernelSet* device_sets, const std::uint32_t* device_states,
                          const Mtgp32Layout& layout, std::uint32_t* device_out, Stream stream, std::uint32_t* saved) {
  if (layout.blocks() == 0) return;
  if (saved != nullptr && layout.segments != 1)
    throw std::logic_error("launch_mtgp32_blocks: only a one-segment layout saves its windows");
  mtgp32_blocks<<<static_cast<unsigned>(layout.blocks()), kMtgp32Threads, 0, stream>>>(device_sets, device_states,
                                                                                       layout, device_out, saved);
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

// generate_host fills chunk after chunk (host_chunk_outputs's), one segment per generator
// (G blocks make a chunk far faster than it is copied). Each chunk's kernel also saves every
// generator's window where the next chunk starts (launch_mtgp32_blocks), into the second of two
// device buffers, so that a fill continuing the last one starts from those with no jump at all.
// Only a fill at another position is planned on the host, each generator jumped from its seed.
// The fills are ordered on the device by an event, and the mutex keeps copies of the Generator
// used from several threads correct. A larger fill (a device buffer, a texture) runs in many
// segments, whose kernel is that much shorter, jumped to from the seed (launch_mtgp32).
Generator mtgp32(std::uint64_t seed, std::uint64_t offset) {
  constexpr std::uint64_t kChunkLike = std::uint64_t{1} << 25;
  constexpr unsigned G = mtgp32::kHostSequences;
  // What lives on one device: the parameter sets, two buffers of windows, the ordering event.
  struct OnDevice {
    DeviceBuffer<Mtgp32KernelSet> sets;
    std::array<DeviceBuffer<std::uint32_t>, 2> windows;  // G windows each
    EventHandle done;                                    // after the last kernel
    ~OnDevice() { cudaEventSynchronize(done.get()); }
  };
  struct Kept {
    std::mutex mutex;
    int device = -1;                    // where `on` lives
    std::unique_ptr<OnDevice> on;
    int current = 0;                    // the buffer the next fill starts from
    std::optional<std::uint64_t> next;  // the output whose round windows[current] holds
  };
  auto kept = std::make_shared<Kept>();
  return {"mtgp32", 1, [seed, offset, kept](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            if (out.empty()) return;
            if (out.size() > kChunkLike) return launch_mtgp32(seed, offset + first, out.data(), out.size(), stream);
            const std::lock_guard lock(kept->mutex);
            const std::uint64_t at = offset + first;
            int device = 0;
            check(cudaGetDevice(&device), "cudaGetDevice");
            if (device != kept->device || !kept->on) {
              kept->next.reset();
              kept->on.reset();
              auto on = std::make_unique<OnDevice>();
              const std::vector<Mtgp32KernelSet> sets = mtgp32_kernel_sets(G);
              on->sets = DeviceBuffer<Mtgp32KernelSet>(G);
              check(cudaMemcpy(on->sets.data(), sets.data(), G * sizeof(Mtgp32KernelSet), cudaMemcpyHostToDevice),
                    "cudaMemcpy");
              for (auto& w : on->windows) w = DeviceBuffer<std::uint32_t>(std::size_t{G} * mtgp32::kN);
              kept->on = std::move(on);
              kept->device = device;
            }
            OnDevice& on = *kept->on;
            const Mtgp32Layout layout = mtgp32_layout(at, out.size(), G, 1);
            const bool continues = std::exchange(kept->next, std::nullopt) == at;  // until this fill is queued
            check(cudaStreamWaitEvent(stream, on.done.get(), 0), "cudaStreamWaitEvent");
            std::uint32_t* const starts = on.windows[kept->current].data();
            if (!continues) {
              const Mtgp32Plan plan = plan_mtgp32(layout, mtgp32_round_states(seed, layout.first_round, G));
              check(cudaMemcpyAsync(starts, plan.states.data(), plan.states.size() * sizeof(std::uint32_t),
                                    cudaMemcpyHostToDevice, stream),
                    "cudaMemcpyAsync");  // from pageable memory: staged before it returns
            }
            launch_mtgp32_blocks(on.sets.data(), starts, layout, out.data(), stream, on.windows[1 - kept->current].data());
            check(cudaEventRecord(on.done.get(), stream), "cudaEventRecord");
            kept->current = 1 - kept->current;
            kept->next = at + out.size();
          }};
}

}  // namespace glrand::cuda
