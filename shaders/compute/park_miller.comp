#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute
// PACK_IN_PASS 1: the pass packs its own outputs (common/stream_buffers.glsl).
// glrand: variant PACK_IN_PASS=1,FLOATS=2,COMBINE=1
// glrand: variant PACK_IN_PASS=1,FLOATS=2,COMBINE=1,VALUES=32,VALUE_FORMULA=1
// glrand: variant PACK_IN_PASS=1,FLOATS=2,COMBINE=1,VALUES=64,VALUE_FORMULA=1
#include "streams/park_miller.glsl"
#include "compute/main.glsl"
