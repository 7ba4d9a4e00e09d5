// SPDX-License-Identifier: MIT
#include "generators/ceicg.hpp"

#include <algorithm>
#include <cmath>

#include "generators/parallel_fill.hpp"

namespace glrand::ceicg {

double to_f64(const Output& x) {
  double u = static_cast<double>(x[0]) / kComponents[0].modulus;
  u += static_cast<double>(x[1]) / kComponents[1].modulus;
  u += static_cast<double>(x[2]) / kComponents[2].modulus;
  return u - std::floor(u);
}

float to_f32(const Output& x) {
  const double u = to_f64(x);
  float f = static_cast<float>(u);
  // Round-to-nearest may carry u just below 1 up to 1.0f; rounding down keeps [0, 1).
  if (static_cast<double>(f) > u) f = std::nextafter(f, 0.0f);
  return f;
}

void generate_ints(const Residues& start, std::span<std::uint32_t> out, unsigned threads) {
  parallel_fill(out.size() / 3, threads, [&](std::uint64_t begin, std::uint64_t end) {
    Residues r = advanced_by(start, begin);
    for (std::uint64_t i = begin; i < end; ++i, r = advanced_by(r, 1)) {
      const Output x = output_at(r);
      std::copy(x.begin(), x.end(), out.begin() + 3 * i);
    }
  });
}

}  // namespace glrand::ceicg
