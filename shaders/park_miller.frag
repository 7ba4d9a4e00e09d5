#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// The glrand: variant and candidate lines name the define sets the build validates, measures
// and embeds (a candidate is rendered only where it fits 512 slots; every variant must fit).
// glrand: variant OUTPUT_TARGETS=1,WRITE_STATE=0
// glrand: variant OUTPUT_TARGETS=1,WRITE_STATE=1
// glrand: candidate OUTPUT_TARGETS=2,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=2,WRITE_STATE=1
// glrand: candidate OUTPUT_TARGETS=3,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=3,WRITE_STATE=1
// glrand: candidate OUTPUT_TARGETS=4,WRITE_STATE=0
// Park–Miller, ps30 profile: each pixel is a substream whose state z (four bytes in floats)
// comes from a state texture. Output j of the pass is the state after j steps; a step
// multiplies by uStepMultiplier (a for blocking, a^P for leapfrog over P substreams).
// OUTPUT_TARGETS targets hold two outputs each as 16-bit halves (low, high, low, high);
// with WRITE_STATE the next pass's state follows in the target after them.
#include "common/byte_arithmetic.glsl"

#ifndef OUTPUT_TARGETS
#define OUTPUT_TARGETS 1
#endif
#ifndef WRITE_STATE
#define WRITE_STATE 1
#endif

uniform sampler2D uState0;        // z as bytes
uniform vec2 uStateSize;          // state texture size in texels
uniform vec4 uStepMultiplier;     // bytes of the multiplier of one step

layout(location = 0) out vec4 target0;
layout(location = 1) out vec4 target1;
layout(location = 2) out vec4 target2;
layout(location = 3) out vec4 target3;

// Two consecutive outputs as halves; advances z past them.
vec4 twoOutputs(inout vec4 z) {
  vec2 first = halvesOfBytes(z);
  z = mulModMersenne31(z, uStepMultiplier);
  vec2 second = halvesOfBytes(z);
  z = mulModMersenne31(z, uStepMultiplier);
  return vec4(first, second);
}

void main() {
  vec4 z = texture(uState0, gl_FragCoord.xy / uStateSize);
  target0 = twoOutputs(z);
#if OUTPUT_TARGETS > 1
  target1 = twoOutputs(z);
#endif
#if OUTPUT_TARGETS > 2
  target2 = twoOutputs(z);
#endif
#if OUTPUT_TARGETS > 3
  target3 = twoOutputs(z);
#endif
#if WRITE_STATE
#if OUTPUT_TARGETS == 1
  target1 = z;
#elif OUTPUT_TARGETS == 2
  target2 = z;
#else
  target3 = z;
#endif
#endif
}
