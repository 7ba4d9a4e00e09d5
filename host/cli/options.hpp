// SPDX-License-Identifier: MIT
#pragma once
// Parsing and checking of the options the glrand commands share. Every function throws
// glrand::InvalidArgument with a message that names the option and the accepted range.
#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "fragment/ceicg_fragment.hpp"
#include "generators/ceicg.hpp"

namespace glrand::cli {

inline constexpr const char* kGenerators[] = {"ceicg"};

// Options shared by every command that generates numbers.
struct SourceOptions {
  std::string generator = "ceicg";
  std::string seed;             // "n1,n2,n3"; empty: the default seed
  std::string offset = "0";     // outputs skipped
  std::string substream = "0";
  std::string path = "gl";      // gl | cpu
  std::optional<int> device;    // EGL device index

  void add_to(CLI::App& command);
  // The residues of the first output, after checking every option.
  ceicg::Residues start() const;
};

// Checks the generator name (also used where only the name matters).
void check_generator(const std::string& name);

// A non-negative integer: decimal digits, or a power such as 2^40, or 1e8. `what` names the
// option in errors.
std::uint64_t parse_count(const std::string& text, const std::string& what);

ceicg::Seed parse_ceicg_seed(const std::string& text);

// "WxH", e.g. "1024x1024", with at most 2^24 pixels (kMaxPixelsPerPass).
fragment::TargetSize parse_size(const std::string& text, const std::string& what);

}  // namespace glrand::cli
