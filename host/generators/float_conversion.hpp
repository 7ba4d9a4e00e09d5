// SPDX-License-Identifier: MIT
#pragma once
// The generators' single-precision formula: the largest float not above the double value.
// Round-to-nearest may carry a u just below 1 up to 1.0f; rounding down keeps u < 1.
// And the 32-bit word of a uniform, for the generators whose output is a fraction.
#include <cmath>
#include <cstdint>

namespace glrand {

inline float float_not_above(double u) {
  float f = static_cast<float>(u);
  if (static_cast<double>(f) > u) f = std::nextafter(f, 0.0f);
  return f;
}

// floor(u·2^32) for u in [0, 1): the first 32 bits of u's binary expansion, the way TestU01
// takes bits from a generator defined by its uniforms. Exact: the scaling by 2^32 is exact
// in a double and the conversion truncates.
inline std::uint32_t word_of_unit(double u) { return static_cast<std::uint32_t>(u * 0x1p32); }

}  // namespace glrand
