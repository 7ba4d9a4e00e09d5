// SPDX-License-Identifier: MIT
#pragma once
// The generators glrand has, in one table: the command, the benchmarks, the self-test and the
// tests iterate it. Adding a generator is its own files plus one row here (docs/library.md,
// "Adding a generator").
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace glrand {

enum class Algorithm { ceicg, park_miller, wichmann_hill, mrg32k3a, mt19937, sobol32, mtgp32 };

// The generator-specific settings (glrand::Settings) a generator reads; any other one set
// to a value other than its default is refused.
enum SettingFlags : unsigned {
  kSubstreamSetting = 1u << 0,   // Settings::substream
  kStreamSetting = 1u << 1,      // Settings::stream
  kCurandSeedSetting = 1u << 2,  // Settings::curand_seed
  kWhSetSetting = 1u << 3,       // Settings::wh_set
  kDimensionsSetting = 1u << 4,  // Settings::dimensions
  kLayoutSetting = 1u << 5,      // Settings::layout's split and state update (ps30)
  kSubstreamsSetting = 1u << 6,  // Settings::layout.substreams / Settings::invocations
};

struct GeneratorInfo {
  Algorithm algorithm;
  std::string_view name;  // as the command spells it: -g NAME
  std::span<const std::string_view> aliases;
  std::string_view title;           // "Park–Miller minimal standard (MINSTD)"
  int words_per_output;             // exact 32-bit words per output (ints)
  bool has_gl_path;                 // cpu and cuda: every generator
  std::string_view why_no_gl_path;  // empty when it has one
  bool takes_seed;                  // Sobol32 is quasirandom: no seed
  std::string_view seed_syntax;     // the native seed, in words
  std::string_view default_seed;    // the native seed used when none is given
  unsigned settings;                // SettingFlags
  // The native seed from its text (decimal words, comma-separated), checked: throws
  // glrand::InvalidArgument with the seed's syntax and ranges.
  std::vector<std::uint64_t> (*parse_seed)(std::string_view text);
};

// Every generator, in the order the command lists them.
std::span<const GeneratorInfo> generators();
const GeneratorInfo& info(Algorithm algorithm);
// By name or alias; throws glrand::InvalidArgument ("unknown generator 'x': choose from ...").
const GeneratorInfo& find_generator(std::string_view name);
// The names, comma-separated: "ceicg, pm, wh, ..."; those with `flag` only when given.
std::string generator_names(unsigned flag = 0);

}  // namespace glrand
