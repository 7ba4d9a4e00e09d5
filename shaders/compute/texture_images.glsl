// SPDX-License-Identifier: MIT
// The caller's textures in a compute-profile texture fill: T images of W x H texels, CHANNELS
// floats a texel (4: RGBA32F, 2: RG32F, 1: R32F), on image units 0 .. T − 1, written by
// invocation (x, y) of 8x8 work groups at texel (x, y).
layout(local_size_x = 8, local_size_y = 8) in;

#ifndef CHANNELS
#define CHANNELS 4
#endif
#if CHANNELS == 4
#define TEXTURE_FORMAT rgba32f
#elif CHANNELS == 2
#define TEXTURE_FORMAT rg32f
#else
#define TEXTURE_FORMAT r32f
#endif
layout(TEXTURE_FORMAT, binding = 0) writeonly uniform image2D uTexture0;
layout(TEXTURE_FORMAT, binding = 1) writeonly uniform image2D uTexture1;
layout(TEXTURE_FORMAT, binding = 2) writeonly uniform image2D uTexture2;
layout(TEXTURE_FORMAT, binding = 3) writeonly uniform image2D uTexture3;
uniform ivec2 uSize;    // W, H
uniform int uTextures;  // T

// Texture t's texel p: u's first CHANNELS floats.
void storeTexel(int t, ivec2 p, vec4 u) {
  if (t == 0) imageStore(uTexture0, p, u);
  else if (t == 1) imageStore(uTexture1, p, u);
  else if (t == 2) imageStore(uTexture2, p, u);
  else imageStore(uTexture3, p, u);
}
