// SPDX-License-Identifier: MIT
// The caller's textures in a compute-profile texture fill: T images of W x H texels, CHANNELS
// a texel, on image units 0 .. T − 1, written by invocation (x, y) of 8x8 work groups at texel
// (x, y). Floats (4: RGBA32F, 2: RG32F, 1: R32F) through storeTexel, or with TEXTURE_WORDS the
// exact words (RGBA32UI, RG32UI, R32UI) through storeWords.
layout(local_size_x = 8, local_size_y = 8) in;

#ifndef CHANNELS
#define CHANNELS 4
#endif
#ifndef TEXTURE_WORDS
#define TEXTURE_WORDS 0
#endif
#if TEXTURE_WORDS
#if CHANNELS == 4
#define TEXTURE_FORMAT rgba32ui
#elif CHANNELS == 2
#define TEXTURE_FORMAT rg32ui
#else
#define TEXTURE_FORMAT r32ui
#endif
#define TEXTURE_IMAGE uimage2D
#else
#if CHANNELS == 4
#define TEXTURE_FORMAT rgba32f
#elif CHANNELS == 2
#define TEXTURE_FORMAT rg32f
#else
#define TEXTURE_FORMAT r32f
#endif
#define TEXTURE_IMAGE image2D
#endif
layout(TEXTURE_FORMAT, binding = 0) writeonly uniform TEXTURE_IMAGE uTexture0;
layout(TEXTURE_FORMAT, binding = 1) writeonly uniform TEXTURE_IMAGE uTexture1;
layout(TEXTURE_FORMAT, binding = 2) writeonly uniform TEXTURE_IMAGE uTexture2;
layout(TEXTURE_FORMAT, binding = 3) writeonly uniform TEXTURE_IMAGE uTexture3;
uniform ivec2 uSize;    // W, H
uniform int uTextures;  // T

#if TEXTURE_WORDS
// Texture t's texel p: w's first CHANNELS words.
void storeWords(int t, ivec2 p, uvec4 w) {
  if (t == 0) imageStore(uTexture0, p, w);
  else if (t == 1) imageStore(uTexture1, p, w);
  else if (t == 2) imageStore(uTexture2, p, w);
  else imageStore(uTexture3, p, w);
}
#else
// Texture t's texel p: u's first CHANNELS floats.
void storeTexel(int t, ivec2 p, vec4 u) {
  if (t == 0) imageStore(uTexture0, p, u);
  else if (t == 1) imageStore(uTexture1, p, u);
  else if (t == 2) imageStore(uTexture2, p, u);
  else imageStore(uTexture3, p, u);
}
#endif
