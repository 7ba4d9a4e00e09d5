// SPDX-License-Identifier: MIT
// Wichmann–Hill 273 on the CUDA path: leapfrog (cuda/layout.hpp). Thread t starts at
// a_k^t·s_k and steps each component by a_k^T mod m_k; the output is the state, one 16-byte
// store of (x, y, z, w).
//
// Parameterisation (the third way to split): P substreams, substream s the set first_set + s
// from its own start; output n is output n div P of substream n mod P. With T = k·P threads,
// thread t keeps one substream, (n0 + t) mod P, and steps it by its set's a^k: the same
// leapfrog, a warp's stores still 32 consecutive outputs.
#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

#include "cuda/arithmetic.hpp"
#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {
namespace {

// A set's four components as the kernels read them.
struct Components {
  std::uint32_t modulus[4];
  std::uint32_t multiplier[4];
  double inverse[4];  // 1.0 / m_k
};

// Component k of state s, `steps` steps on: s·a_k^steps mod m_k.
__device__ std::uint32_t jumped(const Components& c, int k, std::uint32_t s, std::uint64_t steps) {
  return arithmetic::mul_mod_24(s, arithmetic::pow_mod_24(c.multiplier[k], steps, c.modulus[k], c.inverse[k]),
                                c.modulus[k], c.inverse[k]);
}

// Thread t's share of a leapfrog of `threads` threads: from s, the state of output t, writes
// outputs t, t + threads, ... below `count`, stepping component k by leap[k].
__device__ void leapfrog(const Components& c, std::uint32_t (&s)[4], const std::uint32_t (&leap)[4], uint4* out,
                         std::uint64_t t, std::uint64_t threads, std::uint64_t count) {
  for (std::uint64_t n = t; n < count; n += threads) {
    out[n] = make_uint4(s[0], s[1], s[2], s[3]);
#pragma unroll
    for (int k = 0; k < 4; ++k) s[k] = arithmetic::mul_mod_24(s[k], leap[k], c.modulus[k], c.inverse[k]);
  }
}

// `leap`: a_k^T mod m_k for the grid's T threads.
__global__ void wichmann_hill_kernel(Components c, uint4 leap, uint4 first, uint4* out, std::uint64_t count) {
  const std::uint64_t t = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (t >= count) return;
  const std::uint32_t start[4] = {first.x, first.y, first.z, first.w};
  const std::uint32_t step[4] = {leap.x, leap.y, leap.z, leap.w};
  std::uint32_t s[4];
#pragma unroll
  for (int k = 0; k < 4; ++k) s[k] = jumped(c, k, start[k], t);
  leapfrog(c, s, step, out, t, std::uint64_t{gridDim.x} * blockDim.x, count);
}

// One substream of the parameterised run: its set and start. Each thread raises a to T/P
// itself, so the table never changes once uploaded.
struct SubstreamSet {
  Components c;
  std::uint32_t start[4];
};

// `threads` = T = k·P (the grid may hold more: those threads do nothing).
__global__ void wichmann_hill_sets_kernel(const SubstreamSet* __restrict__ sets, std::uint32_t substreams,
                                          std::uint64_t threads, std::uint64_t first, uint4* out, std::uint64_t count) {
  const std::uint64_t t = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (t >= threads || t >= count) return;
  const SubstreamSet& set = sets[(first + t) % substreams];
  const std::uint64_t position = (first + t) / substreams;
  std::uint32_t s[4], leap[4];
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    s[k] = jumped(set.c, k, set.start[k], position);
    leap[k] = jumped(set.c, k, 1, threads / substreams);
  }
  leapfrog(set.c, s, leap, out, t, threads, count);
}

Components components(const wh::Parameters& parameters) {
  Components c{};
  for (int k = 0; k < 4; ++k) {
    c.modulus[k] = parameters.modulus[k];
    c.multiplier[k] = parameters.multiplier[k];
    c.inverse[k] = 1.0 / parameters.modulus[k];
  }
  return c;
}

