#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile scatter
#include "streams/park_miller.glsl"
#include "scatter/main.glsl"
