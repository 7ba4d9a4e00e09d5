// SPDX-License-Identifier: MIT
#pragma once
// The generators' single-precision formula: the largest float not above the double value.
// Round-to-nearest may carry a u just below 1 up to 1.0f; rounding down keeps u < 1.
#include <cmath>

namespace glrand {

inline float float_not_above(double u) {
  float f = static_cast<float>(u);
  if (static_cast<double>(f) > u) f = std::nextafter(f, 0.0f);
  return f;
}

}  // namespace glrand
