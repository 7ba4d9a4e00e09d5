#version 330 core
// SPDX-License-Identifier: MIT
// mulMod24ByHalves (common/mulmod24.glsl), one (x, c, m) per lane with c's and m's halves,
// those of c·2^12 mod m, and m's shift quotient, as the host makes them.
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/mulmod24.glsl"
uniform sampler2D uInput0;  // x < m
uniform sampler2D uInput1;  // c's high half
uniform sampler2D uInput2;  // c's low half
uniform sampler2D uInput3;  // (c·2^12 mod m)'s high half
uniform sampler2D uInput4;  // (c·2^12 mod m)'s low half
uniform sampler2D uInput5;  // m < 2^24
uniform sampler2D uInput6;  // m's high half
uniform sampler2D uInput7;  // m's low half
uniform sampler2D uInput8;  // (2^12/m)·kQuotientBias as a float
layout(location = 0) out vec4 product;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  product = mulMod24ByHalves(texelFetch(uInput0, p, 0), texelFetch(uInput1, p, 0), texelFetch(uInput2, p, 0),
                             texelFetch(uInput3, p, 0), texelFetch(uInput4, p, 0), texelFetch(uInput5, p, 0),
                             texelFetch(uInput6, p, 0), texelFetch(uInput7, p, 0), texelFetch(uInput8, p, 0));
}
