// SPDX-License-Identifier: MIT
#pragma once
// A float texture's texels read back through a framebuffer of the test's own, on the current
// GL context.
#include <GL/glew.h>

#include <cstddef>
#include <vector>

#include "gl/resources.hpp"

namespace glrand::testing {

// The texels of a float texture (bottom row first), read back as RGBA (an R32F or RG32F
// texture's first one or two channels, then 0, 0, 1).
inline std::vector<float> read_texels(const gl::Texture& texture) {
  const unsigned id = texture.id();
  const gl::Framebuffer framebuffer({&id, 1});
  framebuffer.bind();
  std::vector<float> texels(std::size_t{4} * texture.width() * texture.height());
  glReadPixels(0, 0, static_cast<GLsizei>(texture.width()), static_cast<GLsizei>(texture.height()), GL_RGBA, GL_FLOAT,
               texels.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return texels;
}

}  // namespace glrand::testing
