// SPDX-License-Identifier: MIT
#pragma once
// Poisson inversion by table: the CDF values poisson_quantile() compares u with, made once per
// mean, then a guided search per value: the least k with F(k) > u, poisson_quantile()'s k for
// every u up to 1 − 2^-40 (closer to 1 gamma_q's rounding dips and its step-by-step search can
// stop past the least k), many times faster at large means, and the same search on the GPU
// (docs/distributions.md).
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "generators/host_device.hpp"

namespace glrand::distributions {

// The search's guide has 2^bits entries: the least power of two of at least twice the table's
// (size ≥ 1).
GLRAND_HOST_DEVICE inline int poisson_guide_bits(std::uint32_t size) {
#ifdef __CUDA_ARCH__
  return 32 - __clz(static_cast<int>(2 * size - 1));
#else
  return std::bit_width(2 * size - 1);
#endif
}

// k0 + the least i < size with cdf[i] > v, v = u clamped into [floor, 1 − floor], else
// k0 + size: the search on the host and in the CUDA distribution kernel alike. It starts at
// guide[j], j = ⌊v·2^bits⌋ (at most 2^bits − 1), the least i with cdf[i] > j·2^-bits: every i
// below it has cdf[i] ≤ j·2^-bits ≤ v, so counting up from there finds the least i, in one or
// two compares for most v (a guide table: Chen and Asau, 1974); the first and last buckets hold
// the tails, where a rare v counts through many (at λ = 10^6, up to a few thousand). 32-bit
// indices (a table has at most about 64·√λ + 64 entries): 64-bit ones cost the GPU's resident
// Poisson a third of its rate.
GLRAND_HOST_DEVICE inline double poisson_search(const double* cdf, std::uint32_t size, const std::uint32_t* guide,
                                                double k0, double floor, double u) {
  const double ceiling = 1.0 - floor;  // exact
  const double v = u < floor ? floor : (u > ceiling ? ceiling : u);
  const int bits = poisson_guide_bits(size);
  const std::uint32_t last = (1u << bits) - 1u;
  const double scaled = v * static_cast<double>(1u << bits);  // exact: a power of two
  std::uint32_t i = guide[scaled >= static_cast<double>(last) ? last : static_cast<std::uint32_t>(scaled)];
  while (i < size && !(cdf[i] > v)) ++i;
  return k0 + static_cast<double>(i);
}

struct PoissonTable {
  double k0 = 0;     // the k of cdf[0]
  double floor = 0;  // u is compared as clamped into [floor, 1 − floor]: [2^-53, 1 − 2^-53]
                     // where poisson_quantile clamps it, else [0, 1]
  // Non-decreasing; the quantile of u is k0 + the least i with cdf[i] > v (v: u clamped), or
  // k0 + cdf.size() where there is none (the summed CDF's last step, too small to add).
  std::vector<double> cdf;
  // guide[j], j < 2^poisson_guide_bits(cdf.size()): the least i with cdf[i] > j·2^-bits
  // (cdf.size() where none).
  std::vector<std::uint32_t> guide;

  double quantile(double u) const {
    return poisson_search(cdf.data(), static_cast<std::uint32_t>(cdf.size()), guide.data(), k0, floor, u);
  }
};

// λ's table (10^-3 ≤ λ ≤ 10^6), kept for the next calls with the same λ; null where the CDF
// does not reach 1 within 64 standard deviations (not seen: its values are then
// poisson_quantile's own).
std::shared_ptr<const PoissonTable> poisson_table(double lambda);

}  // namespace glrand::distributions
