#version 330 core
// SPDX-License-Identifier: MIT
// reduceWide (common/extended_range.glsl), one normalized v < 2^72 per pixel: digits 0..3 in
// uInput0, digits 4 and 5 in uInput1.xy.
#include "common/extended_range.glsl"
uniform sampler2D uInput0, uInput1;
uniform vec3 uModulusDigits, uR36, uR48, uR60;
uniform float uFoldC;
layout(location = 0) out vec4 result;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  Modulus m = Modulus(uModulusDigits, uR36, uR48, uR60, uFoldC);
  result = vec4(reduceWide(texelFetch(uInput0, p, 0), vec4(texelFetch(uInput1, p, 0).xy, 0.0, 0.0), m), 0.0);
}
