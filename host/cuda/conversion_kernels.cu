// SPDX-License-Identifier: MIT
// Floats made on the GPU from the exact words, so that only the floats cross to the host: the
// host formulas (generators/*.hpp and *.cpp) operation for operation, each written as the
// correctly rounded intrinsic of that operation, so that no contraction into a fused
// multiply-add can change a bit. Rounding a double down to a float (__double2float_rd) is
// float_not_above for the u ≥ 0 every formula gives.
#include <memory>
#include <stdexcept>
#include <tuple>

#include <glrand/error.hpp>
#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"
#include "distributions/poisson_table.hpp"
#include "distributions/transforms.hpp"

namespace glrand::cuda {
namespace {

// u − trunc(u) for u ≥ 0: exact, as on the host.
__device__ double fractional_part(double u) { return __dsub_rn(u, __int2double_rn(__double2int_rz(u))); }

// x·2^-32 + 2^-33, exact in a double.
__device__ double midpoint(std::uint32_t x) { return __dmul_rn(__dadd_rn(static_cast<double>(x), 0.5), 0x1p-32); }

struct CeicgFormula {
  static constexpr int kWidth = 3;
  __device__ double f64(const std::uint32_t* x) const {
    double u = __ddiv_rn(static_cast<double>(x[0]), static_cast<double>(ceicg::kComponents[0].modulus));
    u = __dadd_rn(u, __ddiv_rn(static_cast<double>(x[1]), static_cast<double>(ceicg::kComponents[1].modulus)));
    u = __dadd_rn(u, __ddiv_rn(static_cast<double>(x[2]), static_cast<double>(ceicg::kComponents[2].modulus)));
    return fractional_part(u);
  }
  __device__ float f32(const std::uint32_t* x) const { return __double2float_rd(f64(x)); }
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
  bool curand;  // cuRAND's normalisation, its f32 the double rounded to nearest
  __device__ double f64(const std::uint32_t* z) const {
    return __dmul_rn(static_cast<double>(*z), curand ? mrg32k3a::kCurandNorm : mrg32k3a::kNorm);
  }
  __device__ float f32(const std::uint32_t* z) const {
    return curand ? __double2float_rn(f64(z)) : __double2float_rd(f64(z));
  }
};

struct MidpointFormula {
  static constexpr int kWidth = 1;
  __device__ double f64(const std::uint32_t* x) const { return midpoint(*x); }
  __device__ float f32(const std::uint32_t* x) const { return __double2float_rd(midpoint(*x)); }
};

// Sobol32's f32 is cuRAND's, computed in float: the product is exact, the sum rounded.
struct Sobol32Formula {
  static constexpr int kWidth = 1;
  __device__ double f64(const std::uint32_t* x) const { return midpoint(*x); }
  __device__ float f32(const std::uint32_t* x) const {
    return __fadd_rn(__fmul_rn(__uint2float_rn(*x), 2.3283064365386963e-10f), 1.16415321826934814453125e-10f);
  }
};

// Output i's words into x.
template <class Formula>
__device__ void load_output(const std::uint32_t* words, std::uint64_t i, std::uint32_t (&x)[Formula::kWidth]) {
  if constexpr (Formula::kWidth == 4) {
    const uint4 v = reinterpret_cast<const uint4*>(words)[i];  // 16-byte aligned: 4 words an output
    x[0] = v.x, x[1] = v.y, x[2] = v.z, x[3] = v.w;
  } else {
    for (int k = 0; k < Formula::kWidth; ++k) x[k] = words[Formula::kWidth * i + k];
  }
}

template <class Formula, class T>
__global__ void values_kernel(const std::uint32_t* words, T* out, std::uint64_t count, Formula formula) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count; i += stride) {
    std::uint32_t x[Formula::kWidth];
    load_output<Formula>(words, i, x);
    if constexpr (sizeof(T) == 4)
      out[i] = formula.f32(x);
    else
      out[i] = formula.f64(x);
  }
}

