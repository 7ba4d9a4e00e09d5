// SPDX-License-Identifier: MIT
#pragma once
// cuRAND's host API, loaded at run time (dlopen) for `glrand bench`'s cuRAND rows: glrand does
// not link libcurand (about 100 MB, and not on every machine with the CUDA driver), so the
// rows appear where the library is found and say why where it is not. Include only from .cu
// files: the function types come from <curand.h>, the code from the library.
#include <curand.h>

#include <string>

#include <glrand/error.hpp>

namespace glrand::bench {

// A cuRAND call's status as glrand's error (for code that loads cuRAND here and for the
// bench and test executables that link it).
inline void check_curand(curandStatus_t status, const char* call) {
  if (status != CURAND_STATUS_SUCCESS)
    throw DeviceError(std::string("cuRAND: ") + call + " failed with status " + std::to_string(static_cast<int>(status)));
}

struct CurandLibrary {
  decltype(&curandCreateGenerator) create = nullptr;
  decltype(&curandDestroyGenerator) destroy = nullptr;
  decltype(&curandSetPseudoRandomGeneratorSeed) set_seed = nullptr;
  decltype(&curandSetGeneratorOrdering) set_ordering = nullptr;
  decltype(&curandSetQuasiRandomGeneratorDimensions) set_dimensions = nullptr;
  decltype(&curandSetGeneratorOffset) set_offset = nullptr;
  decltype(&curandGenerate) generate = nullptr;
  decltype(&curandGenerateUniform) generate_uniform = nullptr;
  decltype(&curandGenerateNormal) generate_normal = nullptr;
  decltype(&curandGenerateLogNormal) generate_log_normal = nullptr;
  decltype(&curandGeneratePoisson) generate_poisson = nullptr;
  std::string path;  // the file dlopen found
};

// The library, loaded on first use (libcurand.so.10, then libcurand.so, on the loader's
// search path); null with `why` set when it cannot be loaded or lacks a function.
const CurandLibrary* curand_library(std::string& why);

}  // namespace glrand::bench
