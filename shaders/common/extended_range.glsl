// SPDX-License-Identifier: MIT
// Extended-range integer arithmetic in floats for MRG32k3a's 32-bit moduli. A 32-bit word
// travels as x0 + x1·2^24 (x0 < 2^24, x1 < 2^8); for arithmetic it is split into three
// 12-bit digits, so every digit product is below 2^24 and exact. Wide values are digit
// vectors base 2^12: lo = digits 0..3, hi = digits 4..7, which may hold up to 2^18 before
// carries are propagated. Reduction modulo m = 2^32 − c folds with 2^32 ≡ c (mod m),
// using only products and power-of-two scalings, never a division, so an inexact GPU
// division cannot touch it. Selections use step(), keeping generator code float-only.
// Compilers may reassociate sums (GLSL allows it without `precise`; Mesa does): a digit
// product p (up to 2^24) is therefore split as floor(p/2^12) and fract(p/2^12)·2^12, never
// as p − floor(p/2^12)·2^12 inside a sum, which could be regrouped as (sum + p) − ... and
// round above 2^24. Every sum's terms then add up to less than 2^24 in any order.

const float kDigit = 4096.0;
const float kInverseDigit = 1.0 / 4096.0;

// x0 + x1·2^24 -> three 12-bit digits.
vec3 digitsOfWord(vec2 word) {
  float d1 = floor(word.x * kInverseDigit);
  return vec3(word.x - d1 * kDigit, d1, word.y);
}

// Three digits (the value below 2^32) -> x0 + x1·2^24.
vec2 wordOfDigits(vec3 d) {
  return vec2(d.x + d.y * kDigit, d.z);
}

// Adds the digit product a·b (a, b three digits each) into the wide accumulator.
void accumulateProduct(inout vec4 lo, inout vec4 hi, vec3 a, vec3 b) {
  vec3 s0 = a.x * b * kInverseDigit;      // digit positions 0, 1, 2, scaled by 2^-12 (exact)
  vec3 s1 = a.y * b * kInverseDigit;      // 1, 2, 3
  vec3 s2 = a.z * b * kInverseDigit;      // 2, 3, 4
  vec3 h0 = floor(s0), h1 = floor(s1), h2 = floor(s2);
  vec3 l0 = fract(s0) * kDigit, l1 = fract(s1) * kDigit, l2 = fract(s2) * kDigit;
  lo.xyz += l0;
  lo.yzw += h0;
  lo.yzw += l1;
  lo.zw += h1.xy;
  hi.x += h1.z;
  lo.zw += l2.xy;
  hi.x += l2.z;
  lo.w += h2.x;
  hi.xy += h2.yz;
}

// Propagates carries (and borrows) so that every digit is in [0, 4096).
void normalize(inout vec4 lo, inout vec4 hi) {
  float c;
  c = floor(lo.x * kInverseDigit); lo.x -= c * kDigit; lo.y += c;
  c = floor(lo.y * kInverseDigit); lo.y -= c * kDigit; lo.z += c;
  c = floor(lo.z * kInverseDigit); lo.z -= c * kDigit; lo.w += c;
  c = floor(lo.w * kInverseDigit); lo.w -= c * kDigit; hi.x += c;
  c = floor(hi.x * kInverseDigit); hi.x -= c * kDigit; hi.y += c;
  c = floor(hi.y * kInverseDigit); hi.y -= c * kDigit; hi.z += c;
  c = floor(hi.z * kInverseDigit); hi.z -= c * kDigit; hi.w += c;
}

// Carries within digits 0..3 only, for values known to be below 2^48.
void normalizeLow(inout vec4 lo) {
  float c;
  c = floor(lo.x * kInverseDigit); lo.x -= c * kDigit; lo.y += c;
  c = floor(lo.y * kInverseDigit); lo.y -= c * kDigit; lo.z += c;
  c = floor(lo.z * kInverseDigit); lo.z -= c * kDigit; lo.w += c;
}

// Adds t·r (t < 2^12, r three digits) into digits 0..3.
void accumulateScaledLow(inout vec4 lo, float t, vec3 r) {
  vec3 s = t * r * kInverseDigit;
  lo.xyz += fract(s) * kDigit;
  lo.yzw += floor(s);
}

// Folding constants of one modulus m = 2^32 − c: R3, R4, R5 = 2^36, 2^48, 2^60 mod m as
// digits, and c.
struct Modulus {
  vec3 digits;   // m
  vec3 r36, r48, r60;
  float c;
};

// v mod m from l: digits 0..3 normalized, below 2^46 (what the first fold of reduceWide and
// reduceShort leaves), as three digits.
vec3 reduceFolded(vec4 l, Modulus m) {
  // Two more folds of digit 3 (d3 < 2^10 now). R3 = 16c < 2^19 for both moduli (c < 2^15), so
  // the first leaves v < 2^36 + 2^29 (d3 <= 1, and low36 < 2^29 if d3 = 1), the second < 2^36.
  for (float i = 0.0; i < 2.0; i += 1.0) {
    float d3 = l.w;
    l.w = 0.0;
    accumulateScaledLow(l, d3, m.r36);
    normalizeLow(l);
  }
  // Fold bits 32..35 twice (2^32 ≡ c): below 2^32 + 2^19, then below 2^32.
  for (float i = 0.0; i < 2.0; i += 1.0) {
    float t = floor(l.z * (1.0 / 256.0));
    l.z -= t * 256.0;
    float tc = t * m.c;                    // < 2^19
    float tcHigh = floor(tc * kInverseDigit);
    l.x += tc - tcHigh * kDigit;
    l.y += tcHigh;
    normalizeLow(l);
  }
  // Now v < 2^32 < 2m: subtract m once if v >= m. The sign of the digit difference, formed
  // from the two high digits and the low digit, is exact even where the sum rounds.
  vec3 v = l.xyz;
  float difference = ((v.z - m.digits.z) * kDigit + (v.y - m.digits.y)) * kDigit + (v.x - m.digits.x);
  float atLeast = step(0.0, difference);
  vec4 r = vec4(v - atLeast * m.digits, 0.0);
  normalizeLow(r);
  return r.xyz;
}

