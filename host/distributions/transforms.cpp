// SPDX-License-Identifier: MIT
#include "distributions/transforms.hpp"

#include "distributions/poisson_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/math/special_functions/erf.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <glrand/error.hpp>
#include <limits>
#include <numbers>
#include <string>

#include "distributions/boost_in_double.hpp"
#include "generators/parallel_fill.hpp"

namespace glrand {

namespace {

constexpr std::string_view kKinds[] = {"uniform", "uniform-positive", "normal", "lognormal", "exponential", "poisson"};
constexpr std::string_view kMethods[] = {"inverse-cdf", "box-muller"};
constexpr std::string_view kPlaces[] = {"host", "gpu"};

}  // namespace

std::string_view name_of(DistributionKind kind) { return kKinds[static_cast<int>(kind)]; }

DistributionKind distribution_kind(std::string_view name) {
  for (int k = 0; k < 6; ++k)
    if (kKinds[k] == name) return static_cast<DistributionKind>(k);
  throw InvalidArgument("no distribution '" + std::string(name) +
                        "': uniform, uniform-positive, normal, lognormal, exponential or poisson");
}

std::string_view name_of(NormalMethod method) { return kMethods[static_cast<int>(method)]; }

NormalMethod normal_method(std::string_view name) {
  for (int k = 0; k < 2; ++k)
    if (kMethods[k] == name) return static_cast<NormalMethod>(k);
  throw InvalidArgument("no normal method '" + std::string(name) + "': inverse-cdf or box-muller");
}

static std::string describe_formula(const Distribution& d);

std::string_view name_of(DistributionOn on) { return kPlaces[static_cast<int>(on)]; }

DistributionOn distribution_on(std::string_view name) {
  for (int k = 0; k < 2; ++k)
    if (kPlaces[k] == name) return static_cast<DistributionOn>(k);
  throw InvalidArgument("no place '" + std::string(name) + "' to make a distribution's values: host or gpu");
}

void check(const Distribution& d) {
  switch (d.kind) {
    case DistributionKind::uniform:
      if (!std::isfinite(d.a) || !std::isfinite(d.b) || !(d.a < d.b))
        throw InvalidArgument(fmt::format("a uniform range [a, b) needs finite a < b, not [{}, {})", d.a, d.b));
      if (!std::isfinite(d.b - d.a))
        throw InvalidArgument(
            fmt::format("a uniform range [a, b) needs b - a finite in double, not [{}, {})", d.a, d.b));
      return;
    case DistributionKind::uniform_positive:
      return;
    case DistributionKind::normal:
    case DistributionKind::lognormal:
      if (!std::isfinite(d.mean)) throw InvalidArgument(fmt::format("the mean must be finite, not {}", d.mean));
      if (!std::isfinite(d.stddev) || !(d.stddev > 0))
        throw InvalidArgument(fmt::format("the standard deviation must be finite and above 0, not {}", d.stddev));
      return;
    case DistributionKind::exponential:
      if (!std::isfinite(d.lambda) || !(d.lambda > 0))
        throw InvalidArgument(
            fmt::format("the exponential's rate lambda must be finite and above 0, not {}", d.lambda));
      return;
    case DistributionKind::poisson:
      if (!(d.lambda >= 1e-3 && d.lambda <= 1e6))
        throw InvalidArgument(fmt::format("the Poisson mean lambda must be 10^-3 .. 10^6, not {}", d.lambda));
      return;
  }
  throw InvalidArgument("an unknown distribution kind");
}

std::string describe(const Distribution& d) {
  return describe_formula(d) + (d.on == DistributionOn::gpu ? ", made on the GPU" : "");
}

static std::string describe_formula(const Distribution& d) {
  const std::string method = d.method == NormalMethod::box_muller ? "Box-Muller" : "inverse CDF";
  switch (d.kind) {
    case DistributionKind::uniform:
      return fmt::format("uniform on [{}, {})", d.a, d.b);
    case DistributionKind::uniform_positive:
      return "uniform on (0, 1]";
    case DistributionKind::normal:
      return fmt::format("normal (mean {}, stddev {}, {})", d.mean, d.stddev, method);
    case DistributionKind::lognormal:
      return fmt::format("log-normal (of a normal of mean {}, stddev {}, {})", d.mean, d.stddev, method);
    case DistributionKind::exponential:
      return fmt::format("exponential (lambda {})", d.lambda);
    case DistributionKind::poisson:
      return fmt::format("Poisson (lambda {})", d.lambda);
  }
  return "?";
}

namespace distributions {

bool uses_pairs(const Distribution& d) {
  return (d.kind == DistributionKind::normal || d.kind == DistributionKind::lognormal) &&
         d.method == NormalMethod::box_muller;
}

double normal_quantile(double u) {
  // Φ^-1(v) = −√2·erfc^-1(2v); v in [2^-53, 1 − 2^-53] keeps it finite and symmetric (u = 0
  // happens for some generators, u = 1 for cuRAND's MRG32k3a u). In double (InDouble: about
  // four times as fast as Boost's long double, and at most 2 ulp from it).
  const double v = std::clamp(u, 0x1p-53, 1 - 0x1p-53);
  return -std::numbers::sqrt2 * boost::math::erfc_inv(2.0 * v, InDouble());
}

double poisson_quantile(double lambda, double u) {
  if (lambda < kPoissonSearchFromGuess) {
    // F(k) summed from P(0) = e^-λ by P(k) = P(k − 1)·λ/k. Where the sum stops growing below u
    // (u within rounding of 1), the k reached is past every quantile a double can tell apart.
    double k = 0, p = std::exp(-lambda), f = p;
    while (f <= u) {
      k += 1;
      p *= lambda / k;
      if (f + p == f) break;
      f += p;
    }
    return k;
  }
  // F(k) = Q(k + 1, λ), the regularised upper incomplete gamma function; the guess is the
  // normal approximation with its skewness term, λ + √λ·z + (z² − 1)/6.
  // u is clamped into [2^-53, 1 − 2^-53] as for the normal: the search then stops within about
  // 8.2 standard deviations below λ instead of walking down to 0, and ends above (at u = 1 no
  // CDF value in double exceeds u).
  const auto cdf = [lambda](double k) { return boost::math::gamma_q(k + 1, lambda, InDouble()); };
  const double v = std::clamp(u, 0x1p-53, 1 - 0x1p-53);
  const double z = normal_quantile(v);
  double k = std::max(0.0, std::floor(lambda + std::sqrt(lambda) * z + (z * z - 1) / 6));
  while (cdf(k) <= v) k += 1;
  while (k > 0 && cdf(k - 1) > v) k -= 1;
  return k;
}

namespace {

// The Ts a value may take: all, or for a uniform on [a, b) those in it (rounding to T may
// reach b, or fall below a); throws InvalidArgument where no T lies in [a, b).
template <class T>
struct Bounds {
  T lowest = -std::numeric_limits<T>::infinity(), highest = std::numeric_limits<T>::infinity();

