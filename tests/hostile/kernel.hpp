// SPDX-License-Identifier: MIT
#pragma once
// A test fragment shader from tests/hostile/shaders, composed with the library's modules
// (shaders/common, as embedded), run as one draw with one input value per texel lane:
// inputs are RGBA32F textures uInput0, uInput1, ..., read with texelFetch at the pixel;
// outputs are the colour targets, read back as floats. The program is built under whatever
// shader source filter is installed, so a kernel made inside hostile::ScopedMode is hostile.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gl/resources.hpp"

namespace glrand::hostile {

class Kernel {
 public:
  // `edit` may rewrite a module's text, by name (a mutant).
  using ModuleEdit = std::function<std::string(const std::string& module, std::string text)>;
  explicit Kernel(const std::string& file, const ModuleEdit& edit = {},
                  const std::map<std::string, std::string>& defines = {});

  // Width x height pixels; each input and output holds 4·width·height floats (RGBA texels).
  // The composed source of `file` (for hostile::transform).
  static std::string composed(const std::string& file, const ModuleEdit& edit = {});

  // `uniforms` sets the kernel's other uniforms on the program in use.
  std::vector<std::vector<float>> run(const std::vector<std::vector<float>>& inputs, int outputs, std::uint32_t width,
                                      std::uint32_t height,
                                      const std::function<void(const gl::Program&)>& uniforms = {}) const;

 private:
  std::optional<gl::Program> program_;
};

}  // namespace glrand::hostile
