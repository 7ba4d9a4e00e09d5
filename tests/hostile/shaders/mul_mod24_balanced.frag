#version 330 core
// SPDX-License-Identifier: MIT
// mulMod24Balanced (common/balanced_residues.glsl), one (x, c, m) per lane with what the host
// makes of c and m: the product made canonical, and 1 where the product itself left the
// balanced range |t| < m/2 + 2^14.
#include "common/balanced_residues.glsl"
uniform sampler2D uInput0;   // x < m
uniform sampler2D uInput1;   // c's high half
uniform sampler2D uInput2;   // c's low half
uniform sampler2D uInput3;   // c/m as a float
uniform sampler2D uInput4;   // (c·2^12 mod m)'s high half
uniform sampler2D uInput5;   // (c·2^12 mod m)'s low half
uniform sampler2D uInput6;   // (c·2^12 mod m)/m as a float
uniform sampler2D uInput7;   // m < 2^24
uniform sampler2D uInput8;   // m's high half
uniform sampler2D uInput9;   // m's low half
uniform sampler2D uInput10;  // 1/m as a float
layout(location = 0) out vec4 product;
layout(location = 1) out vec4 outside;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 m = texelFetch(uInput7, p, 0);
  vec4 t = mulMod24Balanced(texelFetch(uInput0, p, 0), texelFetch(uInput1, p, 0), texelFetch(uInput2, p, 0),
                            texelFetch(uInput3, p, 0), texelFetch(uInput4, p, 0), texelFetch(uInput5, p, 0),
                            texelFetch(uInput6, p, 0), m, texelFetch(uInput8, p, 0), texelFetch(uInput9, p, 0),
                            texelFetch(uInput10, p, 0));
  product = canonicalResidue(t, m);
  outside = step(m * 0.5 + 16384.0, abs(t));
}
