// SPDX-License-Identifier: MIT
#pragma once
// Device code shared by the value kernels (cuda/conversion_kernels.cu) and the generating
// kernels that make values where they make the words: each generator's f32 and f64 formula of
// its words (generators/*.hpp and *.cpp, operation for operation: the host's bits; CEICG's f32
// the same bits, from an estimate where that settles them), and a
// distribution's value of the formula's double u. Every add, multiply and fused multiply-add is
// written as its intrinsic, so that no contraction can change a bit, nor make two kernels that
// inline the same code differ. Rounding a double down to a float
// (__double2float_rd) is float_not_above for the u ≥ 0 every formula gives. CUDA sources only.
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>

#include <glrand/distribution.hpp>
#include "cuda/buffers.hpp"
#include "cuda/cuda_path.hpp"
#include "cuda/normal_quantile.hpp"
#include "distributions/poisson_table.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"

namespace glrand::cuda {

// u − trunc(u) for u ≥ 0: exact, as on the host.
__device__ inline double fractional_part(double u) { return __dsub_rn(u, __int2double_rn(__double2int_rz(u))); }

// x·2^-32 + 2^-33, exact in a double.
__device__ inline double midpoint(std::uint32_t x) { return __dmul_rn(__dadd_rn(static_cast<double>(x), 0.5), 0x1p-32); }

struct CeicgFormula {
  static constexpr int kWidth = 3;
  __device__ double f64(const std::uint32_t* x) const {
    double u = __ddiv_rn(static_cast<double>(x[0]), static_cast<double>(ceicg::kComponents[0].modulus));
    u = __dadd_rn(u, __ddiv_rn(static_cast<double>(x[1]), static_cast<double>(ceicg::kComponents[1].modulus)));
    u = __dadd_rn(u, __ddiv_rn(static_cast<double>(x[2]), static_cast<double>(ceicg::kComponents[2].modulus)));
    return fractional_part(u);
  }
  // The float of f64(x), from an estimate where it settles it: Σ x_k·(1/m_k), fused, lies
  // within 2^-49 of f64's rounded quotients' sum, so d lies in the fraction of
  // [s − 2^-46, s + 2^-46]; where both ends give the same float (within one whole number), so
  // does d. Near 0, 1 or a float's edge (rarely), the three divisions decide.
  __device__ float f32(const std::uint32_t* x) const {
    constexpr double r0 = 1.0 / ceicg::kComponents[0].modulus, r1 = 1.0 / ceicg::kComponents[1].modulus,
                     r2 = 1.0 / ceicg::kComponents[2].modulus;
    double s = __dmul_rn(static_cast<double>(x[0]), r0);
    s = __fma_rn(static_cast<double>(x[1]), r1, s);
    s = __fma_rn(static_cast<double>(x[2]), r2, s);
    const double a = __dsub_rn(s, 0x1p-46), b = __dadd_rn(s, 0x1p-46);
    const double whole = floor(a);
    if (whole == floor(b)) {
      // Both ends at least 2^-45 apart: equal floats are never the 0 of a zero fraction.
      const float low = __double2float_rd(__dsub_rn(a, whole));
      if (low == __double2float_rd(__dsub_rn(b, whole))) return low;
    }
    return __double2float_rd(f64(x));
  }
};

struct WichmannHillFormula {
  static constexpr int kWidth = 4;
  double r[4];  // 1/m_k, rounded once on the host, as the host formula multiplies by them
  __device__ double f64(const std::uint32_t* x) const {
    double u = __dmul_rn(static_cast<double>(x[0]), r[0]);
    for (int k = 1; k < 4; ++k) u = __dadd_rn(u, __dmul_rn(static_cast<double>(x[k]), r[k]));
    return fractional_part(u);
  }
  // Rounded to nearest, kept below 1 (wichmann_hill.cpp's single()).
  __device__ float f32(const std::uint32_t* x) const {
    const float f = __double2float_rn(f64(x));
    return f < 1.0f ? f : 0x1.fffffep-1f;
  }
};

struct ParkMillerFormula {
  static constexpr int kWidth = 1;
  __device__ double f64(const std::uint32_t* z) const {
    return __ddiv_rn(static_cast<double>(*z), static_cast<double>(pm::kModulus));
  }
  __device__ float f32(const std::uint32_t* z) const { return __double2float_rd(f64(z)); }
};

struct Mrg32k3aFormula {
  static constexpr int kWidth = 1;
  static constexpr bool kMrg32k3a = true;  // u = z/(m1 + 1), or z/m1: Transform::value_of_mrg32k3a
  bool curand;  // cuRAND's normalisation, its f32 the double rounded to nearest
  __device__ double f64(const std::uint32_t* z) const {
    return __dmul_rn(static_cast<double>(*z), curand ? mrg32k3a::kCurandNorm : mrg32k3a::kNorm);
  }
  __device__ float f32(const std::uint32_t* z) const {
    return curand ? __double2float_rn(f64(z)) : __double2float_rd(f64(z));
  }
};

// A midpoint (x + 1/2)·2^-32 rounded down to float, with no double arithmetic (the double's
// conversion to float slowed MT19937's own floats: docs/distributions.md): truncating 2x + 1
// to float's 24 bits drops its last bit whenever x ≥ 2^23, so it is x's truncation, times 2;
// below, 2x + 1 < 2^24 converts exactly; the power-of-two scale is exact. The same float as
// __double2float_rd(midpoint(x)) for every x (tests/gpu/device_floats_test.cpp).
__device__ inline float midpoint_f32(std::uint32_t x) {
  const bool large = x >= (1u << 23);
  return __uint2float_rz(large ? x : 2 * x + 1) * (large ? 0x1p-32f : 0x1p-33f);
}

struct MidpointFormula {
  static constexpr int kWidth = 1;
  static constexpr bool kMidpoint = true;  // f64 is midpoint(x): Transform::value_of_midpoint
  __device__ double f64(const std::uint32_t* x) const { return midpoint(*x); }
  __device__ float f32(const std::uint32_t* x) const { return midpoint_f32(*x); }
};

// Sobol32's f32 is cuRAND's, computed in float: the product is exact, the sum rounded.
struct Sobol32Formula {
  static constexpr int kWidth = 1;
  static constexpr bool kMidpoint = true;
  __device__ double f64(const std::uint32_t* x) const { return midpoint(*x); }
  __device__ float f32(const std::uint32_t* x) const {
    return __fadd_rn(__fmul_rn(__uint2float_rn(*x), 2.3283064365386963e-10f), 1.16415321826934814453125e-10f);
  }
};

// The float inverse CDF's argument (cuda/normal_quantile.hpp): q = 4p(1 − p) and x = 1 − 2p
// in float for p = min(u, 1 − u) (or 2^32·(1 − 2p): a midpoint's, whose factor takes the
// 2^-32), and `sign`, the float sign bit where u > 1/2 (Φ^-1(u) = −Φ^-1(p) there), else 0.
struct LowerHalf {
  float q, x;
  std::uint32_t sign;
};
inline constexpr std::uint32_t kSignBit = 0x80000000u;

// A distribution's value of the formula's double u (docs/distributions.md, "Exactness"),
// the kind K fixed at compile time, so that each kernel holds its own formula only. In double:
// distributions/transforms.cpp's formulas with CUDA's log1p, exp and normcdfinv. In float, as
// cuRAND makes its floats, the exponential, the normal and the log-normal in float arithmetic,
// fed from u in double where a float of u would lose accuracy (1 − u near 1, 1 − 2u near 1/2,
// a quarter turn's remainder of 2π·u1), with branches on u that rarely split a warp. A uniform
// range, (0, 1] and the Poisson in double in both (the host's bits; the Poisson's by the host's
// own table and search, so the host's k). Each value is rounded once and clamped to the range
// of its type.
struct Transform {
  DistributionKind kind;
  double a, width, mean, stddev, lambda;
  double lowest, highest;
  // The Poisson's CDF table (distributions/poisson_table.hpp) in device memory, its guide
  // right after its cdf_size values.
  const double* cdf = nullptr;
  std::uint32_t cdf_size = 0;
  // The float inverse CDF's σ·z = −√2·σ·(x·h) (cuda/normal_quantile.hpp): −√2·σ rounded to float
  // once (a normal float where float_parameters lets the inverse CDF use it; times 2^-32 one
  // where midpoint_factor says). Here, beside cdf_size, it fills what would be padding: see
  // mrg32k3a_kernel.cu.
  float normal_factor_f = -1.41421356f;
  double k0 = 0, floor = 0;
  // The float formulas' parameters, 1/λ, μ and σ rounded to float; where one is no normal
  // float (nor a zero μ), nor the inverse CDF's factor, float_parameters is false and the
  // floats are made by the double formulas instead (the kernels' kFloat, below); and a
  // midpoint's inverse CDF by the double u's float formula where the factor times 2^-32 is no
  // normal float (midpoint_normal_factor).
  float inverse_lambda_f = 1, mean_f = 0, stddev_f = 1;
  bool float_parameters = true;
  bool midpoint_factor = true;

