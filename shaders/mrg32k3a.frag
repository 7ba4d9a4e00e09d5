#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// The glrand: variant and candidate lines name the define sets the build validates, measures
// and embeds (a candidate is rendered only where it fits 512 slots; every variant must fit).
// glrand: variant OUTPUT_TARGETS=1,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=2,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=3,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=4,WRITE_STATE=0
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
#include "common/mrg32k3a_step.glsl"

#ifndef OUTPUT_TARGETS
#define OUTPUT_TARGETS 1
#endif

uniform sampler2D uState0;      // s1[0], s1[1]
uniform sampler2D uState1;      // s1[2], s2[0]
uniform sampler2D uState2;      // s2[1], s2[2]
uniform vec2 uStateSize;

layout(location = 0) out vec4 target0;
layout(location = 1) out vec4 target1;
layout(location = 2) out vec4 target2;
layout(location = 3) out vec4 target3;

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
