// SPDX-License-Identifier: MIT
#include "generators/sobol32.hpp"

#include <algorithm>
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

namespace {

// Points first .. first + out.size() − 1 from x = x_first, a point at a time (x_{n+1} = x_n
// XOR v[lowest zero bit of n]); returns the next point, x_{first + out.size()}.
std::uint32_t step_by_step(const Directions& v, std::uint32_t x, std::uint64_t first, std::span<std::uint32_t> out) {
  for (std::uint64_t i = 0; i < out.size(); ++i) {
    out[i] = x;
    if (first + i + 1 < kPoints) x = step(v.data(), x, static_cast<std::uint32_t>(first + i));
  }
  return x;
}

// Whole blocks of eight points from x = x_n, n a multiple of 8: for k < 8, gray(n + k) =
// gray(n) XOR gray(k), so x_{n+k} = x_n XOR point(v, k), eight constants; the next block's
// first point is step_by_power_of_two(.., 3). One XOR of eight lanes a block, vectorised.
GLRAND_VECTOR_CLONES std::uint32_t in_blocks(const Directions& v, std::uint32_t x, std::uint64_t n,
                                             std::span<std::uint32_t> out) {
  std::uint32_t offsets[8];
  for (std::uint32_t k = 0; k < 8; ++k) offsets[k] = point(v.data(), k);
  std::uint32_t* o = out.data();
  for (std::size_t b = 0; b < out.size() / 8; ++b, n += 8) {
    for (int k = 0; k < 8; ++k) o[8 * b + k] = x ^ offsets[k];
    if (n + 8 < kPoints) x = step_by_power_of_two(v.data(), x, static_cast<std::uint32_t>(n), 3);
  }
  return x;
}

}  // namespace

void generate_dimension(int dimension, std::uint64_t first, std::span<std::uint32_t> out) {
  const Directions v = directions(dimension);
  if (first > kPoints || out.size() > kPoints - first) throw std::out_of_range("Sobol32: points beyond 2^32 in a dimension");
  if (out.empty()) return;
  std::uint32_t x = point(v.data(), static_cast<std::uint32_t>(first));
  // Up to the next multiple of 8, then blocks of 8, then the rest.
  const std::size_t head = std::min<std::size_t>(out.size(), static_cast<std::size_t>((8 - first % 8) % 8));
  x = step_by_step(v, x, first, out.first(head));
  const std::size_t blocks = (out.size() - head) / 8 * 8;
  x = in_blocks(v, x, first + head, out.subspan(head, blocks));
  step_by_step(v, x, first + head + blocks, out.subspan(head + blocks));
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
