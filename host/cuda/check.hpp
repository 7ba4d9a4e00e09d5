// SPDX-License-Identifier: MIT
#pragma once
// CUDA runtime errors as glrand::DeviceError naming the call (CUDA sources only).
#include <cuda_runtime.h>

#include <string>

#include <glrand/error.hpp>

namespace glrand::cuda {

inline void check(cudaError_t status, const char* call) {
  if (status == cudaSuccess) return;
  throw DeviceError(std::string("CUDA: ") + call + " failed: " + cudaGetErrorName(status) + " (" +
                    cudaGetErrorString(status) + ")");
}

// After a kernel launch: a bad configuration shows up here, a fault at the next synchronisation.
inline void check_launch(const char* kernel) { check(cudaGetLastError(), kernel); }

}  // namespace glrand::cuda
