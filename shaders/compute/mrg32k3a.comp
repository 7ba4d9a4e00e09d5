#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
#include "streams/mrg32k3a.glsl"
#include "compute/main.glsl"
