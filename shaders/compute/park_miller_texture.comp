#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// glrand: variant CHANNELS=4
// glrand: variant CHANNELS=2
// glrand: variant CHANNELS=1
// glrand: variant CHANNELS=4,TEXTURE_WORDS=1
// glrand: variant CHANNELS=2,TEXTURE_WORDS=1
// glrand: variant CHANNELS=1,TEXTURE_WORDS=1
// Park–Miller texture fill, compute profile (compute/texture_main.glsl): each texel's first
// output of the fill is its base z (four bytes in floats, read, never written) times
// uBaseJump, a uniform from the host; its other C·T − 1 outputs follow by a, which has two
// bytes.
#define STATE_VEC4S 1
#include "common/byte_arithmetic.glsl"
#include "compute/texture_main.glsl"

uniform vec4 uStepMultiplier;  // bytes of a (below 2^16)
uniform vec4 uBaseJump;        // bytes of the jump from the base to the fill's first output

void fillTexel(ivec2 p, int s) {
  vec4 z = mulModMersenne31(loadState(s, 0), uBaseJump);
  for (int t = 0; t < uTextures; ++t) {
#if TEXTURE_WORDS
    uvec4 w = uvec4(0u);
#else
    vec4 u = vec4(0.0);
#endif
    for (int c = 0; c < CHANNELS; ++c) {
#if TEXTURE_WORDS
      w[c] = uint(z.x) | (uint(z.y) << 8) | (uint(z.z) << 16) | (uint(z.w) << 24);  // z's exact bytes
#else
      u[c] = unitFloatOfBytes(z);
#endif
      z = mulModMersenne31By16(z, uStepMultiplier);
    }
#if TEXTURE_WORDS
    storeWords(t, p, w);
#else
    storeTexel(t, p, u);
#endif
  }
}
