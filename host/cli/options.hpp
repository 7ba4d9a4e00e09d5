// SPDX-License-Identifier: MIT
#pragma once
// Parsing and checking of the options the glrand commands share. Every function throws
// glrand::InvalidArgument with a message that names the option and the accepted range.
#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include <glrand/generator.hpp>
#include <glrand/types.hpp>

namespace glrand::cli {

// Options shared by every command that generates numbers.
struct SourceOptions {
  std::string generator = "ceicg";
  std::string seed;             // generator-specific words; empty: the default seed
  std::string offset = "0";     // outputs skipped
  std::string substream = "0";  // CEICG: start at substream P
  std::string path = "gl";      // gl | cpu
  std::string profile = "ps30"; // the GL path's profile: ps30 | scatter | compute
  std::optional<int> device;    // EGL device index
  // The stateful generators' substream layout on the fragment path.
  std::string substreams;  // empty: automatic (the library chooses per run)
  std::string split = "leapfrog";
  std::string state_update = "gpu";
  std::string gl_readback = "auto";  // how the GL path reads passes back
  std::string wh_set = "0";     // Wichmann-Hill: VSL_BRNG_WH + i
  std::string stream = "0";     // MRG32k3a: RngStreams stream (2^127 apart)
  std::string curand_seed;      // MRG32k3a: cuRAND's curand_init seeding instead
  std::string dimensions = "1"; // Sobol32: dimensions, dimension-major
  bool no_self_test = false;    // skip the known-answer self-test (never the default)

  // `substream_layout`: also the --substreams, --split, --state-update and --gl-readback
  // options.
  void add_to(CLI::App& command, bool substream_layout = false);
  // --no-self-test, for the commands that render with the generator's shaders.
  void add_self_test_option(CLI::App& command);
  // Throws if an option given on the command line has no meaning for the generator.
  void check_applicable() const;
  // Throws if an option given means nothing on --path cpu or cuda (the GL path's layout and
  // profile; --device on the CPU), with the reason, the same on both paths.
  void check_path_options() const;
  // The library's settings from the options, every option checked (check_applicable, then
  // each value's syntax; the library checks their ranges and combinations when a
  // glrand::Generator is made of them). `notices`: where the GL path may say it fell back to
  // a software renderer.
  Settings settings(std::ostream* notices = nullptr) const;
  // The GL path's profile, checked together with the options it excludes.
  Profile profile_value() const;
  // The ps30 substream layout, checked.
  StreamLayout stream_layout() const;
  // The scatter and compute profiles' substreams: --substreams, or the library's default
  // (kDefaultInvocations).
  std::uint64_t stream_substreams() const;
  // Whether `option` was given on the command line.
  bool given(const char* option) const;

 private:
  const CLI::App* command_ = nullptr;
};

// A non-negative integer: decimal digits, or a power such as 2^40, or 1e8. `what` names the
// option in errors.
std::uint64_t parse_count(const std::string& text, const std::string& what);

// "WxH", e.g. "1024x1024", with at most 2^24 pixels (kMaxPixelsPerPass).
TargetSize parse_size(const std::string& text, const std::string& what);

// The --size of the commands that run a source (generate, test): CEICG's render-target size per
// pass, 1024x1024 when empty; refused for the other generators, whose texture follows
// --substreams.
TargetSize ceicg_pass_size(const SourceOptions& options, const std::string& size);

}  // namespace glrand::cli
