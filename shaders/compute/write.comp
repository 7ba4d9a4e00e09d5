#version 430 core
// SPDX-License-Identifier: MIT
// glrand: profile compute (not a generator: the write-rate ceiling for benchmarks)
#include "streams/write.glsl"
#include "compute/main.glsl"
