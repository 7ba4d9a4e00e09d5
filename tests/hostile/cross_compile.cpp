// SPDX-License-Identifier: MIT
#include "cross_compile.hpp"

#include <spirv_glsl.hpp>

#include <stdexcept>

namespace glrand::hostile {

std::string spirv_to_glsl(const std::vector<std::uint32_t>& words) {
  try {
    spirv_cross::CompilerGLSL compiler(words);
    spirv_cross::CompilerGLSL::Options options;
    options.version = 450;
    options.es = false;
    options.vulkan_semantics = false;
    // Every result in its own variable: SPIRV-Cross writes `precise` (NoContraction) only on
    // variables, and the fused multiply-add emulation needs its roundings kept.
    options.force_temporary = true;
    compiler.set_common_options(options);
    return compiler.compile();
  } catch (const spirv_cross::CompilerError& e) {
    throw std::runtime_error(std::string("SPIRV-Cross: ") + e.what());
  }
}

}  // namespace glrand::hostile
