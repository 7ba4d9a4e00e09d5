// SPDX-License-Identifier: MIT
// The public device calls (glrand/devices.hpp) over the GL machinery, the self-test registry
// and the CUDA probe.
#include <algorithm>

#include <glrand/devices.hpp>
#include <glrand/error.hpp>

#include "gl/context_info.hpp"
#include "gl/egl_context.hpp"
#include "gl/loader.hpp"
#include "selftest/self_test.hpp"
#include "system/cuda_probe.hpp"
#if GLRAND_HAVE_CUDA
#include "cuda/device_list.hpp"
#endif

namespace glrand {
namespace {

constexpr Profile kProfiles[] = {Profile::ps30, Profile::scatter, Profile::compute};

GlDevice public_device(const gl::EglDevice& d) { return {d.index, d.software, d.cuda_ordinal, d.label()}; }

// A current context of any kind (EGL, GLX, ...) with its entry points loaded: GLEW finds no GL
// version without one.
void require_current_context() {
  try {
    gl::load_entry_points();
  } catch (const DeviceError& e) {
    throw DeviceError(std::string("no usable OpenGL context is current on this thread (make one current, or use "
                                  "glrand::GlContext): ") +
                      e.what());
  }
}

}  // namespace

std::vector<GlDevice> gl_devices() {
  std::vector<GlDevice> devices;
  for (const auto& d : gl::list_egl_devices()) devices.push_back(public_device(d));
  return devices;
}

struct GlContext::Impl {
  Impl(std::optional<int> device, std::ostream* notices) : context(device, notices), device(public_device(context.device())) {}
  gl::HeadlessContext context;
  GlDevice device;
};

GlContext::GlContext(std::optional<int> device, std::ostream* notices)
    : impl_(std::make_unique<Impl>(device, notices)) {}
GlContext::GlContext(GlContext&&) noexcept = default;
GlContext& GlContext::operator=(GlContext&&) noexcept = default;
GlContext::~GlContext() = default;
const GlDevice& GlContext::device() const { return impl_->device; }
void GlContext::make_current() const { impl_->context.make_current(); }

GlContextInfo current_gl_context() {
  require_current_context();
  return gl::query_context_info();
}

std::vector<SelfTestResult> run_self_tests() {
  require_current_context();
  std::vector<SelfTestResult> results;
  for (const auto& id : selftest::registered_self_tests()) {
    // A generator's self-test in one of the GL profiles; a program's own registrations (other
    // names) are its business.
    const auto generator = std::find_if(generators().begin(), generators().end(),
                                        [&](const GeneratorInfo& row) { return row.name == id.generator; });
    const auto profile = std::find_if(std::begin(kProfiles), std::end(kProfiles),
                                      [&](Profile p) { return id.profile == name_of(p); });
    if (generator == generators().end() || profile == std::end(kProfiles)) continue;
    const auto outcome = selftest::run_self_test(id);
    results.push_back({generator->algorithm, *profile, outcome.passed, outcome.failure, outcome.milliseconds});
  }
  return results;
}

void require_self_test(Algorithm algorithm, Profile profile) {
  require_current_context();
  selftest::require_self_test({std::string(info(algorithm).name), name_of(profile)});
}

CudaDevices cuda_devices() {
#if GLRAND_HAVE_CUDA
  const auto cuda = cuda::list_devices();
#else
  const auto cuda = system::probe_cuda();
#endif
  return {cuda.available, cuda.reason, cuda.driver_version, cuda.runtime_version, cuda.device_names};
}

std::string format_cuda_version(int version) { return system::format_cuda_version(version); }

}  // namespace glrand
