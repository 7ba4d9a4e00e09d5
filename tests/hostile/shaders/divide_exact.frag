#version 330 core
// SPDX-License-Identifier: MIT
// divideExact (common/exact_division.glsl), one (a, b) per lane.
#include "common/exact_division.glsl"
uniform sampler2D uInput0;  // a < 2^24
uniform sampler2D uInput1;  // b in [1, 2^24)
layout(location = 0) out vec4 quotient;
layout(location = 1) out vec4 remainder;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 r;
  quotient = divideExact(texelFetch(uInput0, p, 0), texelFetch(uInput1, p, 0), r);
  remainder = r;
}
