#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// glrand: variant CHANNELS=4
// glrand: variant CHANNELS=2
// glrand: variant CHANNELS=1
// glrand: variant CHANNELS=4,TEXTURE_WORDS=1
// glrand: variant CHANNELS=2,TEXTURE_WORDS=1
// glrand: variant CHANNELS=1,TEXTURE_WORDS=1
// Park–Miller texture fill, compute profile (compute/texture_main.glsl): each run's first
// output of the fill is its base z (four bytes in floats, read, never written) times
// uBaseJumpLimbs, a uniform from the host; its other R·C·T − 1 outputs follow by a, which has
// two limbs; the arithmetic in 11-bit limbs.
#define STATE_VEC4S 1
#include "common/limb_arithmetic.glsl"
#include "compute/texture_main.glsl"

// z as a word (limbs added: l.x may be 2^11).
uint wordOfLimbs(vec3 z) { return uint(z.x) + (uint(z.y) << 11) + (uint(z.z) << 22); }

uniform vec2 uStepLimbs;      // limbs of a (below 2^22)
uniform vec3 uBaseJumpLimbs;  // limbs of the jump from the base to the fill's first output

void fillRun(ivec2 first, int s) {
  vec3 z = mulModMersenne31Limbs(limbsOfBytes(loadState(s, 0)), uBaseJumpLimbs);
  for (int k = 0; k < kRunTexels; ++k) {
    ivec2 p = first + ivec2(k, 0);
    for (int t = 0; t < uTextures; ++t) {
#if TEXTURE_WORDS
      uvec4 w = uvec4(0u);
#else
      vec4 u = vec4(0.0);
#endif
      for (int c = 0; c < CHANNELS; ++c) {
#if TEXTURE_WORDS
        w[c] = wordOfLimbs(z);
#else
        u[c] = unitFloatOfLimbs(z);
#endif
        if (!lastOfRun(k, t, c)) z = mulModMersenne31ByLimbs2(z, uStepLimbs);
      }
#if TEXTURE_WORDS
      storeWords(t, p, w);
#else
      storeTexel(t, p, u);
#endif
    }
  }
}
