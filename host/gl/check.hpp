// SPDX-License-Identifier: MIT
#pragma once
#include <string_view>

namespace glrand::gl {

// Throws glrand::DeviceError naming the pending GL error(s) and what was being done, e.g.
// "OpenGL error GL_OUT_OF_MEMORY while allocating a 16384x16384 RGBA32F texture".
void check_errors(std::string_view doing);

// Waits until the GPU has passed `fence` (a GLsync), flushing the commands before it once.
// Throws glrand::DeviceError if the wait fails or takes longer than any pass takes on a
// software renderer: only a GPU that stopped ends there.
void wait_for_fence(void* fence);

// The name of a GL error code, e.g. "GL_INVALID_OPERATION".
std::string_view error_name(unsigned error);

}  // namespace glrand::gl
