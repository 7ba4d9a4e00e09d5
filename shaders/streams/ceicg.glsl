// SPDX-License-Identifier: MIT
// CEICG in the scatter and compute profiles. As in the ps30 profile, one evaluation yields
// four consecutive outputs (the float4 leapfrog, common/ceicg_core.glsl); here a substream
// evaluates groups j·P + s of the pass, and holds the residues of its next group's first
// output, advanced by 4P positions after each group. An output is (x1, x2, x3), so a group
// is 12 floats.
#define STATE_VEC4S 1
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/ceicg_core.glsl"
#include "common/stream_buffers.glsl"

uniform vec4 uGroupStride;  // 4P mod m_k

void runSubstream(int s) {
  vec4 start = loadState(s, 0);
  for (int j = 0; j < uOutputsPerSubstream; ++j) {
    vec4 x1, x2, x3;
    ceicgIntegers(start, 0.0, x1, x2, x3);
    storeGroup(j * uSubstreams + s, x1, x2, x3);
    start = addMod(start, uGroupStride, uModulus);
  }
  storeState(s, 0, start);
}
