// SPDX-License-Identifier: MIT
#include "support/distribution_reference.hpp"

#include <mpfr.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace glrand::testing {
namespace {

constexpr mpfr_prec_t kBits = 256;

// An MPFR number of kBits bits, cleared on every way out.
struct Real {
  mpfr_t x;
  Real() { mpfr_init2(x, kBits); }
  explicit Real(double value) : Real() { mpfr_set_d(x, value, MPFR_RNDN); }
  ~Real() { mpfr_clear(x); }
  Real(const Real&) = delete;
  Real& operator=(const Real&) = delete;
};

// Φ(z) − v and φ(z), Φ(z) = erfc(−z/√2)/2, φ(z) = exp(−z²/2)/√(2π).
void phi_minus(const Real& z, const Real& v, Real& difference, Real& density) {
  Real t;
  mpfr_sqrt_ui(t.x, 2, MPFR_RNDN);
  mpfr_div(t.x, z.x, t.x, MPFR_RNDN);
  mpfr_neg(t.x, t.x, MPFR_RNDN);
  mpfr_erfc(difference.x, t.x, MPFR_RNDN);
  mpfr_div_2ui(difference.x, difference.x, 1, MPFR_RNDN);
  mpfr_sub(difference.x, difference.x, v.x, MPFR_RNDN);
  mpfr_sqr(t.x, z.x, MPFR_RNDN);
  mpfr_div_2ui(t.x, t.x, 1, MPFR_RNDN);
  mpfr_neg(t.x, t.x, MPFR_RNDN);
  mpfr_exp(density.x, t.x, MPFR_RNDN);
  mpfr_const_pi(t.x, MPFR_RNDN);
  mpfr_mul_2ui(t.x, t.x, 1, MPFR_RNDN);
  mpfr_sqrt(t.x, t.x, MPFR_RNDN);
  mpfr_div(density.x, density.x, t.x, MPFR_RNDN);
}

// Φ^-1(v) into z, v = u clamped into [2^-53, 1 − 2^-53] (the formulas' clamp), by Newton's
// method from a double guess (near 1 − 2^-53 only good to a few digits, where Φ in double
// cannot tell the points apart), until a step no longer moves z at 240 bits.
void normal_quantile(double u, Real& z) {
  const double v_double = std::clamp(u, 0x1p-53, 1 - 0x1p-53);
  if (v_double == 0.5) {  // Φ^-1(1/2) = 0 exactly, which Newton's steps only approach
    mpfr_set_zero(z.x, 1);
    return;
  }
  // The guess: Φ^-1 from the complementary error function's inverse by bisection in double.
  double lo = -40, hi = 40;
  for (int i = 0; i < 64; ++i) {
    const double mid = (lo + hi) / 2;
    (0.5 * std::erfc(-mid / std::sqrt(2.0)) < v_double ? lo : hi) = mid;
  }
  mpfr_set_d(z.x, (lo + hi) / 2, MPFR_RNDN);
  const Real v(v_double);
  Real difference, density;
  for (int step = 0; step < 40; ++step) {
    phi_minus(z, v, difference, density);
    mpfr_div(difference.x, difference.x, density.x, MPFR_RNDN);
    mpfr_sub(z.x, z.x, difference.x, MPFR_RNDN);
    if (mpfr_zero_p(difference.x) || mpfr_get_exp(difference.x) < mpfr_get_exp(z.x) - 240) return;
  }
  throw std::runtime_error("the normal quantile's Newton steps did not settle");
}

void value(const Distribution& d, double u, Real& out) {
  switch (d.kind) {
    case DistributionKind::uniform: {
      const Real a(d.a), b(d.b), x(u);
      mpfr_sub(out.x, b.x, a.x, MPFR_RNDN);
      mpfr_mul(out.x, out.x, x.x, MPFR_RNDN);
      mpfr_add(out.x, out.x, a.x, MPFR_RNDN);
      return;
    }
    case DistributionKind::uniform_positive: {
      const Real x(u);
      mpfr_ui_sub(out.x, 1, x.x, MPFR_RNDN);
      return;
    }
    case DistributionKind::exponential: {
      const Real x(-u), lambda(d.lambda);
      mpfr_log1p(out.x, x.x, MPFR_RNDN);
      mpfr_neg(out.x, out.x, MPFR_RNDN);
      mpfr_div(out.x, out.x, lambda.x, MPFR_RNDN);
      return;
    }
    case DistributionKind::normal:
    case DistributionKind::lognormal: {
      if (d.method != NormalMethod::inverse_cdf) break;
      Real z;
      normal_quantile(u, z);
      const Real mean(d.mean), stddev(d.stddev);
      mpfr_mul(out.x, z.x, stddev.x, MPFR_RNDN);
      mpfr_add(out.x, out.x, mean.x, MPFR_RNDN);
      if (d.kind == DistributionKind::lognormal) mpfr_exp(out.x, out.x, MPFR_RNDN);
      return;
    }
    default:
      break;
  }
  throw std::invalid_argument("no MPFR reference for " + describe(d));
}

// Box–Muller's value `which` of the pair (u0, u1): r = sqrt(−2·log1p(−u0)) times cos 2πu1
// (which 0) or sin 2πu1 (which 1), by MPFR's cospi and sinpi of 2·u1, so that the zeros at
// u1 = 1/4, 1/2 and 3/4 are exact; then the normal's or log-normal's μ, σ and exp.
void box_muller_value(const Distribution& d, double u0, double u1, int which, Real& out) {
  if ((d.kind != DistributionKind::normal && d.kind != DistributionKind::lognormal) ||
      d.method != NormalMethod::box_muller)
    throw std::invalid_argument("no Box-Muller reference for " + describe(d));
  const Real x0(-u0), x1(u1), mean(d.mean), stddev(d.stddev);
  Real r, theta;
  mpfr_log1p(r.x, x0.x, MPFR_RNDN);
  mpfr_mul_si(r.x, r.x, -2, MPFR_RNDN);
  mpfr_sqrt(r.x, r.x, MPFR_RNDN);
  mpfr_mul_2ui(theta.x, x1.x, 1, MPFR_RNDN);
  if (which == 0)
    mpfr_cospi(theta.x, theta.x, MPFR_RNDN);
  else
    mpfr_sinpi(theta.x, theta.x, MPFR_RNDN);
  mpfr_mul(out.x, r.x, theta.x, MPFR_RNDN);
  mpfr_mul(out.x, out.x, stddev.x, MPFR_RNDN);
  mpfr_add(out.x, out.x, mean.x, MPFR_RNDN);
  if (d.kind == DistributionKind::lognormal) mpfr_exp(out.x, out.x, MPFR_RNDN);
}

template <class Unsigned, class T>
std::uint64_t ordered_distance(T a, T b) {
  // Sign-magnitude bits to an order-preserving integer line.
  const auto line = [](T x) {
    const auto bits = std::bit_cast<Unsigned>(x);
    constexpr Unsigned sign = Unsigned{1} << (sizeof(T) * 8 - 1);
    return bits & sign ? static_cast<std::int64_t>(-static_cast<std::int64_t>(bits & ~sign))
                       : static_cast<std::int64_t>(bits);
  };
  const std::int64_t x = line(a), y = line(b);
  return static_cast<std::uint64_t>(x > y ? x - y : y - x);
}

}  // namespace

