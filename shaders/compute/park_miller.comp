#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
#include "streams/park_miller.glsl"
#include "compute/main.glsl"
