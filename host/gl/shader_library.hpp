// SPDX-License-Identifier: MIT
#pragma once
// The GLSL sources under shaders/, composed and validated at build time
// (shaders/tools/embed_shaders.cpp) and embedded into the library.
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace glrand::gl {

struct EmbeddedShader {
  std::string_view name;               // e.g. "ceicg.frag"
  std::string_view source;             // composed GLSL, #line directives included
  std::vector<std::string_view> files;  // GLSL source-string number -> file under shaders/
};

const std::vector<EmbeddedShader>& embedded_shaders();

// Instructions per pass of a fragment-shader variant, counted at build time with the proxy of
// host/ps30/instruction_count.hpp (ps_3_0 allows 512 instruction slots).
struct ShaderCost {
  std::string_view shader;   // "mrg32k3a.frag"
  std::string_view defines;  // "OUTPUT_TARGETS=1,WRITE_STATE=1", sorted by name
  int instructions;
};
const std::vector<ShaderCost>& shader_costs();
inline constexpr int kPs30InstructionSlots = 512;

// The modules under shaders/ that the shaders #include ("common/modular.glsl", ...), as
// written, so that a shader outside the library can be composed with them (glrand check-shaders).
struct EmbeddedModule {
  std::string_view name;
  std::string_view source;
};
const std::vector<EmbeddedModule>& embedded_modules();

// The build's ps30 check (host/ps30/ps30_checker.hpp) of every generator variant: the
// shaders that declare `// glrand: profile ps30`. A violation fails the build, so each
// passes, but candidates (variants the engine measures and renders only within 512 slots)
// may be over budget.
struct ShaderCheck {
  std::string_view shader;   // "park_miller.frag"
  std::string_view defines;  // "OUTPUT_TARGETS=1,WRITE_STATE=1", or "" for the defaults
  std::string_view profile;  // "ps30"
  int outputs;               // vec4 colour outputs
  int instructions;
  bool candidate;
  std::string_view verdict;  // "pass" or "over budget (candidate, not rendered)"
};
const std::vector<ShaderCheck>& shader_checks();

// The count for `shader` with `defines`, or -1 if the build did not measure that variant.
int instruction_count(std::string_view shader, const std::map<std::string, std::string>& defines);

// The shader called `name`; throws glrand::Error if there is none.
const EmbeddedShader& embedded_shader(std::string_view name);

// The source with `#define NAME VALUE` lines inserted after its #version line.
std::string with_defines(std::string_view source, const std::map<std::string, std::string>& defines);

// A driver's info log with source-string numbers replaced by file names where the driver
// uses a recognisable "N:LINE" or "N(LINE)" form.
std::string annotate_log(std::string_view log, const EmbeddedShader& shader);

}  // namespace glrand::gl