  // kFloat: a float kind's values by its float formulas (with_value_of's choice, where
  // float_parameters), else by its double formula rounded. A template parameter, not a branch
  // in the kernel: inlined at each of a kernel's unrolled values, the double formula that
  // seldom runs made its code hundreds of kilobytes (the double inverse CDF alone is hundreds
  // of instructions), and the kernel waited on the instruction cache.
  template <class T, DistributionKind K>
  static constexpr bool kHasFloatFormula = sizeof(T) == 4 && (K == DistributionKind::exponential ||
                                                               K == DistributionKind::normal ||
                                                               K == DistributionKind::lognormal);

  template <class T, DistributionKind K, bool kFloat, bool kBound = false>
  __device__ T value(double u) const {
    if constexpr (kHasFloatFormula<T, K> && kFloat) {
      if constexpr (K == DistributionKind::exponential)
        return clamped<K, kBound>(__fmul_rn(minus_log1p_minus_f32(u), inverse_lambda_f));
      else
        return clamped<K, kBound>(normal_f32<K>(lower_half_of(u), normal_factor_f));
    } else {
      return rounded<T, K, kBound>(in_double<K>(u));
    }
  }

  // The same value where u is midpoint(x) (Sobol32, MT19937, MTGP32): the float formulas'
  // pieces of u (p = min(u, 1 − u) and 1 − 2p; 1 − u and its remainder) come from the integers,
  // each rounded once to float as the double path rounds it, so the same bits with no double
  // arithmetic (the exponential: three 64-bit integer conversions for four with doubles; the
  // normal: two for three).
  template <class T, DistributionKind K, bool kFloat>
  __device__ T value_of_midpoint(std::uint32_t x) const {
    if constexpr (kHasFloatFormula<T, K> && kFloat && K == DistributionKind::exponential) {
      return clamped<K>(__fmul_rn(minus_log1p_minus_midpoint_f32(x), inverse_lambda_f));
    } else if constexpr (kHasFloatFormula<T, K> && kFloat) {
      if (midpoint_factor) return normal_f32<K>(lower_half_of_midpoint(x), midpoint_normal_factor());
    }
    return value<T, K, kFloat>(midpoint(x));
  }

