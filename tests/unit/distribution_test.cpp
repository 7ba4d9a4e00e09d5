// SPDX-License-Identifier: MIT
// The distributions' host formulas (host/distributions/transforms.hpp) through the public API on
// the CPU path: each distribution of several generators against its exact CDF (Kolmogorov–
// Smirnov and a binned χ² on 10^7 values), its moments and its tail frequencies; the formulas at
// their hard points (u = 0, u near 1); Box–Muller's pairs whatever the calls' sizes; bad
// parameters refused. A wrong transform (a dropped factor of 2, a shifted quantile) fails here.
#include <catch2/catch.hpp>
#include <glrand/glrand.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <functional>
#include <map>
#include <numbers>
#include <random>
#include <vector>

#include "distributions/transforms.hpp"
#include "support/distribution_cdf.hpp"

using namespace glrand;

namespace {

constexpr std::size_t kCount = 10'000'000;

using testing::cdf_of;
using testing::normal_cdf;

// `count` values (T: double or float) of `d` from `algorithm`'s CPU reference from `offset`.
template <class T = double>
std::vector<T> values_of(Algorithm algorithm, const Distribution& d, std::size_t count, std::uint64_t offset = 0) {
  Settings settings;
  settings.algorithm = algorithm;
  settings.backend = Backend::cpu;
  settings.offset = offset;
  Generator generator(settings);
  std::vector<T> values(count);
  generator.generate(std::span<T>(values), d);
  return values;
}

}  // namespace

TEST_CASE("each distribution of several generators fits its exact CDF over 10^7 values", "[distribution]") {
  std::vector<Distribution> cases;
  cases.push_back({DistributionKind::uniform, -3.0, 5.0});
  cases.push_back({DistributionKind::uniform_positive});
  cases.push_back({DistributionKind::exponential, 0, 1, 0, 1, 2.5});
  for (const NormalMethod method : {NormalMethod::inverse_cdf, NormalMethod::box_muller}) {
    cases.push_back({DistributionKind::normal, 0, 1, 1.5, 0.25, 1, method});
    cases.push_back({DistributionKind::lognormal, 0, 1, 0.5, 0.75, 1, method});
  }
  for (const Algorithm algorithm : {Algorithm::mrg32k3a, Algorithm::mt19937, Algorithm::park_miller})
    for (const Distribution& d : cases) {
      INFO(info(algorithm).name << ": " << describe(d));
      testing::check_sample_fit(values_of(algorithm, d, kCount, 12345), d);
    }
}

TEST_CASE("the normal's moments and tail frequencies: both methods, out to 5 standard deviations", "[distribution]") {
  for (const NormalMethod method : {NormalMethod::inverse_cdf, NormalMethod::box_muller}) {
    INFO(name_of(method));
    const Distribution d{DistributionKind::normal, 0, 1, 0.0, 1.0, 1, method};
    const std::vector<double> z = values_of(Algorithm::mrg32k3a, d, kCount, 777);
    double sum = 0, squares = 0, cubes = 0, fourths = 0;
    std::array<double, 5> beyond{};  // |z| > 1 .. 5
    for (const double x : z) {
      sum += x;
      squares += x * x;
      cubes += x * x * x;
      fourths += x * x * x * x;
      for (int k = 0; k < 5; ++k) beyond[k] += std::abs(x) > k + 1;
    }
    const auto n = static_cast<double>(kCount);
    CHECK(std::abs(sum / n) < 5 / std::sqrt(n));
    CHECK(std::abs(squares / n - 1) < 5 * std::sqrt(2 / n));
    CHECK(std::abs(cubes / n) < 5 * std::sqrt(15 / n));
    CHECK(std::abs(fourths / n - 3) < 5 * std::sqrt(96 / n));
    for (int k = 0; k < 5; ++k) {
      const double expected = n * 2 * normal_cdf(-(k + 1.0));
      INFO("|z| > " << k + 1 << ": " << beyond[k] << ", expected " << expected);
      CHECK(std::abs(beyond[k] - expected) < 5 * std::sqrt(expected) + 1);
    }
  }
}

