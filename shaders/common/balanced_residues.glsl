// SPDX-License-Identifier: MIT
// Wichmann–Hill's residues held balanced (its texture fills): a residue mod m (m < 2^24) as
// any integer ≡ it with |x| < m/2 + 2^14, lane-wise in floats, instead of the canonical
// [0, m). Quotients are rounded to nearest instead of floored, so that a product needs no
// correction by m afterwards: the remainder is already within about m/2 of 0. A residue is
// made canonical only where its integer leaves the shader (canonicalResidue), and a float of
// it is the same fraction either way. Every value but the quotients' estimates is an integer
// a float holds exactly (below 2^24 in magnitude, or a multiple of 2^12 below 2^25), whether
// multiply-adds are fused or not; nothing divides.

// (a·x) mod m, balanced in and out, by Schrage's method (Schrage 1979; m = a·q + r) with
// x div q rounded to nearest: l = x − h·q lies within q/2 + 20 of 0, so a·l within
// m/2 + 2^12, and for Wichmann–Hill's multipliers (a <= 127, r < a) |h| <= a/2 + 2 keeps
// r·h below 2^13. qInverse is 1/q within a relative 2^-19 (mulModSchrageByInverse's biased
// reciprocal is).
vec4 mulModSchrageBalanced(vec4 x, vec4 a, vec4 q, vec4 qInverse, vec4 r) {
  vec4 h = floor(x * qInverse + 0.5);
  vec4 l = x - h * q;
  return a * l - r * h;
}

// x − h·m for |x| <= m, h = x/m rounded to nearest (h is −1, 0 or 1): balanced.
vec4 balancedResidue(vec4 x, vec4 m, vec4 inverseModulus) {
  return x - m * floor(x * inverseModulus + 0.5);
}

// x·c − h·m for a 12-bit digit 0 <= x < 2^12 and c < m, h = x·c/m rounded to nearest (its
// estimate from cOverModulus, c/m rounded to float, lies within 2^-11 of x·c/m + 1/2), so
// within m/2 + 2^13 of 0. The product is formed from c's and m's 12-bit halves: each partial
// product is below 2^24, and x·c1 − h·m1 below 2^13 in magnitude, so its multiple of 2^12 is
// exact too.
vec4 digitProductBalanced(vec4 x, vec4 c1, vec4 c0, vec4 cOverModulus, vec4 m1, vec4 m0) {
  vec4 h = floor(x * cOverModulus + 0.5);
  return (x * c1 - h * m1) * 4096.0 + (x * c0 - h * m0);
}

// (x·c) mod m, balanced, for 0 <= x < 2^24 and a c that is the same in every lane of a draw:
// with x = x1·2^12 + x0 and c' = c·2^12 mod m, x·c ≡ x1·c' + x0·c, two digit products. Their
// sum could need 25 bits, so the first is moved into [0, m) and the second into (−m, 0]
// before they are added. The host makes c's and c''s halves, c/m and c'/m, m's halves, 1/m.
vec4 mulMod24Balanced(vec4 x, vec4 c1, vec4 c0, vec4 cOverModulus, vec4 shifted1, vec4 shifted0,
                      vec4 shiftedOverModulus, vec4 m, vec4 m1, vec4 m0, vec4 inverseModulus) {
  vec4 x1 = floor(x * (1.0 / 4096.0));
  vec4 x0 = x - x1 * 4096.0;
  vec4 high = digitProductBalanced(x1, shifted1, shifted0, shiftedOverModulus, m1, m0);
  vec4 low = digitProductBalanced(x0, c1, c0, cOverModulus, m1, m0);
  high += m * (1.0 - step(0.0, high));  // + m where negative
  low -= m * step(0.5, low);            // − m where positive
  return balancedResidue(high + low, m, inverseModulus);
}

// The canonical residue in [0, m) of a balanced x.
vec4 canonicalResidue(vec4 x, vec4 m) {
  return x + m * (1.0 - step(0.0, x));
}

// Wichmann–Hill's output as a float from balanced components: the fraction of
// x/m1 + y/m2 + z/m3 + w/m4, 1/m_k rounded to float. The sum lies within (−2.1, 2.1), where
// its roundings stay below 2^-21, so the result lies within 2^-20 of wh::to_f32 on the circle
// (distance mod 1); the fraction of a sum just below 0 would round to 1, hence the cap.
float unitFloatOfBalanced(vec4 s, vec4 inverseModulus) {
  vec4 f = s * inverseModulus;
  return min(fract((f.x + f.y) + (f.z + f.w)), 0.999999940395355224609375);
}