// A distribution's value of u, in double (distributions/transforms.cpp's formulas, with
// CUDA's log1p, exp and normcdfinv; the Poisson's by the host's own table and search, so the
// host's k), and the range its Ts are clamped to.
struct Transform {
  DistributionKind kind;
  double a, width, mean, stddev, lambda;
  double lowest, highest;
  // The Poisson's CDF table (distributions/poisson_table.hpp) in device memory.
  const double* cdf = nullptr;
  std::uint32_t cdf_size = 0;
  double k0 = 0, floor = 0;

  __device__ double operator()(double u) const {
    switch (kind) {
      case DistributionKind::uniform:
        return __dadd_rn(a, __dmul_rn(width, u));  // the host's a + (b − a)·u, unfused
      case DistributionKind::uniform_positive:
        return __dsub_rn(1.0, u);
      case DistributionKind::exponential:
        return __ddiv_rn(-log1p(-u), lambda);
      case DistributionKind::normal:
      case DistributionKind::lognormal:
        return of_standard_normal(normcdfinv(fmax(u, 0x1p-53)));
      case DistributionKind::poisson:
        return distributions::poisson_search(cdf, cdf_size, k0, floor, u);
    }
    return 0.0;
  }

  // The normal's or log-normal's value of a standard normal z: μ + σ·z, then exp.
  __device__ double of_standard_normal(double z) const {
    const double x = __dadd_rn(mean, __dmul_rn(stddev, z));
    return kind == DistributionKind::lognormal ? exp(x) : x;
  }

  // A value rounded once to T and clamped into [lowest, highest] in std::clamp's order, as the
  // host's: a value equal to a bound keeps its own sign of zero.
  template <class T>
  __device__ T rounded(double value) const {
    T r;
    if constexpr (sizeof(T) == 4)
      r = __double2float_rn(value);
    else
      r = value;
    const T low = static_cast<T>(lowest), high = static_cast<T>(highest);
    return r < low ? low : (high < r ? high : r);
  }
};

template <class Formula, class T>
__global__ void distribution_kernel(const std::uint32_t* words, T* out, std::uint64_t count, Formula formula,
                                    Transform transform) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count; i += stride) {
    std::uint32_t x[Formula::kWidth];
    load_output<Formula>(words, i, x);
    out[i] = transform.template rounded<T>(transform(formula.f64(x)));
  }
}

// Box–Muller's pairs: outputs 2p and 2p + 1 make values 2p and 2p + 1, r = sqrt(−2·log1p(−u0)),
// (cos, sin) of 2π·u1 by sincospi of the exact 2·u1, so that no rounded 2π enters (the
// bound is against the exact formula: docs/distributions.md). `count` is even.
template <class Formula, class T>
__global__ void box_muller_kernel(const std::uint32_t* words, T* out, std::uint64_t count, Formula formula,
                                  Transform transform) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t p = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; 2 * p < count; p += stride) {
    std::uint32_t x0[Formula::kWidth], x1[Formula::kWidth];
    load_output<Formula>(words, 2 * p, x0);
    load_output<Formula>(words, 2 * p + 1, x1);
    const double r = __dsqrt_rn(__dmul_rn(-2.0, log1p(-formula.f64(x0))));
    double s = 0, c = 0;
    sincospi(__dmul_rn(2.0, formula.f64(x1)), &s, &c);
    out[2 * p] = transform.template rounded<T>(transform.of_standard_normal(__dmul_rn(r, c)));
    out[2 * p + 1] = transform.template rounded<T>(transform.of_standard_normal(__dmul_rn(r, s)));
  }
}

template <class T, class Formula>
DeviceConversion launcher(Formula formula) {
  return {sizeof(T), [formula](const std::uint32_t* words, std::uint64_t count, void* out, Stream stream) {
            if (count == 0) return;
            const Geometry g = leapfrog_geometry(count, multiprocessors());
            values_kernel<Formula, T><<<g.blocks, g.threads_per_block, 0, stream>>>(words, static_cast<T*>(out), count,
                                                                                     formula);
            check_launch("values_kernel");
          }};
}

