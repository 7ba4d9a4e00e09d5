#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by shaders/tools/ps30_checker.hpp)
// MRG32k3a (L'Ecuyer 1999), ps30 profile, with extended-range integers in floats
// (common/extended_range.glsl). Each pixel is a substream; its state, the six 32-bit words
// s1[0..2], s2[0..2] as (x0, x1) pairs, fills three state texels. The state of position n is
// the one after that output's recurrence step, so output j of the pass combines the current
// state, z = p1 − p2 (+ m1 if p1 <= p2), and a step multiplies each component's column by
// its step matrix (A for blocking, A^P for leapfrog over P substreams).
// OUTPUT_TARGETS targets hold two outputs each as (x0, x1, x0, x1). The pass writes no state:
// the host advances it, or the GPU in three passes of mrg32k3a_advance.frag (a full step of
// both components does not fit one ps_3_0 pass).
#include "common/extended_range.glsl"

#ifndef OUTPUT_TARGETS
#define OUTPUT_TARGETS 1
#endif

uniform sampler2D uState0;      // s1[0], s1[1]
uniform sampler2D uState1;      // s1[2], s2[0]
uniform sampler2D uState2;      // s2[1], s2[2]
uniform vec2 uStateSize;
uniform vec3 uStep1[9];         // component 1's step matrix, row-major, entries as digits
uniform vec3 uStep2[9];
uniform vec3 uModulusDigits1, uR36First, uR48First, uR60First;    // m1 and its folding constants
uniform vec3 uModulusDigits2, uR36Second, uR48Second, uR60Second; // m2
uniform vec2 uFoldC;            // (c1, c2): m_k = 2^32 − c_k

layout(location = 0) out vec4 target0;
layout(location = 1) out vec4 target1;
layout(location = 2) out vec4 target2;
layout(location = 3) out vec4 target3;

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

vec4 twoOutputs(inout vec3 a0, inout vec3 a1, inout vec3 a2, inout vec3 b0, inout vec3 b1, inout vec3 b2) {
  vec2 first = combine(a2, b2, uModulusDigits1);
  stepState(a0, a1, a2, b0, b1, b2);
  vec2 second = combine(a2, b2, uModulusDigits1);
  stepState(a0, a1, a2, b0, b1, b2);
  return vec4(first, second);
}

void main() {
  vec2 at = gl_FragCoord.xy / uStateSize;
  vec4 t0 = texture(uState0, at), t1 = texture(uState1, at), t2 = texture(uState2, at);
  vec3 a0 = digitsOfWord(t0.xy), a1 = digitsOfWord(t0.zw), a2 = digitsOfWord(t1.xy);
  vec3 b0 = digitsOfWord(t1.zw), b1 = digitsOfWord(t2.xy), b2 = digitsOfWord(t2.zw);
  target0 = twoOutputs(a0, a1, a2, b0, b1, b2);
#if OUTPUT_TARGETS > 1
  target1 = twoOutputs(a0, a1, a2, b0, b1, b2);
#endif
#if OUTPUT_TARGETS > 2
  target2 = twoOutputs(a0, a1, a2, b0, b1, b2);
#endif
#if OUTPUT_TARGETS > 3
  target3 = twoOutputs(a0, a1, a2, b0, b1, b2);
#endif
}