TEST_CASE("the host formulas at their hard points", "[distribution]") {
  // u = 0: finite everywhere (the quantile clamps to 2^-53), the largest u below 1 likewise,
  // and u = 1 (cuRAND's MRG32k3a u) its mirror (the clamp's other end, 1 − 2^-53 = top).
  const double top = std::nextafter(1.0, 0.0);
  REQUIRE(top == 1 - 0x1p-53);
  CHECK(distributions::normal_quantile(0.0) == distributions::normal_quantile(0x1p-53));
  CHECK(distributions::normal_quantile(0.0) == Approx(-8.2095).epsilon(1e-4));
  CHECK(distributions::normal_quantile(top) == Approx(8.2095).epsilon(1e-4));
  CHECK(distributions::normal_quantile(1.0) == distributions::normal_quantile(top));
  CHECK(distributions::normal_quantile(1.0) == -distributions::normal_quantile(0.0));
  CHECK(distributions::normal_quantile(0.5) == 0.0);
  // The quantile inverts the C library's CDF to a few ulp, in the tails too.
  for (const double u : {1e-300, 1e-20, 1e-8, 0.01, 0.3, 0.7, 0.99, 1 - 1e-12}) {
    const double z = distributions::normal_quantile(u);
    CHECK(normal_cdf(z) == Approx(std::max(u, 0x1p-53)).epsilon(1e-13));
  }
  const std::vector<double> u{0.0, 0.5, top};
  std::vector<double> out(3);
  distributions::apply({DistributionKind::exponential, 0, 1, 0, 1, 4.0}, u, 0, 0, out);
  CHECK(out[0] == 0.0);
  CHECK(out[1] == std::log(2.0) / 4.0);
  CHECK(std::isfinite(out[2]));
  distributions::apply({DistributionKind::uniform_positive}, u, 0, 0, out);
  CHECK(out[0] == 1.0);
  CHECK(out[2] > 0.0);
  // A uniform range stays below b when rounding to float would reach it.
  std::vector<float> f(3);
  distributions::apply({DistributionKind::uniform, 1.0, 2.0}, u, 0, 0, f);
  CHECK(f[0] == 1.0f);
  CHECK(f[2] < 2.0f);
  CHECK(f[2] == std::nextafter(2.0f, 0.0f));
  // u = 1: the normal and log-normal finite (the quantile's clamp), the exponential +inf
  // (−log1p(−1)), every Poisson mean a finite k past λ.
  const std::vector<double> one{1.0};
  std::vector<double> at_one(1);
  distributions::apply({DistributionKind::normal, 0, 1, 3.0, 2.0}, one, 0, 0, at_one);
  CHECK(at_one[0] == 3.0 + 2.0 * distributions::normal_quantile(top));
  distributions::apply({DistributionKind::lognormal, 0, 1, 0.0, 1.0}, one, 0, 0, at_one);
  CHECK(at_one[0] == std::exp(distributions::normal_quantile(top)));
  distributions::apply({DistributionKind::exponential, 0, 1, 0, 1, 4.0}, one, 0, 0, at_one);
  CHECK(at_one[0] == std::numeric_limits<double>::infinity());
  for (const double lambda : {1e-3, 10.0, 1e6}) {
    distributions::apply({DistributionKind::poisson, 0, 1, 0, 1, lambda}, one, 0, 0, at_one);
    CHECK(at_one[0] > lambda);
    CHECK(distributions::poisson_quantile(lambda, 1.0) > lambda);
  }
  // Box–Muller at u0 = 0: radius 0, both values the mean.
  std::vector<double> pair(2);
  distributions::apply({DistributionKind::normal, 0, 1, 3.0, 2.0, 1, NormalMethod::box_muller},
                       std::vector<double>{0.0, 0.3}, 0, 0, pair);
  CHECK(pair[0] == 3.0);
  CHECK(pair[1] == 3.0);
}

TEST_CASE("Box-Muller pairs outputs 2k and 2k + 1 whatever the calls' sizes, and floats round the doubles",
          "[distribution]") {
  const Distribution d{DistributionKind::normal, 0, 1, -1.0, 3.0, 1, NormalMethod::box_muller};
  Settings settings;
  settings.algorithm = Algorithm::mrg32k3a;
  settings.backend = Backend::cpu;
  settings.offset = 9;
  Generator whole(settings);
  std::vector<double> expected(10001);
  whole.generate(std::span<double>(expected), d);
  // The same values in odd-sized calls, and from odd positions after a state round trip.
  Generator pieces(settings);
  std::vector<double> got;
  std::mt19937 sizes(5);
  while (got.size() < expected.size()) {
    std::vector<double> part(std::min<std::size_t>(expected.size() - got.size(), 1 + sizes() % 37));
    pieces.generate(std::span<double>(part), d);
    got.insert(got.end(), part.begin(), part.end());
  }
  CHECK(got == expected);
  CHECK(pieces.position() == expected.size());
  Generator resumed(GeneratorState{settings, 4097});
  std::vector<double> tail(expected.size() - 4097);
  resumed.generate(std::span<double>(tail), d);
  CHECK(std::equal(tail.begin(), tail.end(), expected.begin() + 4097));
  // Floats are the doubles rounded once.
  Generator floats(settings);
  std::vector<float> f(expected.size());
  floats.generate(std::span<float>(f), d);
  for (std::size_t i = 0; i < f.size(); ++i) REQUIRE(f[i] == static_cast<float>(expected[i]));
}

