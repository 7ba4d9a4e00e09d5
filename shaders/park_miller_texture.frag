#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// glrand: variant OUTPUTS=4
// glrand: variant OUTPUTS=2
// glrand: variant OUTPUTS=1
// Park–Miller texture fill, ps30 profile (the 2006 paper's Figure 2 in the caller's context):
// each texel of the caller's texture is a substream whose base state (z as four bytes in
// floats) lives in a state texture on the GPU. A pass writes OUTPUTS (4; 2 or 1 for RG32F
// and R32F textures) consecutive outputs as floats into the caller's texture: the first is
// the base times uBaseJumpLimbs (a^k for the k outputs the texel's substream has made since
// its base: one product, a uniform from the host, no state read back or written), the others
// follow by a, which has two limbs; the arithmetic in 11-bit limbs.
#include "common/limb_arithmetic.glsl"

#ifndef OUTPUTS
#define OUTPUTS 4
#endif

uniform sampler2D uState0;      // the base z as bytes
uniform vec2 uStateSize;        // state texture size in texels
uniform vec2 uStepLimbs;        // limbs of a (below 2^22)
uniform vec3 uBaseJumpLimbs;    // limbs of the jump from the base to the pass's first output

layout(location = 0) out vec4 target0;  // the caller's texture

void main() {
  vec3 z = mulModMersenne31Limbs(limbsOfBytes(texture(uState0, gl_FragCoord.xy / uStateSize)), uBaseJumpLimbs);
  vec4 u;
  u.x = unitFloatOfLimbs(z);
#if OUTPUTS >= 2
  z = mulModMersenne31ByLimbs2(z, uStepLimbs);
  u.y = unitFloatOfLimbs(z);
#else
  u.y = u.x;
#endif
#if OUTPUTS == 4
  z = mulModMersenne31ByLimbs2(z, uStepLimbs);
  u.z = unitFloatOfLimbs(z);
  z = mulModMersenne31ByLimbs2(z, uStepLimbs);
  u.w = unitFloatOfLimbs(z);
#else
  u.zw = u.xy;
#endif
  target0 = u;
}
