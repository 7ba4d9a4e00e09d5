#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// The glrand: variant and candidate lines name the define sets the build validates, measures
// and embeds (a candidate is rendered only where it fits 512 slots; every variant must fit).
// glrand: variant CEICG_FLOAT_TARGETS=0
// glrand: variant CEICG_FLOAT_TARGETS=1
// glrand: candidate CEICG_FLOAT_TARGETS=2
// glrand: candidate CEICG_FLOAT_TARGETS=3
// glrand: candidate CEICG_FLOAT_TARGETS=4
// CEICG, ps30 profile: float arithmetic only, at most four vec4 outputs, no state but three
// residues that the host advances between passes.
//
// Pixel p = x + width·y (p < 2^24) owns the block of `uOutputsPerPixel` consecutive outputs
// starting at pass position p·L; within the block, target t, channel c is output 4t + c
// (floats: C·t + c plus uFirstOutput, C the caller's texture's channels, uTargetOffsets =
// (C, 2C, 3C); uFirstOutput where a fill is split into passes of fewer targets).
// CEICG_FLOAT_TARGETS = 0: exact integers, component k of outputs 4p..4p+3 into target k.
// CEICG_FLOAT_TARGETS = R (1..4): R targets of floats u, for textures used on the GPU.
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/ceicg_core.glsl"

#ifndef CEICG_FLOAT_TARGETS
#define CEICG_FLOAT_TARGETS 0
#endif

uniform vec4 uPassStart;      // residues of the pass's first output
uniform float uWidth;         // render-target width in pixels
uniform float uOutputsPerPixel;  // L
uniform vec4 uStrideQ;        // m_k div L  (Schrage, L² < m_k)
uniform vec4 uStrideR;        // m_k mod L
#if CEICG_FLOAT_TARGETS > 0
uniform float uFirstOutput;   // the block position of target0's first output (passes split a fill)
#endif
#if CEICG_FLOAT_TARGETS > 1
uniform vec3 uTargetOffsets;  // targets 1, 2, 3's first outputs after target0's: C, 2C, 3C
#endif

layout(location = 0) out vec4 target0;
layout(location = 1) out vec4 target1;
layout(location = 2) out vec4 target2;
layout(location = 3) out vec4 target3;

void main() {
  float pixel = floor(gl_FragCoord.x) + uWidth * floor(gl_FragCoord.y);
  vec4 pixelResidue = pixel - uModulus * step(uModulus, vec4(pixel));  // p mod m_k (p < 2 m_k)
  vec4 blockOffset = mulModSchrage(pixelResidue, vec4(uOutputsPerPixel), uStrideQ, uStrideR, uModulus);
  vec4 start = addMod(uPassStart, blockOffset, uModulus);

  vec4 x1, x2, x3;
#if CEICG_FLOAT_TARGETS == 0
  ceicgIntegers(start, 0.0, x1, x2, x3);
  target0 = x1;
  target1 = x2;
  target2 = x3;
  target3 = vec4(0.0);
#else
  ceicgIntegers(start, uFirstOutput, x1, x2, x3);
  target0 = ceicgUniform(x1, x2, x3);
#if CEICG_FLOAT_TARGETS > 1
  ceicgIntegers(start, uFirstOutput + uTargetOffsets.x, x1, x2, x3);
  target1 = ceicgUniform(x1, x2, x3);
#endif
#if CEICG_FLOAT_TARGETS > 2
  ceicgIntegers(start, uFirstOutput + uTargetOffsets.y, x1, x2, x3);
  target2 = ceicgUniform(x1, x2, x3);
#endif
#if CEICG_FLOAT_TARGETS > 3
  ceicgIntegers(start, uFirstOutput + uTargetOffsets.z, x1, x2, x3);
  target3 = ceicgUniform(x1, x2, x3);
#endif
#endif
}
