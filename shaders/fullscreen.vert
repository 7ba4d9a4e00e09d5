#version 330 core
// SPDX-License-Identifier: MIT
// One triangle covering the viewport, with no vertex buffer: vertices come from gl_VertexID.
out vec2 vTexCoord;
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  vTexCoord = corner;
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
