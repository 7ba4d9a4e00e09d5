#version 330 core
// SPDX-License-Identifier: MIT
// mulMod24 (common/mulmod24.glsl), one (x, c, m) per lane.
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/mulmod24.glsl"
uniform sampler2D uInput0;  // x < m
uniform sampler2D uInput1;  // c < m
uniform sampler2D uInput2;  // m < 2^24
layout(location = 0) out vec4 product;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  product = mulMod24(texelFetch(uInput0, p, 0), texelFetch(uInput1, p, 0), texelFetch(uInput2, p, 0));
}
