// SPDX-License-Identifier: MIT
#pragma once
// What `glrand generate` and `glrand test` need of any generator on any path: its exact words
// per output, their float and 32-bit word formulas, and a run that hands them over in order,
// chunk by chunk.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "cli/options.hpp"

namespace glrand::cli {

using WordConsumer = std::function<void(std::span<const std::uint32_t>)>;

struct NumberSource {
  int words_per_output = 1;
  std::function<float(const std::uint32_t*)> to_f32;
  std::function<double(const std::uint32_t*)> to_f64;
  // Throws InvalidArgument if the source cannot give `count` outputs (Sobol32: whole points
  // within a dimension's 2^32); empty when any count will do. Called before any file opens.
  std::function<void(std::uint64_t count)> check_count;
  // One 32-bit word per output for test batteries (--format u32), and the formula in words.
  std::function<std::uint32_t(const std::uint32_t*)> to_u32;
  std::string u32_formula;
  // Generates `count` outputs; opens the device only when called. Returns where it ran
  // (the GL renderer, or "the CPU reference").
  std::function<std::string(std::uint64_t count, const WordConsumer&)> run;
};

// Checks every option of the source; opens nothing. `size` is CEICG's render-target size.
NumberSource make_source(const SourceOptions& options, fragment::TargetSize size, bool quiet);

}  // namespace glrand::cli