  // The same value where u is MRG32k3a's z/d, z in [1, m1]: d = m1 + 1 (RngStreams'), or m1
  // (cuRAND's, so that z = m1 gives u = 1). The float normal's p and 1 − 2p come from the
  // integers, n = min(z, d − z) and d − 2n, each within an ulp of its quotient by d
  // (over_m1_plus), with no double arithmetic and no 64-bit conversion; either d takes the
  // same instructions, so that the kernel holds one copy of the formula. They are the exact
  // quotient's, not the double u's (z times the double nearest 1/d): where d − 2n is a few
  // units, 1 − 2p differs from 1 − 2u by up to about 4 float ulps, which the normal's 8-ulp
  // bound holds (docs/distributions.md, "Exactness").
  // The normal's and log-normal's values here compare with the bounds in every path, a no-op
  // (theirs are ±∞) that clamped<K> leaves out elsewhere: without it nvcc 13.0 makes MRG32k3a's
  // normal kernel 17% slower (measured: bench/results/2026-11-29-h200-cuda-poisson-guide).
  template <class T, DistributionKind K, bool kFloat>
  __device__ T value_of_mrg32k3a(const Mrg32k3aFormula& formula, const std::uint32_t* z) const {
    constexpr bool kBound = K == DistributionKind::normal || K == DistributionKind::lognormal;
    if constexpr (sizeof(T) == 4 && kBound && kFloat)
      return bounded(normal_f32<K>(lower_half_of_mrg32k3a(*z, formula.curand), normal_factor_f));
    else
      return value<T, K, kFloat, kBound>(formula.f64(z));
  }

