// SPDX-License-Identifier: MIT
// CEICG on the CUDA path: leapfrog over positions (cuda/layout.hpp). Output n needs only its
// residues (r_k + n) mod m_k, so thread t adds T mod m_k per output; each output's three
// modular inverses (extended Euclid in 32-bit words) bound the kernel, so they are taken
// several outputs together.
#include "cuda/arithmetic.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {
namespace {

// A thread's outputs are made kBatch at a time (n, n + T, ..., n + (kBatch − 1)·T), each
// component's inverses together by Montgomery's simultaneous inversion (Mathematics of
// Computation 48, 1987): the arguments' running products, one inverse of the last, and two
// products an argument to unwind it, where each output's own inverse took a Euclid chain.
constexpr int kBatch = 8;

// x[i] = inv(a_k·r[i] + c_k) mod m_k (ceicg::output_at) for i < valid, with m_k, a_k, c_k
// compile-time constants. An argument of 0 (whose inverse is 0) takes part as 1, so that the
// running products stay invertible (m_k is prime); so do the places from `valid` on.
template <int k>
__device__ void inversive(const std::uint32_t (&r)[kBatch], int valid, std::uint32_t (&x)[kBatch]) {
  constexpr ceicg::Component c = ceicg::kComponents[k];
  std::uint32_t y[kBatch], running[kBatch];
#pragma unroll
  for (int i = 0; i < kBatch; ++i) {
    const std::uint32_t argument = (c.multiplier * r[i] + c.increment) % c.modulus;  // a·r + c < 2^28
    y[i] = i < valid && argument != 0 ? argument : 1;
    x[i] = i < valid && argument != 0 ? 1 : 0;  // 0 where the inverse is 0
    running[i] = i == 0 ? y[0] : static_cast<std::uint32_t>(std::uint64_t{running[i - 1]} * y[i] % c.modulus);
  }
  std::uint32_t inverse = arithmetic::inverse_mod_24(running[kBatch - 1], c.modulus);  // of all of them
#pragma unroll
  for (int i = kBatch - 1; i > 0; --i) {
    const std::uint32_t own = static_cast<std::uint32_t>(std::uint64_t{inverse} * running[i - 1] % c.modulus);
    inverse = static_cast<std::uint32_t>(std::uint64_t{inverse} * y[i] % c.modulus);
    x[i] = x[i] != 0 ? own : 0;
  }
  x[0] = x[0] != 0 ? inverse : 0;
}

template <int k>
__device__ std::uint32_t add_mod(std::uint32_t r, std::uint32_t d) {
  r += d;
  return r >= ceicg::kComponents[k].modulus ? r - ceicg::kComponents[k].modulus : r;
}

__global__ void ceicg_kernel(uint3 first, std::uint32_t* out, std::uint64_t count, uint3 leap) {
  const std::uint64_t threads = std::uint64_t{gridDim.x} * blockDim.x;
  const std::uint64_t t = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (t >= count) return;
  std::uint32_t r0 = static_cast<std::uint32_t>((first.x + t) % ceicg::kComponents[0].modulus);
  std::uint32_t r1 = static_cast<std::uint32_t>((first.y + t) % ceicg::kComponents[1].modulus);
  std::uint32_t r2 = static_cast<std::uint32_t>((first.z + t) % ceicg::kComponents[2].modulus);
  for (std::uint64_t n = t; n < count; n += kBatch * threads) {
    std::uint32_t s0[kBatch], s1[kBatch], s2[kBatch];
    int valid = 0;
#pragma unroll
    for (int i = 0; i < kBatch; ++i) {
      s0[i] = r0;
      s1[i] = r1;
      s2[i] = r2;
      if (n + i * threads < count) {
        valid = i + 1;
        r0 = add_mod<0>(r0, leap.x);
        r1 = add_mod<1>(r1, leap.y);
        r2 = add_mod<2>(r2, leap.z);
      }
    }
    std::uint32_t x0[kBatch], x1[kBatch], x2[kBatch];
    inversive<0>(s0, valid, x0);
    inversive<1>(s1, valid, x1);
    inversive<2>(s2, valid, x2);
#pragma unroll
    for (int i = 0; i < kBatch; ++i) {
      if (i >= valid) break;
      const std::uint64_t at = 3 * (n + i * threads);
      out[at] = x0[i];
      out[at + 1] = x1[i];
      out[at + 2] = x2[i];
    }
  }
}

}  // namespace

void launch_ceicg(const ceicg::Residues& first, std::uint32_t* out, std::uint64_t count, Geometry geometry,
                  Stream stream) {
  if (count == 0) return;
  const std::uint64_t threads = geometry.threads();
  const uint3 leap = make_uint3(static_cast<std::uint32_t>(threads % ceicg::kComponents[0].modulus),
                                static_cast<std::uint32_t>(threads % ceicg::kComponents[1].modulus),
                                static_cast<std::uint32_t>(threads % ceicg::kComponents[2].modulus));
  ceicg_kernel<<<geometry.blocks, geometry.threads_per_block, 0, stream>>>(make_uint3(first[0], first[1], first[2]), out,
                                                                         count, leap);
  check_launch("ceicg_kernel");
}

Generator ceicg(const ceicg::Residues& start) {
  return {"ceicg", 3, [start](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            const std::uint64_t count = out.size() / 3;
            launch_ceicg(ceicg::advanced_by(start, first), out.data(), count, leapfrog_geometry(count, multiprocessors()),
                         stream);
          }};
}

}  // namespace glrand::cuda
