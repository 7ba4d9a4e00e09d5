// SPDX-License-Identifier: MIT
#pragma once
// The instruction-count proxy for ps_3_0's 512 instruction slots per pass: the shader is
// compiled to SPIR-V for OpenGL by glslang, optimised by SPIRV-Tools' performance passes
// (inlining, constant folding, dead-code elimination), and the instructions that compute
// values are counted once each, as ps_3_0 counts a loop body once:
//   counted: arithmetic, comparisons, selections, conversions, bit and logical operations,
//            extended instructions (floor, fract, min, ...) and texture samples;
//   free:    loads, stores, access chains, swizzles and composite construction or
//            extraction (register moves and source modifiers on ps_3_0), labels, branches,
//            merges, phis, returns and function boundaries.
#include <string>

namespace glrand::shaders {

// The count for a composed GLSL source with `preamble` (#define lines), or -1 with `error`
// set if it does not compile to SPIR-V.
int instruction_count(const std::string& source, const std::string& preamble, bool fragment, std::string& error);

}  // namespace glrand::shaders
