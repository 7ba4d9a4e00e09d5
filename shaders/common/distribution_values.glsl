// SPDX-License-Identifier: MIT
// A texel's four uniform floats u into DISTRIBUTION's values, the body of both distribution
// passes (distribution.frag for ps30, compute/distribution.comp): 1 uniform [a, b): a + (b − a)·u
// kept within [uBounds.x, uBounds.y], the floats in [a, b); 2 uniform on (0, 1]: 1 − u; 3
// exponential: −log1p(−u)/λ; 4 normal, 5 log-normal by the inverse CDF: μ + σ·Φ^-1(u), exp of
// that; 6 normal, 7 log-normal by Box–Muller, channels (x, y) and (z, w) a pair each; 8 the
// Poisson's, by the host's table (common/poisson_table.glsl). With SCALAR_VALUES, the same a
// value at a time (1 to 7).
#include "common/distributions.glsl"

#ifndef DISTRIBUTION
#define DISTRIBUTION 4
#endif
#if DISTRIBUTION == 8
#include "common/poisson_table.glsl"
#endif

uniform vec4 uParameters;  // 1: (a, b − a); 3: (1/λ); 4–7: (μ, σ)
uniform vec2 uBounds;      // 1: the least and greatest float in [a, b)

vec4 distributionValues(vec4 u) {
  vec4 v;
#if DISTRIBUTION == 1
  v = clamp(uParameters.x + uParameters.y * u, uBounds.x, uBounds.y);
#elif DISTRIBUTION == 2
  v = 1.0 - u;
#elif DISTRIBUTION == 3
  v = vec4(negativeLog1pNegative(u.x), negativeLog1pNegative(u.y), negativeLog1pNegative(u.z),
           negativeLog1pNegative(u.w)) * uParameters.x;
#elif DISTRIBUTION == 8
  v = poissonValues(u);
#elif DISTRIBUTION == 4 || DISTRIBUTION == 5
  v = uParameters.x + uParameters.y * vec4(normalQuantile(u.x), normalQuantile(u.y), normalQuantile(u.z),
                                           normalQuantile(u.w));
#else
  v = uParameters.x + uParameters.y * vec4(boxMuller(u.x, u.y), boxMuller(u.z, u.w));
#endif
#if DISTRIBUTION == 5 || DISTRIBUTION == 7
  v = exp(v);
#endif
  return v;
}

#ifdef SCALAR_VALUES
// The same formulas a value at a time, for the word packer's read-back values
// (readback/pack_words.comp), with q = 1 − u to float precision: one uniform float u
// (DISTRIBUTION 1 to 5) ...
float distributionValue(float u, float q) {
  float v;
#if DISTRIBUTION == 1
  v = clamp(uParameters.x + uParameters.y * u, uBounds.x, uBounds.y);
#elif DISTRIBUTION == 2
  v = q;
#elif DISTRIBUTION == 3
  v = negativeLog1pNegative(u, q) * uParameters.x;
#else
  v = uParameters.x + uParameters.y * normalQuantile(u, q);
#endif
#if DISTRIBUTION == 5
  v = exp(v);
#endif
  return v;
}

// ... and a Box–Muller pair's two values (DISTRIBUTION 6, 7) from its floats (u0, u1).
vec2 pairValues(float u0, float q0, float u1) {
  vec2 z = uParameters.x + uParameters.y * boxMuller(u0, q0, u1);
#if DISTRIBUTION == 7
  z = exp(z);
#endif
  return z;
}
#endif
