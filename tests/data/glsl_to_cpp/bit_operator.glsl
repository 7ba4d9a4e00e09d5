// SPDX-License-Identifier: MIT
// glsl_to_cpp must refuse this: integer and bit operators are outside the float subset.
float low(float x) {
  return mod(x, 256.0) + float(int(x) & 255);
}
