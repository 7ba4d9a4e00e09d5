// SPDX-License-Identifier: MIT
#pragma once
#include <glrand/devices.hpp>

namespace glrand::gl {

// What `glrand info` reports about the current context: the public type.
using ContextInfo = glrand::GlContextInfo;

ContextInfo query_context_info();

}  // namespace glrand::gl
