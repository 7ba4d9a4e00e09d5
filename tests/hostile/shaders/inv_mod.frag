#version 330 core
// SPDX-License-Identifier: MIT
// invMod (common/modular.glsl), one (y, m) per lane.
#include "common/exact_division.glsl"
#include "common/modular.glsl"
uniform sampler2D uInput0;  // y < m
uniform sampler2D uInput1;  // m < 2^24, coprime to y
layout(location = 0) out vec4 inverse;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  inverse = invMod(texelFetch(uInput0, p, 0), texelFetch(uInput1, p, 0));
}