  // The same for N words at once: the N quantiles side by side (normals_f32).
  template <DistributionKind K, int N>
  __device__ void normals_of_mrg32k3a(const Mrg32k3aFormula& formula, const std::uint32_t (&z)[N], float (&v)[N]) const {
    LowerHalf l[N];
#pragma unroll
    for (int i = 0; i < N; ++i) l[i] = lower_half_of_mrg32k3a(z[i], formula.curand);
    normals_f32<K>(l, v, normal_factor_f);
#pragma unroll
    for (int i = 0; i < N; ++i) v[i] = bounded(v[i]);
  }

  // The float normal's or log-normal's values of N midpoints at once (ValueOf::several): the
  // N quantiles' arithmetic side by side (normal_quantile_x_h). False where the factor is no
  // normal float (midpoint_normal_factor), for the caller to make them one by one.
  template <DistributionKind K, int N>
  __device__ bool normals_of_midpoints(const std::uint32_t (&x)[N], float (&v)[N]) const {
    if (!midpoint_factor) return false;
    LowerHalf l[N];
#pragma unroll
    for (int i = 0; i < N; ++i) l[i] = lower_half_of_midpoint(x[i]);
    normals_f32<K>(l, v, midpoint_normal_factor());
    return true;
  }

  // k/d in float for d = m1 + c (c = 0 or 1): 1/d = 2^-32·(1 + ε), ε = (2^32 − d)/d, so the
  // quotient is k_f·2^-32 (exact) plus k_f·2^-32·ε, added by one fused rounding; k_f is k
  // rounded to float, so the result is at most an ulp from k/d.
  __device__ static float over_m1_plus(std::uint32_t k, bool plus_one) {
    constexpr double kM1 = static_cast<double>(mrg32k3a::kM1);
    constexpr float kExcessM1 = static_cast<float>(0x1p-32 * ((0x1p32 - kM1) / kM1));
    constexpr float kExcessM1PlusOne = static_cast<float>(0x1p-32 * ((0x1p32 - kM1 - 1) / (kM1 + 1)));
    const float kf = __uint2float_rn(k);
    return __fmaf_rn(kf, plus_one ? kExcessM1PlusOne : kExcessM1, __fmul_rn(kf, 0x1p-32f));
  }

