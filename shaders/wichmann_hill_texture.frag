#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// glrand: variant OUTPUTS=4
// glrand: variant OUTPUTS=2
// glrand: variant OUTPUTS=1
// Wichmann–Hill texture fill, ps30 profile (the 2006 paper's Figure 2 in the caller's context):
// each texel of the caller's texture is a substream whose base state (x, y, z, w) lives in a
// state texture on the GPU. A pass writes OUTPUTS (4; 2 or 1 for RG32F and R32F textures)
// consecutive outputs as floats into the caller's texture: the first is the base times
// a_k^n for the n outputs the substream has made since its base (by 12-bit digits, prepared on
// the host: uniforms, no state read back or written), the others follow by the set's own
// multipliers (Schrage). The residues are held balanced (common/balanced_residues.glsl): no
// product is corrected by m, and nothing divides.
#include "common/balanced_residues.glsl"

#ifndef OUTPUTS
#define OUTPUTS 4
#endif

uniform sampler2D uState0;      // the base state
uniform vec2 uStateSize;
uniform vec4 uModulus;          // m_k
uniform vec4 uStepMultiplier;   // a_k
uniform vec4 uStepQ;            // m_k div a_k (Schrage)
uniform vec4 uStepQInverse;     // (1/q_k)·kQuotientBias rounded to float
uniform vec4 uStepR;            // m_k mod a_k
// c = a_k^n mod m_k, from the base to the pass's first output, as mulMod24Balanced takes it:
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

layout(location = 0) out vec4 target0;  // the caller's texture

vec4 stepState(vec4 s) { return mulModSchrageBalanced(s, uStepMultiplier, uStepQ, uStepQInverse, uStepR); }

void main() {
  vec4 s = mulMod24Balanced(texture(uState0, gl_FragCoord.xy / uStateSize), uBaseJumpHigh, uBaseJumpLow,
                            uBaseJumpOverModulus, uBaseJumpShiftedHigh, uBaseJumpShiftedLow,
                            uBaseJumpShiftedOverModulus, uModulus, uModulusHigh, uModulusLow, uInverseModulus);
  vec4 u;
  u.x = unitFloatOfBalanced(s, uInverseModulus);
#if OUTPUTS >= 2
  s = stepState(s);
  u.y = unitFloatOfBalanced(s, uInverseModulus);
#else
  u.y = u.x;
#endif
#if OUTPUTS == 4
  s = stepState(s);
  u.z = unitFloatOfBalanced(s, uInverseModulus);
  s = stepState(s);
  u.w = unitFloatOfBalanced(s, uInverseModulus);
#else
  u.zw = u.xy;
#endif
  target0 = u;
}
