#version 330 core
// SPDX-License-Identifier: MIT
// mulModMersenne31By16 (common/byte_arithmetic.glsl), one (x, c) per pixel as bytes, c < 2^16.
#include "common/byte_arithmetic.glsl"
uniform sampler2D uInput0;  // x < 2^31 - 1, bytes
uniform sampler2D uInput1;  // c < 2^16, bytes
layout(location = 0) out vec4 product;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  product = mulModMersenne31By16(texelFetch(uInput0, p, 0), texelFetch(uInput1, p, 0));
}
