// SPDX-License-Identifier: MIT
#include "system/cuda_probe.hpp"

#include <dlfcn.h>

namespace glrand::system {
namespace {

// The few driver API entry points used, declared here so no CUDA header is needed.
// CUresult is an enum (int-sized); CUdevice is an int.
constexpr int kCudaSuccess = 0;
using CuInit = int (*)(unsigned int flags);
using CuDriverGetVersion = int (*)(int* version);
using CuDeviceGetCount = int (*)(int* count);
using CuDeviceGet = int (*)(int* device, int ordinal);
using CuDeviceGetName = int (*)(char* name, int length, int device);
using CuGetErrorString = int (*)(int error, const char** text);  // optional

template <typename Function>
Function resolve(void* library, const char* name) {
  return reinterpret_cast<Function>(::dlsym(library, name));
}

// Used when the driver is too old to have cuGetErrorString.
const char* known_error_text(int error) {
  switch (error) {
    case 3: return "driver not initialised";
    case 34: return "stub library loaded instead of the real driver";
    case 35: return "driver is older than the CUDA runtime";
    case 100: return "no CUDA-capable device";
    case 101: return "invalid device ordinal";
    case 304: return "operating system call failed";
    case 999: return "unknown error";
    default: return nullptr;
  }
}

std::string describe_failure(const char* call, int error, CuGetErrorString get_error_string) {
  std::string text = std::string(call) + " failed with error " + std::to_string(error);
  const char* description = known_error_text(error);
  if (!description && get_error_string && get_error_string(error, &description) != kCudaSuccess) {
    description = nullptr;
  }
  if (description) text += std::string(" (") + description + ")";
  return text;
}

CudaAvailability probe(void* library) {
  CudaAvailability result;
  const auto cu_init = resolve<CuInit>(library, "cuInit");
  const auto cu_driver_get_version = resolve<CuDriverGetVersion>(library, "cuDriverGetVersion");
  const auto cu_device_get_count = resolve<CuDeviceGetCount>(library, "cuDeviceGetCount");
  const auto cu_device_get = resolve<CuDeviceGet>(library, "cuDeviceGet");
  const auto cu_device_get_name = resolve<CuDeviceGetName>(library, "cuDeviceGetName");
  const auto cu_get_error_string = resolve<CuGetErrorString>(library, "cuGetErrorString");
  if (!cu_init || !cu_driver_get_version || !cu_device_get_count || !cu_device_get ||
      !cu_device_get_name) {
    result.reason = "libcuda.so.1 lacks the CUDA driver API entry points";
    return result;
  }

  // Queried before cuInit so the version is reported even when no device is usable.
  int version = 0;
  if (cu_driver_get_version(&version) == kCudaSuccess) result.driver_version = version;

  if (const int error = cu_init(0); error != kCudaSuccess) {
    result.reason = describe_failure("cuInit", error, cu_get_error_string);
    return result;
  }
  int count = 0;
  if (const int error = cu_device_get_count(&count); error != kCudaSuccess) {
    result.reason = describe_failure("cuDeviceGetCount", error, cu_get_error_string);
    return result;
  }
  if (count <= 0) {
    result.reason = "no CUDA-capable device";
    return result;
  }
  for (int ordinal = 0; ordinal < count; ++ordinal) {
    int device = 0;
    char name[256] = {};
    if (cu_device_get(&device, ordinal) != kCudaSuccess ||
        cu_device_get_name(name, static_cast<int>(sizeof name) - 1, device) != kCudaSuccess) {
      result.device_names.push_back("device " + std::to_string(ordinal) + " (name unavailable)");
    } else {
      result.device_names.emplace_back(name);
    }
  }
  result.available = true;
  return result;
}

}  // namespace

CudaAvailability probe_cuda() {
  try {
    // Never dlclose: unloading the driver after cuInit can crash its background threads at exit.
    void* library = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      const char* error_text = ::dlerror();  // reading it clears it, so read once
      const std::string detail = error_text ? error_text : "";
      CudaAvailability result;
      // A missing file means no driver is installed; anything else (wrong architecture, a
      // broken dependency) is worth showing verbatim.
      if (detail.empty() || detail.starts_with("libcuda.so.1: cannot open shared object file")) {
        result.reason = "libcuda.so.1 not found (no NVIDIA driver)";
      } else {
        result.reason = "cannot load libcuda.so.1: " + detail;
      }
      return result;
    }
    return probe(library);
  } catch (...) {  // only std::bad_alloc is possible; the caller relies on no exceptions
    CudaAvailability result;
    result.reason = "out of memory";  // short enough not to allocate
    return result;
  }
}

std::string format_cuda_version(int version) {
  if (version <= 0) return "unknown";
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

}  // namespace glrand::system
