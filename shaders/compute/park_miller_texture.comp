#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// glrand: variant CHANNELS=4
// glrand: variant CHANNELS=2
// glrand: variant CHANNELS=1
// Park–Miller texture fill, compute profile (compute/texture_main.glsl): each texel's z (four
// bytes in floats) steps by a between its C·T outputs, and after the last by uStateMultiplier,
// which jumps it over the other texels' outputs of the fill.
#define STATE_VEC4S 1
#include "common/byte_arithmetic.glsl"
#include "compute/texture_main.glsl"

uniform vec4 uStepMultiplier;   // bytes of a
uniform vec4 uStateMultiplier;  // bytes of the jump to the texel's next fill

void fillTexel(ivec2 p, int s) {
  vec4 z = loadState(s, 0);
  for (int t = 0; t < uTextures; ++t) {
    vec4 u = vec4(0.0);
    for (int c = 0; c < CHANNELS; ++c) {
      u[c] = unitFloatOfBytes(z);
      z = mulModMersenne31(z, t == uTextures - 1 && c == CHANNELS - 1 ? uStateMultiplier : uStepMultiplier);
    }
    storeTexel(t, p, u);
  }
  storeState(s, 0, z);
}
