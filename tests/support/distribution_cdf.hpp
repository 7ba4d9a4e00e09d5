// SPDX-License-Identifier: MIT
#pragma once
// The exact CDFs of the continuous distributions (glrand/distribution.hpp), computed apart
// from the library's formulas: the normal's from the C library's erfc, not from the quantile
// the formulas invert; and the fits the distribution tests make against them (Catch2 checks).
#include <catch2/catch.hpp>
#include <glrand/distribution.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <vector>

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

// Kolmogorov–Smirnov's √n·D and the binned χ² (1000 bins equiprobable under the CDF) as a z
// score, 999 degrees of freedom.
struct SampleFit {
  double ks, chi2_z;
};

inline SampleFit sample_fit(std::vector<double> values, const std::function<double(double)>& cdf) {
  const auto n = static_cast<double>(values.size());
  constexpr int kBins = 1000;
  std::vector<double> counts(kBins, 0.0);
  for (const double x : values) counts[std::min(kBins - 1, static_cast<int>(cdf(x) * kBins))] += 1;
  double chi2 = 0;
  for (const double c : counts) chi2 += (c - n / kBins) * (c - n / kBins) / (n / kBins);
  std::sort(values.begin(), values.end());
  double d = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double f = cdf(values[i]);
    d = std::max({d, static_cast<double>(i + 1) / n - f, f - static_cast<double>(i) / n});
  }
  return {std::sqrt(n) * d, (chi2 - (kBins - 1)) / std::sqrt(2.0 * (kBins - 1))};
}

// KS at 0.1% (√n·D < 1.95) and χ² below 4.5 standard deviations.
inline void check_sample_fit(const std::vector<double>& values, const Distribution& d) {
  const SampleFit f = sample_fit(values, cdf_of(d));
  INFO("KS sqrt(n)*D = " << f.ks << ", chi-square z = " << f.chi2_z);
  CHECK(f.ks < 1.95);
  CHECK(std::abs(f.chi2_z) < 4.5);
}

}  // namespace glrand::testing
