#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// PACK_IN_PASS 1: the pass packs its own outputs (common/stream_buffers.glsl).
// glrand: variant PACK_IN_PASS=1,FLOATS=12,COMBINE=0
// glrand: variant PACK_IN_PASS=1,FLOATS=12,COMBINE=0,VALUES=32,VALUE_FORMULA=4
// glrand: variant PACK_IN_PASS=1,FLOATS=12,COMBINE=0,VALUES=64,VALUE_FORMULA=4
#include "streams/ceicg.glsl"
#include "compute/main.glsl"
