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
// uBaseJump (a_k^n for the n outputs the substream has made since its base, by 12-bit halves:
// a uniform from the host, no state read back or written), the others follow by the set's own
// multipliers (Schrage).
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/mulmod24.glsl"

#ifndef OUTPUTS
#define OUTPUTS 4
#endif

uniform sampler2D uState0;      // the base state
uniform vec2 uStateSize;
uniform vec4 uModulus;          // m_k
uniform vec4 uStepMultiplier;   // a_k
uniform vec4 uStepQ;            // m_k div a_k (Schrage)
uniform vec4 uStepR;            // m_k mod a_k
uniform vec4 uBaseJump;         // a_k^n mod m_k: from the base to the pass's first output
uniform vec4 uInverseModulus;   // 1/m_k rounded to float

layout(location = 0) out vec4 target0;  // the caller's texture

vec4 stepState(vec4 s) { return mulModSchrage(s, uStepMultiplier, uStepQ, uStepR, uModulus); }

void main() {
  vec4 s = mulMod24(texture(uState0, gl_FragCoord.xy / uStateSize), uBaseJump, uModulus);
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
}
