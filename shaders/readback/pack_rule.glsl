// SPDX-License-Identifier: MIT
// How a pass's output floats become the words (or values) the host hands on, and the checks the
// host decoder would make: pack(). Shared by the packer (readback/pack_words.comp) and the compute
// passes that pack their own outputs (common/stream_buffers.glsl with PACK_IN_PASS). The defines
// (FLOATS, COMBINE, VALUES, VALUE_FORMULA, DISTRIBUTION) are described in pack_words.comp.
#ifndef FLOATS
#define FLOATS 2
#endif
#ifndef COMBINE
#define COMBINE 1
#endif
#ifndef VALUES
#define VALUES 0
#endif
#ifndef VALUE_FORMULA
#define VALUE_FORMULA 1
#endif
#ifndef DISTRIBUTION
#define DISTRIBUTION 0
#endif
#ifndef FLOAT_ESTIMATE
#define FLOAT_ESTIMATE 0
#endif

layout(std430, binding = 3) writeonly buffer Words { uint words[]; };
layout(std430, binding = 4) buffer Failure {
  uint badOutput;  // 0xFFFFFFFF: none
  float badFloats[FLOATS];
};

uniform float uBound[FLOATS];
uniform uint uLowest;
uniform uint uHighest;
uniform uint uShift;    // COMBINE: a word is f0 + f1·2^uShift
uniform uint uOutputs;  // outputs of the pass that are handed on

#if COMBINE
#define WORDS (FLOATS / 2)
#else
#define WORDS FLOATS
#endif

#include "readback/unit_values.glsl"
// FLOAT_VALUES: a distribution of the floats (1 to 7).
#if DISTRIBUTION >= 1 && DISTRIBUTION <= 7
#define SCALAR_VALUES
#include "common/distribution_values.glsl"
#define FLOAT_VALUES 1
#define PAIRS (DISTRIBUTION >= 6)
#else
#define FLOAT_VALUES 0
#define PAIRS 0
#endif

bool exactBelow(float f, float bound) { return f >= 0.0 && f < bound && f == floor(f); }

#if VALUE_FORMULA == 4
#define VALUES_PER_OUTPUT 4
#else
#define VALUES_PER_OUTPUT 1
#endif
#if VALUES == 32
#define OUT_WORDS VALUES_PER_OUTPUT
#elif VALUES == 64
#define OUT_WORDS (2 * VALUES_PER_OUTPUT)
#else
#define OUT_WORDS WORDS
#endif

#if DISTRIBUTION == 8
layout(std430, binding = 5) readonly buffer PoissonCdf { double cdf[]; };
uniform uint uPoissonSize;
uniform double uPoissonK0;
uniform double uPoissonFloor;

// Value j's words: the Poisson's value of d (significand hi, lo and exponent e; 0 where not
// `nonzero`), the host's k (distributions/poisson_table.hpp; d < 1, so its clamp at 1 − floor
// never applies): k0 + the least i with cdf[i] > max(d, floor), by halving, a whole number,
// exact as a float too.
void storePoisson(bool nonzero, uint hi, uint lo, int e, inout uint w[OUT_WORDS], int j) {
  uvec2 bits = nonzero ? doubleBits(hi, lo, e) : uvec2(0u);
  double d = packDouble2x32(bits);
  double v = d < uPoissonFloor ? uPoissonFloor : d;
  uint a = 0u, b = uPoissonSize;
  while (a < b) {
    uint mid = a + (b - a) / 2u;
    if (cdf[mid] > v)
      b = mid;
    else
      a = mid + 1u;
  }
  double k = uPoissonK0 + double(a);
#if VALUES == 32
  w[j] = floatBitsToUint(float(k));
#else
  uvec2 out2 = unpackDouble2x32(k);
  w[2 * j] = out2.x;
  w[2 * j + 1] = out2.y;
#endif
}
#endif

#if FLOAT_VALUES
// pack()'s q = 1 − d of each value (d its double), to float precision: the formulas' upper
// tails from it (common/distributions.glsl), where u's float has lost what q keeps.
float complement[VALUES_PER_OUTPUT];