  // lower_half_of(z/d) (below): u = 1 (cuRAND's z = m1) gives n = 0, where p takes the clamp's
  // 2^-53, as there.
  __device__ static LowerHalf lower_half_of_mrg32k3a(std::uint32_t z, bool curand) {
    const std::uint32_t d = static_cast<std::uint32_t>(mrg32k3a::kM1) + (curand ? 0u : 1u);
    const bool upper = z > d / 2;  // u > 1/2
    const std::uint32_t n = upper ? d - z : z;
    return {normal_quantile_q(fmaxf(over_m1_plus(n, !curand), 0x1p-53f)), over_m1_plus(d - 2u * n, !curand),
            upper ? kSignBit : 0u};
  }

  // Box–Muller's two values of the pair (u0, u1): r = sqrt(−2·log1p(−u0)), (cos, sin) of
  // 2π·u1. In double by sincospi of the exact 2·u1, so that no rounded 2π enters; in float by
  // sincospif of the remainder s of 2·u1 = q/2 + s (q = rint(4·u1) quarter turns, |s| ≤ 1/4,
  // both exact in double), turned by q, so that the zeros at 1/4, 1/2 and 3/4 stay exact.
  template <class T, DistributionKind K, bool kFloat>
  __device__ void pair(double u0, double u1, T& v0, T& v1) const {
    if constexpr (sizeof(T) == 4 && !kFloat) {
      double w0, w1;
      pair<double, K, true>(u0, u1, w0, w1);
      v0 = rounded<float, K>(w0), v1 = rounded<float, K>(w1);
    } else if constexpr (sizeof(T) == 4) {
      const float r = __fsqrt_rn(__fmul_rn(2.0f, minus_log1p_minus_f32(u0)));
      const double q = rint(__dmul_rn(4.0, u1));
      float s = 0, c = 0;
      sincospif(__double2float_rn(__dsub_rn(__dmul_rn(2.0, u1), __dmul_rn(0.5, q))), &s, &c);
      const int quarter = static_cast<int>(q) & 3;
      const float cos_q = quarter == 0 ? c : quarter == 1 ? -s : quarter == 2 ? -c : s;
      const float sin_q = quarter == 0 ? s : quarter == 1 ? c : quarter == 2 ? -s : -c;
      v0 = clamped<K>(of_standard_normal_f32<K>(__fmul_rn(r, cos_q)));
      v1 = clamped<K>(of_standard_normal_f32<K>(__fmul_rn(r, sin_q)));
    } else {
      const double r = __dsqrt_rn(__dmul_rn(-2.0, log1p(-u0)));
      double s = 0, c = 0;
      sincospi(__dmul_rn(2.0, u1), &s, &c);
      v0 = rounded<T, K>(of_standard_normal<K>(__dmul_rn(r, c)));
      v1 = rounded<T, K>(of_standard_normal<K>(__dmul_rn(r, s)));
    }
  }

  template <DistributionKind K>
  __device__ double in_double(double u) const {
    if constexpr (K == DistributionKind::uniform)
      return __dadd_rn(a, __dmul_rn(width, u));  // the host's a + (b − a)·u, unfused
    else if constexpr (K == DistributionKind::uniform_positive)
      return __dsub_rn(1.0, u);
    else if constexpr (K == DistributionKind::exponential)
      return __ddiv_rn(-log1p(-u), lambda);
    else if constexpr (K == DistributionKind::poisson)
      return distributions::poisson_search(cdf, cdf_size, reinterpret_cast<const std::uint32_t*>(cdf + cdf_size), k0,
                                           floor, u);
    else
      return of_standard_normal<K>(normcdfinv(fmin(fmax(u, 0x1p-53), 1 - 0x1p-53)));
  }

  // The normal's or log-normal's value of a standard normal z: μ + σ·z, then exp.
  template <DistributionKind K>
  __device__ double of_standard_normal(double z) const {
    const double x = __dadd_rn(mean, __dmul_rn(stddev, z));
    if constexpr (K == DistributionKind::lognormal) return exp(x);
    else return x;
  }
  template <DistributionKind K>
  __device__ float of_standard_normal_f32(float z) const {
    return exp_if_lognormal<K>(__fmaf_rn(stddev_f, z, mean_f));
  }
  template <DistributionKind K>
  __device__ static float exp_if_lognormal(float x) {
    if constexpr (K == DistributionKind::lognormal) return expf(x);
    else return x;
  }

