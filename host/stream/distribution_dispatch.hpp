// SPDX-License-Identifier: MIT
#pragma once
// The compute profile's distribution pass (compute/distribution.comp, OpenGL 4.3): textures
// of uniform floats turned into a distribution's values in place, as image load and store,
// with the same float formulas as the ps30 pass (fragment::DistributionPass) and no texture of
// its own but the Poisson's table (fragment::PoissonTableTexture). Needs a current context;
// every call leaves the caller's GL state as it was.
#include <cstdint>
#include <map>
#include <span>
#include <utility>

#include <glrand/distribution.hpp>
#include "fragment/distribution_pass.hpp"
#include "gl/resources.hpp"

namespace glrand::stream {

class DistributionDispatch {
 public:
  // Compiles the dispatch for `format` and `distribution` (once each) and makes the Poisson's
  // table, so that a fill can fail before it writes anything.
  const gl::Program& prepare(gl::TexelFormat format, const Distribution& distribution);
  // Each of `textures` (width x height, all of `format`: floats of 1, 2 or 4 channels).
  void apply(std::span<const unsigned> textures, std::uint32_t width, std::uint32_t height, gl::TexelFormat format,
             const Distribution& distribution);

 private:
  std::map<std::pair<std::uint32_t, int>, gl::Program> programs_;  // by channels and variant
  fragment::PoissonTableTexture poisson_;
};

}  // namespace glrand::stream
