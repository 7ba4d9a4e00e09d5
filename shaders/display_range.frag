#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile none (not a generator)
// `glrand view`'s picture of a distribution's values made on the GPU: each texel's r, g, b
// from black at uShown.x to full intensity at uShown.y, drawn over the window.
uniform sampler2D uValues;
uniform vec2 uSize;   // the texture's size, which the window's is
uniform vec2 uShown;  // the values shown as black and as full intensity
layout(location = 0) out vec4 colour;
void main() {
  vec3 v = texture(uValues, gl_FragCoord.xy / uSize).rgb;
  colour = vec4((v - uShown.x) / (uShown.y - uShown.x), 1.0);
}
