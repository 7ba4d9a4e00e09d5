#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile none (not a generator)
// The fill-rate ceiling: the cheapest shader that writes the same render targets as a
// generator (benchmarks only). The value depends on the pixel so nothing can be elided.
uniform float uValue;
layout(location = 0) out vec4 target0;
layout(location = 1) out vec4 target1;
layout(location = 2) out vec4 target2;
layout(location = 3) out vec4 target3;
void main() {
  vec4 v = vec4(gl_FragCoord.xy, uValue, 1.0);
  target0 = v;
  target1 = v + 1.0;
  target2 = v + 2.0;
  target3 = v + 3.0;
}