  explicit Bounds(const Distribution& d) {
    if (d.kind != DistributionKind::uniform) return;
    lowest = static_cast<T>(d.a);
    if (static_cast<double>(lowest) < d.a) lowest = std::nextafter(lowest, std::numeric_limits<T>::infinity());
    highest = static_cast<T>(d.b);
    if (static_cast<double>(highest) >= d.b) highest = std::nextafter(highest, -std::numeric_limits<T>::infinity());
    if (lowest > highest)
      throw InvalidArgument(fmt::format("no {} lies in [{}, {})", sizeof(T) == 4 ? "float" : "double", d.a, d.b));
  }
  T operator()(double x) const { return std::clamp(static_cast<T>(x), lowest, highest); }
};

}  // namespace

std::pair<float, float> value_bounds_f32(const Distribution& d) {
  const Bounds<float> b(d);
  return {b.lowest, b.highest};
}
std::pair<double, double> value_bounds_f64(const Distribution& d) {
  const Bounds<double> b(d);
  return {b.lowest, b.highest};
}

namespace {

// Box–Muller's values of pair (u0, u1): z0 = r·cos θ, z1 = r·sin θ.
void box_muller(double u0, double u1, double& z0, double& z1) {
  const double r = std::sqrt(-2.0 * std::log1p(-u0));
  const double theta = 2.0 * std::numbers::pi * u1;
  z0 = r * std::cos(theta);
  z1 = r * std::sin(theta);
}

template <class T>
void apply_values(const Distribution& d, std::span<const double> u, std::uint64_t begin, std::uint64_t from,
                  std::span<T> out) {
  const bool pairs = uses_pairs(d);
  const Bounds<T> rounded(d);
  const std::shared_ptr<const PoissonTable> table =
      d.kind == DistributionKind::poisson ? poisson_table(d.lambda) : nullptr;
  const std::uint64_t end = from + out.size();               // one past the last output
  const std::uint64_t needed = pairs ? end + end % 2 : end;  // with the last one's pair partner
  if (from < begin || (pairs && begin % 2 != 0) || needed - begin > u.size())
    throw InvalidArgument("a distribution's values need their outputs' doubles (and their pair partners')");
  parallel_fill(out.size(), 0, [&](std::uint64_t lo, std::uint64_t hi) {
    // Box–Muller's last pair, made once for both its outputs.
    std::uint64_t pair_first = ~std::uint64_t{0};
    double pair_z0 = 0, pair_z1 = 0;
    for (std::uint64_t i = lo; i < hi; ++i) {
      const std::uint64_t n = from + i, at = n - begin;  // output n, its double u[at]
      double x = 0;
      switch (d.kind) {
        case DistributionKind::uniform:
          x = d.a + (d.b - d.a) * u[at];
          break;
        case DistributionKind::uniform_positive:
          x = 1.0 - u[at];
          break;
        case DistributionKind::exponential:
          x = -std::log1p(-u[at]) / d.lambda;
          break;
        case DistributionKind::poisson:
          x = table ? table->quantile(u[at]) : poisson_quantile(d.lambda, u[at]);
          break;
        case DistributionKind::normal:
        case DistributionKind::lognormal: {
          double z = 0;
          if (pairs) {
            const std::uint64_t first = at - (n % 2);  // the pair's first output
            if (first != pair_first) {
              box_muller(u[first], u[first + 1], pair_z0, pair_z1);
              pair_first = first;
            }
            z = n % 2 == 0 ? pair_z0 : pair_z1;
          } else {
            z = normal_quantile(u[at]);
          }
          x = d.mean + d.stddev * z;
          if (d.kind == DistributionKind::lognormal) x = std::exp(x);
          break;
        }
      }
      out[i] = rounded(x);
    }
  });
}

}  // namespace

void apply(const Distribution& d, std::span<const double> u, std::uint64_t begin, std::uint64_t from,
           std::span<double> out) {
  apply_values(d, u, begin, from, out);
}
void apply(const Distribution& d, std::span<const double> u, std::uint64_t begin, std::uint64_t from,
           std::span<float> out) {
  apply_values(d, u, begin, from, out);
}

}  // namespace distributions
}  // namespace glrand
