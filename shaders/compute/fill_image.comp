#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute (not a generator: the compute texture fills' ceiling for benchmarks)
// The trivial compute shader: every texel of an RGBA32F image written with a value that
// depends on its place, in the compute texture fills' 8x8 work groups.
layout(local_size_x = 8, local_size_y = 8) in;
layout(rgba32f, binding = 0) writeonly uniform image2D uTexture0;
uniform ivec2 uSize;
uniform float uValue;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x < uSize.x && p.y < uSize.y) imageStore(uTexture0, p, vec4(uValue, float(p.x), float(p.y), 1.0));
}