std::vector<BoundedDistribution> bounded_distributions(DistributionOn on) {
  const auto make = [on](DistributionKind kind) {
    Distribution d;
    d.kind = kind;
    d.on = on;
    return d;
  };
  Distribution range = make(DistributionKind::uniform);
  range.a = -3;
  range.b = 5;
  Distribution exponential = make(DistributionKind::exponential);
  exponential.lambda = 2.5;
  Distribution shifted = make(DistributionKind::normal);
  shifted.mean = 1.5;
  shifted.stddev = 0.25;
  // docs/distributions.md's table. The GPU's: the worst seen on the H100 with room to spare
  // (double: 3, 5, 1 and 14 ulp; float: 2, 4, 2 and 14); a uniform range and (0, 1] are the
  // host's bits there.
  const bool gpu = on == DistributionOn::gpu;
  return {{range, 1, 1},
          {make(DistributionKind::uniform_positive), 0, 1},
          {exponential, gpu ? 6u : 2u, gpu ? 4u : 1u},
          {make(DistributionKind::normal), gpu ? 8u : 4u, gpu ? 8u : 1u},
          {shifted, gpu ? 8u : 4u, gpu ? 8u : 1u},
          {make(DistributionKind::lognormal), gpu ? 48u : 16u, gpu ? 48u : 1u}};
}

std::vector<BoundedDistribution> box_muller_distributions() {
  std::vector<BoundedDistribution> all;
  for (const BoundedDistribution& b : bounded_distributions(DistributionOn::gpu))
    if (b.distribution.kind == DistributionKind::normal || b.distribution.kind == DistributionKind::lognormal) {
      all.push_back(b);
      all.back().distribution.method = NormalMethod::box_muller;
    }
  return all;
}

double reference_f64(const Distribution& d, double u) {
  Real x;
  value(d, u, x);
  return mpfr_get_d(x.x, MPFR_RNDN);
}

float reference_f32(const Distribution& d, double u) {
  Real x;
  value(d, u, x);
  return mpfr_get_flt(x.x, MPFR_RNDN);
}

double reference_f64(const Distribution& d, double u0, double u1, int which) {
  Real x;
  box_muller_value(d, u0, u1, which, x);
  return mpfr_get_d(x.x, MPFR_RNDN);
}

float reference_f32(const Distribution& d, double u0, double u1, int which) {
  Real x;
  box_muller_value(d, u0, u1, which, x);
  return mpfr_get_flt(x.x, MPFR_RNDN);
}

std::uint64_t ulps_apart(double a, double b) { return ordered_distance<std::uint64_t>(a, b); }
std::uint64_t ulps_apart(float a, float b) { return ordered_distance<std::uint32_t>(a, b); }

namespace {

template <class T>
std::uint64_t error_in_ulps(const Distribution& d, T reference, T value) {
  if (!std::isfinite(value)) return std::numeric_limits<std::uint64_t>::max();
  if (d.kind != DistributionKind::normal || d.mean == 0) return ulps_apart(value, reference);
  const T scale = static_cast<T>(std::abs(d.mean) + std::abs(static_cast<double>(reference) - d.mean));
  const T ulp = std::nextafter(scale, std::numeric_limits<T>::infinity()) - scale;
  return static_cast<std::uint64_t>(std::ceil(std::abs(static_cast<double>(value) - reference) / ulp));
}

}  // namespace

std::uint64_t error_ulps(const Distribution& d, double u, double value) {
  return error_in_ulps(d, reference_f64(d, u), value);
}
std::uint64_t error_ulps(const Distribution& d, double u, float value) {
  return error_in_ulps(d, reference_f32(d, u), value);
}
std::uint64_t error_ulps(const Distribution& d, double u0, double u1, int which, double value) {
  return error_in_ulps(d, reference_f64(d, u0, u1, which), value);
}
std::uint64_t error_ulps(const Distribution& d, double u0, double u1, int which, float value) {
  return error_in_ulps(d, reference_f32(d, u0, u1, which), value);
}

}  // namespace glrand::testing
