// SPDX-License-Identifier: MIT
// The scatter and compute profiles (OpenGL 4.3): each substream keeps its state in a shader
// storage buffer and writes its outputs anywhere in another, so a pass is not limited to
// 16 outputs per pixel (the "scatter" the 2006 paper asked of future GPUs). Leapfrog: output
// j of substream s in a pass is output j·P + s of the pass, so every pass yields a contiguous
// chunk of the serial sequence and neighbouring substreams write neighbouring words; in
// blocks (MRG32k3a) it is output s·L + j, the same chunk.
// Integers are used only to address the buffers; the generator arithmetic is the same
// float-only code as in the ps30 profile. A generator's stream defines STATE_VEC4S first.
// With PACK_IN_PASS (compute only), outputs are packed where they are made and only their
// words or values are stored (readback/pack_in_pass.glsl); a stream in blocks defines
// STREAM_BLOCKS 1.
#ifndef PACK_IN_PASS
#define PACK_IN_PASS 0
#endif
#ifndef STREAM_BLOCKS
#define STREAM_BLOCKS 0
#endif
layout(std430, binding = 0) buffer SubstreamStates { vec4 states[]; };  // STATE_VEC4S per substream
uniform int uSubstreams;           // P
uniform int uOutputsPerSubstream;  // L: outputs per substream per pass
#if PACK_IN_PASS
#include "readback/pack_in_pass.glsl"
#else
layout(std430, binding = 1) writeonly buffer Outputs { float outputs[]; };
#endif

vec4 loadState(int substream, int texel) { return states[substream * STATE_VEC4S + texel]; }
void storeState(int substream, int texel, vec4 value) {
#if PACK_IN_PASS
  if (!gStores) return;
#endif
  states[substream * STATE_VEC4S + texel] = value;
}

// Output n of the pass as 2 or 4 floats (the exact integers the host decodes), or CEICG's
// group n of four outputs of three floats each.
#if PACK_IN_PASS
#if FLOATS == 2
void storeOutput(int n, vec2 v) { packOutput(uint(n), float[2](v.x, v.y)); }
#elif FLOATS == 4
void storeOutput(int n, vec4 v) { packOutput(uint(n), float[4](v.x, v.y, v.z, v.w)); }
#elif FLOATS == 12
void storeGroup(int n, vec4 x1, vec4 x2, vec4 x3) {
  packOutput(uint(n), float[12](x1[0], x2[0], x3[0], x1[1], x2[1], x3[1], x1[2], x2[2], x3[2], x1[3], x2[3], x3[3]));
}
#endif
#else
void storeOutput(int n, vec2 v) {
  outputs[2 * n] = v.x;
  outputs[2 * n + 1] = v.y;
}
void storeOutput(int n, vec4 v) {
  outputs[4 * n] = v.x;
  outputs[4 * n + 1] = v.y;
  outputs[4 * n + 2] = v.z;
  outputs[4 * n + 3] = v.w;
}
void storeGroup(int n, vec4 x1, vec4 x2, vec4 x3) {
  for (int i = 0; i < 4; ++i) {
    outputs[3 * (4 * n + i)] = x1[i];
    outputs[3 * (4 * n + i) + 1] = x2[i];
    outputs[3 * (4 * n + i) + 2] = x3[i];
  }
}
#endif
