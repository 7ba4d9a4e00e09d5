// SPDX-License-Identifier: MIT
#pragma once
// The `ps30` static checker: the 2006 ps_3_0 constraints on a generator's fragment shader,
// checked on glslang's AST (glslang::TIntermTraverser), not on the text:
//   float-only    no int, uint, bool or double arithmetic and no bit operations anywhere in
//                 the shader (loop counters, conversions, &, |, ^, <<, >>, ~, &&, ||, ^^, !,
//                 texelFetch), except indexing with constant indices and float comparisons
//                 whose bool drives control flow directly (if, ?:, a loop's condition);
//   outputs       at most 4 vec4 colour outputs (`out` variables, arrays by size), locations 0..3;
//   no-buffers    no SSBO (buffer block) reads or writes, no image stores or atomics;
//   inputs        inputs read only by texture sampling (texture/textureLod/textureProj/
//                 textureGrad with float coordinates), uniforms and gl_FragCoord;
//   instructions  the proxy count (instruction_count.hpp) within ps_3_0's 512 slots.
// Preprocessor lines are not code: the check sees the variant its preamble selects.
//
// Which shaders are generators: each fragment shader under shaders/ declares its profile in
// its own file with a comment line `// glrand: profile ps30` (or `// glrand: profile none`
// for shaders that are not generators, such as fill.frag); embed_shaders
// requires the line in every fragment shader and checks the ps30 ones.
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace glrand::shaders {

inline constexpr int kPs30InstructionSlots = 512;
inline constexpr int kPs30ColourOutputs = 4;

struct Violation {
  std::string file;     // from the file table (source-string number of `#line N FILE`)
  int line = 0;
  std::string rule;     // float-only, outputs, no-buffers, inputs, instructions, compile
  std::string message;
};

struct CheckReport {
  std::string shader, variant;  // variant: "X=1,Y=2" or "" for the defaults
  int instructions = -1;        // proxy count, -1 if it did not compile
  int outputs = 0;              // vec4 colour outputs declared
  std::vector<Violation> violations;
  bool passed() const { return violations.empty(); }
};

// Checks a composed fragment shader (with `#line N FILE-NUMBER` directives) compiled with
// `preamble` (#define lines); `files` maps source-string numbers to file names as the
// violations should show them. glslang::InitializeProcess() must have been called.
CheckReport check_ps30(const std::string& shader, const std::string& variant, const std::string& composed,
                       const std::vector<std::string>& files, const std::string& preamble);

// "FILE:LINE: ps30: RULE: MESSAGE"
std::string format(const Violation& v);

// The profile a shader declares with `// glrand: profile NAME`, if any.
std::optional<std::string> declared_profile(const std::string& source);

// A shader composed from its `#include "..."` files, with `#line N FILE-NUMBER` directives.
struct Composition {
  std::string text;
  std::vector<std::string> files;  // index = GLSL source-string number
};
// `load(name)` returns a file's text (throws if there is none); each file is included once.
Composition compose(const std::string& name, const std::function<std::string(const std::string&)>& load);

}  // namespace glrand::shaders
