// SPDX-License-Identifier: MIT
#pragma once
// Comparing long runs of generated words without printing them: Catch would print both
// vectors in full on failure.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include <catch2/catch.hpp>

// The index of the first value where `a` and `b` differ in any bit (the shorter length if one
// is a prefix): words, or floats compared bit for bit.
template <class T>
std::size_t first_difference(const std::vector<T>& a, const std::vector<T>& b) {
  const auto same_bits = [](const T& x, const T& y) { return std::memcmp(&x, &y, sizeof(T)) == 0; };
  return static_cast<std::size_t>(
      std::mismatch(a.begin(), a.begin() + std::min(a.size(), b.size()), b.begin(), same_bits).first - a.begin());
}

// Requires equal runs, bit for bit, naming the first differing word (or value).
template <class T>
void require_same_words(const std::vector<T>& gpu, const std::vector<T>& cpu) {
  const std::size_t at = first_difference(gpu, cpu);
  INFO("first difference at word " << at << " of " << cpu.size());
  REQUIRE(gpu.size() == cpu.size());
  REQUIRE(at == cpu.size());
}
