// SPDX-License-Identifier: MIT
// The scatter and compute profiles (OpenGL 4.3): each substream keeps its state in a shader
// storage buffer and writes its outputs anywhere in another, so a pass is not limited to
// 16 outputs per pixel (the "scatter" the 2006 paper asked of future GPUs). Leapfrog: output
// j of substream s in a pass is output j·P + s of the pass, so every pass yields a contiguous
// chunk of the serial sequence and neighbouring substreams write neighbouring words; in
// blocks (MRG32k3a) it is output s·L + j, the same chunk.
// Integers are used only to address the buffers; the generator arithmetic is the same
// float-only code as in the ps30 profile. A generator's stream defines STATE_VEC4S first.
layout(std430, binding = 0) buffer SubstreamStates { vec4 states[]; };  // STATE_VEC4S per substream
layout(std430, binding = 1) writeonly buffer Outputs { float outputs[]; };
uniform int uSubstreams;           // P
uniform int uOutputsPerSubstream;  // L: outputs per substream per pass

vec4 loadState(int substream, int texel) { return states[substream * STATE_VEC4S + texel]; }
void storeState(int substream, int texel, vec4 value) { states[substream * STATE_VEC4S + texel] = value; }

// Output n of the pass as 2, 3 or 4 floats (the exact integers the host decodes).
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
