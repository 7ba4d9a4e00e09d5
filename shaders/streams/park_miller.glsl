// SPDX-License-Identifier: MIT
// Park–Miller in the scatter and compute profiles: substream s holds z as four bytes
// (common/byte_arithmetic.glsl); output j of the pass is z after j steps of a^P, written as
// 16-bit halves (low, high).
#define STATE_VEC4S 1
#include "common/byte_arithmetic.glsl"
#include "common/stream_buffers.glsl"

uniform vec4 uStepMultiplier;  // bytes of a^P

void runSubstream(int s) {
  vec4 z = loadState(s, 0);
  for (int j = 0; j < uOutputsPerSubstream; ++j) {
    storeOutput(j * uSubstreams + s, halvesOfBytes(z));
    z = mulModMersenne31(z, uStepMultiplier);
  }
  storeState(s, 0, z);
}
