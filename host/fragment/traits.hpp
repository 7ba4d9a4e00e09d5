// SPDX-License-Identifier: MIT
#pragma once
// The contracts a generator's traits class meets to plug into the GL engines, as C++20
// concepts: SubstreamTraits (what both engines need: exact states, skip-ahead, the state's
// floats, an output's decoding, the shader's step), Ps30Traits (the ps30 engine,
// fragment/stateful_fragment.hpp) and StreamTraits (the scatter and compute engine,
// stream/stream_generator.hpp). Each traits header static_asserts the ones it meets.
#include <concepts>
#include <cstdint>

#include "gl/resources.hpp"
#include "gl/word_packer.hpp"

namespace glrand::fragment {

// A float the GPU wrote as an exact integer in [0, bound), bound at most 2^24: the integer,
// and `ok` cleared unless v was one. Without branches (a float-to-integer round trip instead
// of floor), so that decoding loops vectorise; 0 for a value out of range.
inline std::uint32_t exact_integer(float v, float bound, bool& ok) {
  const bool in_range = v >= 0.0f && v < bound;
  const std::int32_t k = static_cast<std::int32_t>(in_range ? v : 0.0f);
  ok &= in_range & (static_cast<float>(k) == v);
  return static_cast<std::uint32_t>(k);
}

template <class G>
concept SubstreamTraits = std::copy_constructible<G> &&
    requires(const G g, std::uint64_t k, const typename G::State& state, const typename G::Jump& jump, float* floats,
             const float* decoded, std::uint32_t* words, const gl::Program& program) {
      { G::kName } -> std::convertible_to<const char*>;
      { G::kStateVec4s } -> std::convertible_to<int>;
      { G::kWordsPerOutput } -> std::convertible_to<int>;
      { g.jump(k) } -> std::convertible_to<typename G::Jump>;            // skip-ahead by k positions
      { g.apply(jump, state) } -> std::convertible_to<typename G::State>;
      g.encode_state(state, floats);                                      // 4·kStateVec4s floats
      { g.decode(decoded, words) } -> std::same_as<bool>;                 // false unless exact and in range
      { g.pack_rule() } -> std::convertible_to<gl::PackRule>;             // decode's checks, on the GPU
      g.set_step(program, jump);                                          // the shader's one-step transformation
    };

// The ps30 engine: shaders/<kShader>, kOutputsPerVec4 outputs per RGBA texel.
template <class G>
concept Ps30Traits = SubstreamTraits<G> && requires {
  { G::kShader } -> std::convertible_to<const char*>;
  { G::kOutputsPerVec4 } -> std::convertible_to<int>;
};

// The scatter and compute engine: shaders/streams/<kStream>.glsl, and the floats an output
// takes (kFloatsPerOutput, or 4 / kOutputsPerVec4).
template <class G>
concept StreamTraits = SubstreamTraits<G> && requires {
  { G::kStream } -> std::convertible_to<const char*>;
} && (requires { G::kFloatsPerOutput; } || requires { G::kOutputsPerVec4; });

}  // namespace glrand::fragment
