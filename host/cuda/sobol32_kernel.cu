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
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"
#include "cuda/output_stores.hpp"

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

template <class Store>
__global__ void sobol32_kernel(std::uint32_t first_dimension, std::uint32_t first, std::uint64_t points,
                               std::uint32_t log2_threads, Store store) {
  __shared__ std::uint32_t v[sobol32::kBits];
  // Blocks may have fewer threads than direction numbers: each loads a share.
  for (unsigned i = threadIdx.x; i < sobol32::kBits; i += blockDim.x)
    v[i] = g_directions[(first_dimension + blockIdx.y) * sobol32::kBits + i];
  __syncthreads();
  const std::uint64_t t = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (t >= points) return;
  std::uint64_t at = std::uint64_t{blockIdx.y} * points + t;
  const auto n = static_cast<std::uint32_t>(first + t);
  std::uint32_t x = sobol32::point(v, n);
  store.single(at, x);
  // sobol32::step_by_power_of_two with its loop invariants hoisted: v[k − 1], and n >> k,
  // which grows by one per stride; lowest_zero_bit(m) = __ffs(~m) − 1.
  const std::uint32_t high = log2_threads > 0 ? v[log2_threads - 1] : 0;
  const std::uint32_t* const low = v + log2_threads;
  std::uint32_t m = n >> log2_threads;
  const std::uint64_t threads = std::uint64_t{1} << log2_threads;
  const auto strides = static_cast<std::uint32_t>((points - 1 - t) >> log2_threads);  // < 2^32
  const auto one_stride = [&] {
    x ^= high ^ low[__ffs(~m) - 1];
    at += threads;
    store.single(at, x);
  };
  // Single strides until m is a multiple of 8; then eight at a time (so that a value kernel
  // makes their eight values side by side), where the lowest zero bits of m .. m + 6 are
  // bits 0, 1, 0, 2, 0, 1, 0, and only m + 7's needs finding. low[1] and low[2] are read only
  // where eight strides remain, so that 2^(log2_threads + 3) points fit in 2^32 and they lie
  // within v.
  std::uint32_t i = 0;
  for (; i < strides && m % 8 != 0; ++i, ++m) one_stride();
  // strides − i, not i + 8, which would wrap where strides is near 2^32 (one thread a dimension).
  if (strides - i >= 8) {
    const std::uint32_t step0 = high ^ low[0], step1 = high ^ low[1], step2 = high ^ low[2];
    for (; strides - i >= 8; i += 8, m += 8, at += 8 * threads) {
      std::uint32_t w[8];
      w[0] = x ^= step0;
      w[1] = x ^= step1;
      w[2] = x ^= step0;
      w[3] = x ^= step2;
      w[4] = x ^= step0;
      w[5] = x ^= step1;
      w[6] = x ^= step0;
      w[7] = x ^= high ^ low[__ffs(~(m + 7)) - 1];
      store.strided(at + threads, threads, w);
    }
  }
  for (; i < strides; ++i, ++m) one_stride();
}

}  // namespace

namespace {

template <class Store>
void launch(int first_dimension, int dimensions, std::uint64_t first, std::uint64_t points, Store store,
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
                                                                  static_cast<std::uint32_t>(first), points, log2_threads,
                                                                  store);
  check_launch("sobol32_kernel");
}

void check_run(int dimensions, std::uint64_t points_per_dimension, std::uint64_t first_point) {
  if (dimensions < 1 || dimensions > sobol32::kDimensions)
    throw InvalidArgument("Sobol32: " + std::to_string(dimensions) + " dimensions, want 1.." +
                          std::to_string(sobol32::kDimensions));
  if (first_point > sobol32::kPoints || points_per_dimension > sobol32::kPoints - first_point)
    throw InvalidArgument("Sobol32: points beyond 2^32 in a dimension");
}

// Outputs first .. first + count − 1 of the dimension-major run, one launch per dimension
// touched: `store_at(done)` is the store whose index 0 is output first + done.
template <class StoreAt>
void fill_run(int dimensions, std::uint64_t points_per_dimension, std::uint64_t first_point, std::uint64_t first,
              std::uint64_t count, StoreAt store_at, Stream stream) {
  const std::uint64_t total = static_cast<std::uint64_t>(dimensions) * points_per_dimension;
  if (first > total || count > total - first) throw InvalidArgument("Sobol32: outputs beyond the run");
  std::uint64_t done = 0;
  while (done < count) {
    const std::uint64_t o = first + done;
    const auto d = static_cast<int>(o / points_per_dimension);
    const std::uint64_t point = o % points_per_dimension;
    const std::uint64_t n = std::min<std::uint64_t>(points_per_dimension - point, count - done);
    launch(d, 1, first_point + point, n, store_at(done), sobol32_geometry(n, 1, multiprocessors()), stream);
    done += n;
  }
}

}  // namespace

void launch_sobol32(int first_dimension, int dimensions, std::uint64_t first, std::uint64_t points, std::uint32_t* out,
                    Geometry geometry, Stream stream) {
  launch(first_dimension, dimensions, first, points, WordStore{out}, geometry, stream);
}

Generator sobol32(int dimensions, std::uint64_t points_per_dimension, std::uint64_t first_point) {
  check_run(dimensions, points_per_dimension, first_point);
  return {"sobol32", 1,
          [dimensions, points_per_dimension, first_point](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            fill_run(
                dimensions, points_per_dimension, first_point, first, out.size(),
                [&](std::uint64_t done) { return WordStore{out.data() + done}; }, stream);
          }};
}

ValueGenerator sobol32_values(int dimensions, std::uint64_t points_per_dimension, std::uint64_t first_point,
                              ValueFormat format, const Distribution* distribution) {
  check_run(dimensions, points_per_dimension, first_point);
  return {bytes_per_value(format), [=, prepared = prepare_transform(distribution, format)](
                                       std::uint64_t first, std::uint64_t count, void* out, Stream stream) {
            with_value_of(Sobol32Formula{}, format, prepared, [&](auto value) {
              using Store = ValueStore<decltype(value)>;
              if constexpr (decltype(value)::kPairs)
                throw std::logic_error("Sobol32 makes no Box-Muller pairs");
              else
                fill_run(
                    dimensions, points_per_dimension, first_point, first, count,
                    [&](std::uint64_t done) { return Store{static_cast<typename Store::T*>(out) + done, value}; },
                    stream);
            });
          }};
}

}  // namespace glrand::cuda
