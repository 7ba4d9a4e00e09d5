// SPDX-License-Identifier: MIT
#pragma once
#include <glrand/devices.hpp>

namespace glrand::gl {

// What `glrand info` reports about the current context: the public type.
using ContextInfo = glrand::GlContextInfo;

ContextInfo query_context_info();

// Whether the current context is Mesa's software renderer (llvmpipe, softpipe), which names
// itself in GL_RENDERER.
bool software_renderer();

}  // namespace glrand::gl
