// SPDX-License-Identifier: MIT
// MRG32k3a in the scatter and compute profiles: substream s holds its six words as (x0, x1)
// pairs in three vec4s and runs a block: its L outputs of a pass are consecutive positions,
// written as (x0, x1) to places s·L .. s·L + L − 1, the state moved between them by the
// recurrence itself (stepOnce: a few times cheaper than a dense matrix step), and after the
// last by the host's jump (uStep: to the substream's block of the next pass). The whole
// step runs in one invocation: no ps_3_0 budget to split it.
#define STATE_VEC4S 3
#define STREAM_BLOCKS 1
#include "common/extended_range.glsl"
#include "common/mrg32k3a_step.glsl"
#include "common/stream_buffers.glsl"

void runSubstream(int s) {
  vec4 t0 = loadState(s, 0), t1 = loadState(s, 1), t2 = loadState(s, 2);
  vec3 a0 = digitsOfWord(t0.xy), a1 = digitsOfWord(t0.zw), a2 = digitsOfWord(t1.xy);
  vec3 b0 = digitsOfWord(t1.zw), b1 = digitsOfWord(t2.xy), b2 = digitsOfWord(t2.zw);
  int first = s * uOutputsPerSubstream;
  for (int j = 0; j < uOutputsPerSubstream; ++j) {
    storeOutput(first + j, combine(a2, b2, uModulusDigits1));
    if (j + 1 < uOutputsPerSubstream) stepOnce(a0, a1, a2, b0, b1, b2);
  }
  stepState(a0, a1, a2, b0, b1, b2);
  storeState(s, 0, vec4(wordOfDigits(a0), wordOfDigits(a1)));
  storeState(s, 1, vec4(wordOfDigits(a2), wordOfDigits(b0)));
  storeState(s, 2, vec4(wordOfDigits(b1), wordOfDigits(b2)));
}
