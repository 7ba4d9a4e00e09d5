// SPDX-License-Identifier: MIT
#pragma once
// Random textures whose substream states stay on the GPU: the 2006 paper's Figure 2 inside the
// caller's context, for a stateful generator whose traits G bring a texture shader
// (G::kTextureShader: G::kTextureOutputsPerPass consecutive outputs a pass as floats, or fewer
// for a texture of fewer channels (its OUTPUTS variants), written into that many channels of
// the caller's texture, which the colour mask chooses). Two ways to keep the states:
//   from a base   where a state is one texel and a jump one multiplier a component (Park–Miller,
//                 Wichmann–Hill): the state texture holds each substream's base state, written
//                 once; a pass multiplies it by the jump to the pass's first output, a uniform the
//                 host composes (G::compose) from fill to fill, so no state is written or read back;
//   ping-pong     where a jump is a matrix that does not fit one ps_3_0 pass (MRG32k3a): the
//                 state moves on into the other of two state sets in G::kAdvanceShader's passes,
//                 a state texel each.
// Needs a current GL context.
//
// Layout, as CEICG's texture fill: texel p = x + W·y of every texture is a substream. A fill of
// T textures of C channels (RGBA32F 4, RG32F 2, R32F 1) writes output p·C·T + C·t + c, counted
// from the current position, into texture t, texel p, channel c; every state ends the fill
// C·T·W·H further on. The host computes the states only when told where the sequence stands
// and how many textures of how many channels a fill writes (set_state); from then on the GPU
// makes every output. Every call leaves the caller's GL state as it was (gl::StateGuard).
#include <GL/glew.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
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

namespace glrand::fragment {

template <class G>
class StateTextureFiller {
 public:
  using State = typename G::State;
  // Whether the state moves on in passes of its own (G::kAdvanceShader), not in the output pass.
  static constexpr bool kAdvancePasses = requires { G::kAdvanceShader; };
  static constexpr int kOutputs = G::kTextureOutputsPerPass;
  static_assert(4 % kOutputs == 0 && (kAdvancePasses || G::kStateVec4s == 1));

  StateTextureFiller(std::uint32_t width, std::uint32_t height, G generator = G{})
      : generator_(std::move(generator)),
        size_{(check_target_size({width, height}, max_texture_size()), width), height},
        step_(generator_.jump(1)) {
    const gl::StateGuard guard;
    for (int set = 0; set < (kAdvancePasses ? 2 : 1); ++set)
      for (int v = 0; v < G::kStateVec4s; ++v) states_[set].push_back(std::make_unique<gl::Texture>(width, height));
    if constexpr (kAdvancePasses)
      for (int v = 0; v < G::kStateVec4s; ++v)
        advance_programs_.emplace_back(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader(G::kAdvanceShader),
                                       std::map<std::string, std::string>{{"STATE_TEXEL", std::to_string(v)}});
  }

  std::uint32_t width() const { return size_.width; }
  std::uint32_t height() const { return size_.height; }

  // The sequence continues from `at`, in fills of `textures` float textures of `format`
  // (C = 4, 2 or 1 channels): texel p's state becomes `at` jumped p·C·T on.
  void set_state(const State& at, std::uint32_t textures, gl::TexelFormat format = {}) {
    if (textures < 1 || textures > 4)
      throw InvalidArgument("a texture fill writes 1 to 4 textures, not " + std::to_string(textures));
    const std::uint32_t channels = format.outputs_per_texel(G::kWordsPerOutput, G::kName, false);
    const std::uint64_t texels = std::uint64_t{size_.width} * size_.height, per_texel = channels * textures;
    outputs_ = std::min<int>(kOutputs, static_cast<int>(channels));
    if (!programs_.contains(outputs_))
      programs_.emplace(outputs_, gl::Program(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader(G::kTextureShader),
                                              {{"OUTPUTS", std::to_string(outputs_)}}));
    constexpr int kFloats = 4 * G::kStateVec4s;
    const std::vector<float> encoded = encoded_states(generator_, at, texels, per_texel);
    textures_ = textures;
    channels_ = channels;
    if constexpr (kAdvancePasses) {
      // An advance pass's state step within a fill, from the pass's first output, and the last
      // pass's: over the other texels' outputs as well.
      pass_step_ = generator_.jump(static_cast<std::uint64_t>(outputs_));
      last_step_ = generator_.jump(per_texel * (texels - 1) + static_cast<std::uint64_t>(outputs_));
    } else {
      // From the base: a fill's passes start C·t + outputs·pass on; each fill, C·T·W·H further.
      base_to_fill_ = generator_.jump(0);
      fill_step_ = generator_.jump(per_texel * texels);
      pass_offsets_.clear();
      for (std::uint32_t t = 0; t < textures; ++t)
        for (std::uint32_t pass = 0; pass < channels / static_cast<std::uint32_t>(outputs_); ++pass)
          pass_offsets_.push_back(generator_.jump(std::uint64_t{channels} * t + static_cast<std::uint64_t>(outputs_) * pass));
    }
    const gl::StateGuard guard;
    std::vector<float> plane(4 * texels);
    for (int v = 0; v < G::kStateVec4s; ++v) {
      for (std::uint64_t p = 0; p < texels; ++p) std::copy_n(encoded.data() + kFloats * p + 4 * v, 4, plane.data() + 4 * p);
      glBindTexture(GL_TEXTURE_2D, states_[current_][v]->id());
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(size_.width), static_cast<GLsizei>(size_.height),
                      GL_RGBA, GL_FLOAT, plane.data());
    }
    gl::check_errors(std::string("uploading ") + G::kName + " texture states");
  }

