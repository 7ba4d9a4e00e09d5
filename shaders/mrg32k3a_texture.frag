#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// glrand: variant OUTPUTS=2
// glrand: variant OUTPUTS=1
// MRG32k3a texture fill, ps30 profile (the 2006 paper's Figure 2 in the caller's context): each
// texel of the caller's texture is a substream whose state, six 32-bit words as (x0, x1) pairs,
// lives in three state texels on the GPU (common/mrg32k3a_step.glsl's convention: the state
// after its output's step). A pass writes OUTPUTS (2, or 1 for an R32F texture) consecutive
// outputs as floats into as many channels of the caller's texture (the engine's colour mask
// picks which); the second output needs only
// the newest word of each component after one step (uStep = A), two rows of the step. The
// state moves on in three passes of mrg32k3a_advance.frag, a texel each: a full step of both
// components does not fit a ps_3_0 pass.
#include "common/extended_range.glsl"
#include "common/mrg32k3a_step.glsl"

#ifndef OUTPUTS
#define OUTPUTS 2
#endif

uniform sampler2D uState0;  // s1[0], s1[1]
uniform sampler2D uState1;  // s1[2], s2[0]
uniform sampler2D uState2;  // s2[1], s2[2]
uniform vec2 uStateSize;

layout(location = 0) out vec4 target0;  // the caller's texture: (u0, u1, u0, u1)

void main() {
  vec2 at = gl_FragCoord.xy / uStateSize;
  vec4 t0 = texture(uState0, at), t1 = texture(uState1, at), t2 = texture(uState2, at);
  vec3 a0 = digitsOfWord(t0.xy), a1 = digitsOfWord(t0.zw), a2 = digitsOfWord(t1.xy);
  vec3 b0 = digitsOfWord(t1.zw), b1 = digitsOfWord(t2.xy), b2 = digitsOfWord(t2.zw);
  float first = unitFloatOfWord(combine(a2, b2, uModulusDigits1));
#if OUTPUTS == 2
  vec3 p1 = dotMod(uStep1[6], uStep1[7], uStep1[8], a0, a1, a2, modulus1());
  vec3 p2 = dotMod(uStep2[6], uStep2[7], uStep2[8], b0, b1, b2, modulus2());
  float second = unitFloatOfWord(combine(p1, p2, uModulusDigits1));
#else
  float second = first;
#endif
  target0 = vec4(first, second, first, second);
}
