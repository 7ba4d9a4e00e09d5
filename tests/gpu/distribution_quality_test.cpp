// SPDX-License-Identifier: MIT
// Distributions made on the GPU (the CUDA path, DistributionOn::gpu), 10^9 values of each
// (GLRAND_GPU_QUALITY_COUNT sets another count), streamed through the public API and fitted
// to their exact CDFs: a χ² over 2^16 bins equiprobable under the CDF and Kolmogorov–Smirnov's
// statistic at those bins' edges; for the normal also its four moments and its frequencies
// beyond 1 to 6 standard deviations; Poisson(10) and Poisson(1000) by a χ² against their exact
// probabilities. The KS fit, the normal's variance and the Poisson χ² are also made against a
// parameter wrong by 40/√n, and must fail: the test shows it can tell. Sobol32's points are
// more even than chance, so its fits are one-sided (not worse than chance); Park–Miller's 10^9
// values are 47% of its period, drawn without replacement, so its χ² is divided by the
// finite-population correction 1 − n/N and its √n·D by the square root of that. Each limit is
// about 4.5 standard deviations (KS: √n·D < 2.4, a chance of 2·10^-5), so that the test's many
// fits rarely fail by chance. Skipped (exit 77) without a GPU.
#include <catch2/catch.hpp>
#include <glrand/glrand.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <numbers>
#include <string>
#include <thread>
#include <vector>

#include "support/distribution_cdf.hpp"

using namespace glrand;

namespace {

constexpr int kBins = 1 << 16;
constexpr int kTails = 6;  // |z| beyond 1 .. 6 standard deviations
constexpr double kKsLimit = 2.4;  // √n·D: P(K > 2.4) ≈ 2·exp(−2·2.4²) ≈ 2·10^-5

std::uint64_t value_count() {
  const char* given = std::getenv("GLRAND_GPU_QUALITY_COUNT");
  return given ? static_cast<std::uint64_t>(std::stod(given)) : 1'000'000'000;
}

using testing::cdf_of;

// The same distribution with one parameter wrong by a relative `by`.
Distribution wrong_by(Distribution d, double by) {
  switch (d.kind) {
    case DistributionKind::uniform:
      d.b += (d.b - d.a) * by;
      break;
    case DistributionKind::uniform_positive:
      return {DistributionKind::uniform, 0.0, 1.0 + by};
    case DistributionKind::exponential:
    case DistributionKind::poisson:
      d.lambda *= 1 + by;
      break;
    default:
      d.stddev *= 1 + by;
  }
  return d;
}

// What one pass over the values keeps: counts in the bins of each CDF, and for the normal the
// standardised values' power sums and tail counts.
struct Tally {
  std::vector<std::vector<std::uint64_t>> bins;  // one set per CDF
  double sums[4] = {0, 0, 0, 0};
  std::uint64_t tails[kTails] = {};
  std::uint64_t n = 0;

  explicit Tally(std::size_t cdfs) : bins(cdfs, std::vector<std::uint64_t>(kBins, 0)) {}
  void add(const Tally& t) {
    for (std::size_t c = 0; c < bins.size(); ++c)
      for (int k = 0; k < kBins; ++k) bins[c][static_cast<std::size_t>(k)] += t.bins[c][static_cast<std::size_t>(k)];
    for (int k = 0; k < 4; ++k) sums[k] += t.sums[k];
    for (int k = 0; k < kTails; ++k) tails[k] += t.tails[k];
    n += t.n;
  }
};

// `count` values of `d` on the GPU from a generator of `algorithm`, tallied on every core.
Tally tally(Algorithm algorithm, const Distribution& d, const std::vector<std::function<double(double)>>& cdfs,
            std::uint64_t count) {
  Settings settings;
  settings.algorithm = algorithm;
  settings.backend = Backend::cuda;
  settings.offset = 987654321;
  Generator generator(settings);
  Distribution on_gpu = d;
  on_gpu.on = DistributionOn::gpu;
  const bool normal = d.kind == DistributionKind::normal;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  Tally total(cdfs.size());
  generator.generate_doubles(count, on_gpu, [&](std::span<const double> values) {
    std::vector<Tally> parts(threads, Tally(cdfs.size()));
    std::vector<std::jthread> workers;
    for (unsigned t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        Tally& part = parts[t];
        const std::size_t begin = values.size() * t / threads, end = values.size() * (t + 1) / threads;
        for (std::size_t i = begin; i < end; ++i) {
          const double x = values[i];
          for (std::size_t c = 0; c < cdfs.size(); ++c)
            ++part.bins[c][static_cast<std::size_t>(std::min(kBins - 1, static_cast<int>(cdfs[c](x) * kBins)))];
          if (normal) {
            const double z = (x - d.mean) / d.stddev;
            part.sums[0] += z;
            part.sums[1] += z * z;
            part.sums[2] += z * z * z;
            part.sums[3] += z * z * z * z;
            for (int k = 0; k < kTails; ++k) part.tails[k] += std::abs(z) > k + 1;
          }
        }
        part.n = end - begin;
      });
    workers.clear();  // joins
    for (const Tally& part : parts) total.add(part);
  });
  return total;
}

