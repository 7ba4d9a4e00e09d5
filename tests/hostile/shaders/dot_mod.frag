#version 330 core
// SPDX-License-Identifier: MIT
// dotMod (common/extended_range.glsl), one row (m0, m1, m2) and column (w0, w1, w2) of 32-bit
// words per pixel, each as three 12-bit digits in a texel's xyz.
#include "common/extended_range.glsl"
uniform sampler2D uInput0, uInput1, uInput2;  // m0, m1, m2
uniform sampler2D uInput3, uInput4, uInput5;  // w0, w1, w2
uniform vec3 uModulusDigits, uR36, uR48, uR60;
uniform float uFoldC;
layout(location = 0) out vec4 result;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  Modulus m = Modulus(uModulusDigits, uR36, uR48, uR60, uFoldC);
  result = vec4(dotMod(texelFetch(uInput0, p, 0).xyz, texelFetch(uInput1, p, 0).xyz, texelFetch(uInput2, p, 0).xyz,
                       texelFetch(uInput3, p, 0).xyz, texelFetch(uInput4, p, 0).xyz, texelFetch(uInput5, p, 0).xyz, m),
                0.0);
}
