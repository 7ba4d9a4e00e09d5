// SPDX-License-Identifier: MIT
#include "hostile_arithmetic.hpp"

#include <GL/glew.h>
#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>
#include <glslang/SPIRV/GlslangToSpv.h>
#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include "cross_compile.hpp"
#include "gl/resources.hpp"

namespace glrand::hostile {

namespace {

EShLanguage language_of(unsigned gl_stage) {
  switch (gl_stage) {
    case GL_VERTEX_SHADER: return EShLangVertex;
    case GL_FRAGMENT_SHADER: return EShLangFragment;
    case GL_COMPUTE_SHADER: return EShLangCompute;
    default: throw std::runtime_error("hostile arithmetic: unsupported shader stage " + std::to_string(gl_stage));
  }
}

std::vector<std::uint32_t> to_spirv(std::string_view source, EShLanguage stage) {
  static std::once_flag initialised;
  std::call_once(initialised, [] { glslang::InitializeProcess(); });
  glslang::TShader shader(stage);
  const std::string text(source);
  const char* strings = text.c_str();
  shader.setStrings(&strings, 1);
  shader.setEnvInput(glslang::EShSourceGlsl, stage, glslang::EShClientOpenGL, 100);
  shader.setEnvClient(glslang::EShClientOpenGL, glslang::EShTargetOpenGL_450);
  shader.setEnvTarget(glslang::EShTargetSpv, glslang::EShTargetSpv_1_0);
  // Loose uniforms need locations in SPIR-V for OpenGL; the engines still find them by name.
  shader.setAutoMapLocations(true);
  const auto messages = static_cast<EShMessages>(EShMsgSpvRules);
  if (!shader.parse(GetDefaultResources(), 330, false, messages))
    throw std::runtime_error(std::string("glslang: ") + shader.getInfoLog());
  glslang::TProgram program;
  program.addShader(&shader);
  if (!program.link(messages) || !program.mapIO())
    throw std::runtime_error(std::string("glslang link: ") + program.getInfoLog());
  std::vector<std::uint32_t> spirv;
  glslang::SpvOptions options;
  options.disableOptimizer = true;
  glslang::GlslangToSpv(*program.getIntermediate(stage), spirv, &options);
  return spirv;
}

// Inlining and SSA form, the passes that let a product meet the addition it feeds across
// functions and variables. Deliberately without SPIRV-Tools' simplification and constant
// folding, whose float rules reassociate ((x * c1) * c2 -> x * (c1 * c2)): the transform
// adds exactly the two liberties its mode names, nothing else.
std::vector<std::uint32_t> inline_to_ssa(const std::vector<std::uint32_t>& spirv) {
  spvtools::Optimizer optimizer(SPV_ENV_OPENGL_4_5);
  std::string log;
  optimizer.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t& at, const char* message) {
    log += "at word " + std::to_string(at.index) + ": " + message + "\n";
  });
  optimizer.RegisterPass(spvtools::CreateMergeReturnPass())
      .RegisterPass(spvtools::CreateInlineExhaustivePass())
      .RegisterPass(spvtools::CreateEliminateDeadFunctionsPass())
      .RegisterPass(spvtools::CreatePrivateToLocalPass())
      .RegisterPass(spvtools::CreateLocalSingleBlockLoadStoreElimPass())
      .RegisterPass(spvtools::CreateLocalSingleStoreElimPass())
      .RegisterPass(spvtools::CreateScalarReplacementPass())
      .RegisterPass(spvtools::CreateLocalAccessChainConvertPass())
      .RegisterPass(spvtools::CreateLocalSingleBlockLoadStoreElimPass())
      .RegisterPass(spvtools::CreateLocalSingleStoreElimPass())
      .RegisterPass(spvtools::CreateLocalMultiStoreElimPass())
      .RegisterPass(spvtools::CreateAggressiveDCEPass());
  std::vector<std::uint32_t> out;
  if (!optimizer.Run(spirv.data(), spirv.size(), &out))
    throw std::runtime_error("SPIRV-Tools could not inline the shader:\n" + log);
  return out;
}

void validate(const std::vector<std::uint32_t>& spirv) {
  spvtools::SpirvTools tools(SPV_ENV_OPENGL_4_5);
  std::string log;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t& at, const char* message) {
    log += "at word " + std::to_string(at.index) + ": " + message + "\n";
  });
  if (!tools.Validate(spirv)) {
    std::string text;
    tools.Disassemble(spirv, &text, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES);
    throw std::runtime_error("the rewritten SPIR-V is invalid:\n" + log + text);
  }
}

}  // namespace

Mode parse_mode(std::string_view text) {
  Mode mode;
  if (text == "none") return mode;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    const std::string_view item = text.substr(from, comma - from);
    if (item == "div-2") mode.division = Division::minus2;
    else if (item == "div+2") mode.division = Division::plus2;
    else if (item == "div-random") mode.division = Division::random;
    else if (item == "fuse-first") mode.fusion = Fusion::first;
    else if (item == "fuse-second") mode.fusion = Fusion::second;
    else
      throw std::invalid_argument("unknown hostile-arithmetic mode '" + std::string(item) +
                                  "' (expected none, or div-2, div+2, div-random, fuse-first, fuse-second, "
                                  "comma-separated)");
    from = comma + 1;
  }
  return mode;
}

std::string name_of(Mode mode) {
  std::string name;
  switch (mode.division) {
    case Division::none: break;
    case Division::minus2: name = "div-2"; break;
    case Division::plus2: name = "div+2"; break;
    case Division::random: name = "div-random"; break;
  }
  if (mode.fusion != Fusion::none) name += std::string(name.empty() ? "" : ",") +
                                           (mode.fusion == Fusion::first ? "fuse-first" : "fuse-second");
  return name.empty() ? "none" : name;
}

Transformed transform(std::string_view source, unsigned gl_stage, Mode mode) {
  std::vector<std::uint32_t> spirv = inline_to_ssa(to_spirv(source, language_of(gl_stage)));
  Transformed out;
  out.counts = rewrite_arithmetic(spirv, mode.division, mode.fusion);
  validate(spirv);
  out.glsl = spirv_to_glsl(spirv);
  return out;
}

void install(Mode mode) {
  struct Cache {
    std::mutex mutex;
    std::map<std::pair<std::string, unsigned>, std::string> sources;
  };
  auto cache = std::make_shared<Cache>();
  gl::set_shader_source_filter([mode, cache](std::string_view source, unsigned stage, std::string_view) {
    std::lock_guard lock(cache->mutex);
    auto key = std::make_pair(std::string(source), stage);
    if (const auto found = cache->sources.find(key); found != cache->sources.end()) return found->second;
    // A shader the mode leaves untouched keeps its own text (and its #line file names).
    const Transformed hostile = transform(source, stage, mode);
    const bool touched = hostile.counts.divisions + hostile.counts.fused > 0;
    return cache->sources.emplace(std::move(key), touched ? hostile.glsl : std::string(source)).first->second;
  });
}

void uninstall() { gl::set_shader_source_filter({}); }

}  // namespace glrand::hostile
