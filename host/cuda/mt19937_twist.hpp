// SPDX-License-Identifier: MIT
#pragma once
// The in-place twist of MT19937's 624-word block as the warps kernel runs it (host and device
// code, so the CPU model in tests/ runs the same schedule).
//
// mt19937ar.c regenerates the block in place: word k becomes
// recurrence(mt[k], mt[k+1 mod 624], mt[k+397 mod 624]), k = 0..623 in order, so mt[k+1] is
// still old, and mt[k+397 mod 624] is old for k < 227 and already new (made at k − 227) after.
// A warp makes the block in slots of 32 words (slot i: words 32i .. 32i+31, lane l the word
// 32i + l; 20 slots, the last half-full), a batch of slots at a time: every lane loads its
// batch's three inputs per word, the warp syncs, then every lane stores its new words. That
// keeps the serial order when a batch spans at most 7 slots: a new word is read 227 words
// (at least 7 slots) after it is made, so by a later batch; an old word is overwritten by the
// same or a later batch than reads it, after that batch's loads. Every address is the lane's
// base plus a constant of the slot: no index arithmetic per word.
#include <cstdint>

#include "generators/mt19937.hpp"

namespace glrand::cuda::mt19937_twist {

inline constexpr unsigned kLanes = 32;
inline constexpr unsigned kSlots = (mt19937::kN + kLanes - 1) / kLanes;  // 20
inline constexpr unsigned kBatchSlots = 5;                                // 4 batches a block
inline constexpr unsigned kLongestBatch = (mt19937::kN - mt19937::kM) / kLanes;  // 7 slots: see above
static_assert(kBatchSlots <= kLongestBatch && kSlots % kBatchSlots == 0);

// The words the recurrence reads for word k of the block (in-place indices).
GLRAND_HOST_DEVICE constexpr unsigned next_of(unsigned k) { return k + 1 == mt19937::kN ? 0 : k + 1; }
GLRAND_HOST_DEVICE constexpr unsigned partner_of(unsigned k) {
  return k < mt19937::kN - mt19937::kM ? k + mt19937::kM : k - (mt19937::kN - mt19937::kM);
}

}  // namespace glrand::cuda::mt19937_twist
