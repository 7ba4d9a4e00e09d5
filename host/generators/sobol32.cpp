// SPDX-License-Identifier: MIT
#include "generators/sobol32.hpp"

#include <stdexcept>
#include <string>

#include "generators/float_conversion.hpp"

namespace glrand::sobol32 {

Directions directions(int dimension) {
  if (dimension < 0 || dimension >= kDimensions)
    throw std::out_of_range("Sobol32: dimension " + std::to_string(dimension) + " is not in 0.." +
                            std::to_string(kDimensions - 1));
  return dimension == 0 ? van_der_corput() : directions_of(joe_kuo_table()[static_cast<std::size_t>(dimension - 1)]);
}

void generate_dimension(int dimension, std::uint64_t first, std::span<std::uint32_t> out) {
  const Directions v = directions(dimension);
  if (first > kPoints || out.size() > kPoints - first) throw std::out_of_range("Sobol32: points beyond 2^32 in a dimension");
  if (out.empty()) return;
  std::uint32_t x = point(v.data(), static_cast<std::uint32_t>(first));
  out[0] = x;
  for (std::uint64_t i = 1; i < out.size(); ++i) {
    x = step(v.data(), x, static_cast<std::uint32_t>(first + i - 1));
    out[i] = x;
  }
}

void generate_ints(int dimensions, std::uint64_t first, std::uint64_t points, std::span<std::uint32_t> out) {
  if (dimensions < 1 || dimensions > kDimensions)
    throw std::out_of_range("Sobol32: " + std::to_string(dimensions) + " dimensions, want 1.." + std::to_string(kDimensions));
  if (first > kPoints || points > kPoints - first)
    throw std::out_of_range("Sobol32: points beyond 2^32 in a dimension");
  if (out.size() != static_cast<std::uint64_t>(dimensions) * points)
    throw std::invalid_argument("Sobol32: the output holds " + std::to_string(out.size()) + " words, want dimensions·points");
  for (int d = 0; d < dimensions; ++d)
    generate_dimension(d, first, out.subspan(static_cast<std::size_t>(d) * points, static_cast<std::size_t>(points)));
}

GLRAND_VECTOR_CLONES void to_f32(std::span<const std::uint32_t> words, std::span<float> out) {
  convert_each<1>(words, out, [](const std::uint32_t* w) { return to_f32(*w); });
}

GLRAND_VECTOR_CLONES void to_f64(std::span<const std::uint32_t> words, std::span<double> out) {
  convert_each<1>(words, out, [](const std::uint32_t* w) { return to_f64(*w); });
}

}  // namespace glrand::sobol32
