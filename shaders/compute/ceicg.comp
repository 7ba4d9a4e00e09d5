#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// PACK_IN_PASS 1: the pass packs its own outputs (common/stream_buffers.glsl).
// glrand: variant PACK_IN_PASS=1,FLOATS=12,COMBINE=0
#include "streams/ceicg.glsl"
#include "compute/main.glsl"