template <class T, class Formula>
DeviceConversion distribution_launcher(Formula formula, const Distribution& d) {
  check(d);
  const bool pairs = distributions::uses_pairs(d);
  Transform transform{d.kind, d.a, d.b - d.a, d.mean, d.stddev, d.lambda, 0, 0};
  if constexpr (sizeof(T) == 4)
    std::tie(transform.lowest, transform.highest) = distributions::value_bounds_f32(d);
  else
    std::tie(transform.lowest, transform.highest) = distributions::value_bounds_f64(d);
  std::shared_ptr<DeviceBuffer<double>> cdf;  // kept by the launcher
  if (d.kind == DistributionKind::poisson) {
    const auto table = distributions::poisson_table(d.lambda);
    if (!table)
      throw InvalidArgument("Poisson values of this mean are made on the host only (its CDF table could not be "
                            "made): leave out --distribution-on gpu");
    cdf = std::make_shared<DeviceBuffer<double>>(table->cdf.size());
    check(cudaMemcpy(cdf->data(), table->cdf.data(), table->cdf.size() * sizeof(double), cudaMemcpyHostToDevice),
          "cudaMemcpy");
    transform.cdf = cdf->data();
    transform.cdf_size = static_cast<std::uint32_t>(table->cdf.size());
    transform.k0 = table->k0;
    transform.floor = table->floor;
  }
  return {sizeof(T), [formula, transform, cdf, pairs](const std::uint32_t* words, std::uint64_t count, void* out,
                                                      Stream stream) {
            if (count == 0) return;
            if (pairs) {
              if (count % 2 != 0) throw std::logic_error("Box-Muller values on the GPU come in whole pairs");
              const Geometry g = leapfrog_geometry(count / 2, multiprocessors());
              box_muller_kernel<Formula, T><<<g.blocks, g.threads_per_block, 0, stream>>>(
                  words, static_cast<T*>(out), count, formula, transform);
              check_launch("box_muller_kernel");
              return;
            }
            const Geometry g = leapfrog_geometry(count, multiprocessors());
            distribution_kernel<Formula, T>
                <<<g.blocks, g.threads_per_block, 0, stream>>>(words, static_cast<T*>(out), count, formula, transform);
            check_launch("distribution_kernel");
          }};
}

template <class Formula>
DeviceConversion conversion(Formula formula, ValueFormat format, const Distribution* distribution) {
  if (distribution)
    return format == ValueFormat::f32 ? distribution_launcher<float>(formula, *distribution)
                                      : distribution_launcher<double>(formula, *distribution);
  return format == ValueFormat::f32 ? launcher<float>(formula) : launcher<double>(formula);
}

}  // namespace

DeviceConversion ceicg_conversion(ValueFormat format, const Distribution* distribution) {
  return conversion(CeicgFormula{}, format, distribution);
}

DeviceConversion wichmann_hill_conversion(const wh::Parameters& parameters, ValueFormat format,
                                          const Distribution* distribution) {
  WichmannHillFormula formula{};
  for (int k = 0; k < 4; ++k) formula.r[k] = 1.0 / parameters.modulus[k];
  return conversion(formula, format, distribution);
}

DeviceConversion park_miller_conversion(ValueFormat format, const Distribution* distribution) {
  return conversion(ParkMillerFormula{}, format, distribution);
}

DeviceConversion mrg32k3a_conversion(bool curand, ValueFormat format, const Distribution* distribution) {
  return conversion(Mrg32k3aFormula{curand}, format, distribution);
}

DeviceConversion midpoint_conversion(ValueFormat format, const Distribution* distribution) {
  return conversion(MidpointFormula{}, format, distribution);
}

DeviceConversion sobol32_conversion(ValueFormat format, const Distribution* distribution) {
  return conversion(Sobol32Formula{}, format, distribution);
}

}  // namespace glrand::cuda
