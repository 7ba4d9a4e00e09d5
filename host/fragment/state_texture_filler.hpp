// SPDX-License-Identifier: MIT
#pragma once
// Random textures whose substream states stay on the GPU: the 2006 paper's Figure 2 inside the
// caller's context, for a stateful generator whose traits G bring a texture shader
// (G::kTextureShader: G::kTextureOutputsPerPass consecutive outputs a pass as floats, written
// into that many channels of the caller's texture, which the colour mask chooses, and the state
// moved on into the other of two state textures). Needs a current GL context.
//
// Layout, as CEICG's texture fill: texel p = x + W·y of every texture is a substream. A fill of
// T textures writes output p·4T + 4t + c, counted from the current position, into texture t,
// texel p, channel c; the last pass of a fill jumps each state over the other texels' outputs,
// so that every state ends 4T·W·H further on. The host computes the states only when told
// where the sequence stands and how many textures a fill writes (set_state); from then on they
// move on the GPU alone. Every call leaves the caller's GL state as it was (gl::StateGuard).
#include <GL/glew.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "fragment/ceicg_fragment.hpp"
#include "generators/parallel_fill.hpp"
#include "gl/check.hpp"
#include "gl/resources.hpp"
#include "gl/shader_library.hpp"
#include "gl/state_guard.hpp"

namespace glrand::fragment {

template <class G>
class StateTextureFiller {
 public:
  using State = typename G::State;
  static_assert(4 % G::kTextureOutputsPerPass == 0 && G::kStateVec4s == 1);

  StateTextureFiller(std::uint32_t width, std::uint32_t height, G generator = G{})
      : generator_(std::move(generator)),
        size_{(check_target_size({width, height}, max_texture_size()), width), height},
        program_(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader(G::kTextureShader),
                 {{"OUTPUTS", std::to_string(G::kTextureOutputsPerPass)}}),
        step_(generator_.jump(1)) {
    const gl::StateGuard guard;
    states_[0] = std::make_unique<gl::Texture>(width, height);
    states_[1] = std::make_unique<gl::Texture>(width, height);
  }

  std::uint32_t width() const { return size_.width; }
  std::uint32_t height() const { return size_.height; }

  // The sequence continues from `at`, in fills of `textures` textures: texel p's state becomes
  // `at` jumped p·4T on.
  void set_state(const State& at, std::uint32_t textures) {
    if (textures < 1 || textures > 4)
      throw InvalidArgument("a texture fill writes 1 to 4 textures, not " + std::to_string(textures));
    const std::uint64_t texels = std::uint64_t{size_.width} * size_.height, per_texel = 4 * textures;
    std::vector<float> upload(4 * texels);
    const auto stride = generator_.jump(per_texel);
    parallel_fill(texels, 0, [&](std::uint64_t begin, std::uint64_t end) {
      State s = generator_.apply(generator_.jump(begin * per_texel), at);
      for (std::uint64_t p = begin; p < end; ++p) {
        generator_.encode_state(s, upload.data() + 4 * p);
        s = generator_.apply(stride, s);
      }
    });
    textures_ = textures;
    // The last pass's state: past this texel's last output, then over the other texels'.
    last_step_ = generator_.jump(per_texel * (texels - 1) + 1);
    const gl::StateGuard guard;
    glBindTexture(GL_TEXTURE_2D, states_[current_]->id());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(size_.width), static_cast<GLsizei>(size_.height),
                    GL_RGBA, GL_FLOAT, upload.data());
    gl::check_errors(std::string("uploading ") + G::kName + " texture states");
  }

  // Fills as many RGBA32F textures of width x height as set_state said (see the layout above).
  void fill(std::span<const unsigned> textures) {
    if (textures.size() != textures_)
      throw InvalidArgument("this filler's states are laid out for fills of " + std::to_string(textures_) +
                            " texture(s), not " + std::to_string(textures.size()));
    for (unsigned t : textures) check_texture(t, size_.width, size_.height);
    const gl::StateGuard guard;
    program_.use();
    vertex_array_.bind();
    generator_.set_step(program_, step_);
    if constexpr (requires { generator_.set_texture_constants(program_); }) generator_.set_texture_constants(program_);
    program_.set_int("uState0", 0);
    program_.set("uStateSize", std::array<float, 2>{static_cast<float>(size_.width), static_cast<float>(size_.height)});
    glActiveTexture(GL_TEXTURE0);
    constexpr int kPasses = 4 / G::kTextureOutputsPerPass;  // a texture's channels
    for (std::size_t t = 0; t < textures.size(); ++t)
      for (int pass = 0; pass < kPasses; ++pass) {
        const unsigned texture = textures[t];
        const bool last = t + 1 == textures.size() && pass + 1 == kPasses;
        generator_.set_state_step(program_, last ? last_step_ : step_);
        const std::array<unsigned, 2> targets{texture, states_[1 - current_]->id()};
        const gl::Framebuffer framebuffer(targets);
        framebuffer.bind();
        for (int c = 0; c < 4; ++c) channels_[c] = c / G::kTextureOutputsPerPass == pass;
        glColorMaski(0, channels_[0], channels_[1], channels_[2], channels_[3]);
        glColorMaski(1, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
        glBindTexture(GL_TEXTURE_2D, states_[current_]->id());
        gl::draw_fullscreen(size_.width, size_.height);
        current_ = 1 - current_;
      }
    gl::check_errors(std::string("filling textures with ") + G::kName + " floats");
  }

  // Substream 0's state, read back from the GPU: the state at the current position. Throws
  // glrand::DeviceError unless the GPU kept it exact.
  State state() const {
    const gl::StateGuard guard;
    const unsigned id = states_[current_]->id();
    const gl::Framebuffer framebuffer({&id, 1});
    framebuffer.bind();
    std::array<float, 4> texel{};
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, texel.data());
    gl::check_errors(std::string("reading a ") + G::kName + " texture state");
    State s{};
    if (!generator_.decode_state(texel.data(), s))
      throw DeviceError(std::string("the GPU's ") + G::kName + " texture state is not exact: its arithmetic is not");
    return s;
  }

 private:
  G generator_;
  TargetSize size_;
  gl::Program program_;
  gl::VertexArray vertex_array_;
  typename G::Jump step_;       // one step
  typename G::Jump last_step_;  // the last pass's state: over the other texels' outputs
  std::uint32_t textures_ = 0;  // textures a fill writes (0: no states set yet)
  std::array<std::unique_ptr<gl::Texture>, 2> states_;
  int current_ = 0;
  std::array<GLboolean, 4> channels_{};
};

}  // namespace glrand::fragment
