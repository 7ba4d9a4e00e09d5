// SPDX-License-Identifier: MIT
#include "gl/egl_context.hpp"

#include <GL/glew.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <array>
#include <ostream>
#include <string>
#include <utility>

#include <glrand/error.hpp>
#include "gl/loader.hpp"

namespace glrand::gl {
namespace {

std::string egl_error_name(EGLint error) {
  switch (error) {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
    case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST";
    default: return "EGL error " + std::to_string(error);
  }
}

[[noreturn]] void fail(const std::string& call) {
  throw DeviceError(call + " failed: " + egl_error_name(eglGetError()));
}

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const std::string_view all(list), wanted(name);
  for (std::size_t pos = all.find(wanted); pos != std::string_view::npos; pos = all.find(wanted, pos + 1)) {
    const bool starts = pos == 0 || all[pos - 1] == ' ';
    const bool ends = pos + wanted.size() == all.size() || all[pos + wanted.size()] == ' ';
    if (starts && ends) return true;
  }
  return false;
}

template <typename F>
F entry_point(const char* name) {
  auto* f = reinterpret_cast<F>(eglGetProcAddress(name));
  if (!f) throw DeviceError(std::string("EGL lacks ") + name + " (is glvnd's libEGL with a vendor library installed?)");
  return f;
}

std::vector<EGLDeviceEXT> query_devices() {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!has_extension(client, "EGL_EXT_device_enumeration") && !has_extension(client, "EGL_EXT_device_base"))
    throw DeviceError("EGL cannot enumerate devices (no EGL_EXT_device_enumeration); install libegl1 and a driver "
                      "(libegl-mesa0 for the software renderer)");
  auto query = entry_point<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
  std::array<EGLDeviceEXT, 32> devices{};
  EGLint count = 0;
  if (!query(static_cast<EGLint>(devices.size()), devices.data(), &count)) fail("eglQueryDevicesEXT");
  return std::vector<EGLDeviceEXT>(devices.begin(), devices.begin() + count);
}

}  // namespace

std::string EglDevice::label() const {
  if (software) return "Mesa software renderer (llvmpipe)";
  std::string text = has_extension(extensions.c_str(), "EGL_NV_device_cuda") ? "NVIDIA GPU" : "GPU";
  if (cuda_ordinal) text += " (CUDA device " + std::to_string(*cuda_ordinal) + ")";
  if (!drm_node.empty()) text += " " + drm_node;
  return text;
}

std::vector<EglDevice> list_egl_devices() {
  auto query_string = entry_point<PFNEGLQUERYDEVICESTRINGEXTPROC>("eglQueryDeviceStringEXT");
  auto query_attrib = entry_point<PFNEGLQUERYDEVICEATTRIBEXTPROC>("eglQueryDeviceAttribEXT");
  std::vector<EglDevice> result;
  const auto devices = query_devices();
  for (std::size_t i = 0; i < devices.size(); ++i) {
    EglDevice d;
    d.index = static_cast<int>(i);
    const char* ext = query_string(devices[i], EGL_EXTENSIONS);
    d.extensions = ext ? ext : "";
    d.software = has_extension(ext, "EGL_MESA_device_software");
    if (has_extension(ext, "EGL_NV_device_cuda")) {
      EGLAttrib ordinal = 0;
      if (query_attrib(devices[i], EGL_CUDA_DEVICE_NV, &ordinal)) d.cuda_ordinal = static_cast<int>(ordinal);
    }
    if (has_extension(ext, "EGL_EXT_device_drm_render_node")) {
      const char* node = query_string(devices[i], EGL_DRM_RENDER_NODE_FILE_EXT);
      if (node) d.drm_node = node;
    }
    result.push_back(std::move(d));
  }
  return result;
}

