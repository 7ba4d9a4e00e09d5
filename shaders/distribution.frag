#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a distribution pass: checked by host/ps30/ps30_checker.hpp)
// glrand: variant DISTRIBUTION=1
// glrand: variant DISTRIBUTION=2
// glrand: variant DISTRIBUTION=3
// glrand: variant DISTRIBUTION=4
// glrand: variant DISTRIBUTION=5
// glrand: variant DISTRIBUTION=6
// glrand: variant DISTRIBUTION=7
// A distribution's values of a texture's uniform floats, in float arithmetic only
// (gl::DistributionPass; docs/distributions.md): each texel of uUnits, four outputs u, becomes
// the same texel of the target. DISTRIBUTION: 1 uniform [a, b): a + (b − a)·u kept within
// [uBounds.x, uBounds.y], the floats in [a, b); 2 uniform on (0, 1]: 1 − u; 3 exponential:
// −log1p(−u)/λ; 4 normal, 5 log-normal by the inverse CDF: μ + σ·Φ^-1(u), exp of that; 6
// normal, 7 log-normal by Box–Muller, channels (x, y) and (z, w) a pair each.
#include "common/distributions.glsl"

#ifndef DISTRIBUTION
#define DISTRIBUTION 4
#endif

uniform sampler2D uUnits;  // the uniform floats
uniform vec2 uSize;        // its size in texels
uniform vec4 uParameters;  // 1: (a, b − a); 3: (1/λ); 4–7: (μ, σ)
uniform vec2 uBounds;      // 1: the least and greatest float in [a, b)

layout(location = 0) out vec4 target0;

void main() {
  vec4 u = texture(uUnits, gl_FragCoord.xy / uSize);
  vec4 v;
#if DISTRIBUTION == 1
  v = clamp(uParameters.x + uParameters.y * u, uBounds.x, uBounds.y);
#elif DISTRIBUTION == 2
  v = 1.0 - u;
#elif DISTRIBUTION == 3
  v = vec4(negativeLog1pNegative(u.x), negativeLog1pNegative(u.y), negativeLog1pNegative(u.z),
           negativeLog1pNegative(u.w)) * uParameters.x;
#elif DISTRIBUTION == 4 || DISTRIBUTION == 5
  v = uParameters.x + uParameters.y * vec4(normalQuantile(u.x), normalQuantile(u.y), normalQuantile(u.z),
                                           normalQuantile(u.w));
#else
  v = uParameters.x + uParameters.y * vec4(boxMuller(u.x, u.y), boxMuller(u.z, u.w));
#endif
#if DISTRIBUTION == 5 || DISTRIBUTION == 7
  v = exp(v);
#endif
  target0 = v;
}