  // −log1p(−u) = −log(1 − u) in float: log q_f plus the remainder e = (1 − u) − q_f over q_f,
  // q_f = float(1 − u); e is exact enough in double either way (from 1 − q_f, exact, where
  // u < 1/2; from 1 − u, exact, above), so that both ends keep their relative accuracy.
  __device__ static float minus_log1p_minus_f32(double u) {
    const double q = __dsub_rn(1.0, u);
    const float qf = __double2float_rn(q);
    const double e = u < 0.5 ? __dsub_rn(__dsub_rn(1.0, qf), u) : __dsub_rn(q, qf);
    // u = 1 (cuRAND's MRG32k3a u of z = m1) gives +∞, as the host's −log1p(−1), where 0/0
    // would make a NaN.
    if (qf == 0.0f) return __int_as_float(0x7f800000);
    // e/q_f is at most 2^-24 of the sum, so the fast division's error vanishes in it; 0 − (…)
    // keeps u = 0's value +0, as the host's.
    return __fsub_rn(0.0f, __fadd_rn(logf(qf), __fdividef(__double2float_rn(e), qf)));
  }

  // minus_log1p_minus_f32(midpoint(x)): 1 − u = n·2^-33 with n = 2·(~x) + 1, q_f its float and
  // the remainder n − n_f a small whole number, exact in float.
  __device__ static float minus_log1p_minus_midpoint_f32(std::uint32_t x) {
    const unsigned long long n = 2ull * static_cast<unsigned long long>(~x) + 1ull;
    const float nf = __ull2float_rn(n);
    const float qf = __fmul_rn(nf, 0x1p-33f);
    const float e = __fmul_rn(__ll2float_rn(static_cast<long long>(n) - static_cast<long long>(__float2ull_rn(nf))), 0x1p-33f);
    return __fsub_rn(0.0f, __fadd_rn(logf(qf), __fdividef(e, qf)));
  }

  // lower_half_of(midpoint(x)), its x times 2^32: p = j·2^-33, j = 2m + 1, m = min(x, ~x)
  // (u ≥ 2^-33, so no clamp), so q = (j·2^-31)·(1 − j·2^-33) with normal_quantile_q's
  // roundings; 1 − 2p = k·2^-32, k = 2^32 − 1 − 2m, and x is k in float (the 2^-32 goes into
  // the factor, midpoint_normal_factor, which scales the rounded product exactly); u > 1/2
  // where x's top bit is set.
  __device__ static LowerHalf lower_half_of_midpoint(std::uint32_t x) {
    const std::uint32_t m = x ^ static_cast<std::uint32_t>(static_cast<std::int32_t>(x) >> 31);
    const float j = __uint2float_rn(2u * m + 1u);
    return {__fmul_rn(__fmul_rn(j, 0x1p-31f), __fmaf_rn(j, -0x1p-33f, 1.0f)), __uint2float_rn(~(2u * m)),
            x & kSignBit};
  }
  __device__ float midpoint_normal_factor() const { return __fmul_rn(normal_factor_f, 0x1p-32f); }

  // min(v, 1 − v) and 1 − 2·min in float for u clamped into v in [2^-53, 1 − 2^-53] (the
  // host's): p exact in double, and 1 − 2p exact from p = 1/4 on (where it is small) and
  // rounded once in double below, then both rounded to float.
  __device__ static LowerHalf lower_half_of(double u) {
    const double v = fmin(fmax(u, 0x1p-53), 1 - 0x1p-53);
    const bool upper = v > 0.5;
    const double p = upper ? __dsub_rn(1.0, v) : v;
    return {normal_quantile_q(__double2float_rn(p)), __double2float_rn(__dsub_rn(1.0, __dmul_rn(2.0, p))),
            upper ? kSignBit : 0u};
  }

