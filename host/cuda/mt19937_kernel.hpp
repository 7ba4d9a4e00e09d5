// SPDX-License-Identifier: MIT
#pragma once
// MT19937 on the GPU, block-cooperative: one thread block per generator, its 624-word state
// in shared memory, the twist done by the block's threads in three dependency-respecting
// phases (the layout of Bradley, du Toit, Tong, Giles, Woodhams, "Parallelization techniques
// for random number generators", GPU Computing Gems Emerald Edition, 2011).
//
// Stream layout: outputs [offset, offset + count) of the standard sequence are cut into
// `blocks` consecutive segments of L outputs (L a multiple of 624, the last one shorter);
// block b starts from the state jumped b·L outputs on by the host (mt19937::jump with a
// precomputed jump polynomial) and writes its segment in place. So device_out[i] is output
// offset + i of MT19937 seeded with `seed`, for any block count: the single standard sequence.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "generators/mt19937.hpp"
#include "generators/parallel_fill.hpp"

namespace glrand::cuda {

struct Mt19937Launch {
  unsigned blocks = 0;                 // 0: chosen from count (up to kMaxBlocks)
  unsigned threads_per_block = 256;    // at least 227 (the widest twist phase), at most 1024
};

inline constexpr unsigned kMt19937MaxBlocks = 512;

// The twist in three phases, each a parallel step of one word per thread: new x[k] needs
// x[k], x[k+1], x[k+397] (mod 624), and x[k+397−624] is itself new for k ≥ 227. So
// [0,227) needs only old words, [227,454) new [0,227), [454,624) new [227,397) and new x[0].
inline constexpr unsigned kMt19937Phase = mt19937::kN - mt19937::kM;  // 227
inline constexpr unsigned kMt19937TwistPhases[4] = {0, kMt19937Phase, 2 * kMt19937Phase, mt19937::kN};

// What the host hands the kernel: block b starts from states[b·624 .. b·624 + 623] with read
// index first_index and writes outputs [b·per_block, min((b+1)·per_block, count)).
struct Mt19937Plan {
  std::uint64_t blocks = 0;
  std::uint64_t per_block = 0;  // a multiple of 624
  unsigned first_index = 0;
  std::vector<std::uint32_t> states;
};

// Host side of the layout (no CUDA needed, tested in CI): block count, segment length and
// each block's start state, jumped on by one precomputed jump polynomial.
inline Mt19937Plan plan_mt19937(const mt19937::State& start, std::uint64_t count, Mt19937Launch launch = {}) {
  using mt19937::kN;
  if (start.index < 1 || start.index > kN)
    throw InvalidArgument("MT19937 kernel: the start state's index must be in 1..624, not " +
                          std::to_string(start.index));
  if (launch.threads_per_block < kMt19937Phase || launch.threads_per_block > 1024)
    throw InvalidArgument("MT19937 kernel: threads per block must be in 227..1024, not " +
                          std::to_string(launch.threads_per_block));
  Mt19937Plan plan;
  plan.first_index = start.index;
  if (count == 0) return plan;
  // By default at least 16 blocks of 624 per generator: the host's jumps (a few ms each)
  // stay small beside the work.
  const std::uint64_t chunks = (count + kN - 1) / kN;
  std::uint64_t blocks = launch.blocks != 0 ? launch.blocks : std::clamp<std::uint64_t>(chunks / 16, 1, kMt19937MaxBlocks);
  blocks = std::min(blocks, chunks);
  plan.per_block = (chunks + blocks - 1) / blocks * kN;
  plan.blocks = (count + plan.per_block - 1) / plan.per_block;
  // per_block is a multiple of 624, so every block keeps start's read index. Each CPU thread
  // jumps to its first block, then steps block to block with one precomputed polynomial.
  plan.states.resize(plan.blocks * kN);
  const mt19937::Jump stride = mt19937::make_jump(plan.per_block);
  parallel_fill(
      plan.blocks, 0,
      [&](std::uint64_t first, std::uint64_t last) {
        mt19937::State s = mt19937::jump(start, first * plan.per_block);
        for (std::uint64_t b = first; b < last; ++b) {
          if (b != first) s = mt19937::jump(s, stride);
          std::copy(s.mt.begin(), s.mt.end(), plan.states.begin() + static_cast<std::ptrdiff_t>(b * kN));
        }
      },
      1);
  return plan;
}

// Writes count outputs, those after `start` (as mt19937::next would return them), to device
// memory. Throws glrand::DeviceError naming the CUDA call that failed.
void generate_mt19937_on_device(const mt19937::State& start, std::uint64_t count, std::uint32_t* device_out,
                                Mt19937Launch launch = {});

// Outputs offset .. offset + count − 1 of MT19937 seeded with `seed` (init_genrand).
void generate_mt19937_on_device(std::uint32_t seed, std::uint64_t offset, std::uint64_t count,
                                std::uint32_t* device_out, Mt19937Launch launch = {});

// The kernel alone, for a plan whose states are already in device memory (bench_cuda: the
// host's jumps stay out of the timing). Asynchronous on the default stream.
void launch_mt19937_blocks(const std::uint32_t* device_states, const Mt19937Plan& plan, std::uint64_t count,
                           std::uint32_t* device_out, unsigned threads_per_block = 256);

}  // namespace glrand::cuda
