#version 330 core
// SPDX-License-Identifier: MIT
// mulModMersenne31ByLimbs2 (common/limb_arithmetic.glsl), one (x, c) per pixel, c below 2^22
// as two limbs; the product as its exact value's bits 0..21 and 22..30, whatever its limbs.
#include "common/limb_arithmetic.glsl"
uniform sampler2D uInput0;  // x in 0..m - 1, limbs in .xyz
uniform sampler2D uInput1;  // c below 2^22, limbs in .xy
layout(location = 0) out vec4 product;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec3 z = mulModMersenne31ByLimbs2(texelFetch(uInput0, p, 0).xyz, texelFetch(uInput1, p, 0).xy);
  product = vec4(z.x + z.y * 2048.0, z.z, 0.0, 0.0);
}
