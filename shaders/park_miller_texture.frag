#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// glrand: variant OUTPUTS=2
// glrand: variant OUTPUTS=1
// Park–Miller texture fill, ps30 profile (the 2006 paper's Figure 2 in the caller's context):
// each texel of the caller's texture is a substream whose state z (four bytes in floats) lives
// in a state texture on the GPU. A pass writes OUTPUTS (2, or 1 for an R32F texture)
// consecutive outputs as floats into as many channels of the caller's texture (the engine's
// colour mask picks which: four outputs a texel would need four multiplications, over ps_3_0's
// 512 slots) and the next state into the other state texture: the state after the last output
// times uStateMultiplier, which is a within a fill and, in its last pass, jumps the texel over
// the other texels' outputs of the fill.
#include "common/byte_arithmetic.glsl"

#ifndef OUTPUTS
#define OUTPUTS 2
#endif

uniform sampler2D uState0;     // z as bytes
uniform vec2 uStateSize;       // state texture size in texels
uniform vec4 uStepMultiplier;   // bytes of a
uniform vec4 uStateMultiplier;  // bytes of a, or of the jump to the texel's next fill

layout(location = 0) out vec4 target0;  // the caller's texture: (u0, u1, u0, u1)
layout(location = 1) out vec4 target1;  // the state after the pass's outputs

void main() {
  vec4 z = texture(uState0, gl_FragCoord.xy / uStateSize);
  float first = unitFloatOfBytes(z);
#if OUTPUTS == 2
  z = mulModMersenne31(z, uStepMultiplier);
  float second = unitFloatOfBytes(z);
#else
  float second = first;
#endif
  z = mulModMersenne31(z, uStateMultiplier);
  target0 = vec4(first, second, first, second);
  target1 = z;
}
