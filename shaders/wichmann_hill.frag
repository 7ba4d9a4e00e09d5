#version 330 core
// SPDX-License-Identifier: MIT
// glrand: profile ps30 (a generator: checked by host/ps30/ps30_checker.hpp)
// The glrand: variant and candidate lines name the define sets the build validates, measures
// and embeds (a candidate is rendered only where it fits 512 slots; every variant must fit).
// glrand: variant OUTPUT_TARGETS=1,STEP_SCHRAGE=0,WRITE_STATE=0
// glrand: variant OUTPUT_TARGETS=1,STEP_SCHRAGE=1,WRITE_STATE=0
// glrand: variant OUTPUT_TARGETS=1,PER_TEXEL_PARAMETERS=1,STEP_SCHRAGE=1,WRITE_STATE=0
// glrand: variant OUTPUT_TARGETS=1,STEP_SCHRAGE=0,WRITE_STATE=1
// glrand: variant OUTPUT_TARGETS=1,STEP_SCHRAGE=1,WRITE_STATE=1
// glrand: variant OUTPUT_TARGETS=1,PER_TEXEL_PARAMETERS=1,STEP_SCHRAGE=1,WRITE_STATE=1
// glrand: candidate OUTPUT_TARGETS=2,STEP_SCHRAGE=0,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=2,STEP_SCHRAGE=1,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=2,PER_TEXEL_PARAMETERS=1,STEP_SCHRAGE=1,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=2,STEP_SCHRAGE=0,WRITE_STATE=1
// glrand: candidate OUTPUT_TARGETS=2,STEP_SCHRAGE=1,WRITE_STATE=1
// glrand: candidate OUTPUT_TARGETS=2,PER_TEXEL_PARAMETERS=1,STEP_SCHRAGE=1,WRITE_STATE=1
// glrand: candidate OUTPUT_TARGETS=3,STEP_SCHRAGE=0,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=3,STEP_SCHRAGE=1,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=3,PER_TEXEL_PARAMETERS=1,STEP_SCHRAGE=1,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=3,STEP_SCHRAGE=0,WRITE_STATE=1
// glrand: candidate OUTPUT_TARGETS=3,STEP_SCHRAGE=1,WRITE_STATE=1
// glrand: candidate OUTPUT_TARGETS=3,PER_TEXEL_PARAMETERS=1,STEP_SCHRAGE=1,WRITE_STATE=1
// glrand: candidate OUTPUT_TARGETS=4,STEP_SCHRAGE=0,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=4,STEP_SCHRAGE=1,WRITE_STATE=0
// glrand: candidate OUTPUT_TARGETS=4,PER_TEXEL_PARAMETERS=1,STEP_SCHRAGE=1,WRITE_STATE=0
// Wichmann–Hill (MKL's VSL_BRNG_WH + i), ps30 profile: each pixel is a substream whose
// state (x, y, z, w), four integers below 2^24, is one texel of the state texture. Output j
// of the pass is the state after j steps (MKL: the first output is the state itself); a step
// multiplies the components by c_k mod m_k: with Schrage's method when the multipliers are the
// set's own (a_k < sqrt(m_k)), else (a^P for leapfrog) by 12-bit halves. With one parameter
// set, what depends only on c_k and m_k comes from the host (q's reciprocal for Schrage; the
// halves and the shift's reciprocal for the product), so no texel divides.
// OUTPUT_TARGETS targets hold one output each; with WRITE_STATE the next state follows.
#include "common/exact_division.glsl"
#include "common/modular.glsl"
#include "common/mulmod24.glsl"

#ifndef OUTPUT_TARGETS
#define OUTPUT_TARGETS 3
#endif
#ifndef WRITE_STATE
#define WRITE_STATE 1
#endif
#ifndef STEP_SCHRAGE
#define STEP_SCHRAGE 1
#endif
// Parameterisation: every substream has its own set, read from four parameter textures.
#ifndef PER_TEXEL_PARAMETERS
#define PER_TEXEL_PARAMETERS 0
#endif

uniform sampler2D uState0;
uniform vec2 uStateSize;
#if PER_TEXEL_PARAMETERS
uniform sampler2D uParameters0;  // m_k
uniform sampler2D uParameters1;  // a_k
uniform sampler2D uParameters2;  // m_k div a_k
uniform sampler2D uParameters3;  // m_k mod a_k
#else
uniform vec4 uModulus;          // m_k
uniform vec4 uStepMultiplier;   // c_k: a_k, or a_k^P mod m_k
uniform vec4 uStepQ;            // m_k div c_k (Schrage)
uniform vec4 uStepQInverse;     // (1/q_k)·kQuotientBias rounded to float
uniform vec4 uStepR;            // m_k mod c_k
uniform vec4 uStepHigh;         // c_k's 12-bit halves (the product by halves)
uniform vec4 uStepLow;
uniform vec4 uStepShiftedHigh;  // the halves of c_k·2^12 mod m_k
uniform vec4 uStepShiftedLow;
uniform vec4 uModulusHigh;      // m_k's halves
uniform vec4 uModulusLow;
uniform vec4 uShiftQuotient;    // (2^12/m_k)·kQuotientBias
#endif
vec4 modulus, stepMultiplier, stepQ, stepR;

layout(location = 0) out vec4 target0;
layout(location = 1) out vec4 target1;
layout(location = 2) out vec4 target2;
layout(location = 3) out vec4 target3;

vec4 stepState(vec4 s) {
#if PER_TEXEL_PARAMETERS
  return mulModSchrage(s, stepMultiplier, stepQ, stepR, modulus);
#elif STEP_SCHRAGE
  return mulModSchrageByInverse(s, stepMultiplier, stepQ, uStepQInverse, stepR, modulus);
#else
  return mulMod24ByHalves(s, uStepHigh, uStepLow, uStepShiftedHigh, uStepShiftedLow, modulus, uModulusHigh, uModulusLow,
                          uShiftQuotient);
#endif
}

void main() {
  vec2 at = gl_FragCoord.xy / uStateSize;
#if PER_TEXEL_PARAMETERS
  modulus = texture(uParameters0, at);
  stepMultiplier = texture(uParameters1, at);
  stepQ = texture(uParameters2, at);
  stepR = texture(uParameters3, at);
#else
  modulus = uModulus;
  stepMultiplier = uStepMultiplier;
#if STEP_SCHRAGE
  stepQ = uStepQ;
  stepR = uStepR;
#endif
#endif
  vec4 s = texture(uState0, at);
  target0 = s;
#if OUTPUT_TARGETS > 1
  s = stepState(s);
  target1 = s;
#endif
#if OUTPUT_TARGETS > 2
  s = stepState(s);
  target2 = s;
#endif
#if OUTPUT_TARGETS > 3
  s = stepState(s);
  target3 = s;
#endif
#if WRITE_STATE
  s = stepState(s);
#if OUTPUT_TARGETS == 1
  target1 = s;
#elif OUTPUT_TARGETS == 2
  target2 = s;
#else
  target3 = s;
#endif
#endif
}
