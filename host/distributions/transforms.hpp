// SPDX-License-Identifier: MIT
#pragma once
// The distributions' host formulas (docs/distributions.md): values from a generator's doubles
// u in [0, 1), in double, rounded once to float where floats are asked for. Every backend's
// values go through these, so they are the same bits everywhere.
#include <cstdint>
#include <glrand/distribution.hpp>
#include <span>
#include <utility>

namespace glrand::distributions {

// The least and greatest value a distribution's floats (doubles) may take: a uniform range's
// [a, b) in that type (InvalidArgument where it holds none), else ±infinity.
std::pair<float, float> value_bounds_f32(const Distribution& distribution);
std::pair<double, double> value_bounds_f64(const Distribution& distribution);

// Whether a value needs its output's pair partner (Box–Muller: outputs 2k and 2k + 1).
bool uses_pairs(const Distribution& distribution);

// Φ^-1(max(u, 2^-53)): the standard normal quantile, finite for every u in [0, 1).
double normal_quantile(double u);

// Below this mean the Poisson inversion sums the probabilities from 0; from it on it starts
// near the quantile (a Cornish–Fisher guess) and steps by the exact CDF (Boost.Math's
// gamma_q): docs/distributions.md.
inline constexpr double kPoissonSearchFromGuess = 10.0;
// The least k with P(X ≤ k) > u for X Poisson of mean λ (10^-3 ≤ λ ≤ 10^6, 0 ≤ u < 1).
double poisson_quantile(double lambda, double u);

// The values of outputs from .. from + out.size() − 1 (counted from the settings' start) into
// `out`, from `u`, the doubles of outputs begin .. begin + u.size() − 1, which must hold
// them, and with uses_pairs() their pair partners (begin even). On every core.
void apply(const Distribution& distribution, std::span<const double> u, std::uint64_t begin, std::uint64_t from,
           std::span<double> out);
void apply(const Distribution& distribution, std::span<const double> u, std::uint64_t begin, std::uint64_t from,
           std::span<float> out);

}  // namespace glrand::distributions