TEST_CASE("a distribution's values are its formula applied to the generator's doubles", "[distribution]") {
  // Independently: the doubles from the plain API, then the formula by hand.
  Settings settings;
  settings.algorithm = Algorithm::wichmann_hill;
  settings.backend = Backend::cpu;
  settings.offset = 31;
  Generator doubles(settings), values(settings);
  std::vector<double> u(5000), x(5000);
  doubles.generate(std::span<double>(u));
  values.generate(std::span<double>(x), Distribution{DistributionKind::exponential, 0, 1, 0, 1, 0.5});
  for (std::size_t i = 0; i < u.size(); ++i) REQUIRE(x[i] == -std::log1p(-u[i]) / 0.5);
  values.generate(std::span<double>(x), Distribution{DistributionKind::uniform, 10.0, 12.0});
  doubles.generate(std::span<double>(u));
  for (std::size_t i = 0; i < u.size(); ++i) REQUIRE(x[i] == 10.0 + 2.0 * u[i]);
}

TEST_CASE("bad distribution parameters are refused with a line naming them", "[distribution]") {
  Settings settings;
  settings.backend = Backend::cpu;
  settings.algorithm = Algorithm::park_miller;
  Generator generator(settings);
  std::vector<double> out(4);
  CHECK_THROWS_WITH(generator.generate(std::span<double>(out), Distribution{DistributionKind::uniform, 2.0, 2.0}),
                    Catch::Contains("finite a < b"));
  CHECK_THROWS_WITH(generator.generate(std::span<double>(out), Distribution{DistributionKind::normal, 0, 1, 0, 0.0}),
                    Catch::Contains("standard deviation"));
  CHECK_THROWS_WITH(
      generator.generate(std::span<double>(out), Distribution{DistributionKind::exponential, 0, 1, 0, 1, -1.0}),
      Catch::Contains("lambda"));
  CHECK_THROWS_WITH(distribution_kind("gauss"), Catch::Contains("exponential or poisson"));
  // A range whose width overflows a double; a float range that holds no float.
  CHECK_THROWS_WITH(generator.generate(std::span<double>(out), Distribution{DistributionKind::uniform, -1e308, 1e308}),
                    Catch::Contains("b - a finite"));
  std::vector<float> floats(4);
  CHECK_THROWS_WITH(generator.generate(std::span<float>(floats), Distribution{DistributionKind::uniform, 0.7, 0.70000001}),
                    Catch::Contains("no float lies in"));
  CHECK(generator.position() == 0);
  // Sobol32: one dimension, and no Box-Muller.
  settings.algorithm = Algorithm::sobol32;
  settings.dimensions = 2;
  Generator sobol2(settings);
  CHECK_THROWS_WITH(sobol2.generate(std::span<double>(out), Distribution{DistributionKind::normal}),
                    Catch::Contains("one dimension"));
  settings.dimensions = 1;
  Generator sobol(settings);
  CHECK_THROWS_WITH(sobol.generate(std::span<double>(out), Distribution{DistributionKind::normal, 0, 1, 0, 1, 1,
                                                                        NormalMethod::box_muller}),
                    Catch::Contains("inverse-cdf"));
  CHECK_NOTHROW(sobol.generate(std::span<double>(out), Distribution{DistributionKind::normal}));
}

TEST_CASE("a uniform range's floats stay inside [a, b) where rounding would leave it", "[distribution]") {
  // 0.7 rounds to a float below 0.7: the values are clamped up to the next float.
  const std::vector<float> f =
      values_of<float>(Algorithm::mrg32k3a, Distribution{DistributionKind::uniform, 0.7, 0.7000003}, 100000);
  for (const float x : f) {
    REQUIRE(static_cast<double>(x) >= 0.7);
    REQUIRE(static_cast<double>(x) < 0.7000003);
  }
  CHECK(std::count(f.begin(), f.end(), f[0]) < static_cast<std::ptrdiff_t>(f.size()));  // more than one float
}

namespace {

// P(X = k) for X Poisson of mean λ, in long double from logs (independent of the formulas).
long double poisson_pmf(double lambda, double k) {
  return std::exp(static_cast<long double>(k) * std::log(static_cast<long double>(lambda)) - lambda -
                  std::lgamma(static_cast<long double>(k) + 1));
}

}  // namespace

