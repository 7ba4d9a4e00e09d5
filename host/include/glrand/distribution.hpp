// SPDX-License-Identifier: MIT
#pragma once
// Distributions of a generator's outputs (docs/distributions.md): each value a documented
// formula of the generator's doubles u in [0, 1) (its f64 formula applied to the exact
// integers), computed on the host in double and rounded once to float where floats are
// asked for, so that every backend gives the same bits; or, asked for on the CUDA path or
// (floats, from each output's float) on the GL path, on the GPU, within a documented bound of
// the correctly rounded value. One output makes one value; the Box–Muller normal makes values
// 2k and 2k + 1 from outputs 2k and 2k + 1 (counted from the settings' start), whatever the
// calls' sizes.
#include <string>
#include <string_view>

namespace glrand {

enum class DistributionKind {
  uniform,           // [a, b): a + (b − a)·u, below b
  uniform_positive,  // (0, 1]: 1 − u
  normal,            // mean + stddev·z
  lognormal,         // exp(mean + stddev·z)
  exponential,       // −log1p(−u)/λ
  poisson,           // the least k with P(X ≤ k) > u, X Poisson of mean λ (inversion)
};

// How a normal z is made: Φ^-1(max(u, 2^-53)) (the inverse CDF, one output a value), or
// Box–Muller's pair sqrt(−2·log1p(−u0))·(cos 2πu1, sin 2πu1).
enum class NormalMethod { inverse_cdf, box_muller };

// Where the values are made: on the host (the same bits on every path), or on the GPU where
// the words are (the CUDA path: floats in float arithmetic and doubles in double, within
// docs/distributions.md's bounds, a uniform range, (0, 1] and the Poisson the host's bits;
// the GL path: floats only, in float, and the Poisson the host's bits as floats or doubles).
enum class DistributionOn { host, gpu };

struct Distribution {
  DistributionKind kind = DistributionKind::uniform;
  double a = 0.0, b = 1.0;          // uniform: [a, b), a < b, both finite
  double mean = 0.0, stddev = 1.0;  // normal; log-normal: of the logarithm; stddev > 0
  double lambda = 1.0;              // exponential: the rate, > 0; Poisson: the mean, 10^-3 .. 10^6
  NormalMethod method = NormalMethod::inverse_cdf;
  DistributionOn on = DistributionOn::host;
};

// "uniform", "uniform-positive", "normal", "lognormal", "exponential", "poisson".
std::string_view name_of(DistributionKind kind);
// The kind of a name above; throws glrand::InvalidArgument (listing them) for another.
DistributionKind distribution_kind(std::string_view name);
// "inverse-cdf", "box-muller".
std::string_view name_of(NormalMethod method);
NormalMethod normal_method(std::string_view name);
// "host", "gpu".
std::string_view name_of(DistributionOn on);
DistributionOn distribution_on(std::string_view name);

// Throws glrand::InvalidArgument, naming the parameter, unless the distribution's parameters
// are valid.
void check(const Distribution& distribution);
// One line: "normal (mean 0, stddev 1, inverse CDF)", with ", made on the GPU" where it is.
std::string describe(const Distribution& distribution);

}  // namespace glrand
