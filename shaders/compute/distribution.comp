#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// glrand: variant CHANNELS=4,DISTRIBUTION=1
// glrand: variant CHANNELS=4,DISTRIBUTION=2
// glrand: variant CHANNELS=4,DISTRIBUTION=3
// glrand: variant CHANNELS=4,DISTRIBUTION=4
// glrand: variant CHANNELS=4,DISTRIBUTION=5
// glrand: variant CHANNELS=4,DISTRIBUTION=6
// glrand: variant CHANNELS=4,DISTRIBUTION=7
// glrand: variant CHANNELS=4,DISTRIBUTION=8
// glrand: variant CHANNELS=2,DISTRIBUTION=1
// glrand: variant CHANNELS=2,DISTRIBUTION=2
// glrand: variant CHANNELS=2,DISTRIBUTION=3
// glrand: variant CHANNELS=2,DISTRIBUTION=4
// glrand: variant CHANNELS=2,DISTRIBUTION=5
// glrand: variant CHANNELS=2,DISTRIBUTION=6
// glrand: variant CHANNELS=2,DISTRIBUTION=7
// glrand: variant CHANNELS=2,DISTRIBUTION=8
// glrand: variant CHANNELS=1,DISTRIBUTION=1
// glrand: variant CHANNELS=1,DISTRIBUTION=2
// glrand: variant CHANNELS=1,DISTRIBUTION=3
// glrand: variant CHANNELS=1,DISTRIBUTION=4
// glrand: variant CHANNELS=1,DISTRIBUTION=5
// glrand: variant CHANNELS=1,DISTRIBUTION=8
// The compute profile's distribution pass (stream::DistributionDispatch; docs/distributions.md):
// the caller's textures, filled with uniform floats, turned into a distribution's values in
// place, texel by texel (common/distribution_values.glsl: DISTRIBUTION and the uniforms).
// CHANNELS: 4 (RGBA32F), 2 (RG32F), 1 (R32F).
#include "common/distribution_values.glsl"

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
layout(TEXTURE_FORMAT, binding = 0) uniform image2D uValues;
uniform ivec2 uSize;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x < uSize.x && p.y < uSize.y) imageStore(uValues, p, distributionValues(imageLoad(uValues, p)));
}
