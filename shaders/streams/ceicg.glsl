// SPDX-License-Identifier: MIT
// CEICG in the scatter and compute profiles. As in the ps30 profile, one evaluation yields
// four consecutive outputs (the float4 leapfrog, common/ceicg_core.glsl); here a substream
// evaluates groups j·P + s of the pass, and holds the residues of its next group's first
// output, advanced by 4P positions after each group. An output is (x1, x2, x3), so a group
// is 12 floats.
//
// The inverses of two groups are taken together, by Montgomery's simultaneous inversion
// (Mathematics of Computation 48, 1987): the arguments' running products, one inversion of
// the last, and two products an argument to unwind it, in lanes that hold the three
// components, where each group's own inversions took three, each a chain of divisions. On a
// GPU a compute pass packs only CEICG's words in the pass; its floats and doubles are packed
// after it (host/stream/ceicg_stream.hpp, kValuesAfterPass).
#define STATE_VEC4S 1
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/mulmod24.glsl"
#include "common/ceicg_core.glsl"
#include "common/stream_buffers.glsl"

uniform vec4 uGroupStride;  // 4P mod m_k

// Arguments a_k·(position) + c_k of a group's four outputs, output t in argument[first + t]
// (lane k = component k; lane w unused, 0).
const int kBatchOutputs = 8;  // two groups: a loop over more, with its tests, ran far slower on llvmpipe
void groupArguments(vec4 start, int first, inout vec4 argument[kBatchOutputs]) {
  vec4 x = ceicgArgument(start.x, 0.0, uModulus.x, uMultiplier.x, uIncrement.x, uMultiplierQ.x, uMultiplierR.x);
  vec4 y = ceicgArgument(start.y, 0.0, uModulus.y, uMultiplier.y, uIncrement.y, uMultiplierQ.y, uMultiplierR.y);
  vec4 z = ceicgArgument(start.z, 0.0, uModulus.z, uMultiplier.z, uIncrement.z, uMultiplierQ.z, uMultiplierR.z);
  for (int t = 0; t < 4; ++t) argument[first + t] = vec4(x[t], y[t], z[t], 0.0);
}

// Each argument replaced by its inverse mod m (0 stays 0: CEICG's inverse of 0). A 0 takes
// part as 1, so that the running products stay invertible (m is prime).
void invertTogether(inout vec4 value[kBatchOutputs]) {
  vec4 m = uModulus;
  vec4 zero[kBatchOutputs];
  vec4 running[kBatchOutputs];
  for (int i = 0; i < kBatchOutputs; ++i) {
    zero[i] = 1.0 - step(0.5, value[i]);
    value[i] += zero[i];
  }
  // Lane w (modulus 1) keeps running products of 0, so invMod is done with it at once.
  running[0] = value[0];
  for (int i = 1; i < kBatchOutputs; ++i) running[i] = mulMod24(running[i - 1], value[i], m);
  vec4 inverse = invMod(running[kBatchOutputs - 1], m);  // of all the arguments' product
  for (int i = kBatchOutputs - 1; i > 0; --i) {
    vec4 own = mulMod24(inverse, running[i - 1], m);  // 1/value[i]
    inverse = mulMod24(inverse, value[i], m);         // 1/running[i - 1]
    value[i] = own * (1.0 - zero[i]);
  }
  value[0] = inverse * (1.0 - zero[0]);
}

// Group `first`'s four outputs from value[first .. first + 3], as storeGroup takes them.
void storeGroupOf(int n, vec4 value[kBatchOutputs], int first) {
  vec4 x1 = vec4(value[first].x, value[first + 1].x, value[first + 2].x, value[first + 3].x);
  vec4 x2 = vec4(value[first].y, value[first + 1].y, value[first + 2].y, value[first + 3].y);
  vec4 x3 = vec4(value[first].z, value[first + 1].z, value[first + 2].z, value[first + 3].z);
  storeGroup(n, x1, x2, x3);
}

// A compute pass that packs values in the pass (readback/pack_rule.glsl's double arithmetic),
// on a software renderer, keeps each group alone: on a GPU the two groups' inverses beside that
// arithmetic ran several times slower.
#if PACK_IN_PASS
#if VALUES != 0
#define GROUPS_ALONE
#endif
#endif
#ifdef GROUPS_ALONE
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
#else
void runSubstream(int s) {
  vec4 start = loadState(s, 0);
  for (int j = 0; j < uOutputsPerSubstream; j += 2) {
    vec4 value[kBatchOutputs];
    groupArguments(start, 0, value);
    start = addMod(start, uGroupStride, uModulus);
    bool second = j + 1 < uOutputsPerSubstream;  // the same in every invocation
    if (second) {
      groupArguments(start, 4, value);
      start = addMod(start, uGroupStride, uModulus);
    } else {
      for (int t = 4; t < kBatchOutputs; ++t) value[t] = vec4(1.0, 1.0, 1.0, 0.0);  // ones take part
    }
    invertTogether(value);
    storeGroupOf(j * uSubstreams + s, value, 0);
    if (second) storeGroupOf((j + 1) * uSubstreams + s, value, 4);
  }
  storeState(s, 0, start);
}
#endif
