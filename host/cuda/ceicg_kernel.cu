// SPDX-License-Identifier: MIT
// CEICG on the CUDA path: leapfrog over positions (cuda/layout.hpp). Output n needs only its
// residues (r_k + n) mod m_k, so thread t adds T mod m_k per output; each output costs three
// modular inverses (extended Euclid in 32-bit words), which makes this kernel compute-bound.
#include "cuda/arithmetic.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {
namespace {

// x_k = inv(a_k·r + c_k) mod m_k (ceicg::output_at), with m_k, a_k, c_k compile-time constants.
template <int k>
__device__ std::uint32_t inversive(std::uint32_t r) {
  constexpr ceicg::Component c = ceicg::kComponents[k];
  return arithmetic::inverse_mod_24((c.multiplier * r + c.increment) % c.modulus, c.modulus);  // a·r + c < 2^28
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
  for (std::uint64_t n = t; n < count; n += threads) {
    out[3 * n] = inversive<0>(r0);
    out[3 * n + 1] = inversive<1>(r1);
    out[3 * n + 2] = inversive<2>(r2);
    r0 = add_mod<0>(r0, leap.x);
    r1 = add_mod<1>(r1, leap.y);
    r2 = add_mod<2>(r2, leap.z);
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
