#version 330 core
// SPDX-License-Identifier: MIT
// mulModMersenne31Limbs (common/limb_arithmetic.glsl), one (x, c) per pixel as limbs (x.x up
// to 2^11); the product as its exact value's bits 0..21 and 22..30, whatever its limbs.
#include "common/limb_arithmetic.glsl"
uniform sampler2D uInput0;  // x in 0..m - 1, limbs in .xyz
uniform sampler2D uInput1;  // c in 0..m - 1, limbs in .xyz
layout(location = 0) out vec4 product;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec3 z = mulModMersenne31Limbs(texelFetch(uInput0, p, 0).xyz, texelFetch(uInput1, p, 0).xyz);
  product = vec4(z.x + z.y * 2048.0, z.z, 0.0, 0.0);
}
