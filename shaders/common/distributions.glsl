// SPDX-License-Identifier: MIT
// Distributions of a uniform float u in [0, 1), in float arithmetic only (the ps_3_0 budget
// allows it): the GL distribution pass (distribution.frag) and docs/distributions.md's float
// bounds. Each keeps relative accuracy where its value is small: −log1p(−u) by a series for
// u < 1/2, where 1 − u would round; the normal quantile from the nearer tail; cos and sin of
// 2πt from t reduced to the nearest quarter exactly, so that their zeros are exact. Above 1/2
// each takes q = 1 − u: 1 − u in float is exact there, and a caller that knows u better than
// its float (the word packer, from the exact double) passes q to float precision instead, so
// that the upper tail reaches as far as the lower.
#include "common/normal_quantile.glsl"

// −log1p(−u) = −log(1 − u), u in [0, 1), q = 1 − u. Below 1/2: 2·atanh(s), s = u/(2 − u) ≤ 1/3,
// by its odd series to s^15 (the next term is below 2^-28 of the sum).
float negativeLog1pNegative(float u, float q) {
  if (u >= 0.5) return -log(q);
  float s = u / (2.0 - u);
  float s2 = s * s;
  float p = 1.0 / 15.0;
  p = p * s2 + 1.0 / 13.0;
  p = p * s2 + 1.0 / 11.0;
  p = p * s2 + 1.0 / 9.0;
  p = p * s2 + 1.0 / 7.0;
  p = p * s2 + 1.0 / 5.0;
  p = p * s2 + 1.0 / 3.0;
  p = p * s2 + 1.0;
  return 2.0 * (s * p);
}

float negativeLog1pNegative(float u) { return negativeLog1pNegative(u, 1.0 - u); }

// Φ^-1 of u clamped into [2^-53, 1 − 2^-53], as the host clamps it: the quantile of the nearer
// tail, by symmetry (q = 1 − u).
float normalQuantile(float u, float q) {
  float p = max(u > 0.5 ? q : u, 1.1102230246251565e-16);
  float z = normalQuantileLower(p);
  return u > 0.5 ? -z : z;
}

float normalQuantile(float u) { return normalQuantile(u, 1.0 - u); }

// (cos 2πt, sin 2πt) for t in [0, 1): 4t = k + r with k the nearest whole number and |r| ≤ 1/2,
// every step exact (4t, its floor and the differences have t's bits); Taylor series of
// x = 2π·r/4 to x^10 (the next terms are below 2^-28), then turned by k quarters.
vec2 cosSinTwoPi(float t) {
  float k = floor(4.0 * t);
  float r = 4.0 * t - k;
  if (r > 0.5) {
    k += 1.0;
    r -= 1.0;
  }
  float x = 1.57079633 * r;
  float x2 = x * x;
  float s = 1.0 / 362880.0;
  s = s * x2 - 1.0 / 5040.0;
  s = s * x2 + 1.0 / 120.0;
  s = s * x2 - 1.0 / 6.0;
  s = x + x * (x2 * s);
  float c = -1.0 / 3628800.0;
  c = c * x2 + 1.0 / 40320.0;
  c = c * x2 - 1.0 / 720.0;
  c = c * x2 + 1.0 / 24.0;
  c = c * x2 - 0.5;
  c = 1.0 + x2 * c;
  float q = k - 4.0 * floor(k * 0.25);  // k mod 4
  if (q < 0.5) return vec2(c, s);
  if (q < 1.5) return vec2(-s, c);
  if (q < 2.5) return vec2(-c, -s);
  return vec2(s, -c);
}

// Box–Muller's pair of standard normals from (u0, u1): sqrt(−2·log1p(−u0))·(cos 2πu1, sin 2πu1),
// q0 = 1 − u0.
vec2 boxMuller(float u0, float q0, float u1) {
  return sqrt(2.0 * negativeLog1pNegative(u0, q0)) * cosSinTwoPi(u1);
}

vec2 boxMuller(float u0, float u1) { return boxMuller(u0, 1.0 - u0, u1); }
