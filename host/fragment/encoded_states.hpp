// SPDX-License-Identifier: MIT
#pragma once
// Substream states laid out for the GPU: `count` states, state i being `first` moved on by
// i·stride positions, each as the traits' encode_state writes it (4·kStateVec4s floats),
// computed on every core, each core's range started by one skip-ahead. The stream engines'
// leapfrog starts (stride 1) or blocks (stride L), and the texture fills' texels (stride C·T)
// or runs of R texels (stride R·C·T) are such layouts.
#include <cstdint>
#include <vector>

#include "generators/parallel_fill.hpp"

namespace glrand::fragment {

template <class G>
std::vector<float> encoded_states(const G& generator, const typename G::State& first, std::uint64_t count,
                                  std::uint64_t stride) {
  constexpr int kFloats = 4 * G::kStateVec4s;
  std::vector<float> encoded(kFloats * count);
  const auto step = generator.jump(stride);
  parallel_fill(count, 0, [&](std::uint64_t begin, std::uint64_t end) {
    typename G::State s = generator.apply(generator.jump(begin * stride), first);
    for (std::uint64_t i = begin; i < end; ++i, s = generator.apply(step, s))
      generator.encode_state(s, encoded.data() + kFloats * i);
  });
  return encoded;
}

}  // namespace glrand::fragment
