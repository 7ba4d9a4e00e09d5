#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// glrand: variant CHANNELS=4
// glrand: variant CHANNELS=2
// glrand: variant CHANNELS=1
// glrand: variant CHANNELS=4,TEXTURE_WORDS=1
// Wichmann–Hill texture fill, compute profile (compute/texture_main.glsl): each texel's state
// (x, y, z, w) steps by the set's own multipliers between its C·T outputs (Schrage), and after
// the last by uStateMultiplier (by 12-bit halves), which jumps it over the other texels'
// outputs of the fill.
#define STATE_VEC4S 1
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/mulmod24.glsl"
#include "compute/texture_main.glsl"

uniform vec4 uModulus;          // m_k
uniform vec4 uStepMultiplier;   // a_k
uniform vec4 uStepQ;            // m_k div a_k (Schrage)
uniform vec4 uStepR;            // m_k mod a_k
uniform vec4 uStateMultiplier;  // the jump to the texel's next fill
uniform vec4 uInverseModulus;   // 1/m_k rounded to float

void fillTexel(ivec2 p, int s) {
  vec4 x = loadState(s, 0);
  for (int t = 0; t < uTextures; ++t) {
#if TEXTURE_WORDS
    // One output a texel: its four components, the exact words.
    storeWords(t, p, uvec4(x));
    x = t == uTextures - 1 ? mulMod24(x, uStateMultiplier, uModulus)
                           : mulModSchrage(x, uStepMultiplier, uStepQ, uStepR, uModulus);
#else
    vec4 u = vec4(0.0);
    for (int c = 0; c < CHANNELS; ++c) {
      u[c] = unitFloatOfComponents(x, uInverseModulus);
      x = t == uTextures - 1 && c == CHANNELS - 1 ? mulMod24(x, uStateMultiplier, uModulus)
                                                  : mulModSchrage(x, uStepMultiplier, uStepQ, uStepR, uModulus);
    }
    storeTexel(t, p, u);
#endif
  }
  storeState(s, 0, x);
}
