// SPDX-License-Identifier: MIT
#include "generators/park_miller.hpp"

#include "generators/float_conversion.hpp"
#include "generators/parallel_fill.hpp"

namespace glrand::pm {

double to_f64(std::uint32_t z) { return static_cast<double>(z) / kModulus; }

float to_f32(std::uint32_t z) {
  return float_not_above(to_f64(z));
}

void generate_ints(State start, std::span<std::uint32_t> out, unsigned threads) {
  parallel_fill(out.size(), threads, [&](std::uint64_t begin, std::uint64_t end) {
    State z = advanced_by(start, begin);
    for (std::uint64_t i = begin; i < end; ++i, z = step(z)) out[i] = z;
  });
}

}  // namespace glrand::pm
