// SPDX-License-Identifier: MIT
#pragma once
// Random textures in the compute profile, the substream states on the GPU: each run of R
// consecutive texels of a row of the caller's W x H textures (R = run_texels()) is a substream
// whose state lives in a shader storage buffer, and one compute dispatch a fill
// (G::kComputeTextureShader, on compute/texture_main.glsl) writes every texel's C·T
// consecutive outputs as floats into the T textures of C channels (RGBA32F, RG32F or R32F),
// bound as images, and moves the state on. Where the state moves by a matrix jump (MRG32k3a) a
// run is up to 8 texels, the most, a power of two, that divides W, so that its texels share the
// jump and step by the recurrence alone; elsewhere a texel (a run's strided image stores cost
// Park–Miller and Wichmann–Hill more than the state reads they save: docs/performance.md).
// The layout is fragment::StateTextureFiller's: output p·C·T + C·t + c, counted from the position, in
// texture t, texel p, channel c. Word textures (R32UI, RG32UI, RGBA32UI) take the exact
// integers instead: a word a channel for a one-word generator, in the same layout; one output's
// words a texel for the others (RGBA32UI; C = 1). The states are kept as
// fragment::StateTextureFiller keeps them: from a base, where a jump is a multiplier a
// component (the buffer holds the base states, read and never written; a fill's first outputs
// are the base times a uniform the host composes), or moved on in the buffer where a jump is a
// matrix (MRG32k3a, whose traits bring an advance shader for ps30: the fill's shader steps by
// the recurrence between a run's outputs and applies the jump, set as its step, after the
// last). Needs a current OpenGL 4.3 context; every call leaves the caller's GL state as it was
// (gl::StateGuard).
#include <GL/glew.h>

#include <algorithm>
#include <array>
#include <map>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "fragment/ceicg_fragment.hpp"
#include "fragment/encoded_states.hpp"
#include "gl/check.hpp"
#include "gl/resources.hpp"
#include "gl/shader_library.hpp"
#include "gl/state_guard.hpp"

namespace glrand::stream {

template <class G>
class ComputeTextureFiller {
 public:
  using State = typename G::State;
  // Whether the states are moved on in the buffer (a jump is a matrix), not kept as a base.
  static constexpr bool kMovesStates = requires { G::kAdvanceShader; };
  static constexpr int kStateFloats = 4 * G::kStateVec4s;

  ComputeTextureFiller(std::uint32_t width, std::uint32_t height, G generator = G{})
      : generator_(std::move(generator)),
        size_{(fragment::check_target_size({width, height}, fragment::max_texture_size()), width), height},
        run_texels_(run_texels_of(width)),
        states_(checked_state_bytes(width, height)),
        step_(generator_.jump(1)) {}

  // Texels a substream runs through in a row of `width` (the shader's RUN_TEXELS): with a
  // matrix jump the most, up to 8, that divides it; else 1 (a run's strided image stores cost
  // more than its state reads save).
  static std::uint32_t run_texels_of(std::uint32_t width) {
    std::uint32_t r = kMovesStates ? 8 : 1;
    while (width % r != 0) r /= 2;
    return r;
  }
  std::uint32_t run_texels() const { return run_texels_; }

  // The states' bytes for W x H texels (a state a run), within one shader storage block on
  // this context.
  static std::size_t checked_state_bytes(std::uint32_t width, std::uint32_t height) {
    const std::uint64_t bytes = std::uint64_t{width} / run_texels_of(width) * height * kStateFloats * sizeof(float);
    GLint64 most = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &most);
    if (bytes > static_cast<std::uint64_t>(std::max<GLint64>(most, 0)))
      throw InvalidArgument(std::to_string(width) + "x" + std::to_string(height) + " texels of " + G::kName +
                            " states need " + std::to_string(bytes) + " bytes, more than one shader storage block "
                            "holds on this device (" + std::to_string(most) + "): use a smaller texture or the ps30 profile");
    return static_cast<std::size_t>(bytes);
  }

  std::uint32_t width() const { return size_.width; }
  std::uint32_t height() const { return size_.height; }

