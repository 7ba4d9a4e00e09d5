#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// CEICG texture fill, compute profile: as ceicg.frag's float targets (no state but the three
// residues of the fill's first output, which the host advances), texel p = x + W·y evaluating
// its 4T consecutive outputs p·4T .. from them, output 4t + c into texture t's channel c, in
// one dispatch a fill whatever T (no instruction budget to split it).
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/ceicg_core.glsl"
#include "compute/texture_images.glsl"

uniform vec4 uPassStart;         // residues of the fill's first output
uniform float uWidth;            // W
uniform float uOutputsPerPixel;  // 4T
uniform vec4 uStrideQ;           // m_k div 4T (Schrage)
uniform vec4 uStrideR;           // m_k mod 4T

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x >= uSize.x || p.y >= uSize.y) return;
  float pixel = float(p.x) + uWidth * float(p.y);
  vec4 pixelResidue = pixel - uModulus * step(uModulus, vec4(pixel));  // p mod m_k (p < 2 m_k)
  vec4 blockOffset = mulModSchrage(pixelResidue, vec4(uOutputsPerPixel), uStrideQ, uStrideR, uModulus);
  vec4 start = addMod(uPassStart, blockOffset, uModulus);
  for (int t = 0; t < uTextures; ++t) {
    vec4 x1, x2, x3;
    ceicgIntegers(start, 4.0 * float(t), x1, x2, x3);
    storeTexel(t, p, ceicgUniform(x1, x2, x3));
  }
}