  // The float normal's or log-normal's values μ + σ·Φ^-1(u) (then exp) of N lower halves, by the
  // GL pass's fit (cuda/normal_quantile.hpp): σ·z = ±(x·h)·factor, the sign u's side, the
  // factor normal_factor_f (midpoint_normal_factor for a midpoint's halves).
  template <DistributionKind K, int N>
  __device__ void normals_f32(const LowerHalf (&l)[N], float (&v)[N], float factor) const {
    float q[N], x[N], xh[N];
#pragma unroll
    for (int i = 0; i < N; ++i) q[i] = l[i].q, x[i] = l[i].x;
    normal_quantile_x_h(q, x, xh);
#pragma unroll
    for (int i = 0; i < N; ++i)
      v[i] = exp_if_lognormal<K>(__fmaf_rn(__int_as_float(__float_as_int(xh[i]) ^ l[i].sign), factor, mean_f));
  }
  template <DistributionKind K>
  __device__ float normal_f32(const LowerHalf& l, float factor) const {
    float v[1];
    normals_f32<K>({l}, v, factor);
    return v[0];
  }

  // A value rounded once to T and clamped into [lowest, highest] in std::clamp's order, as the
  // host's: a value equal to a bound keeps its own sign of zero. Only a uniform range has
  // finite bounds (the others' are ±∞, where the clamp changes nothing), so only its kernels
  // compare, and those that kBound asks to.
  template <class T, DistributionKind K, bool kBound = false>
  __device__ T rounded(double value) const {
    if constexpr (sizeof(T) == 4) return clamped<K, kBound>(__double2float_rn(value));
    else return clamped<K, kBound>(value);
  }
  template <DistributionKind K, bool kBound = false, class T>
  __device__ T clamped(T r) const {
    if constexpr (K != DistributionKind::uniform && !kBound) return r;
    else return bounded(r);
  }
  template <class T>
  __device__ T bounded(T r) const {
    const T low = static_cast<T>(lowest), high = static_cast<T>(highest);
    return r < low ? low : (high < r ? high : r);
  }
};

// A distribution's Transform for values of `format`, its Poisson table (if any) in device
// memory kept by `table`; none without a distribution (the formula's own values). Checks the
// distribution (InvalidArgument).
struct PreparedTransform {
  Transform transform;
  std::shared_ptr<DeviceBuffer<double>> table;  // the Poisson's CDF values, then its guide
  bool pairs = false;  // Box–Muller
};
std::optional<PreparedTransform> prepare_transform(const Distribution* distribution, ValueFormat format);

// What a kernel makes of an output's words: the formula's own T, a distribution's value of its
// u, or (kPairs) Box–Muller's two values of two outputs' words.
enum class Made { own, distribution, pairs };

// kFloat: Transform's (a float kind's values by its float formulas, else by the double
// formula rounded), with_value_of's choice.
template <class Formula, class T, Made kMade, DistributionKind kKind = DistributionKind::uniform, bool kFloat = true>
struct ValueOf {
  using Value = T;
  static constexpr int kWidth = Formula::kWidth;
  static constexpr bool kPairs = kMade == Made::pairs;
  static constexpr bool kOfMidpoint = requires { requires Formula::kMidpoint; };
  static constexpr bool kOfMrg32k3a = requires { requires Formula::kMrg32k3a; };
  // Whether several() makes the values side by side: the float normal's and log-normal's.
  static constexpr bool kSideBySide = kMade == Made::distribution && kFloat && sizeof(T) == 4 &&
                                      (kKind == DistributionKind::normal || kKind == DistributionKind::lognormal) &&
                                      (kOfMidpoint || kOfMrg32k3a);
  Formula formula;
  Transform transform;  // unused for Made::own

