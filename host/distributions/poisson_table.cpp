// SPDX-License-Identifier: MIT
#include "distributions/poisson_table.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <mutex>
#include <utility>

#include <boost/math/special_functions/gamma.hpp>

#include "distributions/boost_in_double.hpp"
#include "distributions/transforms.hpp"

namespace glrand::distributions {
namespace {

// The summed CDF below kPoissonSearchFromGuess, step for step as poisson_quantile sums it:
// F(k) from P(0) = e^-λ by P(k) = P(k − 1)·λ/k, up to the step that no longer adds.
PoissonTable summed(double lambda) {
  PoissonTable t;
  double k = 0, p = std::exp(-lambda), f = p;
  t.cdf.push_back(f);
  for (;;) {
    k += 1;
    p *= lambda / k;
    if (f + p == f) break;
    f += p;
    t.cdf.push_back(f);
  }
  return t;
}

// gamma_q's CDF from the least k the search reaches (u clamped to 2^-53) to the first k where
// it is 1 in double, above every u; empty if that takes more than 64 standard deviations.
// Within about 10^-15 of 1 gamma_q's rounding dips (from λ = 10^3 on, 7.5 to 8.5 standard
// deviations above λ): each entry is the greatest so far, so the table stays the CDF's shape.
PoissonTable gamma(double lambda) {
  PoissonTable t;
  t.floor = 0x1p-53;
  t.k0 = poisson_quantile(lambda, 0.0);
  const double most = t.k0 + 64 * std::sqrt(lambda) + 64;
  for (double k = t.k0; k <= most; k += 1) {
    const double f = boost::math::gamma_q(k + 1, lambda, InDouble());
    t.cdf.push_back(t.cdf.empty() ? f : std::max(f, t.cdf.back()));
    if (t.cdf.back() >= 1.0) return t;
  }
  t.cdf.clear();
  return t;
}

// The search's starting points: guide[j] = the least i with cdf[i] > j·2^-bits.
void add_guide(PoissonTable& t) {
  const auto size = static_cast<std::uint32_t>(t.cdf.size());
  const int bits = poisson_guide_bits(size);
  t.guide.resize(std::size_t{1} << bits);
  std::uint32_t i = 0;
  for (std::size_t j = 0; j < t.guide.size(); ++j) {
    const double edge = std::ldexp(static_cast<double>(j), -bits);
    while (i < size && !(t.cdf[i] > edge)) ++i;
    t.guide[j] = i;
  }
}

std::shared_ptr<const PoissonTable> make(double lambda) {
  auto t = std::make_shared<PoissonTable>(lambda < kPoissonSearchFromGuess ? summed(lambda) : gamma(lambda));
  if (t->cdf.empty()) return nullptr;
  add_guide(*t);
  return t;
}

}  // namespace

std::shared_ptr<const PoissonTable> poisson_table(double lambda) {
  // The last few means' tables: a run's chunks ask for the same one again and again.
  static std::mutex mutex;
  static std::deque<std::pair<double, std::shared_ptr<const PoissonTable>>> kept;
  {
    const std::lock_guard lock(mutex);
    for (const auto& [l, t] : kept)
      if (l == lambda) return t;
  }
  std::shared_ptr<const PoissonTable> t = make(lambda);
  const std::lock_guard lock(mutex);
  kept.emplace_front(lambda, t);
  if (kept.size() > 8) kept.pop_back();
  return t;
}

}  // namespace glrand::distributions
