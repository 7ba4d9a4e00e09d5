// SPDX-License-Identifier: MIT
// Values made on the GPU from the exact words in device memory (cuda/value_formulas.hpp), so
// that only the values cross to the host.
#include <cmath>
#include <memory>
#include <optional>
#include <stdexcept>
#include <tuple>

#include <glrand/error.hpp>
#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"
#include "cuda/value_formulas.hpp"
#include "distributions/poisson_table.hpp"
#include "distributions/transforms.hpp"

namespace glrand::cuda {
namespace {

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

template <class Value>
__global__ void values_kernel(const std::uint32_t* words, typename Value::Value* out, std::uint64_t count, Value value) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count; i += stride) {
    std::uint32_t x[Value::kWidth];
    load_output<Value>(words, i, x);
    out[i] = value.one(x);
  }
}

// Box–Muller's pairs: outputs 2p and 2p + 1 make values 2p and 2p + 1. `count` is even.
template <class Value>
__global__ void box_muller_kernel(const std::uint32_t* words, typename Value::Value* out, std::uint64_t count,
                                  Value value) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t p = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; 2 * p < count; p += stride) {
    std::uint32_t x0[Value::kWidth], x1[Value::kWidth];
    load_output<Value>(words, 2 * p, x0);
    load_output<Value>(words, 2 * p + 1, x1);
    value.two(x0, x1, out[2 * p], out[2 * p + 1]);
  }
}

template <class Formula>
DeviceConversion conversion(Formula formula, ValueFormat format, const Distribution* distribution) {
  return {bytes_per_value(format), [formula, format, prepared = prepare_transform(distribution, format)](
                                       const std::uint32_t* words, std::uint64_t count, void* out, Stream stream) {
            if (count == 0) return;
            with_value_of(formula, format, prepared, [&](auto value) {
              using Value = decltype(value);
              auto* values = static_cast<typename Value::Value*>(out);
              if constexpr (Value::kPairs) {
                if (count % 2 != 0) throw std::logic_error("Box-Muller values on the GPU come in whole pairs");
                const Geometry g = leapfrog_geometry(count / 2, multiprocessors());
                box_muller_kernel<<<g.blocks, g.threads_per_block, 0, stream>>>(words, values, count, value);
                check_launch("box_muller_kernel");
              } else {
                const Geometry g = leapfrog_geometry(count, multiprocessors());
                values_kernel<<<g.blocks, g.threads_per_block, 0, stream>>>(words, values, count, value);
                check_launch("values_kernel");
              }
            });
          }};
}

}  // namespace

std::optional<PreparedTransform> prepare_transform(const Distribution* distribution, ValueFormat format) {
  if (!distribution) return std::nullopt;
  const Distribution& d = *distribution;
  check(d);
  PreparedTransform p;
  p.pairs = distributions::uses_pairs(d);
  Transform& t = p.transform;
  t = Transform{d.kind, d.a, d.b - d.a, d.mean, d.stddev, d.lambda, 0, 0};
  t.inverse_lambda_f = static_cast<float>(1.0 / d.lambda);
  t.mean_f = static_cast<float>(d.mean);
  t.stddev_f = static_cast<float>(d.stddev);
  t.normal_factor_f = static_cast<float>(-std::sqrt(2.0) * d.stddev);
  if (d.kind == DistributionKind::exponential) t.float_parameters = std::isnormal(t.inverse_lambda_f);
  if (d.kind == DistributionKind::normal || d.kind == DistributionKind::lognormal) {
    t.float_parameters = std::isnormal(t.stddev_f) && (d.mean == 0 || std::isnormal(t.mean_f)) &&
                         (p.pairs || std::isnormal(t.normal_factor_f));
    t.midpoint_factor = std::isnormal(t.normal_factor_f * 0x1p-32f);
  }
  if (format == ValueFormat::f32)
    std::tie(t.lowest, t.highest) = distributions::value_bounds_f32(d);
  else
    std::tie(t.lowest, t.highest) = distributions::value_bounds_f64(d);
  if (d.kind == DistributionKind::poisson) {
    const auto table = distributions::poisson_table(d.lambda);
    if (!table)
      throw InvalidArgument("Poisson values of this mean are made on the host only (its CDF table could not be "
                            "made): leave out --distribution-on gpu");
    // One buffer: the CDF values, then the guide (in the kernels' parameters, a pointer less).
    const std::size_t values = table->cdf.size(), guide_bytes = table->guide.size() * sizeof(std::uint32_t);
    p.table = std::make_shared<DeviceBuffer<double>>(values + (guide_bytes + sizeof(double) - 1) / sizeof(double));
    check(cudaMemcpy(p.table->data(), table->cdf.data(), values * sizeof(double), cudaMemcpyHostToDevice), "cudaMemcpy");
    check(cudaMemcpy(p.table->data() + values, table->guide.data(), guide_bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
    t.cdf = p.table->data();
    t.cdf_size = static_cast<std::uint32_t>(values);
    t.k0 = table->k0;
    t.floor = table->floor;
  }
  return p;
}

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
