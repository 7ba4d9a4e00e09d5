#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute (not a generator: turns a pass's outputs into the words read back)
// A pass's outputs are exact integers held in floats; this writes them as the words the host
// hands on, each output at its serial place, and makes the host decoder's checks here: every
// float an integer in [0, its bound), and with COMBINE every word (a float pair f0 + f1·2^uShift)
// in [uLowest, uHighest]. The first output that fails is recorded with its floats (by a
// second dispatch, uRecord) and the host refuses the pass. Integers only move and check words:
// the generators' arithmetic stays float-only.
//
// VALUES 32 or 64 (one word an output, COMBINE; Wichmann–Hill's four, VALUE_FORMULA 3; or
// CEICG's groups of four outputs of three words, VALUE_FORMULA 4): instead of the words, the
// floats or doubles the host's formula makes of them (readback/unit_values.glsl), so that
// only the values cross.
// DISTRIBUTION 1 to 7 (with VALUES 32): each float u becomes that distribution's value, in
// float arithmetic (common/distribution_values.glsl's numbering and uniforms; Box–Muller's
// pairs are places 2k and 2k + 1 of the pass, which starts a pair). DISTRIBUTION 8 (VALUES 32
// or 64): the Poisson's value of each double d, by the host's table and search, bit for bit.
// FLOAT_ESTIMATE 1 (CEICG's plain floats): each from an estimate where it settles the float.
// FLOATS: floats per output. SOURCE_TEXTURES 0: a stream pass's storage buffer, output n at
// floats FLOATS·n ...; 1: a ps30 pass's output targets, output j of pixel s (texel
// (s mod uWidth, s div uWidth)) in target j div OUTPUTS_PER_TEXEL at channel
// (j mod OUTPUTS_PER_TEXEL)·FLOATS, serial place j·uSubstreams + s (leapfrog).
// glrand: variant FLOATS=2,COMBINE=1
// glrand: variant FLOATS=4,COMBINE=0
// glrand: variant FLOATS=12,COMBINE=0
// glrand: variant FLOATS=2,COMBINE=1,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=2
// glrand: variant FLOATS=4,COMBINE=0,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=1
// glrand: variant FLOATS=2,COMBINE=1,VALUES=32,VALUE_FORMULA=1
// glrand: variant FLOATS=2,COMBINE=1,VALUES=64,VALUE_FORMULA=1
// glrand: variant FLOATS=2,COMBINE=1,VALUES=32,VALUE_FORMULA=2
// glrand: variant FLOATS=2,COMBINE=1,VALUES=64,VALUE_FORMULA=2
// glrand: variant FLOATS=2,COMBINE=1,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=2,VALUES=32,VALUE_FORMULA=1
// glrand: variant FLOATS=2,COMBINE=1,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=2,VALUES=64,VALUE_FORMULA=2
// glrand: variant FLOATS=2,COMBINE=1,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=2,VALUES=64,VALUE_FORMULA=1
// glrand: variant FLOATS=2,COMBINE=1,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=2,VALUES=32,VALUE_FORMULA=2
// glrand: variant FLOATS=4,COMBINE=0,VALUES=32,VALUE_FORMULA=3
// glrand: variant FLOATS=4,COMBINE=0,VALUES=64,VALUE_FORMULA=3
// glrand: variant FLOATS=4,COMBINE=0,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=1,VALUES=32,VALUE_FORMULA=3
// glrand: variant FLOATS=4,COMBINE=0,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=1,VALUES=64,VALUE_FORMULA=3
// glrand: variant FLOATS=12,COMBINE=0,VALUES=32,VALUE_FORMULA=4
// glrand: variant FLOATS=12,COMBINE=0,VALUES=32,VALUE_FORMULA=4,FLOAT_ESTIMATE=1
// glrand: variant FLOATS=12,COMBINE=0,VALUES=64,VALUE_FORMULA=4
// glrand: variant FLOATS=2,COMBINE=1,VALUES=32,VALUE_FORMULA=1,DISTRIBUTION=4
// glrand: variant FLOATS=2,COMBINE=1,VALUES=32,VALUE_FORMULA=2,DISTRIBUTION=7
// glrand: variant FLOATS=2,COMBINE=1,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=2,VALUES=32,VALUE_FORMULA=1,DISTRIBUTION=6
// glrand: variant FLOATS=4,COMBINE=0,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=1,VALUES=32,VALUE_FORMULA=3,DISTRIBUTION=3
// glrand: variant FLOATS=4,COMBINE=0,VALUES=32,VALUE_FORMULA=3,DISTRIBUTION=6
// glrand: variant FLOATS=4,COMBINE=0,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=1,VALUES=32,VALUE_FORMULA=3,DISTRIBUTION=7
// glrand: variant FLOATS=12,COMBINE=0,VALUES=32,VALUE_FORMULA=4,DISTRIBUTION=1
// glrand: variant FLOATS=12,COMBINE=0,VALUES=32,VALUE_FORMULA=4,DISTRIBUTION=7
// glrand: variant FLOATS=2,COMBINE=1,VALUES=32,VALUE_FORMULA=1,DISTRIBUTION=8
// glrand: variant FLOATS=2,COMBINE=1,SOURCE_TEXTURES=1,OUTPUTS_PER_TEXEL=2,VALUES=64,VALUE_FORMULA=2,DISTRIBUTION=8
// glrand: variant FLOATS=4,COMBINE=0,VALUES=64,VALUE_FORMULA=3,DISTRIBUTION=8
// glrand: variant FLOATS=12,COMBINE=0,VALUES=32,VALUE_FORMULA=4,DISTRIBUTION=8
#ifndef SOURCE_TEXTURES
#define SOURCE_TEXTURES 0
#endif
#ifndef OUTPUTS_PER_TEXEL
#define OUTPUTS_PER_TEXEL 1
#endif
layout(local_size_x = 256) in;

