// SPDX-License-Identifier: MIT
#include "gl/check.hpp"

#include <GL/glew.h>

#include <string>

#include <glrand/error.hpp>

namespace glrand::gl {

std::string_view error_name(unsigned error) {
  switch (error) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    case GL_CONTEXT_LOST: return "GL_CONTEXT_LOST";
    default: return "unknown GL error";
  }
}

void check_errors(std::string_view doing) {
  std::string names;
  // A lost context keeps reporting; a bound keeps this loop finite.
  for (int i = 0; i < 8; ++i) {
    const GLenum error = glGetError();
    if (error == GL_NO_ERROR) break;
    if (!names.empty()) names += ", ";
    names += error_name(error);
  }
  if (!names.empty()) throw DeviceError("OpenGL error " + names + " while " + std::string(doing));
}

}  // namespace glrand::gl