  __device__ T one(const std::uint32_t* x) const {
    if constexpr (kMade == Made::own) {
      if constexpr (sizeof(T) == 4) return formula.f32(x);
      else return formula.f64(x);
    } else if constexpr (kOfMidpoint) {
      return transform.template value_of_midpoint<T, kKind, kFloat>(*x);
    } else if constexpr (kOfMrg32k3a) {
      return transform.template value_of_mrg32k3a<T, kKind, kFloat>(formula, x);
    } else {
      return transform.template value<T, kKind, kFloat>(formula.f64(x));
    }
  }
  // The values of N outputs' words: the float normal's or log-normal's N side by side
  // (Transform::normals_of_midpoints, normals_of_mrg32k3a), else one() each.
  template <int N>
  __device__ void several(const std::uint32_t (&w)[N], T (&v)[N]) const {
    if constexpr (kSideBySide && !kOfMidpoint) {
      transform.template normals_of_mrg32k3a<kKind>(formula, w, v);
    } else {
      if constexpr (kSideBySide)
        if (transform.template normals_of_midpoints<kKind>(w, v)) return;
#pragma unroll
      for (int i = 0; i < N; ++i) v[i] = one(&w[i]);
    }
  }
  __device__ void two(const std::uint32_t* x0, const std::uint32_t* x1, T& v0, T& v1) const {
    transform.template pair<T, kKind, kFloat>(formula.f64(x0), formula.f64(x1), v0, v1);
  }
};

// Calls launch(value) with the ValueOf that makes `format` values of `formula` (a
// distribution's where `prepared` holds one): each kernel is instantiated for each kind of value.
template <class Formula, class Launch>
void with_value_of(Formula formula, ValueFormat format, const std::optional<PreparedTransform>& prepared,
                   Launch&& launch) {
  const auto as = [&](auto zero) {
    using T = decltype(zero);
    if (!prepared) return launch(ValueOf<Formula, T, Made::own>{formula, {}});
    const Transform& t = prepared->transform;
    // kFloat: a float kind's values by its float formulas where its parameters let them, else
    // by its double formula rounded, in kernels of their own; a kind with no float formula
    // (or a double value) has the one kernel.
    const auto by_kind = [&]<bool kFloat>() {
      switch (t.kind) {
        case DistributionKind::uniform:
          return launch(ValueOf<Formula, T, Made::distribution, DistributionKind::uniform>{formula, t});
        case DistributionKind::uniform_positive:
          return launch(ValueOf<Formula, T, Made::distribution, DistributionKind::uniform_positive>{formula, t});
        case DistributionKind::exponential:
          return launch(ValueOf<Formula, T, Made::distribution, DistributionKind::exponential, kFloat>{formula, t});
        case DistributionKind::poisson:
          return launch(ValueOf<Formula, T, Made::distribution, DistributionKind::poisson>{formula, t});
        case DistributionKind::normal:
          if (prepared->pairs)
            return launch(ValueOf<Formula, T, Made::pairs, DistributionKind::normal, kFloat>{formula, t});
          return launch(ValueOf<Formula, T, Made::distribution, DistributionKind::normal, kFloat>{formula, t});
        case DistributionKind::lognormal:
          if (prepared->pairs)
            return launch(ValueOf<Formula, T, Made::pairs, DistributionKind::lognormal, kFloat>{formula, t});
          return launch(ValueOf<Formula, T, Made::distribution, DistributionKind::lognormal, kFloat>{formula, t});
      }
      throw std::logic_error("no device values for this distribution kind");
    };
    if constexpr (sizeof(T) == 4) {
      if (!t.float_parameters) return by_kind.template operator()<false>();
    }
    return by_kind.template operator()<true>();
  };
  if (format == ValueFormat::f32) as(0.0f);
  else as(0.0);
}

}  // namespace glrand::cuda
