// SPDX-License-Identifier: MIT
#pragma once
// The CUDA devices as the CUDA path sees them (its runtime API), for `glrand info` in builds
// with the CUDA path: what --path cuda will find, runtime version included. Plain C++.
#include "system/cuda_probe.hpp"

namespace glrand::cuda {

// Never throws; `reason` says why no device is usable. Device names carry the SM count and
// compute capability: "NVIDIA H200 (132 SMs, compute capability 9.0)".
system::CudaAvailability list_devices();

}  // namespace glrand::cuda
