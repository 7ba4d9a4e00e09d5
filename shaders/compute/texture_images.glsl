// SPDX-License-Identifier: MIT
// The caller's textures in a compute-profile texture fill: T RGBA32F images of W x H texels
// on image units 0 .. T − 1, written by invocation (x, y) of 8x8 work groups at texel (x, y).
layout(local_size_x = 8, local_size_y = 8) in;

layout(rgba32f, binding = 0) writeonly uniform image2D uTexture0;
layout(rgba32f, binding = 1) writeonly uniform image2D uTexture1;
layout(rgba32f, binding = 2) writeonly uniform image2D uTexture2;
layout(rgba32f, binding = 3) writeonly uniform image2D uTexture3;
uniform ivec2 uSize;    // W, H
uniform int uTextures;  // T

void storeTexel(int t, ivec2 p, vec4 u) {
  if (t == 0) imageStore(uTexture0, p, u);
  else if (t == 1) imageStore(uTexture1, p, u);
  else if (t == 2) imageStore(uTexture2, p, u);
  else imageStore(uTexture3, p, u);
}
