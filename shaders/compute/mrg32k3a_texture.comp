#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// glrand: variant CHANNELS=4,RUN_TEXELS=8
// glrand: variant CHANNELS=2,RUN_TEXELS=8
// glrand: variant CHANNELS=1,RUN_TEXELS=8
// glrand: variant CHANNELS=4,TEXTURE_WORDS=1,RUN_TEXELS=8
// glrand: variant CHANNELS=2,TEXTURE_WORDS=1,RUN_TEXELS=8
// glrand: variant CHANNELS=1,TEXTURE_WORDS=1,RUN_TEXELS=8
// glrand: variant CHANNELS=4,RUN_TEXELS=1
// MRG32k3a texture fill, compute profile (compute/texture_main.glsl): each run's six words,
// as (x0, x1) pairs in three vec4s, held after its output's step (common/mrg32k3a_step.glsl's
// convention), step by A between its R·C·T outputs (stepOnce: the recurrence's own
// multipliers), and after the last by the step's uniforms, the dense jump over the other runs'
// outputs of the fill, all in one dispatch.
#define STATE_VEC4S 3
#include "common/extended_range.glsl"
#include "common/mrg32k3a_step.glsl"
#include "compute/texture_main.glsl"

void fillRun(ivec2 first, int s) {
  vec4 t0 = loadState(s, 0), t1 = loadState(s, 1), t2 = loadState(s, 2);
  vec3 a0 = digitsOfWord(t0.xy), a1 = digitsOfWord(t0.zw), a2 = digitsOfWord(t1.xy);
  vec3 b0 = digitsOfWord(t1.zw), b1 = digitsOfWord(t2.xy), b2 = digitsOfWord(t2.zw);
  for (int k = 0; k < kRunTexels; ++k) {
    ivec2 p = first + ivec2(k, 0);
    for (int t = 0; t < uTextures; ++t) {
#if TEXTURE_WORDS
      uvec4 w = uvec4(0u);
#else
      vec4 u = vec4(0.0);
#endif
      for (int c = 0; c < CHANNELS; ++c) {
        vec2 z = combine(a2, b2, uModulusDigits1);  // z = z.x + z.y·2^24, exact
#if TEXTURE_WORDS
        w[c] = uint(z.x) + (uint(z.y) << 24);
#else
        u[c] = unitFloatOfWord(z);
#endif
        if (!lastOfRun(k, t, c)) stepOnce(a0, a1, a2, b0, b1, b2);
      }
#if TEXTURE_WORDS
      storeWords(t, p, w);
#else
      storeTexel(t, p, u);
#endif
    }
  }
  stepState(a0, a1, a2, b0, b1, b2);
  storeState(s, 0, vec4(wordOfDigits(a0), wordOfDigits(a1)));
  storeState(s, 1, vec4(wordOfDigits(a2), wordOfDigits(b0)));
  storeState(s, 2, vec4(wordOfDigits(b1), wordOfDigits(b2)));
}
