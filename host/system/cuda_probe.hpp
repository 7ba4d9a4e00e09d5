// SPDX-License-Identifier: MIT
#pragma once
// Reports whether the CUDA driver is usable, for `glrand info` in builds without the CUDA
// path. The driver library is loaded at run time, so glrand neither links against CUDA nor
// needs it installed. (Builds with the CUDA path ask its runtime: cuda/device_list.hpp.)
#include <string>
#include <vector>

namespace glrand::system {

struct CudaAvailability {
  bool available = false;
  int driver_version = 0;   // as cuDriverGetVersion reports it, e.g. 13000; 0 if unknown
  int runtime_version = 0;  // the CUDA runtime glrand's CUDA path uses; 0 without one
  std::vector<std::string> device_names;
  std::string reason;  // why CUDA is unavailable; empty when available
};

// Never throws.
CudaAvailability probe_cuda();

// "13.0" for 13000; "unknown" for 0.
std::string format_cuda_version(int version);

}  // namespace glrand::system
