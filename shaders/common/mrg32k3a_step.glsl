// SPDX-License-Identifier: MIT
// MRG32k3a's output and step in extended-range floats (common/extended_range.glsl), shared
// by every profile. A state is the six 32-bit words s1[0..2], s2[0..2] as digit triples; the
// state of position n is the one after that output's recurrence step, so output n is
// combine() (common/extended_range.glsl) of it, and a step multiplies each component's
// column by its step matrix (A for one step, A^P for leapfrog over P substreams, a jump for
// a state update).
uniform vec3 uStep1[9];         // component 1's step matrix, row-major, entries as digits
uniform vec3 uStep2[9];
uniform vec3 uModulusDigits1, uR36First, uR48First, uR60First;    // m1 and its folding constants
uniform vec3 uModulusDigits2, uR36Second, uR48Second, uR60Second; // m2
uniform vec2 uFoldC;            // (c1, c2): m_k = 2^32 − c_k
// The recurrence's own multipliers as digit pairs: (a12, a13) and (a21, a23), where
// x1_n = a12·x1_{n-2} − a13·x1_{n-3} and x2_n = a21·x2_{n-1} − a23·x2_{n-3} (L'Ecuyer 1999).
uniform vec4 uRecurrence1, uRecurrence2;

Modulus modulus1() { return Modulus(uModulusDigits1, uR36First, uR48First, uR60First, uFoldC.x); }
Modulus modulus2() { return Modulus(uModulusDigits2, uR36Second, uR48Second, uR60Second, uFoldC.y); }

// One step: each component's column (a0, a1, a2) times its step matrix.
void stepState(inout vec3 a0, inout vec3 a1, inout vec3 a2, inout vec3 b0, inout vec3 b1, inout vec3 b2) {
  Modulus first = modulus1(), second = modulus2();
  vec3 n0 = dotMod(uStep1[0], uStep1[1], uStep1[2], a0, a1, a2, first);
  vec3 n1 = dotMod(uStep1[3], uStep1[4], uStep1[5], a0, a1, a2, first);
  vec3 n2 = dotMod(uStep1[6], uStep1[7], uStep1[8], a0, a1, a2, first);
  a0 = n0; a1 = n1; a2 = n2;
  n0 = dotMod(uStep2[0], uStep2[1], uStep2[2], b0, b1, b2, second);
  n1 = dotMod(uStep2[3], uStep2[4], uStep2[5], b0, b1, b2, second);
  n2 = dotMod(uStep2[6], uStep2[7], uStep2[8], b0, b1, b2, second);
  b0 = n0; b1 = n1; b2 = n2;
}

// One step of the recurrence itself (A, sparse): each component's new word from two of its
// words by shortStepMod, a few times cheaper than a dense step's three dotMods.
void stepOnce(inout vec3 a0, inout vec3 a1, inout vec3 a2, inout vec3 b0, inout vec3 b1, inout vec3 b2) {
  vec3 n = shortStepMod(uRecurrence1.xy, a1, uRecurrence1.zw, a0, modulus1());
  a0 = a1; a1 = a2; a2 = n;
  n = shortStepMod(uRecurrence2.xy, b2, uRecurrence2.zw, b0, modulus2());
  b0 = b1; b1 = b2; b2 = n;
}
