#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// glrand: variant CHANNELS=4
// glrand: variant CHANNELS=2
// glrand: variant CHANNELS=1
// glrand: variant CHANNELS=4,TEXTURE_WORDS=1
// CEICG texture fill, compute profile: as ceicg.frag's float targets (no state but the three
// residues of the fill's first output, which the host advances), texel p = x + W·y evaluating
// its C·T consecutive outputs p·C·T .. from them, output C·t + c into texture t's channel c, in
// one dispatch a fill whatever T (no instruction budget to split it).
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/ceicg_core.glsl"
#include "compute/texture_images.glsl"

uniform vec4 uPassStart;         // residues of the fill's first output
uniform float uWidth;            // W
uniform float uOutputsPerPixel;  // C·T (C: CHANNELS)
uniform vec4 uStrideQ;           // m_k div C·T (Schrage)
uniform vec4 uStrideR;           // m_k mod C·T

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x >= uSize.x || p.y >= uSize.y) return;
  float pixel = float(p.x) + uWidth * float(p.y);
  vec4 pixelResidue = pixel - uModulus * step(uModulus, vec4(pixel));  // p mod m_k (p < 2 m_k)
  vec4 blockOffset = mulModSchrage(pixelResidue, vec4(uOutputsPerPixel), uStrideQ, uStrideR, uModulus);
  vec4 start = addMod(uPassStart, blockOffset, uModulus);
  for (int t = 0; t < uTextures; ++t) {
    vec4 x1, x2, x3;
#if TEXTURE_WORDS
    // One output a texel (uOutputsPerPixel = T): its three components, the exact words.
    ceicgIntegers(start, float(t), x1, x2, x3);
    storeWords(t, p, uvec4(uint(x1.x), uint(x2.x), uint(x3.x), 0u));
#else
    ceicgIntegers(start, float(CHANNELS * t), x1, x2, x3);
    storeTexel(t, p, ceicgUniform(x1, x2, x3));
#endif
  }
}