  // The sequence continues from `at`, in fills of `textures` textures of `format` (C outputs a
  // texel each, gl::TexelFormat::outputs_per_texel): texel p's first output is `at` jumped
  // p·C·T on, and so the state of the run starting at texel p.
  void set_state(const State& at, std::uint32_t textures, gl::TexelFormat format = {}) {
    if (textures < 1 || textures > 4)
      throw InvalidArgument("a texture fill writes 1 to 4 textures, not " + std::to_string(textures));
    const std::uint64_t texels = std::uint64_t{size_.width} * size_.height,
                        per_texel = format.outputs_per_texel(G::kWordsPerOutput, G::kName, true) * textures;
    if (!programs_.contains(format))
      programs_.emplace(format, gl::Program::compute(gl::embedded_shader(G::kComputeTextureShader),
                                                  {{"CHANNELS", std::to_string(format.channels)},
                                                   {"TEXTURE_WORDS", format.words ? "1" : "0"},
                                                   {"RUN_TEXELS", std::to_string(run_texels_)}}));
    const std::vector<float> encoded =
        fragment::encoded_states(generator_, at, texels / run_texels_, per_texel * run_texels_);
    if constexpr (kMovesStates) {
      // After a run's last output, over the other runs' outputs of the fill.
      last_step_ = generator_.jump(per_texel * (texels - run_texels_) + 1);
    } else {
      base_to_fill_ = generator_.jump(0);
      fill_step_ = generator_.jump(per_texel * texels);
    }
    textures_ = textures;
    format_ = format;
    const gl::StateGuard guard;
    states_.upload(encoded);
  }

  // Fills as many textures of width x height and as many channels as set_state said (the
  // layout above).
  void fill(std::span<const unsigned> textures) {
    if (textures.size() != textures_)
      throw InvalidArgument("this filler's states are laid out for fills of " + std::to_string(textures_) +
                            " texture(s), not " + std::to_string(textures.size()));
    const gl::TexelFormat format = fragment::check_textures(textures, size_.width, size_.height);
    if (format != format_)
      throw InvalidArgument("this filler's states are laid out for " + format_.name() + " textures, not " + format.name());
    for (unsigned t : textures) fragment::check_image_texture(t);
    const gl::StateGuard guard;
    const gl::Program& program = programs_.at(format_);
    program.use();
    program.set_int("uTextures", static_cast<int>(textures.size()));
    glUniform2i(glGetUniformLocation(program.id(), "uSize"), static_cast<GLint>(size_.width),
                static_cast<GLint>(size_.height));
    if constexpr (kMovesStates) {
      generator_.set_step(program, last_step_);
    } else {
      generator_.set_step(program, step_);
      generator_.set_base_jump(program, base_to_fill_);
    }
    if constexpr (requires { generator_.set_texture_constants(program); }) generator_.set_texture_constants(program);
    states_.bind_base(0);
    for (std::size_t t = 0; t < textures.size(); ++t)
      glBindImageTexture(static_cast<GLuint>(t), textures[t], 0, GL_FALSE, 0, GL_WRITE_ONLY, format_.gl_format());
    const GLuint groups_x = (size_.width / run_texels_ + 7) / 8, groups_y = (size_.height + 7) / 8;
    glDispatchCompute(groups_x, groups_y, 1);
    // The caller may sample, render into, copy or read the textures next, in any way.
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    gl::check_errors(std::string("filling textures with ") + G::kName + " outputs in the compute profile");
    if constexpr (!kMovesStates) base_to_fill_ = generator_.compose(base_to_fill_, fill_step_);
  }

  // Substream 0's state (the run from texel 0), read back from the GPU: the state at the
  // current position. Throws glrand::DeviceError unless the GPU kept it exact.
  State state() const {
    const gl::StateGuard guard;
    std::array<float, kStateFloats> floats{};
    states_.download(floats);
    State s{};
    if (!generator_.decode_state(floats.data(), s))
      throw DeviceError(std::string("the GPU's ") + G::kName + " texture state is not exact: its arithmetic is not");
    if constexpr (kMovesStates)
      return s;
    else
      return generator_.apply(base_to_fill_, s);  // the base, moved on to the next fill
  }

 private:
  G generator_;
  fragment::TargetSize size_;
  std::uint32_t run_texels_;  // R
  std::map<gl::TexelFormat, gl::Program> programs_;  // G::kComputeTextureShader, by texture format
  gl::StorageBuffer states_;
  typename G::Jump step_;       // one step, between a texel's outputs (from a base)
  typename G::Jump last_step_{};     // moved on: after a run's last output, over the other runs'
  typename G::Jump base_to_fill_{};  // from a base: to the next fill's first outputs
  typename G::Jump fill_step_{};     // from a base: a fill's outputs
  std::uint32_t textures_ = 0;  // textures a fill writes (0: no states set yet)
  gl::TexelFormat format_;  // of each
};

}  // namespace glrand::stream
