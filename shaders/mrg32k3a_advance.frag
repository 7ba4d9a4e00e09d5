#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// The glrand: variant and candidate lines name the define sets the build validates, measures
// and embeds (a candidate is rendered only where it fits 512 slots; every variant must fit).
// glrand: variant STATE_TEXEL=0
// glrand: variant STATE_TEXEL=1
// glrand: variant STATE_TEXEL=2
// MRG32k3a's state update on the GPU, split to fit ps_3_0's budget: a step of both
// components (a 3x3 product each) does not fit one pass, so each of three passes computes
// one texel of the next state, two of the six words, from the whole current state:
// STATE_TEXEL 0 -> (s1[0], s1[1]), 1 -> (s1[2], s2[0]), 2 -> (s2[1], s2[2]). The matrices
// are the jump over the outputs of a pass (A^L for blocking, A^(L·P) for leapfrog).
#include "common/extended_range.glsl"
#include "common/mrg32k3a_step.glsl"

#ifndef STATE_TEXEL
#define STATE_TEXEL 0
#endif

uniform sampler2D uState0;      // s1[0], s1[1]
uniform sampler2D uState1;      // s1[2], s2[0]
uniform sampler2D uState2;      // s2[1], s2[2]
uniform vec2 uStateSize;

layout(location = 0) out vec4 target0;

void main() {
  vec2 at = gl_FragCoord.xy / uStateSize;
  vec4 t0 = texture(uState0, at), t1 = texture(uState1, at), t2 = texture(uState2, at);
  vec3 a0 = digitsOfWord(t0.xy), a1 = digitsOfWord(t0.zw), a2 = digitsOfWord(t1.xy);
  vec3 b0 = digitsOfWord(t1.zw), b1 = digitsOfWord(t2.xy), b2 = digitsOfWord(t2.zw);
#if STATE_TEXEL == 0
  vec3 first = dotMod(uStep1[0], uStep1[1], uStep1[2], a0, a1, a2, modulus1());
  vec3 second = dotMod(uStep1[3], uStep1[4], uStep1[5], a0, a1, a2, modulus1());
#elif STATE_TEXEL == 1
  vec3 first = dotMod(uStep1[6], uStep1[7], uStep1[8], a0, a1, a2, modulus1());
  vec3 second = dotMod(uStep2[0], uStep2[1], uStep2[2], b0, b1, b2, modulus2());
#else
  vec3 first = dotMod(uStep2[3], uStep2[4], uStep2[5], b0, b1, b2, modulus2());
  vec3 second = dotMod(uStep2[6], uStep2[7], uStep2[8], b0, b1, b2, modulus2());
#endif
  target0 = vec4(wordOfDigits(first), wordOfDigits(second));
}
