// SPDX-License-Identifier: MIT
#pragma once
// Substream states laid out for the GPU: `count` states, state i being `first` moved on by
// i·stride positions, each as the traits' encode_state writes it (4·kStateVec4s floats),
// computed on every core, each core's range in chains side by side (fragment/state_chains.hpp).
// The stream engines' leapfrog starts (stride 1) or blocks (stride L), and the texture fills'
// texels (stride C·T) or runs of R texels (stride R·C·T) are such layouts.
#include <cstdint>
#include <span>
#include <vector>

#include <glrand/error.hpp>
#include "fragment/state_chains.hpp"
#include "generators/parallel_fill.hpp"

namespace glrand::fragment {

// Into `encoded` (4·kStateVec4s·count floats): an engine that sets its states call after call
// keeps one buffer, whose pages a new one would fault in again each time.
template <class G>
void encode_states(const G& generator, const typename G::State& first, std::uint64_t count, std::uint64_t stride,
                   std::span<float> encoded) {
  constexpr int kFloats = 4 * G::kStateVec4s;
  if (encoded.size() != kFloats * count) throw InvalidArgument("encode_states: the buffer is not the states' size");
  const auto step = generator.jump(stride);
  // A state costs a jump's product and its encoding, many times an output's work: ranges far
  // shorter than parallel_fill's default are worth a core, and the states of a pass's 2^16
  // substreams would otherwise take two.
  constexpr std::uint64_t kStatesPerCore = 2048;
  parallel_fill(
      count, 0,
      [&](std::uint64_t begin, std::uint64_t end) {
        for_each_jumped_state(generator, first, stride, step, begin, end, [&](std::uint64_t i, const typename G::State& s) {
          generator.encode_state(s, encoded.data() + kFloats * i);
        });
      },
      kStatesPerCore);
}

template <class G>
std::vector<float> encoded_states(const G& generator, const typename G::State& first, std::uint64_t count,
                                  std::uint64_t stride) {
  std::vector<float> encoded(4 * G::kStateVec4s * count);
  encode_states(generator, first, count, stride, std::span<float>(encoded));
  return encoded;
}

}  // namespace glrand::fragment
