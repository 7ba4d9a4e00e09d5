#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// glrand: variant CHANNELS=4
// glrand: variant CHANNELS=2
// glrand: variant CHANNELS=1
// glrand: variant CHANNELS=4,TEXTURE_WORDS=1
// Wichmann–Hill texture fill, compute profile (compute/texture_main.glsl): each run's first
// output of the fill is its base state (x, y, z, w; read, never written) times a_k^n (by
// 12-bit digits, prepared on the host as uniforms); its other R·C·T − 1 outputs follow by the
// set's own multipliers (Schrage). The residues are held balanced
// (common/balanced_residues.glsl): no product is corrected by m, and nothing divides; the
// words are made canonical where they are stored.
#define STATE_VEC4S 1
#include "common/balanced_residues.glsl"
#include "compute/texture_main.glsl"

uniform vec4 uModulus;          // m_k
uniform vec4 uStepMultiplier;   // a_k
uniform vec4 uStepQ;            // m_k div a_k (Schrage)
uniform vec4 uStepQInverse;     // (1/q_k)·kQuotientBias rounded to float
uniform vec4 uStepR;            // m_k mod a_k
// c = a_k^n mod m_k, from the base to the fill's first output, as mulMod24Balanced takes it:
// the 12-bit halves of c and of c' = c·2^12 mod m_k, c/m_k and c'/m_k; m_k's halves.
uniform vec4 uBaseJumpHigh;
uniform vec4 uBaseJumpLow;
uniform vec4 uBaseJumpOverModulus;
uniform vec4 uBaseJumpShiftedHigh;
uniform vec4 uBaseJumpShiftedLow;
uniform vec4 uBaseJumpShiftedOverModulus;
uniform vec4 uModulusHigh;
uniform vec4 uModulusLow;
uniform vec4 uInverseModulus;   // 1/m_k rounded to float

vec4 stepState(vec4 x) { return mulModSchrageBalanced(x, uStepMultiplier, uStepQ, uStepQInverse, uStepR); }

void fillRun(ivec2 first, int s) {
  vec4 x = mulMod24Balanced(loadState(s, 0), uBaseJumpHigh, uBaseJumpLow, uBaseJumpOverModulus, uBaseJumpShiftedHigh,
                            uBaseJumpShiftedLow, uBaseJumpShiftedOverModulus, uModulus, uModulusHigh, uModulusLow,
                            uInverseModulus);
  for (int k = 0; k < kRunTexels; ++k) {
    ivec2 p = first + ivec2(k, 0);
    for (int t = 0; t < uTextures; ++t) {
#if TEXTURE_WORDS
      // One output a texel: its four components, the exact words.
      storeWords(t, p, uvec4(canonicalResidue(x, uModulus)));
      if (!lastOfRun(k, t, CHANNELS - 1)) x = stepState(x);
#else
      vec4 u = vec4(0.0);
      for (int c = 0; c < CHANNELS; ++c) {
        u[c] = unitFloatOfBalanced(x, uInverseModulus);
        if (!lastOfRun(k, t, c)) x = stepState(x);
      }
      storeTexel(t, p, u);
#endif
    }
  }
}
