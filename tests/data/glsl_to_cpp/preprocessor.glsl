// SPDX-License-Identifier: MIT
// glsl_to_cpp must refuse this: a define would change the code under translation.
#define SCALE 2.0
float scaled(float x) { return x * SCALE; }
