// SPDX-License-Identifier: MIT
#include "cli/u32_words.hpp"

#include <algorithm>

#include <glrand/error.hpp>

namespace glrand::cli {
namespace {

constexpr std::uint32_t kFloat23Max = (1u << 23) - 1;

// floor(u·2^23), kept within 23 bits for a formula whose range includes 1 (cuRAND's (0, 1]).
std::uint32_t bits23_of_unit(double u) {
  return std::min(kFloat23Max, static_cast<std::uint32_t>(u * 0x1p23));
}

}  // namespace

WordFormula parse_word_formula(const std::string& text) {
  if (text == "native") return WordFormula::native;
  if (text == "float23-pairs") return WordFormula::float23_pairs;
  throw InvalidArgument("--words must be native or float23-pairs, not '" + text + "'");
}

const char* name_of(WordFormula formula) {
  return formula == WordFormula::native ? "native" : "float23-pairs";
}

std::uint64_t outputs_for_words(WordFormula formula, std::uint64_t words) {
  return formula == WordFormula::native ? words : 2 * words;
}

U32Words::U32Words(const Generator& generator, WordFormula formula, std::uint64_t first)
    : generator_(generator), formula_(formula), next_(first) {}

std::span<const std::uint32_t> U32Words::convert(std::span<const std::uint32_t> exact) {
  const std::size_t outputs = exact.size() / static_cast<std::size_t>(generator_.words_per_output());
  const std::uint64_t first = next_;
  next_ += outputs;
  words_.clear();
  if (formula_ == WordFormula::native) {
    words_.resize(outputs);
    generator_.to_u32(exact, words_, first);
    return words_;
  }
  units_.resize(outputs);
  generator_.to_f64(exact, units_, first);
  words_.reserve(outputs / 2 + 1);
  for (const double u : units_) {
    const std::uint32_t k = bits23_of_unit(u);
    if (!first_of_pair_) {
      first_of_pair_ = k;
    } else {
      words_.push_back((*first_of_pair_ << 9) | (k >> 14));
      first_of_pair_.reset();
    }
  }
  return words_;
}

std::string U32Words::describe() const {
  if (formula_ == WordFormula::native) return generator_.u32_formula();
  return "float23-pairs: k = floor(u * 2^23) of the f64 formula, word = (k_2i << 9) | (k_2i+1 >> 14)";
}

}  // namespace glrand::cli
