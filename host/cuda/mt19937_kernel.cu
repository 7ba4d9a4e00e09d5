// SPDX-License-Identifier: MIT
#include "cuda/mt19937_kernel.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {

namespace {

using mt19937::kM;
using mt19937::kN;

// The ring and the rounds: cuda/mt19937_kernel.hpp.
constexpr unsigned kRing = kMt19937Ring;
constexpr unsigned kRoundWords = kMt19937RoundWords;

__device__ std::uint32_t word(const std::uint32_t* ring, unsigned j) { return ring[j & (kRing - 1)]; }

// Block b: state b (624 words, read index first_index) → out[b·per_block, min((b+1)·per_block, count)).
// Each thread tempers the word it makes and stores it: a round's 224 stores are consecutive.
__global__ void __launch_bounds__(256) mt19937_blocks(const std::uint32_t* __restrict__ states, unsigned first_index,
                                                      std::uint64_t per_block, std::uint64_t count,
                                                      std::uint32_t* __restrict__ out) {
  __shared__ std::uint32_t ring[kRing];
  const std::uint64_t begin = std::uint64_t{blockIdx.x} * per_block;
  for (unsigned i = threadIdx.x; i < kN; i += blockDim.x) ring[i] = states[std::uint64_t{blockIdx.x} * kN + i];
  __syncthreads();
  std::uint64_t remaining = (begin + per_block < count ? begin + per_block : count) - begin;
  std::uint32_t* destination = out + begin;
  // The start state's unread words x_{first_index} .. x_623 come first.
  const unsigned head = remaining < kN - first_index ? static_cast<unsigned>(remaining) : kN - first_index;
  for (unsigned i = threadIdx.x; i < head; i += blockDim.x) destination[i] = mt19937::temper(ring[first_index + i]);
  destination += head;
  remaining -= head;
  // No barrier before the first round: it writes slots 624..850, which the head does not read.
  const unsigned t = threadIdx.x;
  const bool maker = t < kRoundWords;
  unsigned j = kN + t;  // the word this thread makes in the coming round
  // Whole rounds first, with nothing to check but the end pointer...
  const std::uint32_t* const whole_end = destination + remaining / kRoundWords * kRoundWords;
  for (; destination != whole_end; destination += kRoundWords, j += kRoundWords) {
    if (maker) {
      const std::uint32_t x = mt19937::recurrence(word(ring, j - kN), word(ring, j - kN + 1), word(ring, j - kN + kM));
      ring[j & (kRing - 1)] = x;
      destination[t] = mt19937::temper(x);
    }
    __syncthreads();  // this round's words are written before the next round reads them
  }
  // ...then the last, partial one (no barrier needed after it).
  if (t < remaining % kRoundWords)
    destination[t] = mt19937::temper(
        mt19937::recurrence(word(ring, j - kN), word(ring, j - kN + 1), word(ring, j - kN + kM)));
}

void check(cudaError_t status, const char* call) {
  if (status != cudaSuccess)
    throw DeviceError(std::string("CUDA: ") + call + " failed: " + cudaGetErrorName(status) + " (" +
                      cudaGetErrorString(status) + ")");
}

}  // namespace

unsigned mt19937_wave_blocks(unsigned threads_per_block) {
  int device = 0, multiprocessors = 0, per_multiprocessor = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, mt19937_blocks,
                                                      static_cast<int>(threads_per_block), 0),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return static_cast<unsigned>(std::max(multiprocessors * per_multiprocessor, 1));
}

void generate_mt19937_on_device(const mt19937::State& start, std::uint64_t count, std::uint32_t* device_out,
                                Mt19937Launch launch) {
  if (launch.blocks == 0) launch.max_blocks = std::min(launch.max_blocks, mt19937_wave_blocks(launch.threads_per_block));
  const Mt19937Plan plan = plan_mt19937(start, count, launch);
  if (plan.blocks == 0) return;
  const std::vector<std::uint32_t>& states = plan.states;
  std::uint32_t* device_states = nullptr;
  check(cudaMalloc(&device_states, states.size() * sizeof(std::uint32_t)), "cudaMalloc");
  try {
    check(cudaMemcpy(device_states, states.data(), states.size() * sizeof(std::uint32_t), cudaMemcpyHostToDevice),
          "cudaMemcpy");
    mt19937_blocks<<<static_cast<unsigned>(plan.blocks), launch.threads_per_block>>>(
        device_states, plan.first_index, plan.per_block, count, device_out);
    check(cudaGetLastError(), "mt19937_blocks launch");
    check(cudaDeviceSynchronize(), "mt19937_blocks");
  } catch (...) {
    cudaFree(device_states);
    throw;
  }
  check(cudaFree(device_states), "cudaFree");
}

void generate_mt19937_on_device(std::uint32_t seed, std::uint64_t offset, std::uint64_t count,
                                std::uint32_t* device_out, Mt19937Launch launch) {
  generate_mt19937_on_device(mt19937::state_at(seed, offset), count, device_out, launch);
}

void launch_mt19937_blocks(const std::uint32_t* device_states, const Mt19937Plan& plan, std::uint64_t count,
                           std::uint32_t* device_out, unsigned threads_per_block) {
  if (plan.blocks == 0) return;
  mt19937_blocks<<<static_cast<unsigned>(plan.blocks), threads_per_block>>>(device_states, plan.first_index,
                                                                            plan.per_block, count, device_out);
  check(cudaGetLastError(), "mt19937_blocks launch");
}

// The kernel runs on the default stream and synchronises the device, so `stream` is ordered.
Generator mt19937(std::uint32_t seed, std::uint64_t offset) {
  return {"mt19937", 1, [seed, offset](std::uint64_t first, std::span<std::uint32_t> out, Stream) {
            generate_mt19937_on_device(seed, offset + first, out.size(), out.data());
          }};
}

}  // namespace glrand::cuda
