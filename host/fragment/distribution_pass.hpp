// SPDX-License-Identifier: MIT
#pragma once
// The distribution pass of texture fills (docs/distributions.md, "In textures"): a fragment
// pass (distribution.frag, ps30, float arithmetic only) that turns each texel of a texture of
// uniform floats into a distribution's values in another texture of the same size and format:
// a channel an output, Box–Muller's pairs in channels (x, y) and (z, w). Needs a current GL
// context; every call leaves the caller's GL state as it was.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>

#include <glrand/distribution.hpp>
#include "distributions/poisson_table.hpp"
#include "gl/resources.hpp"
#include "gl/word_packer.hpp"

namespace glrand::fragment {

// Throws glrand::InvalidArgument unless texture fills make `distribution` in float for
// textures of `channels` channels: Box–Muller needs two channels, the parameters must be
// floats (a uniform range must hold one), and the Poisson's mean a table.
void check_texture_distribution(const Distribution& distribution, std::uint32_t channels);

// The uniforms of distribution.frag for `distribution`: (a, b − a), (1/λ, 0) or (μ, σ) as
// floats, and a uniform range's least and greatest float in [a, b).
struct DistributionUniforms {
  std::array<float, 4> parameters{};
  std::array<float, 2> bounds{};
};
DistributionUniforms distribution_uniforms(const Distribution& distribution);

// distribution.frag's DISTRIBUTION variant for `distribution` (1 to 7; the Poisson's 8,
// gl::WordPacker::kPoissonVariant).
int distribution_variant(const Distribution& distribution);

// λ's Poisson table; throws InvalidArgument where the mean has none.
std::shared_ptr<const distributions::PoissonTable> checked_poisson_table(double lambda);

// The Poisson's table as an R32F texture for common/poisson_table.glsl (both distribution
// passes), made for the last mean asked for. Needs a current context; prepare() keeps the
// caller's GL state, bind() needs a gl::StateGuard around it.
class PoissonTableTexture {
 public:
  // Holds `lambda`'s table from now on.
  void prepare(double lambda);
  // Binds the texture to texture unit `unit` and sets `program`'s uniforms (program in use).
  void bind(const gl::Program& program, unsigned unit) const;

 private:
  std::shared_ptr<const distributions::PoissonTable> table_;
  std::optional<gl::Texture> texture_;
  double lambda_ = 0;
};

// Sets either distribution pass's uniforms for `distribution` (`pass` in use, inside a
// gl::StateGuard), the Poisson's table (prepared) bound to texture unit `poisson_unit`.
void set_distribution_uniforms(const gl::Program& pass, const Distribution& distribution,
                               const PoissonTableTexture& poisson, unsigned poisson_unit);

// A distribution's values made by the word packer (gl::WordPacker) from the floats or doubles
// it makes: none (variant 0), or its variant, uniforms, the Poisson's table, and whether it
// pairs outputs (Box–Muller).
struct PackedDistribution {
  int variant = 0;
  DistributionUniforms uniforms;
  std::shared_ptr<const distributions::PoissonTable> poisson;
  bool pairs = false;
};
// Of `distribution` (none: nullptr) for a read-back in `format`; throws InvalidArgument where
// the GPU does not make it so: doubles but the Poisson's (GLSL has no double logarithm or
// exponential), parameters that are no floats.
PackedDistribution packed_distribution(const Distribution* distribution, gl::PackFormat format);

class DistributionPass {
 public:
  // Compiles the pass for `distribution` (once per variant) and makes the Poisson's table, so
  // that a fill can fail before it writes anything.
  const gl::Program& prepare(const Distribution& distribution);
  // Texture `units[i]` (uniform floats) into `values[i]`'s texels, each width x height, all of
  // one float format.
  void apply(std::span<const unsigned> units, std::span<const unsigned> values, std::uint32_t width,
             std::uint32_t height, const Distribution& distribution);

 private:
  std::map<int, gl::Program> programs_;  // by variant
  gl::VertexArray vertex_array_;
  PoissonTableTexture poisson_;
};

}  // namespace glrand::fragment
