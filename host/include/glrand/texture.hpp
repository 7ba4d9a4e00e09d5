// SPDX-License-Identifier: MIT
#pragma once
// Random textures in the caller's OpenGL context: the shader computes the floats and writes
// them into the caller's textures, which never leave the GPU (docs/library.md, "Random
// textures"). Every GL generator (CEICG, Park–Miller, Wichmann–Hill, MRG32k3a) in the ps30
// profile and in the compute profile (OpenGL 4.3: the states in a storage buffer, one compute
// dispatch a fill writing the textures as images); every generator's exact numbers come from
// glrand::Generator.
//
//   glrand::Settings settings;  // CEICG, GL, ps30: the defaults
//   glrand::TextureFiller filler(settings);
//   GLuint texture = ...;        // RGBA32F, 512 x 512
//   filler.fill({&texture, 1}, 512, 512);  // every frame: the next 4 x 512 x 512 outputs
#include <cstdint>
#include <glrand/distribution.hpp>
#include <glrand/generator.hpp>
#include <memory>
#include <span>

namespace glrand {

class TextureFiller {
 public:
  // Checks the settings as glrand::Generator does, and that the generator fills textures
  // (throws glrand::InvalidArgument otherwise). Opens nothing.
  explicit TextureFiller(const Settings& settings);
  TextureFiller(TextureFiller&&) noexcept;
  TextureFiller& operator=(TextureFiller&&) noexcept;
  ~TextureFiller();

  // Fills 1 to 4 float textures (GL names, each width x height, at most 2^24 texels, all
  // GL_RGBA32F, GL_RG32F or GL_R32F: C = 4, 2 or 1 channels) on the current context with the
  // next C·T·width·height outputs as floats in [0, 1), near the host formula (read exact
  // integers with glrand::Generator): texture t, texel p = x + width·y, channel c holds output
  // position() + p·C·T + C·t + c. CEICG's floats lie
  // within kCeicgFloatTolerance of ceicg::to_f32; Park–Miller's and MRG32k3a's within 1 ulp of
  // pm::to_f32 and mrg32k3a::to_f32 (RngStreams' floats: --curand-seed is refused), and
  // Wichmann–Hill's within 2^-20 of wh::to_f32 on the circle (distance mod 1), each texel a
  // substream (in the compute profile MRG32k3a's substream is a run of up to 8 texels of a
  // row) whose state stays on the GPU from fill to fill (the host sets the states on the
  // first fill, after a change of size, of T or of C, and after seek()).
  // In the compute profile the textures may instead hold words (GL_RGBA32UI, GL_RG32UI,
  // GL_R32UI): the exact integers, Park–Miller's and MRG32k3a's a word a channel in the same
  // layout, Wichmann–Hill's four and CEICG's three words of one output a GL_RGBA32UI texel
  // (output position() + p·T + t).
  // Runs the generator's self-test on the context first (Settings::self_test), and leaves the
  // caller's GL state (bindings, program, viewport, colour masks) as it was. A filler belongs
  // to the context of its first fill (its programs and state textures live there): make one
  // per context, and destroy it while that context is current.
  void fill(std::span<const unsigned> textures, std::uint32_t width, std::uint32_t height);

  // The same fill, with `distribution`'s values instead of the uniform floats: each output's
  // value made on the GPU in float arithmetic only (in ps30 a fragment pass within ps_3_0's
  // budget, in the compute profile a dispatch in place), within docs/distributions.md's float
  // bounds ("In textures") of the exact
  // value at the output's uniform float. Box–Muller pairs channels (x, y) and (z, w), so it
  // needs RG32F or RGBA32F textures and an even position(). The Poisson's values are the
  // host's table's k of each texel's uniform float, exactly. Word textures and parameters that
  // are not floats are refused (glrand::InvalidArgument). `distribution.on` is not consulted:
  // texture values are always made on the GPU.
  void fill(std::span<const unsigned> textures, std::uint32_t width, std::uint32_t height,
            const Distribution& distribution);

  // The next fill starts at output offset + position (a program that saved position() resumes
  // its sequence there).
  void seek(std::uint64_t position);

  // Outputs filled so far; the next fill starts at output offset + position().
  std::uint64_t position() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Whether TextureFiller takes these settings' generator and profile.
bool fills_textures(Algorithm algorithm, Profile profile);
// Whether TextureFiller takes these settings: the generator and profile, on the GL path, and
// neither --curand-seed's sequence nor Wichmann–Hill's parameterisation (glrand::Generator
// gives those).
bool fills_textures(const Settings& settings);

}  // namespace glrand
