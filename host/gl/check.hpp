// SPDX-License-Identifier: MIT
#pragma once
#include <string_view>

namespace glrand::gl {

// Throws glrand::DeviceError naming the pending GL error(s) and what was being done, e.g.
// "OpenGL error GL_OUT_OF_MEMORY while allocating a 16384x16384 RGBA32F texture".
void check_errors(std::string_view doing);

// The name of a GL error code, e.g. "GL_INVALID_OPERATION".
std::string_view error_name(unsigned error);

}  // namespace glrand::gl
