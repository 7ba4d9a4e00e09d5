// SPDX-License-Identifier: MIT
// The compute profile's texture fill (the 2006 paper's Figure 2 in the caller's context, with
// compute shaders): invocation (x, y) is texel p = x + W·y, a substream whose state lives in a
// shader storage buffer (STATE_VEC4S vec4s a substream, as the stream profiles keep it). A
// fill of T textures writes the substream's C·T consecutive outputs as floats (C: CHANNELS), output C·t + c
// into texture t's channel c; a generator whose jump is a matrix (MRG32k3a) moves the state on
// over the other texels' outputs of the fill, the others start each fill from a base state
// that stays as it is. Integers only address the buffer and the images; the arithmetic is the
// ps30 code.
#include "compute/texture_images.glsl"

layout(std430, binding = 0) buffer SubstreamStates { vec4 states[]; };

vec4 loadState(int substream, int texel) { return states[substream * STATE_VEC4S + texel]; }
void storeState(int substream, int texel, vec4 value) { states[substream * STATE_VEC4S + texel] = value; }

// The generator's share of texel p (substream s).
void fillTexel(ivec2 p, int s);

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x < uSize.x && p.y < uSize.y) fillTexel(p, p.x + uSize.x * p.y);
}
