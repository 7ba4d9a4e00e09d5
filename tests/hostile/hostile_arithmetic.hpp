// SPDX-License-Identifier: MIT
#pragma once
// The hostile-arithmetic test build of the shaders (docs/testing.md): every shader the library
// compiles can be rewritten so that each float division is off by up to 2 units in the last
// place and multiply-adds are fused, the liberties GLSL leaves a GPU (2.5 ulp division,
// contraction), and the generators must still give exact integers.
//
// The transform, applied to a composed source with its defines:
//   glslang (OpenGL client semantics, locations and bindings auto-mapped) -> SPIR-V
//   -> SPIRV-Tools: inlining and SSA form only (no float folding, which could reassociate),
//      so that each product is visible to the addition it feeds, as in a driver's compiler
//   -> spirv_rewrite.hpp: every OpFDiv perturbed, products fused into Fma
//   -> SPIRV-Tools validator -> SPIRV-Cross -> GLSL 4.50 with the original uniform names.
// Installed as gl::set_shader_source_filter, it covers every division and multiply-add of
// every shader without annotating the shaders.
#include <string>
#include <string_view>

#include "spirv_rewrite.hpp"

namespace glrand::hostile {

struct Mode {
  Division division = Division::none;
  Fusion fusion = Fusion::none;
  bool operator==(const Mode&) const = default;
};

// "div-2", "div+2", "div-random", "fuse-first", "fuse-second", comma-separated, or "none";
// e.g. "div+2,fuse-first". Throws std::invalid_argument for anything else.
Mode parse_mode(std::string_view text);
std::string name_of(Mode mode);

struct Transformed {
  std::string glsl;       // GLSL 4.50 for the driver
  RewriteCounts counts;   // what the rewrite touched
};

// The hostile version of a composed GLSL source of a GL stage (GL_FRAGMENT_SHADER, ...).
// Throws std::runtime_error with glslang's, the validator's or SPIRV-Cross's message.
Transformed transform(std::string_view source, unsigned gl_stage, Mode mode);

// Sets the transform in `mode` as the process-wide shader source filter (memoised by
// source); uninstall() removes it.
void install(Mode mode);
void uninstall();

// The filter for the lifetime of a scope (tests that switch modes).
class ScopedMode {
 public:
  explicit ScopedMode(Mode mode) { install(mode); }
  ~ScopedMode() { uninstall(); }
  ScopedMode(const ScopedMode&) = delete;
  ScopedMode& operator=(const ScopedMode&) = delete;
};

// The environment variable that installs a mode in the GL test binary (tests/hostile/
// environment_listener.cpp), so that the generator tests run again under it.
inline constexpr const char* kEnvironmentVariable = "GLRAND_HOSTILE_ARITHMETIC";

}  // namespace glrand::hostile