#include "readback/pack_rule.glsl"

#if FLOAT_VALUES
// The values, as float bits, of an output's floats' bits w and their complements q; with
// pairs, `partner` and `partnerQ` hold the pair's other output's (CEICG's groups pair their
// own values 0, 1 and 2, 3), and `first` says whether this output is the pair's first.
void distribute(inout uint w[OUT_WORDS], float q[VALUES_PER_OUTPUT], uint partner[OUT_WORDS],
                float partnerQ[VALUES_PER_OUTPUT], bool first) {
#if PAIRS && VALUES_PER_OUTPUT == 1
  float u = uintBitsToFloat(w[0]), p = uintBitsToFloat(partner[0]);
  vec2 z = first ? pairValues(u, q[0], p) : pairValues(p, partnerQ[0], u);
  w[0] = floatBitsToUint(first ? z.x : z.y);
#elif PAIRS
  for (int k = 0; k < OUT_WORDS; k += 2) {
    vec2 z = pairValues(uintBitsToFloat(w[k]), q[k], uintBitsToFloat(w[k + 1]));
    w[k] = floatBitsToUint(z.x);
    w[k + 1] = floatBitsToUint(z.y);
  }
#else
  for (int k = 0; k < OUT_WORDS; ++k) w[k] = floatBitsToUint(distributionValue(uintBitsToFloat(w[k]), q[k]));
#endif
}
#endif

#if OUT_WORDS > 1
// The work group's outputs hold consecutive places: their words go out through shared memory
// as one contiguous run, each store of a warp one whole stretch of memory. Written word by
// word from each invocation, a store would touch OUT_WORDS times the lines, which costs most
// where the words cross the link straight into host memory.
shared uint staged[256 * OUT_WORDS];
#endif

// Stores the group's outputs: this invocation's (`valid`: place n is handed on) at place n;
// `first`: the group's first place; `count`: how many of the group's places are handed on.
// Called by every invocation of the group (it has barriers).
void store(uint n, bool valid, uint w[OUT_WORDS], uint first, uint count) {
#if OUT_WORDS == 1
  if (valid) words[n] = w[0];
#else
  for (int k = 0; k < OUT_WORDS; ++k) staged[gl_LocalInvocationID.x * uint(OUT_WORDS) + uint(k)] = w[k];
  barrier();
  for (uint k = 0u; k < uint(OUT_WORDS); ++k) {
    uint at = k * 256u + gl_LocalInvocationID.x;
    if (at < count * uint(OUT_WORDS)) words[first * uint(OUT_WORDS) + at] = staged[at];
  }
  barrier();
#endif
}

