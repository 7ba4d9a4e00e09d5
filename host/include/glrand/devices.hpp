// SPDX-License-Identifier: MIT
#pragma once
// The devices glrand can run on, and a headless OpenGL context for programs that have none:
// what `glrand info` reports, as library calls.
//
//   for (const glrand::GlDevice& d : glrand::gl_devices()) std::cout << d.index << ": " << d.label << "\n";
//   glrand::GlContext context;  // the first GPU, else Mesa's software renderer; current now
//   for (const auto& r : glrand::run_self_tests()) ...
#include <glrand/registry.hpp>
#include <glrand/types.hpp>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace glrand {

// An EGL device the GL path can open (Settings::device on Backend::gl).
struct GlDevice {
  int index = 0;
  bool software = false;            // Mesa's software renderer (llvmpipe)
  std::optional<int> cuda_ordinal;  // where the driver says which CUDA device it is
  std::string label;                // "NVIDIA GPU (CUDA device 0)", "Mesa software renderer (llvmpipe)", ...
};

// Every EGL device; throws glrand::DeviceError if EGL cannot list them.
std::vector<GlDevice> gl_devices();

// A surfaceless OpenGL core context on one EGL device, current on the thread that made it
// (make_current() moves it to another). `device`: an index of gl_devices(); default the
// first GPU, else the software renderer, with a one-line notice on `notices`.
class GlContext {
 public:
  explicit GlContext(std::optional<int> device = std::nullopt, std::ostream* notices = nullptr);
  GlContext(GlContext&&) noexcept;
  GlContext& operator=(GlContext&&) noexcept;
  ~GlContext();

  const GlDevice& device() const;
  void make_current() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// What the current GL context is and allows.
struct GlContextInfo {
  std::string vendor, renderer, version, glsl_version;
  int max_texture_size = 0;
  int max_draw_buffers = 0;
  int max_color_attachments = 0;
  int max_viewport_width = 0, max_viewport_height = 0;
};

// The context current on this thread, made by glrand::GlContext or by the program (EGL, GLX,
// ...). Throws glrand::DeviceError if none is.
GlContextInfo current_gl_context();

// One known-answer self-test (docs/self-test.md) on the current context.
struct SelfTestResult {
  Algorithm algorithm;
  Profile profile;
  bool passed = false;
  std::string failure;  // why not, when not passed
  double milliseconds = 0;
};

// The self-test of every generator with a GL path in every profile, on the current context,
// in the registry's order (ps30 first). Results are kept per renderer and driver for the
// life of the process.
std::vector<SelfTestResult> run_self_tests();

// Throws glrand::DeviceError, with the refusal, if `algorithm`'s self-test in `profile`
// fails on the current context; glrand::InvalidArgument for a generator without a GL path.
void require_self_test(Algorithm algorithm, Profile profile);

// The CUDA devices: what Backend::cuda finds where this glrand has its CUDA path, else
// whether the driver would be usable. Never throws.
struct CudaDevices {
  bool available = false;
  std::string reason;        // why not, when not available
  int driver_version = 0;    // e.g. 13000
  int runtime_version = 0;   // the runtime of glrand's CUDA path; 0 without one
  std::vector<std::string> names;  // by ordinal: "NVIDIA H100 (132 SMs, compute capability 9.0)"
};
CudaDevices cuda_devices();

// "13.0" for 13000; "unknown" for 0.
std::string format_cuda_version(int version);

}  // namespace glrand
