// SPDX-License-Identifier: MIT
#pragma once
// SPIR-V back to GLSL with SPIRV-Cross (its own translation unit: SPIRV-Cross and glslang
// each declare namespace spv).
#include <cstdint>
#include <string>
#include <vector>

namespace glrand::hostile {

// GLSL 4.50 (core, OpenGL semantics) for a validated module; variables keep their names,
// so that glGetUniformLocation finds the original uniforms.
std::string spirv_to_glsl(const std::vector<std::uint32_t>& words);

}  // namespace glrand::hostile
