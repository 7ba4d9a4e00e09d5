// SPDX-License-Identifier: MIT
#pragma once
// Poisson inversion by table: the CDF values poisson_quantile() compares u with, made once per
// mean, then a binary search per value: the least k with F(k) > u, poisson_quantile()'s k for
// every u up to 1 − 2^-40 (closer to 1 gamma_q's rounding dips and its step-by-step search can
// stop past the least k), many times faster at large means, and the same search on the GPU
// (docs/distributions.md).
#include <cstdint>
#include <memory>
#include <vector>

#include "generators/host_device.hpp"

namespace glrand::distributions {

// k0 + the least i < size with cdf[i] > max(u, floor), else k0 + size: the search on the
// host and in the CUDA distribution kernel alike. 32-bit indices (a table has at most about
// 64·√λ + 64 entries): 64-bit ones cost the GPU's resident Poisson a third of its rate.
GLRAND_HOST_DEVICE inline double poisson_search(const double* cdf, std::uint32_t size, double k0, double floor,
                                                double u) {
  const double v = u < floor ? floor : u;
  std::uint32_t lo = 0, hi = size;
  while (lo < hi) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    if (cdf[mid] > v)
      hi = mid;
    else
      lo = mid + 1;
  }
  return k0 + static_cast<double>(lo);
}

struct PoissonTable {
  double k0 = 0;     // the k of cdf[0]
  double floor = 0;  // u is compared as max(u, floor): 2^-53 where poisson_quantile clamps it
  // Non-decreasing; the quantile of u is k0 + the least i with cdf[i] > max(u, floor), or
  // k0 + cdf.size() where there is none (the summed CDF's last step, too small to add).
  std::vector<double> cdf;

  double quantile(double u) const {
    return poisson_search(cdf.data(), static_cast<std::uint32_t>(cdf.size()), k0, floor, u);
  }
};

// λ's table (10^-3 ≤ λ ≤ 10^6), kept for the next calls with the same λ; null where the CDF
// does not reach 1 within 64 standard deviations (not seen: its values are then
// poisson_quantile's own).
std::shared_ptr<const PoissonTable> poisson_table(double lambda);

}  // namespace glrand::distributions
