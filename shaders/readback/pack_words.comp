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
// VALUES 32 or 64 (one word an output, COMBINE): instead of the word, the float or double the
// host's formula makes of it (readback/unit_values.glsl), so that only the values cross.
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
#ifndef FLOATS
#define FLOATS 2
#endif
#ifndef COMBINE
#define COMBINE 1
#endif
#ifndef SOURCE_TEXTURES
#define SOURCE_TEXTURES 0
#endif
#ifndef OUTPUTS_PER_TEXEL
#define OUTPUTS_PER_TEXEL 1
#endif
#ifndef VALUES
#define VALUES 0
#endif
#ifndef VALUE_FORMULA
#define VALUE_FORMULA 1
#endif
layout(local_size_x = 256) in;

layout(std430, binding = 3) writeonly buffer Words { uint words[]; };
layout(std430, binding = 4) buffer Failure {
  uint badOutput;  // 0xFFFFFFFF: none
  float badFloats[FLOATS];
};

uniform float uBound[FLOATS];
uniform uint uLowest;
uniform uint uHighest;
uniform uint uShift;    // COMBINE: a word is f0 + f1·2^uShift
uniform uint uOutputs;  // outputs of the pass that are handed on

#if COMBINE
#define WORDS (FLOATS / 2)
#else
#define WORDS FLOATS
#endif

#include "readback/unit_values.glsl"

bool exactBelow(float f, float bound) { return f >= 0.0 && f < bound && f == floor(f); }

void pack(uint n, float v[FLOATS]) {
  bool ok = true;
  for (int c = 0; c < FLOATS; ++c) ok = ok && exactBelow(v[c], uBound[c]);
#if COMBINE && VALUES != 0
  uint word = uint(v[0]) + (uint(v[1]) << uShift);
  ok = ok && word >= uLowest && word <= uHighest;
  uint hi = 0u, lo = 0u;
  int e = 0;
  if (ok) unitDouble(word, hi, lo, e);  // a refused pass's values are never read
#if VALUES == 32
  words[n] = ok ? floatBits(hi, lo, e) : 0u;
#else
  uvec2 d = ok ? doubleBits(hi, lo, e) : uvec2(0u);
  words[2u * n] = d.x;
  words[2u * n + 1u] = d.y;
#endif
#elif COMBINE
  for (int w = 0; w < WORDS; ++w) {
    uint word = uint(v[2 * w]) + (uint(v[2 * w + 1]) << uShift);
    ok = ok && word >= uLowest && word <= uHighest;
    words[n * uint(WORDS) + uint(w)] = word;
  }
#else
  for (int c = 0; c < FLOATS; ++c) words[n * uint(FLOATS) + uint(c)] = uint(v[c]);
#endif
  if (!ok) atomicMin(badOutput, n);
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
#else
layout(std430, binding = 1) readonly buffer Outputs { float outputs[]; };

void fetchOutput(uint n, out float v[FLOATS]) {
  for (int c = 0; c < FLOATS; ++c) v[c] = outputs[uint(FLOATS) * n + uint(c)];
}
#endif

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
#if SOURCE_TEXTURES
  if (i >= uSubstreams) return;
  for (int j = 0; j < uOutputsPerPixel; ++j) {
    uint n = uint(j) * uSubstreams + i;
    if (n >= uOutputs) break;
    fetchOutput(i, j, v);
    pack(n, v);
  }
#else
  if (i >= uOutputs) return;
  fetchOutput(i, v);
  pack(i, v);
#endif
}
