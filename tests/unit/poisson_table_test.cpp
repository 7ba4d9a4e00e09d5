// SPDX-License-Identifier: MIT
// The Poisson table's search (distributions/poisson_table.hpp) against poisson_quantile, the
// inversion it replaces, which steps by the CDF value by value: the same k for random u, for u
// at each of the table's values and the doubles beside them, at the edges of the search's guide
// and below them, and at 0, on both sides of the switch point and at the ends of the range of
// means. Within 2^-40 of 1, where gamma_q's
// rounding makes the CDF dip below 1 after reaching it, the step-by-step search can stop past
// the least k: there the table's k is checked to be the least k with F(k) > u.
#include <algorithm>
#include <catch2/catch.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <random>

#include "distributions/boost_in_double.hpp"
#include "distributions/poisson_table.hpp"
#include "distributions/transforms.hpp"

using namespace glrand::distributions;

TEST_CASE("the Poisson table's search gives poisson_quantile's k for every u tried", "[distribution][poisson]") {
  std::mt19937_64 bits(2006);
  for (const double lambda : {1e-3, 0.5, 3.0, 9.999, 10.0, 10.001, 57.3, 1e3, 1e4, 1e6}) {
    INFO("lambda " << lambda);
    const auto table = poisson_table(lambda);
    REQUIRE(table != nullptr);
    CHECK(poisson_table(lambda) == table);  // kept for the next call
    std::vector<double> us{0.0, 0x1p-60, 0x1p-53, 0.5, 1.0 - 0x1p-40, 1.0 - 0x1p-32};
    const int draws = lambda >= 1e5 ? 3'000 : 30'000;  // poisson_quantile is slow at large means
    for (int i = 0; i < draws; ++i) us.push_back(static_cast<double>(bits() >> 11) * 0x1p-53);
    // Every table value and its neighbours, a sample of them at large means.
    const std::size_t step = std::max<std::size_t>(1, table->cdf.size() / 2'000);
    for (std::size_t i = 0; i < table->cdf.size(); i += step) {
      const double c = table->cdf[i];
      if (c > 1.0 - 0x1p-40) continue;
      us.insert(us.end(), {c, std::nextafter(c, 0.0)});
      if (std::nextafter(c, 1.0) <= 1.0 - 0x1p-40) us.push_back(std::nextafter(c, 1.0));
    }
    // The guide's edges j·2^-bits and the doubles just below them, a sample at large means.
    const int bits = poisson_guide_bits(static_cast<std::uint32_t>(table->cdf.size()));
    REQUIRE(table->guide.size() == std::size_t{1} << bits);
    REQUIRE(table->guide.size() >= 2 * table->cdf.size());
    REQUIRE(table->guide.size() < 4 * table->cdf.size());
    // Each entry is the least index above its edge: one too high loses k's at the edges
    // (checked below), one too low only costs compares.
    std::size_t loose = 0;
    for (std::size_t j = 0; j < table->guide.size(); ++j) {
      const double edge = std::ldexp(static_cast<double>(j), -bits);
      const auto least = static_cast<std::uint32_t>(
          std::upper_bound(table->cdf.begin(), table->cdf.end(), edge) - table->cdf.begin());
      if (table->guide[j] != least) ++loose;
    }
    CHECK(loose == 0);
    const std::size_t edge_step = std::max<std::size_t>(1, table->guide.size() / 2'000);
    for (std::size_t j = 1; j < table->guide.size(); j += edge_step) {
      const double edge = std::ldexp(static_cast<double>(j), -bits);
      if (edge > 1.0 - 0x1p-40) continue;
      us.insert(us.end(), {edge, std::nextafter(edge, 0.0)});
    }
    std::size_t differ = 0;
    for (const double u : us)
      if (table->quantile(u) != poisson_quantile(lambda, u)) {
        if (differ++ == 0)
          WARN("u = " << u << " (" << std::hexfloat << u << std::defaultfloat << "): the table's k "
                      << table->quantile(u) << ", poisson_quantile's " << poisson_quantile(lambda, u));
      }
    CHECK(differ == 0);
    // The tail: k is the least with F(k) > u, F by the table's own means (the sum below the
    // switch point, gamma_q above it).
    const auto cdf = [&](double k) {
      if (lambda >= kPoissonSearchFromGuess) return boost::math::gamma_q(k + 1, lambda, InDouble());
      double p = std::exp(-lambda), f = p;
      for (double j = 1; j <= k; j += 1) f += (p *= lambda / j);
      return f;
    };
    // u = 1 (cuRAND's MRG32k3a u) is compared as 1 − floor, 1 − 2^-53 from the switch point on,
    // where a k exists.
    for (const double u : {1.0 - 0x1p-40, 1.0 - 0x1p-45, 1.0 - 0x1p-50, 1.0 - 0x1p-53, 1.0}) {
      const double k = table->quantile(u);
      const double v = std::clamp(u, table->floor, 1.0 - table->floor);
      INFO("u = " << std::hexfloat << u);
      // (Below the switch point a u beyond the sum's last step takes the k after it.)
      if (k == table->k0 + static_cast<double>(table->cdf.size())) continue;
      CHECK(cdf(k) > v);
      if (k > table->k0) CHECK(cdf(k - 1) <= v);
    }
  }
}

TEST_CASE("the Poisson table is the CDF: its quantiles take the mean's probabilities", "[distribution][poisson]") {
  // P(X ≤ k) for λ = 3 summed exactly here; the table's k at u just below and above each.
  const auto table = poisson_table(3.0);
  REQUIRE(table != nullptr);
  double p = std::exp(-3.0), f = p;
  for (int k = 0; k < 12; ++k) {
    CHECK(table->quantile(f * (1 - 1e-9)) == k);
    CHECK(table->quantile(f * (1 + 1e-9)) == k + 1);
    p *= 3.0 / (k + 1);
    f += p;
  }
}