HeadlessContext::HeadlessContext(std::optional<int> device_index, std::ostream* notices,
                                 const std::string& software_advice) {
  const auto devices = list_egl_devices();
  if (devices.empty())
    throw DeviceError("no EGL device found: no GPU driver and no software renderer (install libegl-mesa0)");
  if (device_index) {
    if (*device_index < 0 || *device_index >= static_cast<int>(devices.size()))
      throw InvalidArgument("--device " + std::to_string(*device_index) + " does not exist: there are " +
                            std::to_string(devices.size()) + " EGL device(s), 0.." + std::to_string(devices.size() - 1) +
                            " (see `glrand info`)");
    device_ = devices[*device_index];
  } else {
    device_ = devices.front();
    for (const auto& d : devices)
      if (!d.software) { device_ = d; break; }
    if (device_.software && notices)
      *notices << "glrand: no GPU found; using " << device_.label() << software_advice << "\n";
  }

  auto platform_display = entry_point<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
  EGLDisplay display = platform_display(EGL_PLATFORM_DEVICE_EXT, query_devices()[device_.index], nullptr);
  if (display == EGL_NO_DISPLAY) fail("eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT)");
  if (!eglInitialize(display, nullptr, nullptr)) fail("eglInitialize on " + device_.label());
  if (!eglBindAPI(EGL_OPENGL_API)) fail("eglBindAPI(EGL_OPENGL_API)");

  const char* display_extensions = eglQueryString(display, EGL_EXTENSIONS);
  if (!has_extension(display_extensions, "EGL_KHR_surfaceless_context"))
    throw DeviceError(device_.label() + " cannot make a context current without a surface (EGL_KHR_surfaceless_context)");
  EGLConfig config = EGL_NO_CONFIG_KHR;
  if (!has_extension(display_extensions, "EGL_KHR_no_config_context")) {
    const EGLint wanted[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLint count = 0;
    if (!eglChooseConfig(display, wanted, &config, 1, &count) || count == 0) fail("eglChooseConfig(EGL_OPENGL_BIT)");
  }

  // The newest core profile the driver gives; 3.3 is the least glrand needs.
  constexpr std::array<std::pair<EGLint, EGLint>, 4> versions{{{4, 6}, {4, 5}, {4, 3}, {3, 3}}};
  EGLContext context = EGL_NO_CONTEXT;
  for (const auto& [major, minor] : versions) {
    const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_CONTEXT_MINOR_VERSION, minor,
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
    if (context != EGL_NO_CONTEXT) break;
  }
  if (context == EGL_NO_CONTEXT) fail("eglCreateContext (OpenGL 3.3 core or later) on " + device_.label());
  display_ = display;
  context_ = context;
  make_current();
  load_entry_points();
}

HeadlessContext::HeadlessContext(HeadlessContext&& other) noexcept
    : device_(std::move(other.device_)),
      display_(std::exchange(other.display_, nullptr)),
      context_(std::exchange(other.context_, nullptr)) {}

HeadlessContext& HeadlessContext::operator=(HeadlessContext&& other) noexcept {
  if (this != &other) {
    release();
    device_ = std::move(other.device_);
    display_ = std::exchange(other.display_, nullptr);
    context_ = std::exchange(other.context_, nullptr);
  }
  return *this;
}

HeadlessContext::~HeadlessContext() { release(); }

void HeadlessContext::release() noexcept {
  if (!context_) return;
  if (eglGetCurrentContext() == context_) eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display_, context_);
  // The display is shared by every context on the device, so it is not terminated here.
  context_ = nullptr;
}

bool HeadlessContext::try_make_current() const noexcept {
  return context_ && eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_);
}

CurrentContextKeeper::CurrentContextKeeper() noexcept
    : display_(eglGetCurrentDisplay()),
      draw_(eglGetCurrentSurface(EGL_DRAW)),
      read_(eglGetCurrentSurface(EGL_READ)),
      context_(eglGetCurrentContext()) {}

CurrentContextKeeper::~CurrentContextKeeper() {
  if (context_ != EGL_NO_CONTEXT)
    eglMakeCurrent(display_, draw_, read_, context_);
  else if (const EGLDisplay display = eglGetCurrentDisplay(); display != EGL_NO_DISPLAY)
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

namespace {

// The thread's EGL API bound to OpenGL while it lives (EGL keeps one current context per API).
class OpenGlApi {
 public:
  OpenGlApi() : previous_(eglQueryAPI()) {
    if (previous_ != EGL_OPENGL_API) eglBindAPI(EGL_OPENGL_API);
  }
  ~OpenGlApi() {
    if (previous_ != EGL_OPENGL_API && previous_ != EGL_NONE) eglBindAPI(previous_);
  }
  OpenGlApi(const OpenGlApi&) = delete;
  OpenGlApi& operator=(const OpenGlApi&) = delete;

 private:
  EGLenum previous_;
};

}  // namespace

bool SharedContext::possible() {
  const OpenGlApi api;
  const EGLDisplay display = eglGetCurrentDisplay();
  return display != EGL_NO_DISPLAY && eglGetCurrentContext() != EGL_NO_CONTEXT &&
         has_extension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context");
}

SharedContext::SharedContext() : display_(nullptr) {
  if (!possible()) throw DeviceError("a shared context needs a current surfaceless-capable EGL OpenGL context");
  const OpenGlApi api;
  display_ = eglGetCurrentDisplay();
  const EGLContext share = eglGetCurrentContext();
  EGLint config_id = 0;
  if (!eglQueryContext(display_, share, EGL_CONFIG_ID, &config_id)) fail("eglQueryContext(EGL_CONFIG_ID)");
  EGLConfig config = EGL_NO_CONFIG_KHR;
  if (config_id != 0) {
    const EGLint wanted[] = {EGL_CONFIG_ID, config_id, EGL_NONE};
    EGLint count = 0;
    if (!eglChooseConfig(display_, wanted, &config, 1, &count) || count == 0) fail("eglChooseConfig(EGL_CONFIG_ID)");
  }
  // The shared context's version and profile: the current context's.
  GLint major = 0, minor = 0, profile = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  const EGLint profile_bit = (profile & GL_CONTEXT_COMPATIBILITY_PROFILE_BIT) ? EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT
                                                                             : EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_CONTEXT_MINOR_VERSION, minor,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, profile_bit, EGL_NONE};
  context_ = eglCreateContext(display_, config, share, attributes);
  if (context_ == EGL_NO_CONTEXT) fail("eglCreateContext (shared)");
}

SharedContext::~SharedContext() {
  if (eglGetCurrentContext() == context_) release_current();
  eglDestroyContext(display_, context_);
}

void SharedContext::make_current() const {
  if (!eglBindAPI(EGL_OPENGL_API)) fail("eglBindAPI(EGL_OPENGL_API) for the shared context");
  if (!eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_)) fail("eglMakeCurrent (shared context)");
}

void SharedContext::release_current() const noexcept {
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

void SharedContext::release_thread() const noexcept { eglReleaseThread(); }

void HeadlessContext::make_current() const {
  if (!eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_))
    fail("eglMakeCurrent (surfaceless) on " + device_.label());
}

}  // namespace glrand::gl
