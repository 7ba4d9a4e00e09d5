// SPDX-License-Identifier: MIT
#pragma once
// The distributions' values computed with MPFR at 256 bits from the same double u, then
// rounded once to nearest: the correctly rounded reference the bounds of docs/distributions.md
// are measured against. Independent of glrand's formulas, except that the normal quantile's
// Newton iteration on Φ (from MPFR's erfc) starts at a double guess.
#include <cstdint>
#include <vector>
#include <glrand/distribution.hpp>

namespace glrand::testing {

// The exact value of `distribution` (not Poisson, not Box–Muller) at u, rounded to nearest.
double reference_f64(const Distribution& distribution, double u);
float reference_f32(const Distribution& distribution, double u);
// Box–Muller's value `which` (0: r·cos 2πu1, 1: r·sin 2πu1, r = sqrt(−2·log1p(−u0))) of the
// pair (u0, u1), through the normal's or log-normal's μ, σ and exp, exact, rounded to nearest.
double reference_f64(const Distribution& distribution, double u0, double u1, int which);
float reference_f32(const Distribution& distribution, double u0, double u1, int which);

// The distributions docs/distributions.md states its bounds for, each with its bounds in
// double and in float in ulps, made where `on` says: uniform [−3, 5), (0, 1], exponential
// λ = 2.5, normal (0, 1), normal (1.5, 0.25) (in ulps of |μ| + σ·|z|: see error_ulps) and
// log-normal (0, 1). The host's floats, rounded once from its doubles, are within 1 ulp; the
// GPU's are made in float arithmetic.
struct BoundedDistribution {
  Distribution distribution;
  std::uint64_t f64_ulps;
  std::uint64_t f32_ulps;
};
std::vector<BoundedDistribution> bounded_distributions(DistributionOn on);
// Box–Muller's normal (0, 1), normal (1.5, 0.25) and log-normal (0, 1) made on the GPU, with
// their bounds as docs/distributions.md gives them.
std::vector<BoundedDistribution> box_muller_distributions();

// Units in the last place between two finite values of one type (0 where equal).
std::uint64_t ulps_apart(double a, double b);
std::uint64_t ulps_apart(float a, float b);

// How far `value` lies from `distribution`'s reference at u, in ulps of the reference; for a
// normal of mean μ ≠ 0, in ulps of |μ| + |reference − μ| (μ + σ·z cancels near 0, where the
// result's own ulp says nothing of z's accuracy).
std::uint64_t error_ulps(const Distribution& distribution, double u, double value);
std::uint64_t error_ulps(const Distribution& distribution, double u, float value);
// The same for Box–Muller's value `which` of the pair (u0, u1).
std::uint64_t error_ulps(const Distribution& distribution, double u0, double u1, int which, double value);
std::uint64_t error_ulps(const Distribution& distribution, double u0, double u1, int which, float value);

}  // namespace glrand::testing
