#version 330 core
// SPDX-License-Identifier: MIT
// shortStepMod (common/extended_range.glsl), (a·x − b·y) mod m for one pair of residues x, y
// per pixel, each as three 12-bit digits in a texel's xyz; a and b (digit pairs) in
// uMultipliers.
#include "common/extended_range.glsl"
uniform sampler2D uInput0, uInput1;  // x, y
uniform vec4 uMultipliers;           // a (two digits), b (two digits)
uniform vec3 uModulusDigits, uR36, uR48, uR60;
uniform float uFoldC;
layout(location = 0) out vec4 result;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  Modulus m = Modulus(uModulusDigits, uR36, uR48, uR60, uFoldC);
  result = vec4(shortStepMod(uMultipliers.xy, texelFetch(uInput0, p, 0).xyz, uMultipliers.zw,
                             texelFetch(uInput1, p, 0).xyz, m),
                0.0);
}
