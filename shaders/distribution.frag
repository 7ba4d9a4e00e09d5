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
// glrand: variant DISTRIBUTION=8
// A distribution's values of a texture's uniform floats, in float arithmetic only
// (fragment::DistributionPass; docs/distributions.md): each texel of uUnits, four outputs u,
// becomes the same texel of the target (common/distribution_values.glsl: DISTRIBUTION and the
// uniforms).
#include "common/distribution_values.glsl"

uniform sampler2D uUnits;  // the uniform floats
uniform vec2 uSize;        // its size in texels

layout(location = 0) out vec4 target0;

void main() { target0 = distributionValues(texture(uUnits, gl_FragCoord.xy / uSize)); }