// v mod m for a normalized wide v below 2^72, as three digits. From the first fold on the
// value stays below 2^48, so carries stay within digits 0..3.
vec3 reduceWide(vec4 lo, vec4 hi, Modulus m) {
  // Fold everything from bit 36 up: v ≡ digits 0..2 + d3·R3 + d4·R4 + d5·R5 (< 2^46).
  vec4 l = vec4(lo.xyz, 0.0);
  accumulateScaledLow(l, lo.w, m.r36);
  accumulateScaledLow(l, hi.x, m.r48);
  accumulateScaledLow(l, hi.y, m.r60);
  normalizeLow(l);
  return reduceFolded(l, m);
}

// Adds c·w (c below 2^24 as two digits, w three digits) into digits 0..3 and `top`, digit 4.
void accumulateShortProduct(inout vec4 lo, inout float top, vec2 c, vec3 w) {
  vec3 s0 = c.x * w * kInverseDigit;  // digit positions 0, 1, 2, scaled by 2^-12 (exact)
  vec3 s1 = c.y * w * kInverseDigit;  // 1, 2, 3
  vec3 h0 = floor(s0), h1 = floor(s1);
  lo.xyz += fract(s0) * kDigit;
  lo.yzw += h0;
  lo.yzw += fract(s1) * kDigit;
  lo.zw += h1.xy;
  top += h1.z;
}

// v mod m for v = lo + top·2^48 below 2^54 (two short products), lo's digits below 2^15.
vec3 reduceShort(vec4 lo, float top, Modulus m) {
  float c;
  c = floor(lo.x * kInverseDigit); lo.x -= c * kDigit; lo.y += c;
  c = floor(lo.y * kInverseDigit); lo.y -= c * kDigit; lo.z += c;
  c = floor(lo.z * kInverseDigit); lo.z -= c * kDigit; lo.w += c;
  c = floor(lo.w * kInverseDigit); lo.w -= c * kDigit; top += c;  // top < 2^6
  // v ≡ digits 0..2 + d3·R3 + d4·R4 (< 2^45), then as reduceWide.
  vec4 l = vec4(lo.xyz, 0.0);
  accumulateScaledLow(l, lo.w, m.r36);
  accumulateScaledLow(l, top, m.r48);
  normalizeLow(l);
  return reduceFolded(l, m);
}

// m − w as three digits, for a residue w (so in 1..m).
vec3 complementMod(vec3 w, Modulus m) {
  vec4 d = vec4(m.digits - w, 0.0);
  normalizeLow(d);  // borrows: each digit difference is above −2^12
  return d.xyz;
}

// (a·x − b·y) mod m for residues x, y and a, b below 2^21 as digit pairs, as a·x + b·(m − y)
// (below 2^54): two short products and one reduction where dotMod takes nine digit products
// and a wide reduction.
vec3 shortStepMod(vec2 a, vec3 x, vec2 b, vec3 y, Modulus m) {
  vec4 lo = vec4(0.0);
  float top = 0.0;
  accumulateShortProduct(lo, top, a, x);
  accumulateShortProduct(lo, top, b, complementMod(y, m));
  return reduceShort(lo, top, m);
}

// Row · column mod m: sum over j of matrix[j] · word[j], each a 32-bit value as digits.
vec3 dotMod(vec3 m0, vec3 m1, vec3 m2, vec3 w0, vec3 w1, vec3 w2, Modulus m) {
  vec4 lo = vec4(0.0), hi = vec4(0.0);
  accumulateProduct(lo, hi, m0, w0);
  accumulateProduct(lo, hi, m1, w1);
  accumulateProduct(lo, hi, m2, w2);
  normalize(lo, hi);
  return reduceWide(lo, hi, m);
}

// MRG32k3a's output z from the newest words p1 = s1[2], p2 = s2[2], as (x0, x1): p1 − p2,
// + m1 if p1 <= p2 (RngStreams: z in 1..m1); m1Digits = m1 as digits.
vec2 combine(vec3 p1, vec3 p2, vec3 m1Digits) {
  vec3 d = p1 - p2;
  float difference = (d.z * kDigit + d.y) * kDigit + d.x;  // sign exact, as in reduceWide
  float notAbove = 1.0 - step(0.5, difference);           // p1 <= p2
  vec4 lo = vec4(d + notAbove * m1Digits, 0.0), hi = vec4(0.0);
  normalize(lo, hi);
  return wordOfDigits(lo.xyz);
}

// MRG32k3a's output z = x0 + x1·2^24 (1..m1) as a float (texture fills): z·2^-32, 2^-32 being
// the float nearest RngStreams' norm = 1/(m1 + 1), from its two exact parts with one rounding,
// so within 1 ulp of mrg32k3a::to_f32; capped at the largest float below 1, to which z near m1
// would round up.
float unitFloatOfWord(vec2 z) {
  return min(z.x * 2.3283064365386962890625e-10 + z.y * 0.00390625, 0.999999940395355224609375);
}
