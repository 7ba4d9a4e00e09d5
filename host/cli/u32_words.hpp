// SPDX-License-Identifier: MIT
#pragma once
// The raw 32-bit words that test batteries read (`glrand generate --format u32`, `glrand
// test`): how a source's exact outputs become words, chunk by chunk.
//   native         one word per output, the generator's own u32 formula (Generator::to_u32)
//   float23-pairs  the 2006 GPU setting: each output at the 23-bit resolution of a float,
//                  k = floor(u·2^23) of the f64 formula, and one word from two outputs,
//                  (k_2i << 9) | (k_2i+1 >> 14): all 23 bits of the first, the top 9 of the second
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glrand/generator.hpp>

namespace glrand::cli {

enum class WordFormula { native, float23_pairs };

// "native" or "float23-pairs"; throws InvalidArgument naming --words otherwise.
WordFormula parse_word_formula(const std::string& text);
const char* name_of(WordFormula formula);

// Outputs a source must generate for `words` words.
std::uint64_t outputs_for_words(WordFormula formula, std::uint64_t words);

class U32Words {
 public:
  // Outputs are converted in order from output `first` of the generator's sequence on.
  U32Words(const Generator& generator, WordFormula formula, std::uint64_t first = 0);

  // The words of the next chunk of exact outputs (words_per_output words each), in order;
  // float23-pairs keeps an odd output for the next chunk.
  std::span<const std::uint32_t> convert(std::span<const std::uint32_t> exact);

  // The formula in words, for headers: "floor(u * 2^32) of the f64 formula".
  std::string describe() const;

 private:
  const Generator& generator_;
  WordFormula formula_;
  std::uint64_t next_;  // the index of the next output to convert
  std::optional<std::uint32_t> first_of_pair_;
  std::vector<std::uint32_t> words_;
  std::vector<double> units_;
};

}  // namespace glrand::cli
