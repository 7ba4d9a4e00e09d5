// SPDX-License-Identifier: MIT
#pragma once
// Park–Miller's exact outputs for the command's tests: output `offset` is the library's
// pm::state_at(seed, offset), then one pm::step per output.
#include <cstdint>
#include <vector>

#include "generators/park_miller.hpp"

namespace glrand_test {

inline std::vector<std::uint32_t> pm_reference(std::uint32_t seed, std::uint64_t offset, std::uint64_t count) {
  std::vector<std::uint32_t> words(count);
  glrand::pm::State z = glrand::pm::state_at(seed, offset);
  for (auto& w : words) {
    w = z;
    z = glrand::pm::step(z);
  }
  return words;
}

}  // namespace glrand_test