TEST_CASE("Poisson values fit the exact probabilities, on both sides of the search's switch point",
          "[distribution]") {
  // A binned chi-square over 2·10^6 values a mean: bins k with expected count ≥ 20, the rest
  // pooled into the two tails; the mean and variance against λ.
  for (const double lambda : {1e-3, 0.5, 3.0, 9.999, 10.0, 10.001, 57.3, 1e4, 1e6}) {
    INFO("lambda " << lambda);
    const Distribution d{DistributionKind::poisson, 0, 1, 0, 1, lambda};
    const std::vector<double> x = values_of(Algorithm::mrg32k3a, d, 2'000'000, 99);
    const auto n = static_cast<double>(x.size());
    std::map<long, double> counts;
    double sum = 0, squares = 0;
    std::size_t not_counts = 0;
    for (const double v : x) {
      not_counts += !(v == std::floor(v) && v >= 0);
      counts[static_cast<long>(v)] += 1;
      sum += v;
      squares += v * v;
    }
    CHECK(not_counts == 0);
    const double mean = sum / n, variance = squares / n - mean * mean;
    CHECK(std::abs(mean - lambda) < 5 * std::sqrt(lambda / n));
    CHECK(std::abs(variance - lambda) < 5 * lambda * std::sqrt(2.0 / n) + 5 * std::sqrt(lambda / n));
    // Bins: every k whose expected count is at least 20, the tails pooled.
    const long centre = static_cast<long>(lambda);
    long lo = centre, hi = centre;
    while (lo > 0 && n * poisson_pmf(lambda, lo - 1) >= 20) --lo;
    while (n * poisson_pmf(lambda, hi + 1) >= 20) ++hi;
    double chi2 = 0, expected_inside = 0, seen_inside = 0;
    int bins = 0;
    for (long k = lo; k <= hi; ++k) {
      const double e = static_cast<double>(n * poisson_pmf(lambda, k));
      if (e < 20) continue;
      const double c = counts.count(k) ? counts[k] : 0.0;
      chi2 += (c - e) * (c - e) / e;
      expected_inside += e;
      seen_inside += c;
      ++bins;
    }
    const double e_out = n - expected_inside, c_out = n - seen_inside;
    if (e_out >= 20) {
      chi2 += (c_out - e_out) * (c_out - e_out) / e_out;
      ++bins;
    }
    if (bins >= 2) {
      const double dof = bins - 1, z = (chi2 - dof) / std::sqrt(2 * dof);
      INFO(bins << " bins, chi-square " << chi2 << ", z " << z);
      CHECK(z < 4.5);
    } else {
      // λ = 10^-3: nearly every value 0; the ones are counted.
      const double ones = counts.count(1) ? counts[1] : 0.0, e1 = static_cast<double>(n * poisson_pmf(lambda, 1));
      CHECK(std::abs(ones - e1) < 5 * std::sqrt(e1) + 1);
    }
  }
}

TEST_CASE("the Poisson quantile at its hard points: u = 0, u near 1, the switch point", "[distribution]") {
  const double top = std::nextafter(1.0, 0.0);
  CHECK(distributions::poisson_quantile(0.5, 0.0) == 0);
  CHECK(distributions::poisson_quantile(1e-3, top) >= 1);
  // Both sides of the switch give the least k with F(k) > u: against the summed pmf.
  for (const double lambda : {distributions::kPoissonSearchFromGuess - 1e-9, distributions::kPoissonSearchFromGuess})
    for (const double u : {0.0, 1e-12, 0.1, 0.5, 0.9, 1 - 1e-12}) {
      long double f = 0;
      long k = 0;
      for (;; ++k) {
        f += poisson_pmf(lambda, static_cast<double>(k));
        if (f > std::max(u, 0x1p-53)) break;
      }
      INFO("lambda " << lambda << ", u " << u);
      CHECK(std::abs(distributions::poisson_quantile(lambda, u) - static_cast<double>(k)) <= (u > 0.99 ? 1 : 0));
    }
  // Far tails of a large mean stay finite and near λ ± 8.2 standard deviations.
  CHECK(distributions::poisson_quantile(1e6, 0.0) > 1e6 - 8300);
  CHECK(distributions::poisson_quantile(1e6, top) < 1e6 + 8300);
  Settings settings;
  settings.backend = Backend::cpu;
  Generator generator(settings);
  std::vector<double> out(2);
  CHECK_THROWS_WITH(generator.generate(std::span<double>(out), Distribution{DistributionKind::poisson, 0, 1, 0, 1, 2e6}),
                    Catch::Contains("10^-3 .. 10^6"));
}
