// SPDX-License-Identifier: MIT
#include "cuda/mt19937_kernel.hpp"

#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {

namespace {

using mt19937::kM;
using mt19937::kN;
static_assert(kMt19937TwistPhases[1] == kMt19937Phase && kMt19937TwistPhases[2] == 2 * kMt19937Phase &&
              kMt19937TwistPhases[3] == kN);

__device__ void twist_phase(std::uint32_t* mt, unsigned begin, unsigned end) {
  const unsigned k = begin + threadIdx.x;
  std::uint32_t w = 0;
  if (k < end) {
    const unsigned k1 = k + 1 == kN ? 0 : k + 1;
    const unsigned km = k + kM >= kN ? k + kM - kN : k + kM;
    w = mt19937::recurrence(mt[k], mt[k1], mt[km]);
  }
  __syncthreads();  // every thread has read its inputs before any word is replaced
  if (k < end) mt[k] = w;
  __syncthreads();
}

__device__ void twist_block(std::uint32_t* mt) {
  // The phases of kMt19937TwistPhases (host constants, spelled out for device code).
  twist_phase(mt, 0, kMt19937Phase);
  twist_phase(mt, kMt19937Phase, 2 * kMt19937Phase);
  twist_phase(mt, 2 * kMt19937Phase, kN);
}

// Block b: state b (624 words, read index first_index) → out[b·per_block, min((b+1)·per_block, count)).
__global__ void mt19937_blocks(const std::uint32_t* __restrict__ states, unsigned first_index,
                               std::uint64_t per_block, std::uint64_t count, std::uint32_t* __restrict__ out) {
  __shared__ std::uint32_t mt[kN];
  const std::uint64_t b = blockIdx.x;
  for (unsigned j = threadIdx.x; j < kN; j += blockDim.x) mt[j] = states[b * kN + j];
  __syncthreads();
  std::uint64_t pos = b * per_block;
  const std::uint64_t end = pos + per_block < count ? pos + per_block : count;
  unsigned index = first_index;
  while (pos < end) {
    if (index == kN) {
      twist_block(mt);
      index = 0;
    }
    const unsigned n = end - pos < kN - index ? static_cast<unsigned>(end - pos) : kN - index;
    // Consecutive threads write consecutive words: coalesced.
    for (unsigned j = threadIdx.x; j < n; j += blockDim.x) out[pos + j] = mt19937::temper(mt[index + j]);
    pos += n;
    index += n;
    // No barrier needed here: twist_phase's first barrier comes before any word changes.
  }
}

void check(cudaError_t status, const char* call) {
  if (status != cudaSuccess)
    throw DeviceError(std::string("CUDA: ") + call + " failed: " + cudaGetErrorName(status) + " (" +
                      cudaGetErrorString(status) + ")");
}

}  // namespace

void generate_mt19937_on_device(const mt19937::State& start, std::uint64_t count, std::uint32_t* device_out,
                                Mt19937Launch launch) {
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
