// SPDX-License-Identifier: MIT
#pragma once
// The exact CDFs of the continuous distributions (glrand/distribution.hpp), computed apart
// from the library's formulas: the normal's from the C library's erfc, not from the quantile
// the formulas invert. The distribution tests fit values against them.
#include <glrand/distribution.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>

namespace glrand::testing {

inline double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::numbers::sqrt2); }

// Empty for Poisson, which is discrete: its tests fit probabilities instead.
inline std::function<double(double)> cdf_of(const Distribution& d) {
  switch (d.kind) {
    case DistributionKind::uniform:
      return [d](double x) { return std::clamp((x - d.a) / (d.b - d.a), 0.0, 1.0); };
    case DistributionKind::uniform_positive:
      return [](double x) { return std::clamp(x, 0.0, 1.0); };
    case DistributionKind::normal:
      return [d](double x) { return normal_cdf((x - d.mean) / d.stddev); };
    case DistributionKind::lognormal:
      return [d](double x) { return x <= 0 ? 0.0 : normal_cdf((std::log(x) - d.mean) / d.stddev); };
    case DistributionKind::exponential:
      return [d](double x) { return x <= 0 ? 0.0 : -std::expm1(-d.lambda * x); };
    case DistributionKind::poisson:
      break;
  }
  return {};
}

}  // namespace glrand::testing
