// SPDX-License-Identifier: MIT
#pragma once
// A GL engine's words of one run, gathered from the chunks it hands on.
#include <cstdint>
#include <span>
#include <vector>

template <class Engine, class State>
std::vector<std::uint32_t> engine_words(Engine& engine, const State& start, std::uint64_t count) {
  std::vector<std::uint32_t> words;
  engine.generate(start, count, [&](std::span<const std::uint32_t> c) { words.insert(words.end(), c.begin(), c.end()); });
  return words;
}
