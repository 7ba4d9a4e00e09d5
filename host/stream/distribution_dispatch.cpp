// SPDX-License-Identifier: MIT
#include "stream/distribution_dispatch.hpp"

#include <GL/glew.h>

#include <string>

#include "fragment/distribution_pass.hpp"
#include "gl/check.hpp"
#include "gl/shader_library.hpp"
#include "gl/state_guard.hpp"

namespace glrand::stream {

const gl::Program& DistributionDispatch::prepare(gl::TexelFormat format, const Distribution& distribution) {
  if (distribution.kind == DistributionKind::poisson) poisson_.prepare(distribution.lambda);
  const int variant = fragment::distribution_variant(distribution);
  const auto key = std::make_pair(format.channels, variant);
  auto program = programs_.find(key);
  if (program == programs_.end())
    program = programs_
                  .emplace(key, gl::Program::compute(gl::embedded_shader("compute/distribution.comp"),
                                                     {{"CHANNELS", std::to_string(format.channels)},
                                                      {"DISTRIBUTION", std::to_string(variant)}}))
                  .first;
  return program->second;
}

void DistributionDispatch::apply(std::span<const unsigned> textures, std::uint32_t width, std::uint32_t height,
                                 gl::TexelFormat format, const Distribution& distribution) {
  const gl::StateGuard guard;
  const gl::Program& pass = prepare(format, distribution);
  pass.use();
  glUniform2i(glGetUniformLocation(pass.id(), "uSize"), static_cast<GLint>(width), static_cast<GLint>(height));
  fragment::set_distribution_uniforms(pass, distribution, poisson_, 0);
  for (const unsigned texture : textures) {
    glBindImageTexture(0, texture, 0, GL_FALSE, 0, GL_READ_WRITE, format.gl_format());
    glDispatchCompute((width + 7) / 8, (height + 7) / 8, 1);
  }
  // The caller may sample, render into, copy or read the textures next, in any way.
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  gl::check_errors("making " + describe(distribution) + " values in textures (compute profile)");
}

}  // namespace glrand::stream
