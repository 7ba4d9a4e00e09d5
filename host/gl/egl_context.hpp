// SPDX-License-Identifier: MIT
#pragma once
// Headless OpenGL through EGL's device platform: no X server, no window. Devices are
// enumerated with EGL_EXT_device_enumeration; a hardware GPU is preferred and Mesa's
// software device (llvmpipe, EGL_MESA_device_software) is the fallback.
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace glrand::gl {

struct EglDevice {
  int index = 0;                    // position in eglQueryDevicesEXT's list: --device N
  bool software = false;            // EGL_MESA_device_software
  std::optional<int> cuda_ordinal;  // EGL_CUDA_DEVICE_NV, where the driver reports it
  std::string drm_node;             // e.g. /dev/dri/renderD128, where reported
  std::string extensions;

  // "NVIDIA GPU (CUDA device 0)", "Mesa software renderer (llvmpipe)", ...
  std::string label() const;
};

// All EGL devices; throws glrand::DeviceError if EGL cannot enumerate devices.
std::vector<EglDevice> list_egl_devices();

// A surfaceless core-profile context on one EGL device (move-only). Rendering goes into FBOs.
class HeadlessContext {
 public:
  // `device_index` picks a device from list_egl_devices(); without it the first hardware
  // device is used, else the software device, with a one-line notice on `notices` that ends
  // with `software_advice` (the caller's word on what is faster there).
  explicit HeadlessContext(std::optional<int> device_index = std::nullopt, std::ostream* notices = nullptr,
                           const std::string& software_advice = {});
  HeadlessContext(HeadlessContext&& other) noexcept;
  HeadlessContext& operator=(HeadlessContext&& other) noexcept;
  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;
  ~HeadlessContext();

  const EglDevice& device() const { return device_; }
  void make_current() const;
  // make_current() that reports failure instead of throwing (for destructors).
  bool try_make_current() const noexcept;

 private:
  void release() noexcept;

  EglDevice device_;
  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
};

// A surfaceless context in the share group of the EGL context current on this thread when
// made (same display, config and GL version), for another thread to make current: its
// buffers and textures are the other's. Throws glrand::DeviceError where none can be made.
class SharedContext {
 public:
  SharedContext();
  ~SharedContext();
  SharedContext(const SharedContext&) = delete;
  SharedContext& operator=(const SharedContext&) = delete;
  // Whether the context current on this thread is an EGL one that can be shared surfacelessly.
  static bool possible();
  // On the thread that uses it: makes it current (throws), or none current; and at the end
  // of that thread, releases EGL's state of it.
  void make_current() const;
  void release_current() const noexcept;
  void release_thread() const noexcept;

 private:
  void* display_;
  void* context_ = nullptr;
};

// The EGL context (with its display and surfaces) current on this thread when made, current
// again when destroyed: for work on glrand's own context that must not change the caller's.
class CurrentContextKeeper {
 public:
  CurrentContextKeeper() noexcept;
  ~CurrentContextKeeper();
  CurrentContextKeeper(const CurrentContextKeeper&) = delete;
  CurrentContextKeeper& operator=(const CurrentContextKeeper&) = delete;

 private:
  void* display_;
  void* draw_;
  void* read_;
  void* context_;
};

}  // namespace glrand::gl
