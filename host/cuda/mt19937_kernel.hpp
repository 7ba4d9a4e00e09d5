// SPDX-License-Identifier: MIT
#pragma once
// MT19937 on the GPU, cooperative in shared memory (after Bradley, du Toit, Tong, Giles,
// Woodhams, "Parallelization techniques for random number generators", GPU Computing Gems
// Emerald Edition, 2011). Two kernels share one stream layout:
//  - warps (the default): a segment per warp, its 624-word block twisted in place in shared
//    memory as mt19937ar.c does, in batches of 160 words ordered by __syncwarp
//    (cuda/mt19937_twist.hpp): every address a constant offset, no index arithmetic per word;
//  - blocks: Bradley et al.'s block-cooperative update, a segment per block of 224..256
//    threads, 224 new words per round, one __syncthreads each, in a 1024-word shared ring (below).
//
// Stream layout: outputs [offset, offset + count) of the standard sequence are cut into
// `segments` consecutive segments of L outputs (L a multiple of 624, the last one shorter);
// segment s starts from the state s·L outputs on (jumped to by the host, plan_mt19937, or on the
// device, plan_mt19937_on_device) and writes its outputs in place. So device_out[i] is output
// offset + i of MT19937 seeded with `seed`, for any segment count: the single standard sequence.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "cuda/cuda_path.hpp"
#include "generators/mt19937.hpp"
#include "generators/parallel_fill.hpp"

