#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// glrand: variant OUTPUTS=2
// Park–Miller texture fill, ps30 profile (the 2006 paper's Figure 2 in the caller's context):
// each texel of the caller's texture is a substream whose state z (four bytes in floats) lives
// in a state texture on the GPU. A pass writes two outputs as floats into two channels of the
// caller's texture (the engine's colour mask picks which: four outputs a texel would need four
// multiplications, over ps_3_0's 512 slots) and the state two steps on into the other state
// texture. A step multiplies by uStepMultiplier = a^P, P the texels: leapfrog, so texel p holds
// outputs p, p + P, p + 2P, ... of the fill.
#include "common/byte_arithmetic.glsl"

uniform sampler2D uState0;     // z as bytes
uniform vec2 uStateSize;       // state texture size in texels
uniform vec4 uStepMultiplier;  // bytes of a^P

layout(location = 0) out vec4 target0;  // the caller's texture: (u0, u1, u0, u1)
layout(location = 1) out vec4 target1;  // the state after the pass's outputs

void main() {
  vec4 z = texture(uState0, gl_FragCoord.xy / uStateSize);
  float first = unitFloatOfBytes(z);
  z = mulModMersenne31(z, uStepMultiplier);
  float second = unitFloatOfBytes(z);
  z = mulModMersenne31(z, uStepMultiplier);
  target0 = vec4(first, second, first, second);
  target1 = z;
}