struct Fit {
  double chi2_z;  // the χ² over the bins as a z score, kBins − 1 degrees of freedom
  double ks;      // √n · the largest distance at the bins' edges
};

// The share of its period that n outputs of `algorithm` cover (0 for the long periods).
double period_share(Algorithm algorithm, std::uint64_t n) {
  return algorithm == Algorithm::park_miller ? static_cast<double>(n) / 2147483646.0 : 0.0;
}

// `kept`: 1 − the period's share the values cover; n draws without replacement from a period
// of N have a χ² and a squared KS distance smaller by 1 − n/N than independent draws.
Fit fit(const std::vector<std::uint64_t>& bins, std::uint64_t n, double kept) {
  const double expected = static_cast<double>(n) / kBins;
  double chi2 = 0, d = 0;
  std::uint64_t below = 0;
  for (int k = 0; k < kBins; ++k) {
    const double c = static_cast<double>(bins[static_cast<std::size_t>(k)]);
    chi2 += (c - expected) * (c - expected) / expected;
    below += bins[static_cast<std::size_t>(k)];
    d = std::max(d, std::abs(static_cast<double>(below) / static_cast<double>(n) - static_cast<double>(k + 1) / kBins));
  }
  return {(chi2 / kept - (kBins - 1)) / std::sqrt(2.0 * (kBins - 1)), std::sqrt(static_cast<double>(n) / kept) * d};
}

// The fits of `algorithm`'s values of `d`: to the exact CDF within chance (one-sided for a
// quasi-random sequence), and to the wrong CDF, clearly not.
void check_distribution(Algorithm algorithm, const Distribution& d, std::uint64_t count) {
  const bool quasi = algorithm == Algorithm::sobol32;
  const Distribution wrong = wrong_by(d, 40 / std::sqrt(static_cast<double>(count)));
  const Tally t = tally(algorithm, d, {cdf_of(d), cdf_of(wrong)}, count);
  REQUIRE(t.n == count);
  const double kept = 1 - period_share(algorithm, count);
  REQUIRE(kept > 0.01);  // within the period
  const Fit right = fit(t.bins[0], t.n, kept), off = fit(t.bins[1], t.n, kept);
  INFO(info(algorithm).name << ", " << describe(d) << ", " << count << " values: chi-square z " << right.chi2_z
                            << ", KS sqrt(n)D " << right.ks << "; against " << describe(wrong) << ": chi-square z "
                            << off.chi2_z << ", KS " << off.ks);
  WARN(info(algorithm).name << ", " << describe(d) << ": chi-square z " << right.chi2_z << ", KS " << right.ks
                            << " (wrong CDF: " << off.chi2_z << ", " << off.ks << ")");
  CHECK(right.ks < kKsLimit);
  CHECK(right.chi2_z < 4.5);
  if (!quasi) CHECK(right.chi2_z > -4.5);
  CHECK(off.ks > kKsLimit);
  if (d.kind != DistributionKind::normal) return;
  // Moments of the standardised values: mean 0, variance 1, skewness 0, excess kurtosis 0,
  // each within 4.5 of its standard error.
  const double n = static_cast<double>(t.n);
  const double mean = t.sums[0] / n, m2 = t.sums[1] / n, m3 = t.sums[2] / n, m4 = t.sums[3] / n;
  const double variance = m2 - mean * mean;
  const double skew = (m3 - 3 * mean * m2 + 2 * mean * mean * mean) / std::pow(variance, 1.5);
  const double kurtosis = (m4 - 4 * mean * m3 + 6 * mean * mean * m2 - 3 * mean * mean * mean * mean) /
                              (variance * variance) - 3;
  std::string beyond;
  for (int k = 1; k <= kTails; ++k)
    beyond += (k > 1 ? ", " : "") + std::to_string(t.tails[k - 1]) + " (expected " +
              std::to_string(n * std::erfc(k / std::numbers::sqrt2)) + ")";
  INFO("mean " << mean << ", variance " << variance << ", skewness " << skew << ", excess kurtosis " << kurtosis);
  WARN(info(algorithm).name << ", normal: mean " << mean << ", variance " << variance << ", skewness " << skew
                            << ", excess kurtosis " << kurtosis << "; beyond 1..6 sigma: " << beyond);
  CHECK(std::abs(mean) * std::sqrt(n) < 4.5);
  CHECK(std::abs(variance - 1) / std::sqrt(2 / n) < 4.5);
  // The variance of the values standardised by the wrong standard deviation is clearly off.
  const double off_variance = variance / ((wrong.stddev / d.stddev) * (wrong.stddev / d.stddev));
  CHECK(std::abs(off_variance - 1) / std::sqrt(2 / n) > 4.5);
  CHECK(std::abs(skew) / std::sqrt(6 / n) < 4.5);
  CHECK(std::abs(kurtosis) / std::sqrt(24 / n) < 4.5);
  // Beyond k standard deviations on either side: P = erfc(k/√2). Out to 5σ a normal z score
  // (a quasi-random sequence's counts only not too many: they are closer than chance); at 6σ
  // (about two values in 10^9) at most the expected count plus six of its standard deviations
  // and six, which Poisson's law makes rarer than 10^-9.
  const double limit = quasi ? 1e9 : 4.5;
  for (int k = 1; k <= kTails; ++k) {
    const double p = std::erfc(k / std::numbers::sqrt2), expected = n * p;
    const double seen = static_cast<double>(t.tails[k - 1]);
    INFO(k << " sigma: " << seen << " values beyond, " << expected << " expected");
    if (expected >= 100) {
      const double z = (seen - expected) / std::sqrt(expected * (1 - p));
      CHECK(z < 4.5);
      CHECK(z > -limit);
    } else {
      CHECK(seen <= expected + 6 * std::sqrt(expected) + 6);
    }
  }
}

}  // namespace

