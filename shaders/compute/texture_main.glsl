// SPDX-License-Identifier: MIT
// The compute profile's texture fill (the 2006 paper's Figure 2 in the caller's context, with
// compute shaders): invocation (i, y) is a run of R consecutive texels of row y, p = x + W·y
// for x = i·R .. i·R + R − 1 (R: RUN_TEXELS, which the host defines and which divides W), and
// so a run of consecutive outputs: a substream, s = i + (W/R)·y, whose state lives in a shader
// storage buffer (STATE_VEC4S vec4s a substream, as the stream profiles keep it). A fill of T
// textures writes each texel's C·T consecutive outputs as floats (C: CHANNELS), output C·t + c
// into texture t's channel c, stepping from texel to texel by the generator's own step; a
// generator whose jump is a matrix (MRG32k3a) moves the state on over the other runs' outputs
// of the fill, the others start each fill from a base state that stays as it is. A run shares
// one state read and one jump among its texels. Integers only address the buffer and the
// images; the arithmetic is the ps30 code.
#include "compute/texture_images.glsl"

layout(std430, binding = 0) buffer SubstreamStates { vec4 states[]; };
#ifndef RUN_TEXELS
#define RUN_TEXELS 1  // the host's choice (stream::ComputeTextureFiller::run_texels_of)
#endif
const int kRunTexels = RUN_TEXELS;  // a constant, so that the compiler unrolls a run

vec4 loadState(int substream, int texel) { return states[substream * STATE_VEC4S + texel]; }
void storeState(int substream, int texel, vec4 value) { states[substream * STATE_VEC4S + texel] = value; }

// Whether output c of texture t of the run's texel k is the run's last (no step after it).
bool lastOfRun(int k, int t, int c) { return k == kRunTexels - 1 && t == uTextures - 1 && c == CHANNELS - 1; }

// The generator's share of the run from texel `first` (substream s).
void fillRun(ivec2 first, int s);

void main() {
  int runsPerRow = uSize.x / kRunTexels;
  ivec2 q = ivec2(gl_GlobalInvocationID.xy);
  if (q.x < runsPerRow && q.y < uSize.y) fillRun(ivec2(q.x * kRunTexels, q.y), q.x + runsPerRow * q.y);
}
