#version 330 core
// SPDX-License-Identifier: MIT
// limbsOfBytes and unitFloatOfLimbs (common/limb_arithmetic.glsl), one z per pixel as bytes:
// its limbs and its float.
#include "common/limb_arithmetic.glsl"
uniform sampler2D uInput0;  // z in 1..m - 1, bytes
layout(location = 0) out vec4 limbs;
void main() {
  vec3 z = limbsOfBytes(texelFetch(uInput0, ivec2(gl_FragCoord.xy), 0));
  limbs = vec4(z, unitFloatOfLimbs(z));
}