// 1 − d (exact for d ≥ 1/2, else rounded once) rounded to the nearest float; 1 where d is 0.
float complementOf(bool nonzero, uint hi, uint lo, int e) {
  if (!nonzero) return 1.0;
  precise double q = 1.0lf - packDouble2x32(doubleBits(hi, lo, e));
  uvec2 bits = unpackDouble2x32(q);
  uint qhi = (bits.y & 0xFFFFFu) | 0x100000u, qlo = bits.x;
  int qe = int((bits.y >> 20) & 0x7FFu) - 1023;
  return uintBitsToFloat(floatBitsRounded(qhi, qlo, qe, true));
}
#define SET_COMPLEMENT(j, nonzero, hi, lo, e) complement[j] = complementOf(nonzero, hi, lo, e)
#else
#define SET_COMPLEMENT(j, nonzero, hi, lo, e)
#endif

// Output n's words (what the host hands on) from its floats; false if the check fails.
bool pack(float v[FLOATS], out uint w[OUT_WORDS]) {
  bool ok = true;
  for (int c = 0; c < FLOATS; ++c) ok = ok && exactBelow(v[c], uBound[c]);
#if COMBINE && VALUES != 0
  uint word = uint(v[0]) + (uint(v[1]) << uShift);
  ok = ok && word >= uLowest && word <= uHighest;
  uint hi = 0u, lo = 0u;
  int e = 0;
  if (ok) unitDouble(word, hi, lo, e);  // a refused pass's values are never read
  SET_COMPLEMENT(0, ok, hi, lo, e);
#if DISTRIBUTION == 8
  storePoisson(ok, hi, lo, e, w, 0);
#elif VALUES == 32
  w[0] = ok ? floatBits(hi, lo, e) : 0u;
#else
  uvec2 d = ok ? doubleBits(hi, lo, e) : uvec2(0u);
  w[0] = d.x;
  w[1] = d.y;
#endif
#elif VALUES == 32 && DISTRIBUTION == 0 && VALUE_FORMULA == 4 && FLOAT_ESTIMATE
  // CEICG's plain floats: from the estimate, or where it cannot decide, the exact quotients.
  for (int j = 0; j < 4; ++j) {
    uint x[3] = uint[3](uint(v[3 * j]), uint(v[3 * j + 1]), uint(v[3 * j + 2]));
    uint bits = 0u;
    bool settled = !ok || quickFloat(x, bits);
    if (!settled) {
      uint hi, lo;
      int e;
      bits = quotientFraction(x, hi, lo, e) ? floatBits(hi, lo, e) : 0u;
    }
    w[j] = bits;
  }
#elif VALUES != 0 && VALUE_FORMULA == 4
  for (int j = 0; j < 4; ++j) {
    uint x[3] = uint[3](uint(v[3 * j]), uint(v[3 * j + 1]), uint(v[3 * j + 2]));
    uint hi = 0u, lo = 0u;
    int e = 0;
    bool nonzero = ok && quotientFraction(x, hi, lo, e);
    SET_COMPLEMENT(j, nonzero, hi, lo, e);
#if DISTRIBUTION == 8
    storePoisson(nonzero, hi, lo, e, w, j);
#elif VALUES == 32
    w[j] = nonzero ? floatBits(hi, lo, e) : 0u;
#else
    uvec2 d = nonzero ? doubleBits(hi, lo, e) : uvec2(0u);
    w[2 * j] = d.x;
    w[2 * j + 1] = d.y;
#endif
  }
#elif VALUES != 0 && VALUE_FORMULA == 3
  uint x[4];
  for (int k = 0; k < 4; ++k) x[k] = uint(v[k]);
  uint hi = 0u, lo = 0u;
  int e = 0;
  bool nonzero = ok && sumFraction(x, hi, lo, e);
  SET_COMPLEMENT(0, nonzero, hi, lo, e);
#if DISTRIBUTION == 8
  storePoisson(nonzero, hi, lo, e, w, 0);
#elif VALUES == 32
  uint bits = nonzero ? floatBits(hi, lo, e) : 0u;
  w[0] = min(bits, 0x3F7FFFFFu);  // a d that rounds to 1.0 gives the float below it
#else
  uvec2 d = nonzero ? doubleBits(hi, lo, e) : uvec2(0u);
  w[0] = d.x;
  w[1] = d.y;
#endif
#elif COMBINE
  for (int k = 0; k < WORDS; ++k) {
    uint word = uint(v[2 * k]) + (uint(v[2 * k + 1]) << uShift);
    ok = ok && word >= uLowest && word <= uHighest;
    w[k] = word;
  }
#else
  for (int c = 0; c < FLOATS; ++c) w[c] = uint(v[c]);
#endif
  return ok;
}
