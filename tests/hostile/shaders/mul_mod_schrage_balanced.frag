#version 330 core
// SPDX-License-Identifier: MIT
// mulModSchrageBalanced (common/balanced_residues.glsl), one (x, a, m) per lane with q = m div a,
// its biased reciprocal and r = m mod a: the product made canonical, and 1 where the product
// itself left the balanced range |t| < m/2 + 2^14.
#include "common/balanced_residues.glsl"
uniform sampler2D uInput0;  // x, |x| < m/2 + 2^14
uniform sampler2D uInput1;  // a <= 127
uniform sampler2D uInput2;  // q
uniform sampler2D uInput3;  // (1/q)·kQuotientBias as a float
uniform sampler2D uInput4;  // r
uniform sampler2D uInput5;  // m < 2^24
layout(location = 0) out vec4 product;
layout(location = 1) out vec4 outside;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 m = texelFetch(uInput5, p, 0);
  vec4 t = mulModSchrageBalanced(texelFetch(uInput0, p, 0), texelFetch(uInput1, p, 0), texelFetch(uInput2, p, 0),
                                 texelFetch(uInput3, p, 0), texelFetch(uInput4, p, 0));
  product = canonicalResidue(t, m);
  outside = step(m * 0.5 + 16384.0, abs(t));
}
