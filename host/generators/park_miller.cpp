// SPDX-License-Identifier: MIT
#include "generators/park_miller.hpp"

#include "generators/parallel_fill.hpp"

namespace glrand::pm {

GLRAND_VECTOR_CLONES void to_f32(std::span<const std::uint32_t> z, std::span<float> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return to_f32(*w); });
}

GLRAND_VECTOR_CLONES void to_f64(std::span<const std::uint32_t> z, std::span<double> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return to_f64(*w); });
}

GLRAND_VECTOR_CLONES void to_u32(std::span<const std::uint32_t> z, std::span<std::uint32_t> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return to_u32(*w); });
}

void generate_ints(State start, std::span<std::uint32_t> out, unsigned threads) {
  parallel_fill(out.size(), threads, [&](std::uint64_t begin, std::uint64_t end) {
    State z = advanced_by(start, begin);
    for (std::uint64_t i = begin; i < end; ++i, z = step(z)) out[i] = z;
  });
}

}  // namespace glrand::pm
