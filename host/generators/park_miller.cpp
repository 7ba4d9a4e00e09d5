// SPDX-License-Identifier: MIT
#include "generators/park_miller.hpp"

#include <cmath>

#include "generators/parallel_fill.hpp"

namespace glrand::pm {

double to_f64(std::uint32_t z) { return static_cast<double>(z) / kModulus; }

float to_f32(std::uint32_t z) {
  const double u = to_f64(z);
  float f = static_cast<float>(u);
  if (static_cast<double>(f) > u) f = std::nextafter(f, 0.0f);  // round down: stays below 1
  return f;
}

void generate_ints(State start, std::span<std::uint32_t> out, unsigned threads) {
  parallel_fill(out.size(), threads, [&](std::uint64_t begin, std::uint64_t end) {
    State z = advanced_by(start, begin);
    for (std::uint64_t i = begin; i < end; ++i, z = step(z)) out[i] = z;
  });
}

}  // namespace glrand::pm
