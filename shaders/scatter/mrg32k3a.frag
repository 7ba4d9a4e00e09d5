#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile scatter
#include "streams/mrg32k3a.glsl"
#include "scatter/main.glsl"
