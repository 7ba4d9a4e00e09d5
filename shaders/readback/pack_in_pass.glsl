// SPDX-License-Identifier: MIT
// A compute pass that packs its own outputs (common/stream_buffers.glsl with PACK_IN_PASS): each
// output becomes its words or values where the pass makes it (readback/pack_rule.glsl, checked
// as the packer checks them), written at its serial place in Words, which may be the host
// memory the words are read from. The pass's floats never reach memory, and no packing
// dispatch waits for the pass: the link's writes run beside the generators' arithmetic.
// The stores below pass barriers, so every invocation of a group calls them for each of its
// outputs; one past the last substream (gStores false, set by compute/main.glsl) runs
// substream P − 1's arithmetic and stores nothing. Output n is handed on if n < uOutputs; with
// DISTRIBUTION 0 only (Box–Muller's pairs cross invocations).
#include "readback/pack_rule.glsl"

#define PASS_GROUP 64  // local_size_x of compute/main.glsl, which checks it
bool gStores = true;   // whether this invocation's substream is one of the pass's

// The group's first substream.
uint groupFirst() { return (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * uint(PASS_GROUP); }

// A wrong output's record: the first invocation to find one claims it and writes its floats,
// so that the place and the floats the host reports belong together.
void recordFailure(uint n, float v[FLOATS]) {
  if (atomicCompSwap(badOutput, 0xFFFFFFFFu, n) == 0xFFFFFFFFu)
    for (int c = 0; c < FLOATS; ++c) badFloats[c] = v[c];
}

#if STREAM_BLOCKS
// Blocks: substream s's output j is place s·L + j, so an invocation's outputs are consecutive
// and its neighbours' lie L places away. Each stages BLOCK_RUN outputs, then the group stores
// them a run at a time, one warp store a whole stretch of a run, instead of one word from each
// of 32 lines.
#define BLOCK_RUN 32u
shared uint staged[uint(PASS_GROUP) * BLOCK_RUN * uint(OUT_WORDS)];

void storeWords(uint n, uint w[OUT_WORDS]) {
  const uint OW = uint(OUT_WORDS), G = uint(PASS_GROUP);
  uint L = uint(uOutputsPerSubstream), i = gl_LocalInvocationID.x;
  uint s = n / L, j = n - s * L, r = j % BLOCK_RUN;
  for (uint k = 0u; k < OW; ++k) staged[(i * BLOCK_RUN + r) * OW + k] = w[k];
  // The same j in every invocation of the group: all reach the barriers, or none.
  if (r == BLOCK_RUN - 1u || j == L - 1u) {
    barrier();
    uint run = (r + 1u) * OW;  // words of each invocation's run
    uint g = groupFirst(), owners = min(G, uint(uSubstreams) - min(g, uint(uSubstreams)));
    for (uint at = i; at < owners * run; at += G) {
      uint owner = at / run, k = at - owner * run;
      uint place = (g + owner) * L + (j - r);  // the first place of the owner's run
      if (place + k / OW < uOutputs) words[place * OW + k] = staged[owner * BLOCK_RUN * OW + k];
    }
    barrier();
  }
}
#elif OUT_WORDS > 1
// Leapfrog: the group's outputs of a step are consecutive places; several words each go out
// through shared memory as one run (as readback/pack_words.comp stores them).
shared uint staged[uint(PASS_GROUP) * uint(OUT_WORDS)];

void storeWords(uint n, uint w[OUT_WORDS]) {
  const uint OW = uint(OUT_WORDS), G = uint(PASS_GROUP), P = uint(uSubstreams);
  uint i = gl_LocalInvocationID.x, g = groupFirst();
  uint first = (n / P) * P + g;  // invocation 0's place: output n div P of substream g
  for (uint k = 0u; k < OW; ++k) staged[i * OW + k] = w[k];
  barrier();
  uint count = first >= uOutputs || g >= P ? 0u : min(min(G, P - g), uOutputs - first);
  for (uint k = 0u; k < OW; ++k) {
    uint at = k * G + i;
    if (at < count * OW) words[first * OW + at] = staged[at];
  }
  barrier();
}
#else
// Leapfrog, one word an output: neighbouring invocations store neighbouring words.
void storeWords(uint n, uint w[OUT_WORDS]) {
  if (gStores && n < uOutputs) words[n] = w[0];
}
#endif

void packOutput(uint n, float v[FLOATS]) {
  uint w[OUT_WORDS];
  if (!pack(v, w) && gStores && n < uOutputs) recordFailure(n, v);
  storeWords(n, w);
}
