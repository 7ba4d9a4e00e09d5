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
// place, texel by texel (common/distribution_values.glsl: DISTRIBUTION and the uniforms; 8:
// the Poisson's, by the host's table).
// CHANNELS: 4 (RGBA32F), 2 (RG32F), 1 (R32F).
#if DISTRIBUTION == 8
// The host's Poisson table (distributions::PoissonTable) with each CDF value rounded up to a
// float: for a float u, cdf[i] > u exactly when that float is, so the search below finds the
// host's k for the texel's uniform float, in float arithmetic.
layout(std430, binding = 1) readonly buffer PoissonCdf { float poissonCdf[]; };
uniform uint uPoissonSize;
uniform float uPoissonK0;     // the k of the table's first value
uniform float uPoissonFloor;  // u is compared as max(u, floor)

float poissonValue(float u) {
  float v = max(u, uPoissonFloor);
  uint lo = 0u, hi = uPoissonSize;
  while (lo < hi) {
    uint mid = lo + (hi - lo) / 2u;
    if (poissonCdf[mid] > v)
      hi = mid;
    else
      lo = mid + 1u;
  }
  return uPoissonK0 + float(lo);  // below 2^24: exact
}

vec4 distributionValues(vec4 u) {
  return vec4(poissonValue(u.x), poissonValue(u.y), poissonValue(u.z), poissonValue(u.w));
}
#else
#include "common/distribution_values.glsl"
#endif

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