  // Fills as many textures of width x height and as many channels as set_state said (see the
  // layout above).
  void fill(std::span<const unsigned> textures) {
    if (textures.size() != textures_)
      throw InvalidArgument("this filler's states are laid out for fills of " + std::to_string(textures_) +
                            " texture(s), not " + std::to_string(textures.size()));
    const gl::TexelFormat format = check_textures(textures, size_.width, size_.height);
    format.outputs_per_texel(G::kWordsPerOutput, G::kName, false);  // refuses word textures
    if (format.channels != channels_)
      throw InvalidArgument("this filler's states are laid out for textures of " + std::to_string(channels_) +
                            " channel(s)");
    const gl::StateGuard guard;
    vertex_array_.bind();
    const int passes = static_cast<int>(channels_) / outputs_;  // a texture's
    for (std::size_t t = 0; t < textures.size(); ++t)
      for (int pass = 0; pass < passes; ++pass) {
        if constexpr (kAdvancePasses) {
          const bool last = t + 1 == textures.size() && pass + 1 == passes;
          output_pass(textures[t], pass);
          advance(last ? last_step_ : pass_step_);
          current_ = 1 - current_;
        } else {
          const auto& offset = pass_offsets_[t * static_cast<std::size_t>(passes) + static_cast<std::size_t>(pass)];
          output_pass(textures[t], pass, generator_.compose(base_to_fill_, offset));
        }
      }
    if constexpr (!kAdvancePasses) base_to_fill_ = generator_.compose(base_to_fill_, fill_step_);
    gl::check_errors(std::string("filling textures with ") + G::kName + " floats");
  }

  // Substream 0's state, read back from the GPU: the state at the current position. Throws
  // glrand::DeviceError unless the GPU kept it exact.
  State state() const {
    const gl::StateGuard guard;
    std::array<float, 4 * G::kStateVec4s> texels{};
    for (int v = 0; v < G::kStateVec4s; ++v) {
      const unsigned id = states_[current_][v]->id();
      const gl::Framebuffer framebuffer({&id, 1});
      framebuffer.bind();
      glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, texels.data() + 4 * v);
    }
    gl::check_errors(std::string("reading a ") + G::kName + " texture state");
    State s{};
    if (!generator_.decode_state(texels.data(), s))
      throw DeviceError(std::string("the GPU's ") + G::kName + " texture state is not exact: its arithmetic is not");
    if constexpr (kAdvancePasses)
      return s;
    else
      return generator_.apply(base_to_fill_, s);  // the base, moved on to the next fill
  }

 private:
  void bind_states(const gl::Program& program) const {
    for (int v = 0; v < G::kStateVec4s; ++v) {
      glActiveTexture(GL_TEXTURE0 + v);
      glBindTexture(GL_TEXTURE_2D, states_[current_][v]->id());
      const std::string sampler = "uState" + std::to_string(v);
      if (program.has_uniform(sampler.c_str())) program.set_int(sampler.c_str(), v);
    }
    program.set("uStateSize", std::array<float, 2>{static_cast<float>(size_.width), static_cast<float>(size_.height)});
  }

  // Outputs `pass`·outputs_ .. of the texel's share of `texture` into as many channels, from
  // the base state `base_jump` on where the states stay at their base.
  void output_pass(unsigned texture, int pass, const typename G::Jump& base_jump = {}) {
    const gl::Framebuffer framebuffer({&texture, 1});
    framebuffer.bind();
    const gl::Program& program = programs_.at(outputs_);
    program.use();
    generator_.set_step(program, step_);
    if constexpr (!kAdvancePasses) generator_.set_base_jump(program, base_jump);
    if constexpr (requires { generator_.set_texture_constants(program); }) generator_.set_texture_constants(program);
    bind_states(program);
    std::array<GLboolean, 4> channels{};
    for (int c = 0; c < 4; ++c) channels[c] = c / outputs_ == pass;
    glColorMaski(0, channels[0], channels[1], channels[2], channels[3]);
    gl::draw_fullscreen(size_.width, size_.height);
    glColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  }

  // The other set's state texels, each from the whole current state jumped `step` on.
  void advance(const typename G::Jump& step) {
    for (int v = 0; v < G::kStateVec4s; ++v) {
      const unsigned next = states_[1 - current_][v]->id();
      const gl::Framebuffer framebuffer({&next, 1});
      framebuffer.bind();
      advance_programs_[v].use();
      generator_.set_step(advance_programs_[v], step);
      bind_states(advance_programs_[v]);
      gl::draw_fullscreen(size_.width, size_.height);
    }
  }

  G generator_;
  TargetSize size_;
  std::map<int, gl::Program> programs_;        // G::kTextureShader, by outputs a pass
  std::vector<gl::Program> advance_programs_;  // G::kAdvanceShader, one per state texel
  gl::VertexArray vertex_array_;
  typename G::Jump step_;       // one step: the output pass's, between its outputs
  // Ping-pong: the state's step over a pass within a fill, and the last pass's (over the other
  // texels' outputs as well).
  typename G::Jump pass_step_{};
  typename G::Jump last_step_{};
  // From a base: the jump from the base states to the next fill's first outputs, a fill's own
  // length, and each pass's start within a fill (texture by texture).
  typename G::Jump base_to_fill_{};
  typename G::Jump fill_step_{};
  std::vector<typename G::Jump> pass_offsets_;
  std::array<std::vector<std::unique_ptr<gl::Texture>>, 2> states_;  // ping-pong uses both sets
  int current_ = 0;
  std::uint32_t textures_ = 0;  // textures a fill writes (0: no states set yet)
  std::uint32_t channels_ = 4;  // channels of each
  int outputs_ = kOutputs;      // outputs a pass writes: kOutputs, or fewer where the texture has fewer channels
};

}  // namespace glrand::fragment
