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
static_assert(kN % kWordsPerThread == 0 && kThreads >= 32);

// g's terms are taken a nibble at a time: terms 4c .. 4c + 3 of nibble h add Σ_{i∈h} x_{4c+i+j}
// to word j, which is pattern p = h >> s (odd, s = h's trailing zeros) at 4c + s, where
// pattern p's sequence is y_p[k] = Σ_{i∈p} x_{k+i}. With the eight odd patterns made once, a
// nibble costs one load a result word where its terms cost two on average.
constexpr unsigned kNibbleBits = 4;
constexpr unsigned kPatterns = 8;                  // 1, 3, 5, ..., 15; pattern 1 is x itself
constexpr unsigned kSliceWords = 16;               // coefficient words a slice: one a lane of one warp
constexpr unsigned kSliceTerms = 64 * kSliceWords;  // 1024: four blocks an SM (docs/cuda.md)
// A slice's sequence x_a .. : its last term's word, 623 more and a nibble's 3.
constexpr unsigned kSequence = kSliceTerms + kN - 1 + kNibbleBits - 1;
constexpr unsigned kEntries = kSliceTerms / kNibbleBits;  // nonzero nibbles a slice, at most
static_assert(kSliceWords <= 32 && kPatterns * kSequence < 65536, "a lane a word; entries are 16-bit offsets");
static_assert(2 * kSliceTerms >= kSequence, "a slice's kept tail must not overlap the words it is copied from");
static_assert(kSequence - kSliceTerms >= kN, "the kept tail holds the recurrence's oldest word");

// g's coefficients, by value: 2.5 KB of kernel parameters, read by every thread alike (the
// constant cache's broadcast).
struct Coefficients {
  std::uint64_t words[kCoefficientWords];
};

// The eight patterns' sequences of a slice (pattern 1, x, first) and its nonzero nibbles'
// offsets among them: about 53 KB, four blocks an SM.
constexpr std::size_t kSharedBytes = kPatterns * kSequence * sizeof(std::uint32_t) + kEntries * sizeof(std::uint16_t);

// The oldest word's low 31 bits, as mt19937::apply_polynomial recovers them: from the
// recurrence that made word 623 out of word 0 and word 396.
__device__ std::uint32_t with_low_bits(std::uint32_t word0, std::uint32_t word396, std::uint32_t word623) {
  const std::uint32_t r = word623 ^ word396;
  const std::uint32_t y = (r & mt19937::kUpperMask) ? (((r ^ mt19937::kMatrixA) << 1) | 1u) : (r << 1);
  return (word0 & mt19937::kUpperMask) | (y & mt19937::kLowerMask);
}

// x[i] for i in [from, kSequence) by the recurrence, 227 words a round.
__device__ void extend_sequence(std::uint32_t* x, unsigned from) {
  for (unsigned k = from; k < kSequence; k += kParallelWords) {
    for (unsigned j = k + threadIdx.x; j < k + kParallelWords && j < kSequence; j += kThreads)
      x[j] = mt19937::recurrence(x[j - kN], x[j - kN + 1], x[j - kN + kM]);
    __syncthreads();
  }
}

// Warp 0 lists slice `slice`'s nonzero nibbles as offsets into the patterns' sequences, each
// lane one coefficient word's at its place by a prefix sum of their counts; every thread gets
// the count (after the __syncthreads that follows).
__device__ void list_nibbles(const Coefficients& g, unsigned slice, unsigned words, std::uint16_t* entries,
                             unsigned* count) {
  const unsigned lane = threadIdx.x;
  if (lane >= 32) return;
  const unsigned q = slice * kSliceWords + lane;
  const std::uint64_t w = lane < kSliceWords && q < words ? g.words[q] : 0;
  const std::uint64_t nonzero = (w | w >> 1 | w >> 2 | w >> 3) & 0x1111111111111111ull;
  const unsigned mine = __popcll(nonzero);
  unsigned before = mine;  // inclusive, then exclusive
  for (unsigned d = 1; d < 32; d *= 2) {
    const unsigned other = __shfl_up_sync(0xffffffffu, before, d);
    if (lane >= d) before += other;
  }
  if (lane == 31) *count = before;
  std::uint16_t* out = entries + (before - mine);
  for (std::uint64_t m = nonzero; m != 0; m &= m - 1) {
    const unsigned at = __ffsll(static_cast<long long>(m)) - 1;  // 4c
    const unsigned h = static_cast<unsigned>(w >> at) & 15u;
    const unsigned s = __ffs(h) - 1;
    *out++ = static_cast<std::uint16_t>((h >> s) / 2 * kSequence + 64 * lane + at + s);
  }
}

