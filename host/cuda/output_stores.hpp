// SPDX-License-Identifier: MIT
#pragma once
// Where a generating kernel puts its outputs: the words themselves (WordStore), or their values
// (ValueStore: cuda/value_formulas.hpp's ValueOf, one-word formulas), made where the words are
// made, so that the words never reach device memory. Output n goes to index n either way.
// CUDA sources only.
#include <cstdint>

#include "cuda/value_formulas.hpp"

namespace glrand::cuda {

struct WordStore {
  std::uint32_t* out;
  __device__ bool aligned() const { return reinterpret_cast<std::uintptr_t>(out) % 16 == 0; }
  // Outputs n .. n + 3, n a multiple of 4, where aligned().
  __device__ void four(std::uint64_t n, uint4 w) const { *reinterpret_cast<uint4*>(out + n) = w; }
  // Output n, where `inside`. All 32 lanes of the warp call it together, for 32 consecutive
  // outputs from a multiple of 32 (a pair's partner is the neighbouring lane's).
  __device__ void one(std::uint64_t n, std::uint32_t w, bool inside) const {
    if (inside) out[n] = w;
  }
  __device__ void single(std::uint64_t n, std::uint32_t w) const { out[n] = w; }
  // Outputs n, n + stride, .. n + (N − 1)·stride, where no pair is made.
  template <int N>
  __device__ void strided(std::uint64_t n, std::uint64_t stride, const std::uint32_t (&w)[N]) const {
#pragma unroll
    for (int i = 0; i < N; ++i) out[n + i * stride] = w[i];
  }
};

template <class Value>
struct ValueStore {
  static_assert(Value::kWidth == 1, "one word an output");
  using T = typename Value::Value;
  T* out;
  Value value;

  __device__ bool aligned() const { return reinterpret_cast<std::uintptr_t>(out) % 16 == 0; }

  __device__ void four(std::uint64_t n, uint4 w) const {
    T v[4];
    if constexpr (Value::kPairs) {  // n is even: (n, n + 1) and (n + 2, n + 3) are pairs
      value.two(&w.x, &w.y, v[0], v[1]);
      value.two(&w.z, &w.w, v[2], v[3]);
    } else {
      value.several({w.x, w.y, w.z, w.w}, v);
    }
    if constexpr (sizeof(T) == 4) {
      *reinterpret_cast<float4*>(out + n) = make_float4(v[0], v[1], v[2], v[3]);
    } else {
      reinterpret_cast<double2*>(out + n)[0] = make_double2(v[0], v[1]);
      reinterpret_cast<double2*>(out + n)[1] = make_double2(v[2], v[3]);
    }
  }

  __device__ void one(std::uint64_t n, std::uint32_t w, bool inside) const {
    if constexpr (Value::kPairs) {
      // The partner's word from the neighbouring lane, before the `inside` test, so that all
      // 32 lanes take part.
      const std::uint32_t partner = __shfl_xor_sync(0xFFFFFFFFu, w, 1);
      const bool first = n % 2 == 0;
      const std::uint32_t x0 = first ? w : partner, x1 = first ? partner : w;
      T v0, v1;
      value.two(&x0, &x1, v0, v1);
      if (inside) out[n] = first ? v0 : v1;
    } else if (inside) {
      out[n] = value.one(&w);
    }
  }

  // Output n where no pair is made (a lane stores alone, as Sobol32's kernel does).
  __device__ void single(std::uint64_t n, std::uint32_t w) const { out[n] = value.one(&w); }
  template <int N>
  __device__ void strided(std::uint64_t n, std::uint64_t stride, const std::uint32_t (&w)[N]) const {
    // Values not made side by side are each stored as made: holding all N first made
    // Sobol32's Poisson kernel 10% slower on an H200.
    if constexpr (Value::kSideBySide) {
      T v[N];
      value.several(w, v);
#pragma unroll
      for (int i = 0; i < N; ++i) out[n + i * stride] = v[i];
    } else {
#pragma unroll
      for (int i = 0; i < N; ++i) out[n + i * stride] = value.one(&w[i]);
    }
  }
};

}  // namespace glrand::cuda
