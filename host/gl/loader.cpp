// SPDX-License-Identifier: MIT
#include "gl/loader.hpp"

#include <GL/glew.h>

#include <string>

#include <glrand/error.hpp>

namespace glrand::gl {

void load_entry_points() {
  // glewInit() loads the GL entry points first and then GLX's; under an EGL context (no X
  // display) the second part fails with GLEW_ERROR_NO_GLX_DISPLAY, after the GL part has
  // succeeded. Debian's GLEW 2.2 does not export the GL part alone (glewContextInit).
  glewExperimental = GL_TRUE;  // core profiles: resolve entry points not listed in the extension string
  const GLenum status = glewInit();
  if (status != GLEW_OK && status != GLEW_ERROR_NO_GLX_DISPLAY)
    throw DeviceError(std::string("cannot load OpenGL entry points (GLEW): ") +
                      reinterpret_cast<const char*>(glewGetErrorString(status)));
  glGetError();  // GLEW's probing may leave GL_INVALID_ENUM on core profiles
  if (!GLEW_VERSION_3_3) {
    const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    throw DeviceError(std::string("glrand needs OpenGL 3.3 core or later; the context offers ") +
                      (version ? version : "no version string"));
  }
}

}  // namespace glrand::gl
