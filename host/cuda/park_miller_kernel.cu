// SPDX-License-Identifier: MIT
// Park–Miller on the CUDA path: leapfrog (cuda/layout.hpp). Thread t starts at a^t·z and
// steps by a^T, one multiplication mod 2^31 − 1 per output (cuda/arithmetic.hpp).
#include "cuda/arithmetic.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {
namespace {

__global__ void park_miller_kernel(std::uint32_t first, std::uint32_t* out, std::uint64_t count, std::uint32_t leap) {
  const std::uint64_t threads = std::uint64_t{gridDim.x} * blockDim.x;
  const std::uint64_t t = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (t >= count) return;
  std::uint32_t z = arithmetic::mul_mod_m31(first, arithmetic::pow_mod_m31(pm::kMultiplier, t));
  for (std::uint64_t n = t; n < count; n += threads) {
    out[n] = z;
    z = arithmetic::mul_mod_m31(z, leap);
  }
}

}  // namespace

void launch_park_miller(pm::State first, std::uint32_t* out, std::uint64_t count, Geometry geometry, Stream stream) {
  if (count == 0) return;
  const std::uint32_t leap = arithmetic::pow_mod_m31(pm::kMultiplier, geometry.threads());
  park_miller_kernel<<<geometry.blocks, geometry.threads_per_block, 0, stream>>>(first, out, count, leap);
  check_launch("park_miller_kernel");
}

Generator park_miller(pm::State start) {
  return {"pm", 1, [start](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            launch_park_miller(pm::advanced_by(start, first), out.data(), out.size(),
                               leapfrog_geometry(out.size(), multiprocessors()), stream);
          }};
}

}  // namespace glrand::cuda
