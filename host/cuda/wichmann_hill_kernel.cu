// SPDX-License-Identifier: MIT
// Wichmann–Hill 273 on the CUDA path: leapfrog (cuda/layout.hpp). Thread t starts at
// a_k^t·s_k and steps each component by a_k^T mod m_k; the output is the state, one 16-byte
// store of (x, y, z, w).
#include "cuda/arithmetic.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {
namespace {

struct Components {
  std::uint32_t modulus[4];
  std::uint32_t multiplier[4];
  std::uint32_t leap[4];  // a_k^T mod m_k
  double inverse[4];      // 1.0 / m_k
};

__global__ void wichmann_hill_kernel(Components c, uint4 first, uint4* out, std::uint64_t count) {
  const std::uint64_t threads = std::uint64_t{gridDim.x} * blockDim.x;
  const std::uint64_t t = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (t >= count) return;
  std::uint32_t s[4] = {first.x, first.y, first.z, first.w};
#pragma unroll
  for (int k = 0; k < 4; ++k)
    s[k] = arithmetic::mul_mod_24(s[k], arithmetic::pow_mod_24(c.multiplier[k], t, c.modulus[k], c.inverse[k]),
                                  c.modulus[k], c.inverse[k]);
  for (std::uint64_t n = t; n < count; n += threads) {
    out[n] = make_uint4(s[0], s[1], s[2], s[3]);
#pragma unroll
    for (int k = 0; k < 4; ++k) s[k] = arithmetic::mul_mod_24(s[k], c.leap[k], c.modulus[k], c.inverse[k]);
  }
}

}  // namespace

void launch_wichmann_hill(const wh::Parameters& parameters, const wh::State& first, std::uint32_t* out,
                          std::uint64_t count, Geometry geometry, Stream stream) {
  if (count == 0) return;
  if (reinterpret_cast<std::uintptr_t>(out) % 16 != 0)
    throw InvalidArgument("the Wichmann-Hill kernel writes 16-byte (x, y, z, w) outputs: the buffer must be 16-byte aligned");
  Components c{};
  const auto leap = wh::jump_multipliers(parameters, geometry.threads());
  for (int k = 0; k < 4; ++k) {
    c.modulus[k] = parameters.modulus[k];
    c.multiplier[k] = parameters.multiplier[k];
    c.leap[k] = leap[k];
    c.inverse[k] = 1.0 / parameters.modulus[k];
  }
  wichmann_hill_kernel<<<geometry.blocks, geometry.threads_per_block, 0, stream>>>(
      c, make_uint4(first[0], first[1], first[2], first[3]), reinterpret_cast<uint4*>(out), count);
  check_launch("wichmann_hill_kernel");
}

Generator wichmann_hill(const wh::Parameters& parameters, const wh::State& start) {
  return {"wh", 4, [parameters, start](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            const std::uint64_t count = out.size() / 4;
            launch_wichmann_hill(parameters, wh::state_at(parameters, start, first), out.data(), count,
                                 leapfrog_geometry(count, multiprocessors()), stream);
          }};
}

}  // namespace glrand::cuda
