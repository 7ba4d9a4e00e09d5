// SPDX-License-Identifier: MIT
// The distributions' host formulas against MPFR's correctly rounded values
// (support/distribution_reference.hpp) at the hard points (u = 0 and 2^-53, the smallest and
// largest u the generators give, u near 1/2) and 20,000 random u: each within the bound
// docs/distributions.md gives for the host. This also checks the reference itself, which the
// GPU's values are measured against (label gpu): a wrong reference fails here. Box–Muller
// is checked in ulps of its radius (below).
#include "support/distribution_reference.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <glrand/glrand.hpp>
#include <random>
#include <vector>

#include "distributions/transforms.hpp"

using namespace glrand;

namespace {

std::vector<double> hard_and_random_u() {
  std::vector<double> u{
      0.0,           0x1p-53, 0x1p-33,       1.0 / 2147483647.0,       0.25,         0.5 - 0x1p-33, 0.5,
      0.5 + 0x1p-33, 0.75,    1.0 - 0x1p-33, 1.0 - 2.0 / 2147483647.0, 1.0 - 0x1p-53};
  std::mt19937_64 draw(20261127);
  for (int i = 0; i < 20'000; ++i) u.push_back(static_cast<double>(draw() >> 11) * 0x1p-53);
  return u;
}

}  // namespace

TEST_CASE("the host's distribution formulas lie within their bounds of MPFR's correctly rounded values",
          "[distribution][reference]") {
  const std::vector<double> u = hard_and_random_u();
  for (const testing::BoundedDistribution& c : testing::bounded_distributions(DistributionOn::host)) {
    INFO(describe(c.distribution));
    std::vector<double> f64(u.size());
    std::vector<float> f32(u.size());
    distributions::apply(c.distribution, u, 0, 0, std::span<double>(f64));
    distributions::apply(c.distribution, u, 0, 0, std::span<float>(f32));
    std::uint64_t worst64 = 0, worst32 = 0;
    for (std::size_t i = 0; i < u.size(); ++i) {
      INFO("u = " << u[i]);
      const std::uint64_t d64 = testing::error_ulps(c.distribution, u[i], f64[i]);
      const std::uint64_t d32 = testing::error_ulps(c.distribution, u[i], f32[i]);
      worst64 = std::max(worst64, d64);
      worst32 = std::max(worst32, d32);
      REQUIRE(d64 <= c.f64_ulps);
      REQUIRE(d32 <= c.f32_ulps);
    }
    WARN(describe(c.distribution) << ": the host's worst " << worst64 << " ulp (double), " << worst32
                                  << " ulp (float)");
  }
}

TEST_CASE("the host's Box-Muller values lie within a few ulps of the radius of MPFR's exact pair",
          "[distribution][reference]") {
  // The host rounds 2π·u1 before its cosine and sine, so near their zeros only an error in
  // ulps of r = sqrt(−2·log1p(−u0)), which bounds |z|, is small; that still checks the
  // reference the GPU's Box–Muller is measured against (a dropped factor fails by far).
  const std::vector<double> u = hard_and_random_u();
  Distribution d{DistributionKind::normal, 0, 1, 0, 1, 1, NormalMethod::box_muller};
  std::vector<double> pairs;
  for (std::size_t i = 0; i < u.size(); ++i) {
    pairs.push_back(u[i]);
    pairs.push_back(u[(i * 7919 + 1) % u.size()]);  // each u as u0 and as u1
  }
  std::vector<double> z(pairs.size());
  distributions::apply(d, pairs, 0, 0, std::span<double>(z));
  double worst = 0;
  for (std::size_t i = 0; i < pairs.size(); i += 2) {
    const double r = std::sqrt(-2.0 * std::log1p(-pairs[i]));
    const double ulp = std::nextafter(std::max(r, 0x1p-60), 1e300) - std::max(r, 0x1p-60);
    for (int which = 0; which < 2; ++which) {
      INFO("u0 = " << pairs[i] << ", u1 = " << pairs[i + 1] << ", value " << which);
      const double reference = testing::reference_f64(d, pairs[i], pairs[i + 1], which);
      const double error = std::abs(z[i + which] - reference) / ulp;
      worst = std::max(worst, error);
      REQUIRE(error <= 12);
    }
  }
  WARN("the host's Box-Muller: worst " << worst << " ulp of r");
  // The reference's μ and σ: normal (1.5, 0.25), in ulps of |μ| + σ·r, which 12 ulps of r
  // times σ and the sum's rounding keep below 25.
  const Distribution shifted{DistributionKind::normal, 0, 1, 1.5, 0.25, 1, NormalMethod::box_muller};
  distributions::apply(shifted, pairs, 0, 0, std::span<double>(z));
  for (std::size_t i = 0; i < pairs.size(); i += 2) {
    const double scale = 1.5 + 0.25 * std::sqrt(-2.0 * std::log1p(-pairs[i]));
    const double ulp = std::nextafter(scale, 1e300) - scale;
    for (int which = 0; which < 2; ++which) {
      INFO("u0 = " << pairs[i] << ", u1 = " << pairs[i + 1] << ", value " << which);
      REQUIRE(std::abs(z[i + which] - testing::reference_f64(shifted, pairs[i], pairs[i + 1], which)) / ulp <= 25);
    }
  }
}
