// SPDX-License-Identifier: MIT
// (x · c) mod m for any x, c < m, 8384513 <= m < 2^24, lane-wise, in float arithmetic: for
// multipliers too large for Schrage's method, such as a^P in leapfrog over P substreams (the
// Wichmann-Hill moduli are about 2^24). Smaller moduli give wrong results: a product of two
// 12-bit halves, up to 4095² = 16769025, is reduced by one subtraction of m. Both factors
// are split into 12-bit halves, so each partial product is below 2^24, and the sum is
// reduced Horner-style by exact shifts of 12 bits (needs common/exact_division.glsl and
// common/modular.glsl).

// (v · 2^12) mod m for v < m. With q at most one below the true quotient (the division is
// biased low), v·2^12 - (q+1)·m lies in [-m, m), so it is exact; it is formed from
// exact pieces with m split as m1·2^12 + m0.
vec4 shiftMod12(vec4 v, vec4 m, vec4 m1, vec4 m0) {
  vec4 q = floor((v * 4096.0 / m) * kQuotientBias) + 1.0;
  vec4 r = (v - q * m1) * 4096.0 - q * m0;
  return r + m * (1.0 - step(0.0, r));
}

// A product of two 12-bit halves (at most 4095²) reduced below m, for 4095² < 2m.
vec4 reduceOnce(vec4 p, vec4 m) {
  return p - m * step(m, p);
}

vec4 mulMod24(vec4 x, vec4 c, vec4 m) {
  vec4 m1 = floor(m * (1.0 / 4096.0));
  vec4 m0 = m - m1 * 4096.0;
  vec4 x1 = floor(x * (1.0 / 4096.0));
  vec4 x0 = x - x1 * 4096.0;
  vec4 c1 = floor(c * (1.0 / 4096.0));
  vec4 c0 = c - c1 * 4096.0;
  vec4 r = reduceOnce(x1 * c1, m);
  r = shiftMod12(r, m, m1, m0);
  r = addMod(r, reduceOnce(x1 * c0, m), m);
  r = addMod(r, reduceOnce(x0 * c1, m), m);
  r = shiftMod12(r, m, m1, m0);
  return addMod(r, reduceOnce(x0 * c0, m), m);
}

// (x · c) mod m as mulMod24 for a multiplier c that is the same in every lane of a draw (a
// uniform), with what depends on c and m alone made on the host: c's 12-bit halves c1, c0,
// those of c' = c·2^12 mod m, m's halves m1, m0, and shiftQuotient = (2^12/m)·kQuotientBias
// rounded to float. With x = x1·2^12 + x0,
//   x·c ≡ (x1·c'1 + x0·c1)·2^12 + x1·c'0 + x0·c0 (mod m),
// four products of halves, one shift, and no division: the shift's estimate v·shiftQuotient
// stays below v·2^12/m and within 2^-7 of it, so it is at most one short, as shiftMod12's is.
vec4 shiftMod12ByInverse(vec4 v, vec4 m, vec4 m1, vec4 m0, vec4 shiftQuotient) {
  vec4 q = floor(v * shiftQuotient) + 1.0;
  vec4 r = (v - q * m1) * 4096.0 - q * m0;
  return r + m * (1.0 - step(0.0, r));
}

vec4 mulMod24ByHalves(vec4 x, vec4 c1, vec4 c0, vec4 shifted1, vec4 shifted0, vec4 m, vec4 m1, vec4 m0,
                      vec4 shiftQuotient) {
  vec4 x1 = floor(x * (1.0 / 4096.0));
  vec4 x0 = x - x1 * 4096.0;
  vec4 r = addMod(reduceOnce(x1 * shifted1, m), reduceOnce(x0 * c1, m), m);
  r = shiftMod12ByInverse(r, m, m1, m0, shiftQuotient);
  r = addMod(r, reduceOnce(x1 * shifted0, m), m);
  return addMod(r, reduceOnce(x0 * c0, m), m);
}
