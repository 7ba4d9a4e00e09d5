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

void wait_for_fence(void* fence) {
  constexpr int kMostSeconds = 600;
  GLbitfield flags = GL_SYNC_FLUSH_COMMANDS_BIT;
  for (int second = 0; second < kMostSeconds; ++second) {
    const GLenum status = glClientWaitSync(static_cast<GLsync>(fence), flags, 1'000'000'000);
    if (status == GL_ALREADY_SIGNALED || status == GL_CONDITION_SATISFIED) return;
    if (status == GL_WAIT_FAILED) {
      check_errors("waiting for the GPU");
      throw DeviceError("waiting for the GPU failed");
    }
    flags = 0;
  }
  throw DeviceError("the GPU did not finish a pass in " + std::to_string(kMostSeconds) + " s");
}

}  // namespace glrand::gl