TEST_CASE("distributions made on the GPU fit their exact CDFs over 10^9 values", "[distribution][quality]") {
  const std::uint64_t count = value_count();
  const std::vector<Distribution> cases{
      {DistributionKind::uniform, -3.0, 5.0},
      {DistributionKind::uniform_positive},
      {DistributionKind::exponential, 0, 1, 0, 1, 2.5},
      {DistributionKind::normal, 0, 1, 0.0, 1.0},
      {DistributionKind::lognormal, 0, 1, 0.5, 0.75},
  };
  for (const Algorithm algorithm : {Algorithm::mrg32k3a, Algorithm::mt19937, Algorithm::sobol32, Algorithm::mtgp32,
                                    Algorithm::park_miller})
    for (const Distribution& d : cases) check_distribution(algorithm, d, count);
}

TEST_CASE("Box-Muller made on the GPU fits the normal's exact CDF over 10^9 values", "[distribution][quality]") {
  const std::uint64_t count = value_count();
  const Distribution normal{DistributionKind::normal, 0, 1, 0.0, 1.0, 1, NormalMethod::box_muller};
  const Distribution lognormal{DistributionKind::lognormal, 0, 1, 0.5, 0.75, 1, NormalMethod::box_muller};
  // Not Park–Miller: its pairs cover half its period, and whether the finite-population
  // correction holds for values made of two outputs is not settled.
  for (const Algorithm algorithm :
       {Algorithm::mrg32k3a, Algorithm::mt19937, Algorithm::mtgp32, Algorithm::wichmann_hill})
    check_distribution(algorithm, normal, count);
  check_distribution(Algorithm::mrg32k3a, lognormal, count);
}

namespace {

// The χ² of Poisson(λ) counts of k = 0 .. (the last also holding all above) against the exact
// probabilities, as a z score: bins with an expected count of at least 20, the rest pooled.
double poisson_chi2_z(const std::vector<std::uint64_t>& counts, double lambda, std::uint64_t count) {
  const auto pmf = [lambda](std::size_t k) {
    const long double kk = static_cast<long double>(k);
    return static_cast<double>(std::exp(kk * std::log(static_cast<long double>(lambda)) - lambda - std::lgamma(kk + 1)));
  };
  const double n = static_cast<double>(count);
  double chi2 = 0, inside_expected = 0, pooled_seen = 0;
  int bins = 0;
  for (std::size_t k = 0; k < counts.size(); ++k) {
    const double e = n * pmf(k), c = static_cast<double>(counts[k]);
    if (e >= 20) {
      chi2 += (c - e) * (c - e) / e;
      inside_expected += e;
      ++bins;
    } else {
      pooled_seen += c;
    }
  }
  const double pooled_expected = n - inside_expected;
  chi2 += (pooled_seen - pooled_expected) * (pooled_seen - pooled_expected) / pooled_expected;
  return (chi2 - bins) / std::sqrt(2.0 * bins);  // bins + 1 cells, one constraint
}

}  // namespace

TEST_CASE("Poisson values made on the GPU fit the exact probabilities over 10^9 values", "[distribution][quality]") {
  const std::uint64_t count = value_count();
  for (const double lambda : {10.0, 1000.0}) {
    Distribution d{DistributionKind::poisson};
    d.lambda = lambda;
    d.on = DistributionOn::gpu;
    Settings settings;
    settings.algorithm = Algorithm::mrg32k3a;
    settings.backend = Backend::cuda;
    Generator generator(settings);
    const std::size_t top = static_cast<std::size_t>(8 * lambda + 100);  // holds all above it too
    std::vector<std::uint64_t> counts(top + 1, 0);
    generator.generate_doubles(count, d, [&](std::span<const double> values) {
      for (const double k : values) ++counts[std::min(top, static_cast<std::size_t>(k))];
    });
    const double z = poisson_chi2_z(counts, lambda, count);
    const double wrong = lambda * (1 + 40 / std::sqrt(static_cast<double>(count)));
    const double off = poisson_chi2_z(counts, wrong, count);
    INFO("Poisson(" << lambda << "): chi-square z " << z << "; against Poisson(" << wrong << "): " << off);
    WARN("Poisson(" << lambda << "), " << count << " values: chi-square z " << z << " (against Poisson(" << wrong
                    << "): " << off << ")");
    CHECK(std::abs(z) < 4.5);
    CHECK(off > 4.5);
  }
}
