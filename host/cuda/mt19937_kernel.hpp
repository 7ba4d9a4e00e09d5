// SPDX-License-Identifier: MIT
#pragma once
// MT19937 on the GPU, block-cooperative: one thread block per generator, its state in shared
// memory, the block's threads making 224 new words at once (after Bradley, du Toit, Tong,
// Giles, Woodhams, "Parallelization techniques for random number generators", GPU Computing
// Gems Emerald Edition, 2011), in a 1024-word ring so that each round needs one barrier.
//
// Stream layout: outputs [offset, offset + count) of the standard sequence are cut into
// `blocks` consecutive segments of L outputs (L a multiple of 624, the last one shorter);
// block b starts from the state jumped b·L outputs on by the host (mt19937::jump with a
// precomputed jump polynomial) and writes its segment in place. So device_out[i] is output
// offset + i of MT19937 seeded with `seed`, for any block count: the single standard sequence.
#include <algorithm>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/error.hpp"
#include "generators/mt19937.hpp"

namespace glrand::cuda {

// The most blocks a plan makes by default: each costs the host a jump.
inline constexpr unsigned kMt19937MaxBlocks = 2048;

struct Mt19937Launch {
  unsigned blocks = 0;                      // 0: chosen from count, at most max_blocks
  unsigned threads_per_block = 224;         // at least 224 (one round's words), at most 256
  unsigned max_blocks = kMt19937MaxBlocks;  // generate_mt19937_on_device: one wave of the device
};

// In sequence form the twist is x_{j+624} = rec(x_j, x_{j+1}, x_{j+397}): x_j needs x_{j−624},
// x_{j−623} and x_{j−227}, so the 227 words x_j .. x_{j+226} depend only on older words and
// could be made at once. A round makes 224 of them, one per thread of seven whole warps (227
// would leave 29 lanes of an eighth warp idle). The kernel keeps x_j in slot j mod 1024 of a
// shared ring: a round reads x_{j−624} .. x_{j−1} and writes x_j .. x_{j+223}, never the same slot.
inline constexpr unsigned kMt19937RoundWords = 224;
inline constexpr unsigned kMt19937Ring = 1024;
static_assert(kMt19937RoundWords <= mt19937::kN - mt19937::kM && mt19937::kN + kMt19937RoundWords <= kMt19937Ring);

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
  if (launch.threads_per_block < kMt19937RoundWords || launch.threads_per_block > 256)
    throw InvalidArgument("MT19937 kernel: threads per block must be in 224..256, not " +
                          std::to_string(launch.threads_per_block));
  Mt19937Plan plan;
  plan.first_index = start.index;
  if (count == 0) return plan;
  // By default at least 16 blocks of 624 per generator: the host's jumps (a few ms each)
  // stay small beside the work.
  const std::uint64_t chunks = (count + kN - 1) / kN;
  std::uint64_t blocks = launch.blocks != 0 ? launch.blocks : std::clamp<std::uint64_t>(chunks / 16, 1, std::max(launch.max_blocks, 1u));
  blocks = std::min(blocks, chunks);
  plan.per_block = (chunks + blocks - 1) / blocks * kN;
  plan.blocks = (count + plan.per_block - 1) / plan.per_block;
  // per_block is a multiple of 624, so every block keeps start's read index. Each CPU thread
  // jumps to its first block, then steps block to block with one precomputed polynomial.
  plan.states.resize(plan.blocks * kN);
  const mt19937::Jump stride = mt19937::make_jump(plan.per_block);
  const std::uint64_t workers = std::clamp<std::uint64_t>(std::thread::hardware_concurrency(), 1, plan.blocks);
  auto fill = [&](std::uint64_t first, std::uint64_t last) {
    mt19937::State s = mt19937::jump(start, first * plan.per_block);
    for (std::uint64_t b = first; b < last; ++b) {
      if (b != first) s = mt19937::jump(s, stride);
      std::copy(s.mt.begin(), s.mt.end(), plan.states.begin() + static_cast<std::ptrdiff_t>(b * kN));
    }
  };
  std::vector<std::thread> threads;
  std::exception_ptr failure;
  std::mutex failure_mutex;
  for (std::uint64_t w = 0; w < workers; ++w)
    threads.emplace_back([&, w] {
      try {
        fill(plan.blocks * w / workers, plan.blocks * (w + 1) / workers);
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        failure = std::current_exception();
      }
    });
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  return plan;
}

// How many blocks of `threads_per_block` the current device runs at once (all SMs, each as
// full as the kernel's registers and shared memory allow): a launch of more waits for a second wave.
unsigned mt19937_wave_blocks(unsigned threads_per_block);

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
                           std::uint32_t* device_out, unsigned threads_per_block = 224);

}  // namespace glrand::cuda
