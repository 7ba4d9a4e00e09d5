#version 330 core
// SPDX-License-Identifier: MIT
// mulModSchrageByInverse (common/modular.glsl), one (x, a, m) per lane with q = m div a,
// its biased reciprocal and r = m mod a.
#include "common/exact_division.glsl"
#include "common/modular.glsl"
uniform sampler2D uInput0;  // x < m
uniform sampler2D uInput1;  // a, a² < m
uniform sampler2D uInput2;  // q
uniform sampler2D uInput3;  // (1/q)·kQuotientBias as a float
uniform sampler2D uInput4;  // r
uniform sampler2D uInput5;  // m < 2^24
layout(location = 0) out vec4 product;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  product = mulModSchrageByInverse(texelFetch(uInput0, p, 0), texelFetch(uInput1, p, 0), texelFetch(uInput2, p, 0),
                                   texelFetch(uInput3, p, 0), texelFetch(uInput4, p, 0), texelFetch(uInput5, p, 0));
}