// Pattern p's sequence (p = 3, 5, ..., 15) of the slice's x: y_p[k] = Σ_{i∈p} x[k + i].
__device__ void make_patterns(std::uint32_t* y) {
  for (unsigned k = threadIdx.x; k < kSliceTerms + kN - 1; k += kThreads) {
    const std::uint32_t x0 = y[k], x1 = y[k + 1], x2 = y[k + 2], x3 = y[k + 3];
    const std::uint32_t x01 = x0 ^ x1, x02 = x0 ^ x2, x012 = x01 ^ x2;
    y[1 * kSequence + k] = x01;        // 3
    y[2 * kSequence + k] = x02;        // 5
    y[3 * kSequence + k] = x012;       // 7
    y[4 * kSequence + k] = x0 ^ x3;    // 9
    y[5 * kSequence + k] = x01 ^ x3;   // 11
    y[6 * kSequence + k] = x02 ^ x3;   // 13
    y[7 * kSequence + k] = x012 ^ x3;  // 15
  }
}

// Block (s, p): state s, slices [p·S/P, (p + 1)·S/P) of g's S. With one part it writes the
// jumped state; with several, each XORs its share into `to` (zeroed before), and fix_low_bits
// finishes. Each slice: the sequence moved on by 1024 words, the patterns, the nibbles listed,
// then a thread's four result words read y_p[k + t + 156u] for each nibble: four conflict-free
// loads a nibble, its offset one broadcast load.
__global__ void __launch_bounds__(kThreads) mt19937_jump(const std::uint32_t* from, std::uint32_t* to,
                                                         const __grid_constant__ Coefficients g, unsigned words) {
  extern __shared__ std::uint32_t shared[];
  __shared__ unsigned nibble_count;
  std::uint32_t* const y = shared;  // y[0 .. kSequence): x_a ..
  auto* const entries = reinterpret_cast<std::uint16_t*>(shared + kPatterns * kSequence);
  const unsigned slices = (words + kSliceWords - 1) / kSliceWords;
  const unsigned parts = gridDim.y, part = blockIdx.y;
  const unsigned first = part * slices / parts, last = (part + 1) * slices / parts;
  const std::uint32_t* const state = from + std::uint64_t{blockIdx.x} * kN;
  std::uint32_t* const jumped = to + std::uint64_t{blockIdx.x} * kN;
  const unsigned t = threadIdx.x;
  for (unsigned k = 0; k < kWordsPerThread; ++k) y[t + k * kThreads] = state[t + k * kThreads];
  __syncthreads();
  extend_sequence(y, kN);
  std::uint32_t r[kWordsPerThread] = {};
  for (unsigned slice = 0; slice < last; ++slice) {
    if (slice > 0) {  // x_a .. moves on by a slice: its last 626 words first, then the recurrence
      for (unsigned i = t; i < kSequence - kSliceTerms; i += kThreads) y[i] = y[i + kSliceTerms];
      __syncthreads();
      extend_sequence(y, kSequence - kSliceTerms);
    }
    if (slice < first) continue;
    list_nibbles(g, slice, words, entries, &nibble_count);
    make_patterns(y);
    __syncthreads();
    const unsigned count = nibble_count;
    const std::uint32_t* const base = y + t;
#pragma unroll 4
    for (unsigned c = 0; c < count; ++c) {
      const std::uint32_t* const at = base + entries[c];
#pragma unroll
      for (unsigned k = 0; k < kWordsPerThread; ++k) r[k] ^= at[k * kThreads];
    }
    __syncthreads();  // before the sequence moves on over this slice's
  }
  if (parts > 1) {
#pragma unroll
    for (unsigned k = 0; k < kWordsPerThread; ++k) atomicXor(jumped + t + k * kThreads, r[k]);
    return;
  }
  std::uint32_t* const result = shared;
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
  const unsigned words = static_cast<unsigned>(degree) / 64 + 1;
  const unsigned slices = (words + kSliceWords - 1) / kSliceWords;
  if (parts == 0) {  // two blocks an SM at least
    int device = 0, multiprocessors = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
    const std::uint64_t wanted = 2 * static_cast<std::uint64_t>(multiprocessors);
    parts = static_cast<unsigned>(std::clamp<std::uint64_t>((wanted + count - 1) / count, 1, 32));
  }
  parts = std::min(parts, slices);
  if (parts > 1 && from == to)
    throw std::logic_error("jump_mt19937_states: a jump in several parts needs other states to write");
  Coefficients coefficients{};
  std::copy_n(g.words.begin(), words, coefficients.words);
  check(cudaFuncSetAttribute(mt19937_jump, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(kSharedBytes)),
        "cudaFuncSetAttribute (mt19937_jump)");
  if (parts > 1)
    check(cudaMemsetAsync(to, 0, count * kN * sizeof(std::uint32_t), stream), "cudaMemsetAsync (mt19937 jump)");
  mt19937_jump<<<dim3(static_cast<unsigned>(count), parts), kThreads, kSharedBytes, stream>>>(from, to, coefficients,
                                                                                             words);
  check_launch("mt19937_jump");
  if (parts > 1) {
    constexpr unsigned kFixThreads = 128;
    fix_low_bits<<<static_cast<unsigned>((count + kFixThreads - 1) / kFixThreads), kFixThreads, 0, stream>>>(
        to, static_cast<unsigned>(count));
    check_launch("mt19937 jump: fix_low_bits");
  }
}

}  // namespace glrand::cuda
