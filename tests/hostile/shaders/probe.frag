#version 330 core
// SPDX-License-Identifier: MIT
// The probe: the two operations the hostile build changes, alone, so that a test can compare
// what the driver computes with what the mode says (a transform that did nothing fails it).
uniform sampler2D uInput0;  // a
uniform sampler2D uInput1;  // b
uniform sampler2D uInput2;  // c
layout(location = 0) out vec4 quotient;    // a / b
layout(location = 1) out vec4 sum;         // a·b + c: one product
layout(location = 2) out vec4 difference;  // c - a·b.x: subtracted, vector times scalar
layout(location = 3) out vec4 products;    // a·b - c·c: which product fuses
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 a = texelFetch(uInput0, p, 0), b = texelFetch(uInput1, p, 0), c = texelFetch(uInput2, p, 0);
  quotient = a / b;
  sum = a * b + c;
  difference = c - a * b.x;
  products = a * b - c * c;
}
