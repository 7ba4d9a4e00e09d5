// SPDX-License-Identifier: MIT
#pragma once
// The contract a generator's exact CPU reference meets, as a C++20 concept: the library's CPU
// path (host/library/sources.cpp) runs any ReferenceGenerator in chunks and converts its words
// with the generator's formulas. Each generator's header defines its `Reference` and
// static_asserts the concept.
#include <algorithm>
#include <concepts>
#include <cstdint>
#include <span>

namespace glrand {

template <class R>
concept ReferenceGenerator = std::copy_constructible<R> &&
    requires(const R r, typename R::State& state, std::span<std::uint32_t> words, std::span<const std::uint32_t> exact,
             std::span<float> f32, std::span<double> f64) {
      { R::kWordsPerOutput } -> std::convertible_to<int>;
      r.fill(state, words);     // the next words.size() / kWordsPerOutput outputs; `state` moves past them
      r.to_f32(exact, f32);     // the float formula over a chunk of exact outputs
      r.to_f64(exact, f64);
      r.to_u32(exact, words);   // one 32-bit word per output, for test batteries
    };

// to_u32 of the generators whose 32-bit word is the output itself.
inline void copy_words(std::span<const std::uint32_t> exact, std::span<std::uint32_t> out) {
  std::copy_n(exact.begin(), out.size(), out.begin());
}

}  // namespace glrand
