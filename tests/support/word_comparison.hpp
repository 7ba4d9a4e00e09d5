// SPDX-License-Identifier: MIT
#pragma once
// Comparing long runs of generated words without printing them: Catch would print both
// vectors in full on failure.
#include <algorithm>
#include <cstdint>
#include <vector>

#include <catch2/catch.hpp>

// The index of the first word where `a` and `b` differ (the shorter length if one is a prefix).
inline std::size_t first_difference(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  return static_cast<std::size_t>(std::mismatch(a.begin(), a.begin() + std::min(a.size(), b.size()), b.begin()).first -
                                  a.begin());
}

// Requires equal runs, naming the first differing word.
inline void require_same_words(const std::vector<std::uint32_t>& gpu, const std::vector<std::uint32_t>& cpu) {
  const std::size_t at = first_difference(gpu, cpu);
  INFO("first difference at word " << at << " of " << cpu.size());
  REQUIRE(gpu.size() == cpu.size());
  REQUIRE(at == cpu.size());
}
