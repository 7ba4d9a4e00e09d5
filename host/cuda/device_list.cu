// SPDX-License-Identifier: MIT
#include "cuda/device_list.hpp"

#include <cuda_runtime.h>

#include <string>

namespace glrand::cuda {

system::CudaAvailability list_devices() {
  system::CudaAvailability result;
  try {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    // Both work without a device; the driver version is 0 when no driver is installed.
    cudaDriverGetVersion(&result.driver_version);
    cudaRuntimeGetVersion(&result.runtime_version);
    if (status != cudaSuccess) {
      // Without a driver the runtime says "driver version is insufficient": say what it means.
      if (result.driver_version == 0) {
        result.reason = "no NVIDIA driver: libcuda.so.1 not found";
        return result;
      }
      result.reason = std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status);
      if (status == cudaErrorInsufficientDriver)
        result.reason += ", driver " + system::format_cuda_version(result.driver_version) + " for runtime " +
                         system::format_cuda_version(result.runtime_version);
      return result;
    }
    if (count == 0) {
      result.reason = "no CUDA-capable device";
      return result;
    }
    for (int ordinal = 0; ordinal < count; ++ordinal) {
      cudaDeviceProp properties{};
      if (cudaGetDeviceProperties(&properties, ordinal) != cudaSuccess) {
        result.device_names.push_back("device " + std::to_string(ordinal) + " (properties unavailable)");
        continue;
      }
      result.device_names.push_back(std::string(properties.name) + " (" + std::to_string(properties.multiProcessorCount) +
                                    " SMs, compute capability " + std::to_string(properties.major) + "." +
                                    std::to_string(properties.minor) + ")");
    }
    result.available = true;
  } catch (...) {  // only std::bad_alloc is possible; the caller relies on no exceptions
    result = {};
    result.reason = "out of memory";
  }
  return result;
}

}  // namespace glrand::cuda
