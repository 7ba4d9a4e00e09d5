#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
#include "streams/ceicg.glsl"
#include "compute/main.glsl"
