#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute (not a generator: moves a pass's packed read-back into an image)
// A pass's read-back (the word packer's header and words, in a storage buffer in device
// memory) copied into an RGBA32UI image, four words a texel, row by row: a pixel read of the
// image then yields the same bytes in the same order. A pixel read issued from a second context
// runs beside the next passes, where a buffer copy would wait its turn
// (gl::SharedContextReadback).
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer Words { uvec4 words[]; };
layout(rgba32ui, binding = 0) writeonly uniform uimage2D uImage;
uniform int uTexels;  // texels to copy
uniform int uWidth;   // the image's width

void main() {
  uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x, width = uint(uWidth);
  for (uint t = gl_GlobalInvocationID.x; t < uint(uTexels); t += stride)
    imageStore(uImage, ivec2(int(t % width), int(t / width)), words[t]);
}