// Invocation i of a 1D range of work groups laid out in two dimensions where one is too few.
uint invocation() { return (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * 256u + gl_LocalInvocationID.x; }

#if SOURCE_TEXTURES
uniform sampler2D uTargets[4];
uniform int uWidth;
uniform uint uSubstreams;
uniform int uOutputsPerPixel;

void fetchOutput(uint s, int j, out float v[FLOATS]) {
  vec4 t = texelFetch(uTargets[j / OUTPUTS_PER_TEXEL], ivec2(int(s) % uWidth, int(s) / uWidth), 0);
  int first = (j % OUTPUTS_PER_TEXEL) * FLOATS;
  for (int c = 0; c < FLOATS; ++c) v[c] = t[first + c];
}

// The floats of the output at place n of the pass (pixel n mod P, its output n div P). A pair's
// partner is then in the same output j, so the same target, as the group's own outputs: the
// engine refuses Box–Muller with an odd P, whose pairs would cross from one j to the next (an
// index into uTargets that differs within a group, which GLSL leaves undefined).
void fetchPlace(uint n, out float v[FLOATS]) { fetchOutput(n % uSubstreams, int(n / uSubstreams), v); }
#else
layout(std430, binding = 1) readonly buffer Outputs { float outputs[]; };

void fetchOutput(uint n, out float v[FLOATS]) {
  for (int c = 0; c < FLOATS; ++c) v[c] = outputs[uint(FLOATS) * n + uint(c)];
}

void fetchPlace(uint n, out float v[FLOATS]) { fetchOutput(n, v); }
#endif

// Output n's words from its floats v, as pack() makes them, then with DISTRIBUTION its values;
// false if the check fails. A Box–Muller pair's other output (place n xor 1, in the pass, as
// the pass starts a pair) is made here too; its own invocation checks it, or this one where the
// pass hands it on no further.
bool packPlace(uint n, float v[FLOATS], out uint w[OUT_WORDS]) {
  bool ok = pack(v, w);
#if FLOAT_VALUES
  float q[VALUES_PER_OUTPUT] = complement;
  uint partner[OUT_WORDS];
#if PAIRS && VALUES_PER_OUTPUT == 1
  float pv[FLOATS];
  fetchPlace(n ^ 1u, pv);
  if (!pack(pv, partner) && (n ^ 1u) >= uOutputs) atomicMin(badOutput, n ^ 1u);
#else
  partner = w;
#endif
  distribute(w, q, partner, complement, (n & 1u) == 0u);
#endif
  return ok;
}

// uRecord: a second dispatch after the pack, one invocation: the first wrong output's floats.
uniform int uRecord;

void main() {
  uint i = invocation();
  float v[FLOATS];
  if (uRecord != 0) {
    if (i != 0u || badOutput == 0xFFFFFFFFu) return;
#if SOURCE_TEXTURES
    fetchOutput(badOutput % uSubstreams, int(badOutput / uSubstreams), v);
#else
    fetchOutput(badOutput, v);
#endif
    for (int c = 0; c < FLOATS; ++c) badFloats[c] = v[c];
    return;
  }
  uint w[OUT_WORDS];
  uint group = i - gl_LocalInvocationID.x;  // the group's first invocation
#if SOURCE_TEXTURES
  // Invocation i is pixel i: its output j goes to place j·P + i, so the group's outputs j
  // hold places j·P + group ... on, short of the pass's end and of pixel P.
  bool pixel = i < uSubstreams;
  for (int j = 0; j < uOutputsPerPixel; ++j) {
    uint first = uint(j) * uSubstreams + group;
    uint count = first >= uOutputs || group >= uSubstreams ? 0u : min(min(256u, uSubstreams - group), uOutputs - first);
    uint n = uint(j) * uSubstreams + i;
    bool valid = pixel && n < uOutputs;
    if (valid) {
      fetchOutput(i, j, v);
      if (!packPlace(n, v, w)) atomicMin(badOutput, n);
    }
    store(n, valid, w, first, count);
  }
#else
  bool valid = i < uOutputs;
  if (valid) {
    fetchOutput(i, v);
    if (!packPlace(i, v, w)) atomicMin(badOutput, i);
  }
  store(i, valid, w, group, group >= uOutputs ? 0u : min(256u, uOutputs - group));
#endif
}
