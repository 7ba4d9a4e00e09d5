// SPDX-License-Identifier: MIT
#pragma once
// The float bounds of docs/distributions.md ("In textures"), which the GL path's shaders keep
// wherever they make a distribution's values (texture fills, and the word packer's values read
// back), and how a value's error is measured against them.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include <glrand/distribution.hpp>
#include "support/distribution_reference.hpp"

namespace glrand::testing {

// A distribution with its parameters: p0, p1 are (a, b), (λ) or (μ, σ) as its kind takes.
inline Distribution make_distribution(DistributionKind kind, double p0 = 0, double p1 = 1,
                                      NormalMethod method = NormalMethod::inverse_cdf) {
  Distribution d;
  d.kind = kind;
  d.method = method;
  if (kind == DistributionKind::uniform) d.a = p0, d.b = p1;
  if (kind == DistributionKind::exponential) d.lambda = p0;
  if (kind == DistributionKind::normal || kind == DistributionKind::lognormal) d.mean = p0, d.stddev = p1;
  return d;
}

struct FloatBound {
  Distribution distribution;
  std::uint64_t ulps;  // as shader_error_ulps measures them
};

inline const std::vector<FloatBound>& shader_float_bounds() {
  static const std::vector<FloatBound> bounds = {
      {make_distribution(DistributionKind::uniform, -3, 5), 1},
      {make_distribution(DistributionKind::uniform, 0.1, 0.7), 2},
      {make_distribution(DistributionKind::uniform, -0.1, 0.7), 2},
      {make_distribution(DistributionKind::uniform, -1e6, 3.5), 2},
      {make_distribution(DistributionKind::uniform_positive), 1},
      {make_distribution(DistributionKind::exponential, 2.5), 12},
      {make_distribution(DistributionKind::normal, 0, 1), 8},
      {make_distribution(DistributionKind::normal, 1.5, 0.25), 8},
      {make_distribution(DistributionKind::lognormal, 0, 1), 48},
      {make_distribution(DistributionKind::lognormal, 0.5, 0.75), 48},
      {make_distribution(DistributionKind::normal, 0, 1, NormalMethod::box_muller), 8},
      {make_distribution(DistributionKind::normal, 1.5, 0.25, NormalMethod::box_muller), 8},
      {make_distribution(DistributionKind::lognormal, 0, 1, NormalMethod::box_muller), 48},
  };
  return bounds;
}

// A value's error as the bounds state it: error_ulps's (ulps of the exact value; a normal of
// mean μ ≠ 0 in ulps of |μ| + σ|z|), but a uniform range's in ulps of max(|a|, |b|): a + (b − a)·u
// in float is off by about that much, which is many ulps of a value near 0.
inline std::uint64_t shader_error_ulps(const Distribution& d, double u, float value) {
  if (d.kind != DistributionKind::uniform) return error_ulps(d, u, value);
  const double exact = d.a + (d.b - d.a) * u;  // exact enough: u is a float, a and b doubles
  const auto scale = static_cast<float>(std::max(std::abs(d.a), std::abs(d.b)));
  const double ulp = std::nextafter(scale, INFINITY) - scale;
  return static_cast<std::uint64_t>(std::ceil(std::abs(value - exact) / ulp));
}

}  // namespace glrand::testing
