// SPDX-License-Identifier: MIT
// The compute profile's texture fill (the 2006 paper's Figure 2 in the caller's context, with
// compute shaders): invocation (x, y) is texel p = x + W·y, a substream whose state lives in a
// shader storage buffer (STATE_VEC4S vec4s a substream, as the stream profiles keep it). A
// fill of T textures writes the substream's 4T consecutive outputs as floats, output 4t + c
// into texture t's channel c, and leaves the state moved on over the other texels' outputs of
// the fill. Integers only address the buffer and the images; the arithmetic is the ps30 code.
layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, binding = 0) buffer SubstreamStates { vec4 states[]; };
layout(rgba32f, binding = 0) writeonly uniform image2D uTexture0;
layout(rgba32f, binding = 1) writeonly uniform image2D uTexture1;
layout(rgba32f, binding = 2) writeonly uniform image2D uTexture2;
layout(rgba32f, binding = 3) writeonly uniform image2D uTexture3;
uniform ivec2 uSize;    // W, H
uniform int uTextures;  // T

vec4 loadState(int substream, int texel) { return states[substream * STATE_VEC4S + texel]; }
void storeState(int substream, int texel, vec4 value) { states[substream * STATE_VEC4S + texel] = value; }

void storeTexel(int t, ivec2 p, vec4 u) {
  if (t == 0) imageStore(uTexture0, p, u);
  else if (t == 1) imageStore(uTexture1, p, u);
  else if (t == 2) imageStore(uTexture2, p, u);
  else imageStore(uTexture3, p, u);
}

// The generator's share of texel p (substream s).
void fillTexel(ivec2 p, int s);

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x < uSize.x && p.y < uSize.y) fillTexel(p, p.x + uSize.x * p.y);
}