namespace glrand::cuda {

enum class Mt19937Kernel { warps, blocks };

// A host plan costs a jump (about a ms) per segment, so plans make at most this many.
inline constexpr unsigned kMt19937MaxSegments = 8192;
// By default a segment of a host plan has at least this many outputs: many more segments than
// a wave only for large buffers.
inline constexpr std::uint64_t kMt19937MinSegmentOutputs = std::uint64_t{1} << 18;
// The Generator's segments, whose states the device makes (cuda/mt19937_jump.hpp), are shorter:
// 256 make a fill of 2^24 outputs.
inline constexpr std::uint64_t kMt19937DeviceSegmentOutputs = std::uint64_t{1} << 16;
// Long fills' segments are longer, up to this many outputs: each fill jumps every segment on.
inline constexpr std::uint64_t kMt19937FillSegmentOutputs = std::uint64_t{1} << 19;

struct Mt19937Launch {
  Mt19937Kernel kernel = Mt19937Kernel::warps;
  unsigned segments = 0;             // 0: from count, at least min_segment_outputs each
  std::uint64_t min_segment_outputs = kMt19937MinSegmentOutputs;
  unsigned threads_per_block = 224;  // the blocks kernel: at least 224 (one round's words), at most 256
  unsigned max_segments = kMt19937MaxSegments;  // generate_mt19937_on_device: one wave of the device
};

// In sequence form the twist is x_{j+624} = rec(x_j, x_{j+1}, x_{j+397}): x_j needs x_{j−624},
// x_{j−623} and x_{j−227}, so up to 227 consecutive words depend only on older words and can
// be made at once. The blocks kernel makes 224 per round, one per thread of seven whole warps
// (227 would leave 29 lanes of an eighth warp idle), and keeps x_j in slot j mod 1024 of a
// shared ring: a round reads x_{j−624} .. x_{j−1} and writes x_j .. x_{j+223} at most, never
// the same slot.
inline constexpr unsigned kMt19937RoundWords = 224;
inline constexpr unsigned kMt19937Ring = 1024;
static_assert(kMt19937RoundWords <= mt19937::kN - mt19937::kM && mt19937::kN + kMt19937RoundWords <= kMt19937Ring);

// What the host hands the kernel: segment s starts from states[s·624 .. s·624 + 623] with read
// index first_index and writes outputs [s·per_segment, min((s+1)·per_segment, count)).
struct Mt19937Plan {
  std::uint64_t segments = 0;
  std::uint64_t per_segment = 0;  // a multiple of 624
  unsigned first_index = 0;
  std::vector<std::uint32_t> states;
};

// The layout alone (no CUDA needed, tested in CI): segment count and length, and the read
// index, which every segment shares; no states.
inline Mt19937Plan plan_mt19937_shape(const mt19937::State& start, std::uint64_t count, Mt19937Launch launch = {}) {
  using mt19937::kN;
  if (start.index < 1 || start.index > kN)
    throw InvalidArgument("MT19937 kernel: the start state's index must be in 1..624, not " +
                          std::to_string(start.index));
  if (launch.threads_per_block < kMt19937RoundWords || launch.threads_per_block > 256)
    throw InvalidArgument("MT19937 kernel: threads per block must be in 224..256, not " +
                          std::to_string(launch.threads_per_block));
  Mt19937Plan plan;
  plan.first_index = start.index;
  if (count == 0) return plan;
  const std::uint64_t chunks = (count + kN - 1) / kN;
  std::uint64_t segments = launch.segments != 0
                               ? launch.segments
                               : std::clamp<std::uint64_t>(count / std::max<std::uint64_t>(launch.min_segment_outputs, 1), 1,
                                                           std::max(launch.max_segments, 1u));
  segments = std::min(segments, chunks);
  plan.per_segment = (chunks + segments - 1) / segments * kN;
  plan.segments = (count + plan.per_segment - 1) / plan.per_segment;
  return plan;
}

// The layout and each segment's start state, jumped on by the host with one precomputed jump
// polynomial (no CUDA needed, tested in CI).
inline Mt19937Plan plan_mt19937(const mt19937::State& start, std::uint64_t count, Mt19937Launch launch = {}) {
  using mt19937::kN;
  Mt19937Plan plan = plan_mt19937_shape(start, count, launch);
  if (plan.segments == 0) return plan;
  // per_segment is a multiple of 624, so every segment keeps start's read index. Each CPU
  // thread jumps to its first segment, then steps on with one precomputed polynomial.
  plan.states.resize(plan.segments * kN);
  const auto stride = mt19937::cached_jump(plan.per_segment);
  parallel_fill(
      plan.segments, 0,
      [&](std::uint64_t first, std::uint64_t last) {
        mt19937::State s = first == 0 ? start : mt19937::jump(start, *mt19937::cached_jump(first * plan.per_segment));
        for (std::uint64_t b = first; b < last; ++b) {
          if (b != first) s = mt19937::jump(s, *stride);
          std::copy(s.mt.begin(), s.mt.end(), plan.states.begin() + static_cast<std::ptrdiff_t>(b * kN));
        }
      },
      1);
  return plan;
}

// A plan's segment states made on the device into `device_states` (plan.segments · 624 words):
// segment 0 is `start`, then segments h .. 2h − 1 are segments 0 .. h − 1 jumped on by h
// segments, h = 1, 2, 4, ...: a jump (cuda/mt19937_jump.hpp) for each doubling, whose
// polynomial the host makes by squaring the last one's (mt19937::block_jump), instead of a
// host jump for each segment. Asynchronous on `stream` (`start` is copied before it returns).
void plan_mt19937_on_device(const mt19937::State& start, const Mt19937Plan& plan, std::uint32_t* device_states,
                            Stream stream);

// How many segments the current device runs at once with `launch`'s kernel (all SMs, each as
// full as the kernel's registers and shared memory allow): more would wait for a second wave.
unsigned mt19937_wave_segments(const Mt19937Launch& launch);

// Writes count outputs, those after `start` (as mt19937::next would return them), to device
// memory; by default as many segments as one wave holds, each of at least
// kMt19937MinSegmentOutputs outputs. Synchronous. Throws glrand::DeviceError naming the CUDA
// call that failed.
void generate_mt19937_on_device(const mt19937::State& start, std::uint64_t count, std::uint32_t* device_out,
                                Mt19937Launch launch = {});

// Outputs offset .. offset + count − 1 of MT19937 seeded with `seed` (init_genrand).
void generate_mt19937_on_device(std::uint32_t seed, std::uint64_t offset, std::uint64_t count,
                                std::uint32_t* device_out, Mt19937Launch launch = {});

// The kernel alone, for a plan whose states are already in device memory (bench_cuda: the
// host's jumps stay out of the timing). Asynchronous on `stream`.
void launch_mt19937(const std::uint32_t* device_states, const Mt19937Plan& plan, std::uint64_t count,
                    std::uint32_t* device_out, const Mt19937Launch& launch = {}, Stream stream = nullptr);

}  // namespace glrand::cuda
