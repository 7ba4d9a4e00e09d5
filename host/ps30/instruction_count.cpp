// SPDX-License-Identifier: MIT
#include "instruction_count.hpp"

#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>
#include <glslang/SPIRV/GlslangToSpv.h>
#include <spirv-tools/optimizer.hpp>

#include <vector>

namespace glrand::shaders {
namespace {

// SPIR-V opcodes (SPIR-V 1.0 specification, section 3.32).
bool is_free(unsigned opcode) {
  switch (opcode) {
    case 54: case 55: case 56:  // OpFunction, OpFunctionParameter, OpFunctionEnd
    case 57:                    // OpFunctionCall (inlined away by the optimiser)
    case 59:                    // OpVariable
    case 61: case 62: case 63:  // OpLoad, OpStore, OpCopyMemory
    case 65: case 66:           // OpAccessChain, OpInBoundsAccessChain
    case 79: case 80: case 81: case 82: case 83:  // OpVectorShuffle, OpComposite{Construct,Extract,Insert}, OpCopyObject
    case 245: case 246: case 247: case 248: case 249: case 250: case 251: case 252: case 253: case 254: case 255:
      // OpPhi, OpLoopMerge, OpSelectionMerge, OpLabel, OpBranch, OpBranchConditional, OpSwitch,
      // OpKill, OpReturn, OpReturnValue, OpUnreachable
    case 8: case 317:           // OpLine, OpNoLine
      return true;
    default:
      return false;
  }
}

}  // namespace

int instruction_count(const std::string& source, const std::string& preamble, bool fragment, std::string& error) {
  const EShLanguage stage = fragment ? EShLangFragment : EShLangVertex;
  glslang::TShader shader(stage);
  const char* text = source.c_str();
  shader.setStrings(&text, 1);
  shader.setPreamble(preamble.c_str());
  shader.setEnvInput(glslang::EShSourceGlsl, stage, glslang::EShClientOpenGL, 100);
  shader.setEnvClient(glslang::EShClientOpenGL, glslang::EShTargetOpenGL_450);
  shader.setEnvTarget(glslang::EShTargetSpv, glslang::EShTargetSpv_1_0);
  shader.setAutoMapLocations(true);
  shader.setAutoMapBindings(true);
  const auto messages = static_cast<EShMessages>(EShMsgSpvRules);
  if (!shader.parse(GetDefaultResources(), 330, false, messages)) {
    error = shader.getInfoLog();
    return -1;
  }
  glslang::TProgram program;
  program.addShader(&shader);
  if (!program.link(messages) || !program.mapIO()) {
    error = program.getInfoLog();
    return -1;
  }
  std::vector<unsigned> spirv;
  glslang::GlslangToSpv(*program.getIntermediate(stage), spirv);
  spvtools::Optimizer optimizer(SPV_ENV_OPENGL_4_5);
  optimizer.RegisterPerformancePasses();
  std::vector<std::uint32_t> optimised;
  if (!optimizer.Run(spirv.data(), spirv.size(), &optimised)) {
    error = "the SPIR-V optimiser failed";
    return -1;
  }
  // Instructions inside function bodies; the module header is five words.
  int count = 0;
  bool in_function = false;
  for (std::size_t i = 5; i < optimised.size();) {
    const unsigned words = optimised[i] >> 16, opcode = optimised[i] & 0xFFFF;
    if (opcode == 54) in_function = true;
    if (in_function && !is_free(opcode)) ++count;
    if (opcode == 56) in_function = false;
    i += words ? words : 1;
  }
  return count;
}

}  // namespace glrand::shaders
