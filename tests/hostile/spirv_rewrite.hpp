// SPDX-License-Identifier: MIT
#pragma once
// The SPIR-V half of the hostile-arithmetic transform (hostile_arithmetic.hpp): a rewrite of
// a module's words that perturbs every 32-bit float division and fuses multiply-adds, the
// two liberties a GPU's compiler and hardware may take with the GLSL that
// shaders/common relies on being exact despite them.
#include <cstdint>
#include <vector>

namespace glrand::hostile {

// How each quotient r = a / b (each lane of a vector) is moved after the driver's division:
// by k units in the last place toward +infinity (k < 0: toward -infinity). Zero, infinity and
// NaN are left alone; a move never crosses zero nor reaches infinity.
enum class Division {
  none,    // the driver's own quotient
  minus2,  // k = -2
  plus2,   // k = +2
  random,  // k in -2..+2 from a hash of the bits of r, a and b (quotient_shift())
};

// Which multiplies feed an addition as a fused multiply-add: x·y ± c with one rounding
// (emulated exactly in double precision, as drivers may not fuse GLSL's fma(); see
// spirv_rewrite.cpp). Where both operands of a + or - are products, `first` fuses the left
// one, `second` the right one; a product also fuses through a lane or swizzle of it.
enum class Fusion { none, first, second };

struct RewriteCounts {
  int divisions = 0;  // OpFDiv instructions perturbed
  int fused = 0;      // OpFAdd / OpFSub turned into Fma
};

// Rewrites `words` (a valid module, functions inlined and in SSA form so that products are
// visible to the additions they feed) in place.
RewriteCounts rewrite_arithmetic(std::vector<std::uint32_t>& words, Division division, Fusion fusion);

// The shift k of Division::random for a lane whose unperturbed quotient and operands have
// these bit patterns: the same hash the rewritten shader computes, for CPU mirrors.
int quotient_shift(std::uint32_t quotient, std::uint32_t a, std::uint32_t b);

// The quotient `quotient` moved by k units in the last place as Division describes.
float shift_quotient(float quotient, int k);

}  // namespace glrand::hostile
