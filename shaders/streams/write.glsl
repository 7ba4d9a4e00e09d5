// SPDX-License-Identifier: MIT
// The write-rate ceiling of the scatter and compute profiles (benchmarks only): the same
// outputs as a generator's pass, uFloatsPerOutput floats at output j·P + s, with values that
// depend on s and j so that nothing can be elided, and no arithmetic to speak of.
#define STATE_VEC4S 1
#include "common/stream_buffers.glsl"

uniform int uFloatsPerOutput;

void runSubstream(int s) {
  for (int j = 0; j < uOutputsPerSubstream; ++j) {
    int n = j * uSubstreams + s;
    for (int c = 0; c < uFloatsPerOutput; ++c) outputs[uFloatsPerOutput * n + c] = float(s + j + c);
  }
}
