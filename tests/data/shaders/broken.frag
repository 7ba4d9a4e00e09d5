#version 330 core
// A planted GLSL error in an included module: the build step must name common/typo.glsl:3.
#include "common/typo.glsl"
out vec4 color;
void main() { color = typo(); }
