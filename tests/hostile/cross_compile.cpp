// SPDX-License-Identifier: MIT
#include "cross_compile.hpp"

#include <spirv_glsl.hpp>

#include <regex>
#include <stdexcept>
#include <string>

namespace glrand::hostile {
namespace {

// force_temporary also copies samplers and images into local variables ("sampler2D _7 =
// uTargets[i];"), which GLSL refuses (opaque types are uniforms or parameters only): each such
// copy is dropped and its uses take the expression itself (a uniform, indexed at most by an
// earlier temporary).
std::string without_opaque_temporaries(std::string glsl) {
  static const std::regex copy(R"(\n[ \t]*(?:[iu]?sampler\w*|[iu]?image\w*) (_\d+) = ([^;\n]+);)");
  std::smatch m;
  while (std::regex_search(glsl, m, copy)) {
    const std::string name = m[1], expression = m[2].str();
    const auto at = static_cast<std::size_t>(m.position(0));
    glsl.erase(at, static_cast<std::size_t>(m.length(0)));
    const std::regex use("\\b" + name + "\\b");
    glsl = glsl.substr(0, at) + std::regex_replace(glsl.substr(at), use, expression);
  }
  return glsl;
}

}  // namespace

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
    return without_opaque_temporaries(compiler.compile());
  } catch (const spirv_cross::CompilerError& e) {
    throw std::runtime_error(std::string("SPIRV-Cross: ") + e.what());
  }
}

}  // namespace glrand::hostile
