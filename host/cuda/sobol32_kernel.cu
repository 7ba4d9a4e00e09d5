// SPDX-License-Identifier: MIT
// Sobol32 on the CUDA path: the hybrid block + stride scheme of Bradley et al. 2011
// ("Parallelization techniques for random number generators", GPU Computing Gems). Grid y
// is the dimension; thread t of T = 2^k starts at point first + t by random access
// (sobol32::point), then strides by 2^k with two XORs (sobol32::step_by_power_of_two).
// A warp's 32 stores are 32 consecutive points: coalesced. The direction vectors (2.7 MB for
// 21,201 dimensions, too many for constant memory) live in global memory; each block copies
// its dimension's 32 into shared memory.
#include <algorithm>
#include <array>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {
namespace {

__device__ std::uint32_t g_directions[sobol32::kDimensions * sobol32::kBits];

// Uploads the table once per device.
void upload_directions() {
  static std::mutex mutex;
  static std::array<bool, 64> uploaded{};
  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  const std::lock_guard lock(mutex);
  if (device >= 0 && device < static_cast<int>(uploaded.size()) && uploaded[static_cast<std::size_t>(device)]) return;
  std::vector<std::uint32_t> table(std::size_t{sobol32::kDimensions} * sobol32::kBits);
  for (int d = 0; d < sobol32::kDimensions; ++d) {
    const auto v = sobol32::directions(d);
    std::copy(v.begin(), v.end(), table.begin() + std::ptrdiff_t{d} * sobol32::kBits);
  }
  check(cudaMemcpyToSymbol(g_directions, table.data(), table.size() * sizeof(std::uint32_t)), "cudaMemcpyToSymbol");
  if (device >= 0 && device < static_cast<int>(uploaded.size())) uploaded[static_cast<std::size_t>(device)] = true;
}

__global__ void sobol32_kernel(std::uint32_t first_dimension, std::uint32_t first, std::uint64_t points,
                               std::uint32_t log2_threads, std::uint32_t* out) {
  __shared__ std::uint32_t v[sobol32::kBits];
  // Blocks may have fewer threads than direction numbers: each loads a share.
  for (unsigned i = threadIdx.x; i < sobol32::kBits; i += blockDim.x)
    v[i] = g_directions[(first_dimension + blockIdx.y) * sobol32::kBits + i];
  __syncthreads();
  const std::uint64_t t = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (t >= points) return;
  std::uint32_t* p = out + std::uint64_t{blockIdx.y} * points + t;
  const auto n = static_cast<std::uint32_t>(first + t);
  std::uint32_t x = sobol32::point(v, n);
  *p = x;
  // sobol32::step_by_power_of_two with its loop invariants hoisted: v[k − 1], and n >> k,
  // which grows by one per stride; lowest_zero_bit(m) = __ffs(~m) − 1.
  const std::uint32_t high = log2_threads > 0 ? v[log2_threads - 1] : 0;
  const std::uint32_t* const low = v + log2_threads;
  std::uint32_t m = n >> log2_threads;
  const std::uint64_t threads = std::uint64_t{1} << log2_threads;
  const auto strides = static_cast<std::uint32_t>((points - 1 - t) >> log2_threads);  // < 2^32
#pragma unroll 4
  for (std::uint32_t i = 0; i < strides; ++i, ++m) {
    x ^= high ^ low[__ffs(~m) - 1];
    p += threads;
    *p = x;
  }
}

}  // namespace

void launch_sobol32(int first_dimension, int dimensions, std::uint64_t first, std::uint64_t points, std::uint32_t* out,
                    Geometry geometry, Stream stream) {
  if (first_dimension < 0 || dimensions < 0 || first_dimension + dimensions > sobol32::kDimensions)
    throw InvalidArgument("Sobol32: dimensions " + std::to_string(first_dimension) + ".." +
                          std::to_string(first_dimension + dimensions - 1) + " are not within 0.." +
                          std::to_string(sobol32::kDimensions - 1));
  if (first > sobol32::kPoints || points > sobol32::kPoints - first)
    throw InvalidArgument("Sobol32: points beyond 2^32 in a dimension");
  const std::uint64_t threads = geometry.threads();
  if (threads == 0 || (threads & (threads - 1)) != 0 || threads > (std::uint64_t{1} << 31))
    throw InvalidArgument("Sobol32: the thread count per dimension (" + std::to_string(threads) +
                          ") must be a power of two up to 2^31");
  if (points == 0 || dimensions == 0) return;
  upload_directions();
  std::uint32_t log2_threads = 0;
  while ((std::uint64_t{1} << log2_threads) < threads) ++log2_threads;
  const dim3 grid(geometry.blocks, static_cast<unsigned>(dimensions));
  sobol32_kernel<<<grid, geometry.threads_per_block, 0, stream>>>(static_cast<std::uint32_t>(first_dimension),
                                                                  static_cast<std::uint32_t>(first), points, log2_threads, out);
  check_launch("sobol32_kernel");
}

Generator sobol32(int dimensions, std::uint64_t points_per_dimension, std::uint64_t first_point) {
  if (dimensions < 1 || dimensions > sobol32::kDimensions)
    throw InvalidArgument("Sobol32: " + std::to_string(dimensions) + " dimensions, want 1.." +
                          std::to_string(sobol32::kDimensions));
  if (first_point > sobol32::kPoints || points_per_dimension > sobol32::kPoints - first_point)
    throw InvalidArgument("Sobol32: points beyond 2^32 in a dimension");
  return {"sobol32", 1,
          [dimensions, points_per_dimension, first_point](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            // Outputs first .. first + out.size() − 1 of the dimension-major run, one launch
            // per dimension touched.
            const std::uint64_t total = static_cast<std::uint64_t>(dimensions) * points_per_dimension;
            if (first > total || out.size() > total - first) throw InvalidArgument("Sobol32: outputs beyond the run");
            std::uint64_t done = 0;
            while (done < out.size()) {
              const std::uint64_t o = first + done;
              const auto d = static_cast<int>(o / points_per_dimension);
              const std::uint64_t point = o % points_per_dimension;
              const std::uint64_t n = std::min<std::uint64_t>(points_per_dimension - point, out.size() - done);
              launch_sobol32(d, 1, first_point + point, n, out.data() + done, sobol32_geometry(n, 1, multiprocessors()),
                             stream);
              done += n;
            }
          }};
}

}  // namespace glrand::cuda
