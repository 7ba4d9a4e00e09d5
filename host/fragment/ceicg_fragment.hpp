// SPDX-License-Identifier: MIT
#pragma once
// CEICG on the fragment path (ps30 profile): shaders/ceicg.frag renders the exact integers
// into three RGBA32F targets, one per component; the host keeps the only state, three
// residues, and advances it between passes. Needs a current GL context (a HeadlessContext,
// a Window, or the application's own after adopt_current_context()).
//
// Every call leaves the caller's GL state as it was (gl::StateGuard).
//
// Layout of a pass: pixel p = x + width·y owns outputs 4p .. 4p+3 of the pass, in the
// channels r, g, b, a of each target (the paper's float4 leapfrog). A pass holds at most
// 2^24 pixels, so that p is exact in float.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <span>
#include <string>

#include "generators/ceicg.hpp"
#include "gl/overlapped_readback.hpp"
#include "gl/resources.hpp"
#include <glrand/types.hpp>

namespace glrand::fragment {

using glrand::kMaxPixelsPerPass;
using glrand::TargetSize;

// Throws glrand::InvalidArgument unless 1 <= width, height <= max_texture_size and
// width·height <= kMaxPixelsPerPass.
void check_target_size(TargetSize size, int max_texture_size);
// The current context's GL_MAX_TEXTURE_SIZE.
int max_texture_size();
// Throws glrand::InvalidArgument unless `texture` names a texture of width x height in one of
// gl::TexelFormat's formats (a caller's texture that a fill writes into); returns its format.
gl::TexelFormat check_texture(unsigned texture, std::uint32_t width, std::uint32_t height);
// check_texture() of every texture of a fill, which must share one format: that format.
gl::TexelFormat check_textures(std::span<const unsigned> textures, std::uint32_t width, std::uint32_t height);
// For the compute profile's image stores, which a mipmap-incomplete texture drops: throws
// glrand::InvalidArgument where the texture's minifying filter uses mipmaps it does not have
// (its mutable levels stop at the base level).
void check_image_texture(unsigned texture);

// Sets the generator's constants, the uniforms of shaders/common/ceicg_core.glsl (lane k =
// component k; lane w has modulus 1), on a program in use.
void set_ceicg_constants(const gl::Program& program);

class CeicgFragment {
 public:
  explicit CeicgFragment(TargetSize size = {});

  TargetSize size() const { return size_; }
  std::uint64_t outputs_per_pass() const { return 4ull * size_.width * size_.height; }

  using IntegerConsumer = std::function<void(std::span<const std::uint32_t>)>;

  // The exact integers of `count` outputs from residues `start`, 3 words (x1, x2, x3) per
  // output, handed to `consume` in chunks of at most outputs_per_pass() outputs. Returns
  // the residues after the last output. Pipelined: while the host checks and consumes one
  // pass, the GPU renders the next and copies it into a second pixel-pack buffer.
  ceicg::Residues generate_ints(ceicg::Residues start, std::uint64_t count, const IntegerConsumer& consume);

  // One pass of `rows` rows left on the GPU (benchmarks; read_pass() fetches it).
  void render_pass(const ceicg::Residues& start, std::uint32_t rows);

  // The first `count` outputs of the last pass, 3 words each. Throws glrand::DeviceError if
  // the GPU returned anything but integers in [0, m_k): its arithmetic is not exact.
  void read_pass(std::uint32_t rows, std::uint64_t count, std::span<std::uint32_t> out);

  // The RGBA32F texture that holds component k (0..2) of the last pass, to read part of it.
  unsigned target(int k) const { return targets_.at(static_cast<std::size_t>(k)).id(); }

 private:
  TargetSize size_;
  gl::Program program_;
  gl::VertexArray vertex_array_;
  std::array<gl::Texture, 3> targets_;
  std::unique_ptr<gl::Framebuffer> framebuffer_;
  std::vector<float> staging_;
  std::unique_ptr<gl::OverlappedReadback> readback_;  // made by the first generate_ints

  void render(const ceicg::Residues& start, std::uint32_t rows);  // render_pass() without the guard
};

// Fills 1-4 float textures of the caller's (all width x height, all RGBA32F, RG32F or R32F:
// C = 4, 2 or 1 channels) with CEICG floats u in [0, 1), computed in the shader (within a few
// ulp of the host formula; read back the integers for exact values). Texture t, texel p,
// channel c holds output start + p·C·T + C·t + c for T textures. Leaves the caller's GL state
// as it was (gl::StateGuard). Returns the residues after the W·H·C·T outputs.
// A fill of 3 or 4 textures is split into passes of at most 2, the most that fit ps_3_0's
// 512 instruction slots; the contents do not change. With `compute` (OpenGL 4.3), one compute
// dispatch a fill writes the textures as images (shaders/compute/ceicg_texture.comp), the same
// floats.
class CeicgTextureFiller {
 public:
  explicit CeicgTextureFiller(std::uint32_t textures = 1, bool compute = false);
  // Fills the textures (all of one format: 4, 2 or 1 channels C) with the C·T·width·height
  // outputs from `start`; returns the residues after them.
  ceicg::Residues fill(const ceicg::Residues& start, std::span<const unsigned> textures, std::uint32_t width,
                       std::uint32_t height);

 private:
  std::uint32_t textures_;
  std::uint32_t per_pass_;  // textures per pass
  bool compute_profile_;
  std::map<std::uint32_t, gl::Program> programs_;  // by textures per pass
  std::map<gl::TexelFormat, gl::Program> compute_;  // the compute profile's programs, by texture format
  gl::VertexArray vertex_array_;
};

}  // namespace glrand::fragment
