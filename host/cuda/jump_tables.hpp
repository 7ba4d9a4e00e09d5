// SPDX-License-Identifier: MIT
#pragma once
// MRG32k3a's skip-ahead tables for the CUDA kernels (constant memory), computed on the host
// from the reference's matrix powers (generators/mrg32k3a.hpp) when first needed: nothing to
// regenerate by hand. Base 2: A^(2^i), i = 0..63 (4,608 bytes). Base 8: A^(d·8^i),
// d = 1..7, i = 0..21 (11,088 bytes), after Bradley et al., "Parallelization techniques for
// random number generators" (GPU Computing Gems, 2011), who use base 8 in constant memory.
// Any jump below 2^64 takes at most 64 (base 2) or 22 (base 8) matrix-vector products.
#include <cstdint>
#include <vector>

#include "cuda/arithmetic.hpp"

namespace glrand::cuda {

enum class JumpBase { base2, base8 };

inline constexpr int kBase2Entries = 64;
inline constexpr int kBase8Entries = 22 * 7;

// The table for `base`, entry order as arithmetic::jump_base2 / jump_base8 read it.
std::vector<arithmetic::Mrg32k3aJump> mrg32k3a_jump_table(JumpBase base);

const char* name_of(JumpBase base);

}  // namespace glrand::cuda
