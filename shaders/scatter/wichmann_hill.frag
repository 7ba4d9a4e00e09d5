#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile scatter
#include "streams/wichmann_hill.glsl"
#include "scatter/main.glsl"
