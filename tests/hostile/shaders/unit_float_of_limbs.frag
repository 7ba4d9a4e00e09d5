#version 330 core
// SPDX-License-Identifier: MIT
// unitFloatOfLimbs (common/limb_arithmetic.glsl), one z per pixel as limbs (x up to 2^11).
#include "common/limb_arithmetic.glsl"
uniform sampler2D uInput0;  // z in 1..m - 1, limbs in .xyz
layout(location = 0) out vec4 unit;
void main() { unit = vec4(unitFloatOfLimbs(texelFetch(uInput0, ivec2(gl_FragCoord.xy), 0).xyz), 0.0, 0.0, 0.0); }
