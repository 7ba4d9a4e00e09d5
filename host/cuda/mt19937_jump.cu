// SPDX-License-Identifier: MIT
#include "cuda/mt19937_jump.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include <glrand/error.hpp>
#include "cuda/check.hpp"
#include "generators/mt19937.hpp"

namespace glrand::cuda {
namespace {

using mt19937::kM;
using mt19937::kN;

constexpr unsigned kWordsPerThread = 4;          // result words t, t + 156, t + 312, t + 468
constexpr unsigned kThreads = kN / kWordsPerThread;  // 156
constexpr unsigned kParallelWords = kN - kM;       // x_j needs x_{j−227} at the newest: 227 at once
constexpr unsigned kCoefficientWords = (mt19937::kMexp + 63) / 64;
constexpr unsigned kBatchWords = 64;  // coefficient words listed at a time: two a lane of one warp
static_assert(kN % kWordsPerThread == 0 && kThreads >= 32);

// g's coefficients, by value: 2.5 KB of kernel parameters, read by every thread alike (the
// constant cache's broadcast).
struct Coefficients {
  std::uint64_t words[kCoefficientWords];
};

// The sequence a part needs (its last term's word, 623 more), 624 result words and a batch's
// term indices.
std::size_t shared_bytes(unsigned terms) {
  return (std::size_t{terms} + kN - 1 + kN) * sizeof(std::uint32_t) + 64 * kBatchWords * sizeof(std::uint16_t);
}

// The oldest word's low 31 bits, as mt19937::apply_polynomial recovers them: from the
// recurrence that made word 623 out of word 0 and word 396.
__device__ std::uint32_t with_low_bits(std::uint32_t word0, std::uint32_t word396, std::uint32_t word623) {
  const std::uint32_t r = word623 ^ word396;
  const std::uint32_t y = (r & mt19937::kUpperMask) ? (((r ^ mt19937::kMatrixA) << 1) | 1u) : (r << 1);
  return (word0 & mt19937::kUpperMask) | (y & mt19937::kLowerMask);
}

// Warp 0 lists the set bits of coefficient words [begin, end) (at most kBatchWords) into
// `terms`, each lane two words at its place by a prefix sum of their counts; every thread
// gets the count.
__device__ unsigned list_terms(const Coefficients& g, unsigned begin, unsigned end, std::uint16_t* terms,
                               unsigned* count) {
  const unsigned lane = threadIdx.x;
  if (lane < 32) {
    const unsigned q0 = begin + 2 * lane, q1 = q0 + 1;
    const std::uint64_t w0 = q0 < end ? g.words[q0] : 0, w1 = q1 < end ? g.words[q1] : 0;
    const unsigned mine = __popcll(w0) + __popcll(w1);
    unsigned before = mine;  // inclusive, then exclusive
    for (unsigned d = 1; d < 32; d *= 2) {
      const unsigned other = __shfl_up_sync(0xffffffffu, before, d);
      if (lane >= d) before += other;
    }
    if (lane == 31) *count = before;
    before -= mine;
    std::uint16_t* out = terms + before;
    for (std::uint64_t w = w0; w != 0; w &= w - 1)
      *out++ = static_cast<std::uint16_t>(64 * q0 + __ffsll(static_cast<long long>(w)) - 1);
    for (std::uint64_t w = w1; w != 0; w &= w - 1)
      *out++ = static_cast<std::uint16_t>(64 * q1 + __ffsll(static_cast<long long>(w)) - 1);
  }
  __syncthreads();
  return *count;
}

// Block (s, p): state s, coefficient words [p·W/P, (p + 1)·W/P) of g's W. With one part it
// writes the jumped state; with several, each XORs its share into `to` (zeroed before), and
// fix_low_bits finishes. A thread's four result words read x_{i+t+156k} for each term i: four
// conflict-free loads a term, the term's index one broadcast load.
__global__ void __launch_bounds__(kThreads) mt19937_jump(const std::uint32_t* from, std::uint32_t* to,
                                                         const __grid_constant__ Coefficients g, unsigned words,
                                                         unsigned terms) {
  extern __shared__ std::uint32_t shared[];
  __shared__ unsigned batch_count;
  const unsigned parts = gridDim.y, part = blockIdx.y;
  const unsigned q_begin = part * words / parts, q_end = (part + 1) * words / parts;
  const unsigned length = std::min(64 * q_end, terms) + kN - 1;  // x_m .. : the last term's word + 623
  std::uint32_t* const x = shared;
  std::uint32_t* const result = shared + length;
  auto* const term = reinterpret_cast<std::uint16_t*>(shared + terms + kN - 1 + kN);
  const std::uint32_t* const state = from + std::uint64_t{blockIdx.x} * kN;
  std::uint32_t* const jumped = to + std::uint64_t{blockIdx.x} * kN;
  const unsigned t = threadIdx.x;
  for (unsigned k = 0; k < kWordsPerThread; ++k) x[t + k * kThreads] = state[t + k * kThreads];
  __syncthreads();
  for (unsigned k = kN; k < length; k += kParallelWords) {
    for (unsigned j = k + t; j < k + kParallelWords && j < length; j += kThreads)
      x[j] = mt19937::recurrence(x[j - kN], x[j - kN + 1], x[j - kN + kM]);
    __syncthreads();
  }
  std::uint32_t r[kWordsPerThread] = {};
  const std::uint32_t* const base = x + t;
  for (unsigned q = q_begin; q < q_end; q += kBatchWords) {
    const unsigned count = list_terms(g, q, std::min(q + kBatchWords, q_end), term, &batch_count);
#pragma unroll 4
    for (unsigned c = 0; c < count; ++c) {
      const std::uint32_t* const at = base + term[c];
#pragma unroll
      for (unsigned k = 0; k < kWordsPerThread; ++k) r[k] ^= at[k * kThreads];
    }
    __syncthreads();  // before the next batch is listed over this one
  }
  if (parts > 1) {
#pragma unroll
    for (unsigned k = 0; k < kWordsPerThread; ++k) atomicXor(jumped + t + k * kThreads, r[k]);
    return;
  }
#pragma unroll
  for (unsigned k = 0; k < kWordsPerThread; ++k) result[t + k * kThreads] = r[k];
  __syncthreads();
  if (t == 0) r[0] = with_low_bits(r[0], result[kM - 1], result[kN - 1]);
#pragma unroll
  for (unsigned k = 0; k < kWordsPerThread; ++k) jumped[t + k * kThreads] = r[k];
}

__global__ void fix_low_bits(std::uint32_t* to, unsigned count) {
  const unsigned s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= count) return;
  std::uint32_t* const state = to + std::uint64_t{s} * kN;
  state[0] = with_low_bits(state[0], state[kM - 1], state[kN - 1]);
}

}  // namespace

