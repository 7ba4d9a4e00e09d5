#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile none (not a generator)
// Shows a random texture on screen (glrand view): texel for pixel, no filtering.
uniform sampler2D uTexture;
out vec4 color;
void main() {
  color = vec4(texelFetch(uTexture, ivec2(gl_FragCoord.xy), 0).rgb, 1.0);
}
