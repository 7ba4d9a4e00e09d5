#version 400 core
// SPDX-License-Identifier: MIT
// The driver's own fma(), precise: whether it really fuses (reported by the probe test; the
// hostile build does not rely on it).
uniform sampler2D uInput0;  // a
uniform sampler2D uInput1;  // b
uniform sampler2D uInput2;  // c
layout(location = 0) out vec4 fused;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  precise vec4 r = fma(texelFetch(uInput0, p, 0), texelFetch(uInput1, p, 0), texelFetch(uInput2, p, 0));
  fused = r;
}
