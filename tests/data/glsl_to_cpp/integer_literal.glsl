// SPDX-License-Identifier: MIT
// glsl_to_cpp must refuse this: an integer literal (int arithmetic, not float).
float half(float x) {
  return x / 2;
}
