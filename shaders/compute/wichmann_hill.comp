#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
#include "streams/wichmann_hill.glsl"
#include "compute/main.glsl"
