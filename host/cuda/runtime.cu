// SPDX-License-Identifier: MIT
// Device selection and the write-only reference kernel.
#include <string>

#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {

std::string DeviceInfo::describe() const {
  return name + " (CUDA device " + std::to_string(ordinal) + ", " + std::to_string(multiprocessors) + " SMs, driver " +
         std::to_string(driver_version / 1000) + "." + std::to_string(driver_version % 1000 / 10) + ")";
}

namespace {
int default_ordinal = 0;  // set_default_ordinal's
}  // namespace

void set_default_ordinal(int ordinal) { default_ordinal = ordinal; }

DeviceInfo open_device(std::optional<int> ordinal) {
  int count = 0;
  if (const cudaError_t status = cudaGetDeviceCount(&count); status != cudaSuccess || count == 0)
    throw DeviceError(std::string("no usable CUDA GPU: ") +
                      (status != cudaSuccess ? cudaGetErrorString(status) : "the driver reports no device"));
  DeviceInfo info;
  info.ordinal = ordinal.value_or(default_ordinal);
  if (info.ordinal < 0 || info.ordinal >= count)
    throw DeviceError("no CUDA device " + std::to_string(info.ordinal) + ": there " +
                      (count == 1 ? "is 1 device (0)" : "are " + std::to_string(count) + " devices (0.." +
                                                            std::to_string(count - 1) + ")"));
  check(cudaSetDevice(info.ordinal), "cudaSetDevice");
  cudaDeviceProp properties{};
  check(cudaGetDeviceProperties(&properties, info.ordinal), "cudaGetDeviceProperties");
  info.name = properties.name;
  info.multiprocessors = properties.multiProcessorCount;
  check(cudaDriverGetVersion(&info.driver_version), "cudaDriverGetVersion");
  check(cudaRuntimeGetVersion(&info.runtime_version), "cudaRuntimeGetVersion");
  return info;
}

int multiprocessors() {
  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  int count = 0;
  check(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  return count;
}

namespace {

__global__ void write_only_kernel(std::uint32_t* out, std::uint64_t words) {
  const std::uint64_t threads = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < words; i += threads)
    out[i] = static_cast<std::uint32_t>(i);
}

// The store pattern of the run layouts: warp w owns runs [w·k, w·k + k) of `run_words` words
// each and, round by round, writes the next 128 bytes of each of its k runs.
__global__ void write_only_runs_kernel(std::uint32_t* out, std::uint64_t words, std::uint64_t run_words,
                                       unsigned runs_per_warp) {
  const unsigned lane = threadIdx.x % 32;
  const std::uint64_t first_run = (std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x) / 32 * runs_per_warp;
  for (std::uint64_t word = lane; word < run_words; word += 32)
    for (unsigned i = 0; i < runs_per_warp; ++i) {
      const std::uint64_t n = (first_run + i) * run_words + word;
      if (n < words) out[n] = static_cast<std::uint32_t>(n);
    }
}

}  // namespace

void launch_write_only_runs(std::uint32_t* out, std::uint64_t words, std::uint64_t run_words, unsigned runs_per_warp,
                            Stream stream) {
  const std::uint64_t warps = (words + run_words * runs_per_warp - 1) / (run_words * runs_per_warp);
  write_only_runs_kernel<<<static_cast<unsigned>((warps + 7) / 8), 256, 0, stream>>>(out, words, run_words,
                                                                                   runs_per_warp);
  check_launch("write_only_runs_kernel");
}

void launch_write_only(std::uint32_t* out, std::uint64_t words, Geometry geometry, Stream stream) {
  write_only_kernel<<<geometry.blocks, geometry.threads_per_block, 0, stream>>>(out, words);
  check_launch("write_only_kernel");
}

}  // namespace glrand::cuda
