#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// glrand: variant OUTPUTS=4
// glrand: variant OUTPUTS=2
// glrand: variant OUTPUTS=1
// Wichmann–Hill texture fill, ps30 profile (the 2006 paper's Figure 2 in the caller's context):
// each texel of the caller's texture is a substream whose state (x, y, z, w) lives in a state
// texture on the GPU. A pass writes OUTPUTS (4; 2 or 1 for RG32F and R32F textures)
// consecutive outputs as floats into the caller's texture, stepping by the set's own
// multipliers (Schrage), and the next state into the other state texture: the state after the
// last output times uStateMultiplier (by 12-bit halves),
// which is a_k within a fill and, in its last pass, jumps the texel over the other texels'
// outputs of the fill.
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/mulmod24.glsl"

#ifndef OUTPUTS
#define OUTPUTS 4
#endif

uniform sampler2D uState0;
uniform vec2 uStateSize;
uniform vec4 uModulus;          // m_k
uniform vec4 uStepMultiplier;   // a_k
uniform vec4 uStepQ;            // m_k div a_k (Schrage)
uniform vec4 uStepR;            // m_k mod a_k
uniform vec4 uStateMultiplier;  // a_k, or the jump to the texel's next fill
uniform vec4 uInverseModulus;   // 1/m_k rounded to float

layout(location = 0) out vec4 target0;  // the caller's texture
layout(location = 1) out vec4 target1;  // the state after the pass's outputs

vec4 stepState(vec4 s) { return mulModSchrage(s, uStepMultiplier, uStepQ, uStepR, uModulus); }

void main() {
  vec4 s = texture(uState0, gl_FragCoord.xy / uStateSize);
  vec4 u;
  u.x = unitFloatOfComponents(s, uInverseModulus);
#if OUTPUTS >= 2
  s = stepState(s);
  u.y = unitFloatOfComponents(s, uInverseModulus);
#else
  u.y = u.x;
#endif
#if OUTPUTS == 4
  s = stepState(s);
  u.z = unitFloatOfComponents(s, uInverseModulus);
  s = stepState(s);
  u.w = unitFloatOfComponents(s, uInverseModulus);
#else
  u.zw = u.xy;
#endif
  target0 = u;
  target1 = mulMod24(s, uStateMultiplier, uModulus);
}
