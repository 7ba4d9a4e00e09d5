#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile scatter
#include "streams/ceicg.glsl"
#include "scatter/main.glsl"
