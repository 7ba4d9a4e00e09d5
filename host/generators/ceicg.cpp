// SPDX-License-Identifier: MIT
#include "generators/ceicg.hpp"

#include <algorithm>
#include <cmath>

#include "generators/float_conversion.hpp"
#include "generators/parallel_fill.hpp"

namespace glrand::ceicg {

double to_f64(const Output& x) {
  double u = static_cast<double>(x[0]) / kComponents[0].modulus;
  u += static_cast<double>(x[1]) / kComponents[1].modulus;
  u += static_cast<double>(x[2]) / kComponents[2].modulus;
  return u - std::floor(u);
}

float to_f32(const Output& x) {
  return float_not_above(to_f64(x));
}

std::uint32_t to_u32(const Output& x) { return word_of_unit(to_f64(x)); }

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