void require_16_byte_aligned(const std::uint32_t* out) {
  if (reinterpret_cast<std::uintptr_t>(out) % 16 != 0)
    throw InvalidArgument("the Wichmann-Hill kernel writes 16-byte (x, y, z, w) outputs: the buffer must be 16-byte aligned");
}

}  // namespace

void launch_wichmann_hill(const wh::Parameters& parameters, const wh::State& first, std::uint32_t* out,
                          std::uint64_t count, Geometry geometry, Stream stream) {
  if (count == 0) return;
  require_16_byte_aligned(out);
  const auto leap = wh::jump_multipliers(parameters, geometry.threads());
  wichmann_hill_kernel<<<geometry.blocks, geometry.threads_per_block, 0, stream>>>(
      components(parameters), make_uint4(leap[0], leap[1], leap[2], leap[3]),
      make_uint4(first[0], first[1], first[2], first[3]), reinterpret_cast<uint4*>(out), count);
  check_launch("wichmann_hill_kernel");
}

Generator wichmann_hill(const wh::Parameters& parameters, const wh::State& start) {
  return {"wh", 4, [parameters, start](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            const std::uint64_t count = out.size() / 4;
            launch_wichmann_hill(parameters, wh::state_at(parameters, start, first), out.data(), count,
                                 leapfrog_geometry(count, multiprocessors()), stream);
          }};
}

Generator wichmann_hill_sets(int first_set, const std::vector<wh::State>& starts) {
  const auto substreams = static_cast<std::uint64_t>(starts.size());
  if (substreams == 0 || first_set < 0 || first_set + substreams > static_cast<std::uint64_t>(wh::kSetCount))
    throw InvalidArgument("Wichmann-Hill parameterisation: sets " + std::to_string(first_set) + " .. " +
                          std::to_string(first_set + static_cast<std::int64_t>(substreams) - 1) + " are not within 0..272");
  // The per-substream table: uploaded once, before the first fill's kernel, and never changed,
  // so fills on other streams (generate_host overlaps its chunks) may read it at any time.
  struct Table {
    std::mutex mutex;
    DeviceBuffer<SubstreamSet> sets;
  };
  auto table = std::make_shared<Table>();
  return {"wh", 4, [first_set, starts, substreams, table](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            const std::uint64_t count = out.size() / 4;
            if (count == 0) return;
            require_16_byte_aligned(out.data());
            {
              const std::lock_guard lock(table->mutex);
              if (table->sets.size() == 0) {
                std::vector<SubstreamSet> host(substreams);
                for (std::uint64_t s = 0; s < substreams; ++s) {
                  host[s].c = components(wh::parameters(first_set + static_cast<int>(s)));
                  std::copy(starts[s].begin(), starts[s].end(), host[s].start);
                }
                DeviceBuffer<SubstreamSet> sets(substreams);
                check(cudaMemcpy(sets.data(), host.data(), substreams * sizeof(SubstreamSet), cudaMemcpyHostToDevice),
                      "cudaMemcpy");
                table->sets = std::move(sets);
              }
            }
            // T = k·P threads, about the leapfrog kernels' fill of the GPU.
            const std::uint64_t fill = leapfrog_geometry(count, multiprocessors()).threads();
            const std::uint64_t threads = std::max<std::uint64_t>(fill / substreams, 1) * substreams;
            const Geometry g{static_cast<std::uint32_t>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock), kThreadsPerBlock};
            wichmann_hill_sets_kernel<<<g.blocks, g.threads_per_block, 0, stream>>>(
                table->sets.data(), static_cast<std::uint32_t>(substreams), threads, first,
                reinterpret_cast<uint4*>(out.data()), count);
            check_launch("wichmann_hill_sets_kernel");
          }};
}

}  // namespace glrand::cuda
