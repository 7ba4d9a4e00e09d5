// SPDX-License-Identifier: MIT
#include "cuda/mt19937_jump.hpp"

#include <algorithm>
#include <string>

#include <glrand/error.hpp>
#include "cuda/check.hpp"
#include "generators/mt19937.hpp"

namespace glrand::cuda {
namespace {

using mt19937::kM;
using mt19937::kN;

constexpr unsigned kThreads = kN / 2;         // two result words a thread
constexpr unsigned kParallelWords = kN - kM;  // x_j needs x_{j−227} at the newest: 227 at once

// g's coefficients, by value: 2.5 KB of kernel parameters, read by every thread alike (the
// constant cache's broadcast).
struct Coefficients {
  std::uint64_t words[(mt19937::kMexp + 63) / 64];
};

std::size_t shared_bytes(unsigned terms) { return (std::size_t{terms} + kN - 1 + kN) * sizeof(std::uint32_t); }

__global__ void __launch_bounds__(kThreads) mt19937_jump(const std::uint32_t* from, std::uint32_t* to,
                                                         const __grid_constant__ Coefficients g, unsigned words,
                                                         unsigned terms) {
  extern __shared__ std::uint32_t shared[];
  const unsigned length = terms + kN - 1;  // x_m .. x_{m+terms+622}
  std::uint32_t* const x = shared;
  std::uint32_t* const result = shared + length;
  const std::uint32_t* const state = from + std::uint64_t{blockIdx.x} * kN;
  std::uint32_t* const jumped = to + std::uint64_t{blockIdx.x} * kN;
  const unsigned t = threadIdx.x;
  x[t] = state[t];
  x[t + kThreads] = state[t + kThreads];
  __syncthreads();
  for (unsigned k = kN; k < length; k += kParallelWords) {
    const unsigned j = k + t;
    if (t < kParallelWords && j < length) x[j] = mt19937::recurrence(x[j - kN], x[j - kN + 1], x[j - kN + kM]);
    __syncthreads();
  }
  std::uint32_t low = 0, high = 0;  // result words t and t + 312
  for (unsigned q = 0; q < words; ++q) {
    std::uint64_t w = g.words[q];  // the same for every thread: the loop below never diverges
    while (w != 0) {
      const unsigned i = 64 * q + static_cast<unsigned>(__ffsll(static_cast<long long>(w))) - 1;
      w &= w - 1;
      low ^= x[i + t];
      high ^= x[i + t + kThreads];
    }
  }
  result[t] = low;
  result[t + kThreads] = high;
  __syncthreads();
  if (t == 0) {
    // The oldest word's low 31 bits, as mt19937::apply_polynomial recovers them: from the
    // recurrence that made word 623 out of word 0 and word 396.
    const std::uint32_t r = result[kN - 1] ^ result[kM - 1];
    const std::uint32_t y = (r & mt19937::kUpperMask) ? (((r ^ mt19937::kMatrixA) << 1) | 1u) : (r << 1);
    low = (low & mt19937::kUpperMask) | (y & mt19937::kLowerMask);
  }
  jumped[t] = low;
  jumped[t + kThreads] = high;
}

}  // namespace

void jump_mt19937_states(const gf2::Polynomial& g, const std::uint32_t* from, std::uint32_t* to, std::uint64_t count,
                         Stream stream) {
  const long degree = g.degree();
  if (degree < 0 || degree >= static_cast<long>(mt19937::kMexp))
    throw InvalidArgument("MT19937 device jump: the polynomial's degree must be in 0..19936, not " +
                          std::to_string(degree));
  if (count == 0) return;
  const auto terms = static_cast<unsigned>(degree) + 1;
  const unsigned words = (terms + 63) / 64;
  Coefficients coefficients{};
  std::copy_n(g.words.begin(), words, coefficients.words);
  const std::size_t bytes = shared_bytes(terms);
  check(cudaFuncSetAttribute(mt19937_jump, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)),
        "cudaFuncSetAttribute (mt19937_jump)");
  mt19937_jump<<<static_cast<unsigned>(count), kThreads, bytes, stream>>>(from, to, coefficients, words, terms);
  check_launch("mt19937_jump");
}

}  // namespace glrand::cuda
