// SPDX-License-Identifier: MIT
// Wichmann–Hill in the scatter and compute profiles: substream s holds the state (x, y, z, w);
// output j of the pass is the state after j steps of a_k^P mod m_k (MKL: an output is the
// state itself), by the 12-bit-split product, since a^P is too large for Schrage's method;
// a^P's halves, m_k's and the shift's reciprocal come from the host (mulMod24ByHalves).
#define STATE_VEC4S 1
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/mulmod24.glsl"
#include "common/stream_buffers.glsl"

uniform vec4 uModulus;            // m_k
uniform vec4 uStepHigh;           // the 12-bit halves of c = a_k^P mod m_k
uniform vec4 uStepLow;
uniform vec4 uStepShiftedHigh;    // the halves of c·2^12 mod m_k
uniform vec4 uStepShiftedLow;
uniform vec4 uModulusHigh;        // m_k's halves
uniform vec4 uModulusLow;
uniform vec4 uShiftQuotient;      // (2^12/m_k)·kQuotientBias

void runSubstream(int s) {
  vec4 state = loadState(s, 0);
  for (int j = 0; j < uOutputsPerSubstream; ++j) {
    storeOutput(j * uSubstreams + s, state);
    state = mulMod24ByHalves(state, uStepHigh, uStepLow, uStepShiftedHigh, uStepShiftedLow, uModulus, uModulusHigh,
                             uModulusLow, uShiftQuotient);
  }
  storeState(s, 0, state);
}