void jump_mt19937_states(const gf2::Polynomial& g, const std::uint32_t* from, std::uint32_t* to, std::uint64_t count,
                         Stream stream, unsigned parts) {
  const long degree = g.degree();
  if (degree < 0 || degree >= static_cast<long>(mt19937::kMexp))
    throw InvalidArgument("MT19937 device jump: the polynomial's degree must be in 0..19936, not " +
                          std::to_string(degree));
  if (count == 0) return;
  const auto terms = static_cast<unsigned>(degree) + 1;
  const unsigned words = (terms + 63) / 64;
  if (parts == 0) {  // two blocks an SM (each holds about 85 KB of shared memory)
    int device = 0, multiprocessors = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
    const std::uint64_t wanted = 2 * static_cast<std::uint64_t>(multiprocessors);
    parts = static_cast<unsigned>(std::clamp<std::uint64_t>((wanted + count - 1) / count, 1, 32));
  }
  parts = std::min(parts, words);
  if (parts > 1 && from == to)
    throw std::logic_error("jump_mt19937_states: a jump in several parts needs other states to write");
  Coefficients coefficients{};
  std::copy_n(g.words.begin(), words, coefficients.words);
  const std::size_t bytes = shared_bytes(terms);  // under 93 KB: two blocks an SM
  check(cudaFuncSetAttribute(mt19937_jump, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)),
        "cudaFuncSetAttribute (mt19937_jump)");
  if (parts > 1)
    check(cudaMemsetAsync(to, 0, count * kN * sizeof(std::uint32_t), stream), "cudaMemsetAsync (mt19937 jump)");
  mt19937_jump<<<dim3(static_cast<unsigned>(count), parts), kThreads, bytes, stream>>>(from, to, coefficients, words,
                                                                                      terms);
  check_launch("mt19937_jump");
  if (parts > 1) {
    constexpr unsigned kFixThreads = 128;
    fix_low_bits<<<static_cast<unsigned>((count + kFixThreads - 1) / kFixThreads), kFixThreads, 0, stream>>>(
        to, static_cast<unsigned>(count));
    check_launch("mt19937 jump: fix_low_bits");
  }
}

}  // namespace glrand::cuda
