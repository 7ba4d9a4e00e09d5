// SPDX-License-Identifier: MIT
// The one table of generators (glrand/registry.hpp) and their native seeds' syntax.
#include <algorithm>
#include <array>
#include <charconv>
#include <glrand/error.hpp>
#include <glrand/registry.hpp>
#include <optional>
#include <string>

#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"

namespace glrand {
namespace {

std::optional<std::uint64_t> parse_word(std::string_view text) {
  std::uint64_t value = 0;
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The comma-separated parts of a seed's text, empty ones included.
std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> parts;
  for (std::size_t begin = 0;;) {
    const std::size_t comma = text.find(',', begin);
    parts.push_back(text.substr(begin, comma == std::string_view::npos ? comma : comma - begin));
    if (comma == std::string_view::npos) return parts;
    begin = comma + 1;
  }
}

// Comma-separated unsigned words; nothing when any is not one, or `sizes` excludes the count.
std::optional<std::vector<std::uint64_t>> parse_words(std::string_view text, std::initializer_list<std::size_t> sizes) {
  std::vector<std::uint64_t> words;
  for (const auto part : split_commas(text)) {
    const auto word = parse_word(part);
    if (!word) return std::nullopt;
    words.push_back(*word);
  }
  if (std::find(sizes.begin(), sizes.end(), words.size()) == sizes.end()) return std::nullopt;
  return words;
}

std::vector<std::uint64_t> parse_ceicg_seed(std::string_view text) {
  const auto parts = split_commas(text);
  if (parts.size() != 3) throw InvalidArgument("a CEICG seed is three words n1,n2,n3, not '" + std::string(text) + "'");
  std::vector<std::uint64_t> words;
  for (int k = 0; k < 3; ++k) {
    const auto word = parse_word(parts[k]);
    const std::uint32_t m = ceicg::kComponents[k].modulus;
    if (!word || *word >= m)
      throw InvalidArgument("CEICG seed word n" + std::to_string(k + 1) + " must be an integer in 0.." +
                            std::to_string(m - 1) + " (below m" + std::to_string(k + 1) + "), not '" +
                            std::string(parts[k]) + "'");
    words.push_back(*word);
  }
  return words;
}

std::vector<std::uint64_t> parse_pm_seed(std::string_view text) {
  const auto words = parse_words(text, {1});
  if (words && (*words)[0] >= pm::kMinSeed && (*words)[0] <= pm::kMaxSeed) return *words;
  throw InvalidArgument("a Park-Miller seed must be one integer in 1..2147483646 (1..2^31-2), not '" +
                        std::string(text) + "'");
}

std::vector<std::uint64_t> parse_wh_seed(std::string_view text) {
  const auto words = parse_words(text, {1, 4});
  if (words && std::all_of(words->begin(), words->end(), [](std::uint64_t w) { return w <= 0xFFFFFFFFu; }))
    return *words;
  throw InvalidArgument("a Wichmann-Hill seed is one or four unsigned 32-bit words, not '" + std::string(text) + "'");
}

std::vector<std::uint64_t> parse_mrg32k3a_seed(std::string_view text) {
  if (const auto words = parse_words(text, {6})) {
    const auto& w = *words;
    mrg32k3a::seed_from_words({w[0], w[1], w[2], w[3], w[4], w[5]});  // throws naming the word out of range
    return w;
  }
  throw InvalidArgument("an MRG32k3a seed is six integers s1,s2,s3 < 4294967087 and s4,s5,s6 < 4294944443, not '" +
                        std::string(text) + "'");
}

std::vector<std::uint64_t> parse_mt19937_seed(std::string_view text) {
  const auto words = parse_words(text, {1});
  if (words && (*words)[0] <= 0xFFFFFFFFu) return *words;
  throw InvalidArgument("an MT19937 seed is one integer in 0..4294967295 (2^32-1), not '" + std::string(text) + "'");
}

std::vector<std::uint64_t> parse_sobol32_seed(std::string_view) {
  throw InvalidArgument(
      "-g sobol32 is a quasirandom sequence and takes no --seed; --offset K starts every dimension at "
      "point K");
}

std::vector<std::uint64_t> parse_mtgp32_seed(std::string_view text) {
  if (const auto words = parse_words(text, {1})) return *words;
  throw InvalidArgument(
      "an MTGP32 seed is one integer in 0..18446744073709551615 (2^64-1, cuRAND's "
      "curandSetPseudoRandomGeneratorSeed), not '" +
      std::string(text) + "'");
}

constexpr std::string_view kPmAliases[] = {"park-miller", "park_miller", "minstd"};
constexpr std::string_view kWhAliases[] = {"wichmann-hill", "wichmann_hill"};
constexpr std::string_view kNoAliases[1] = {};

constexpr unsigned kGlLayout = kLayoutSetting | kSubstreamsSetting;

constexpr GeneratorInfo kGenerators[] = {
    {.algorithm = Algorithm::ceicg,
     .name = "ceicg",
     .aliases = std::span(kNoAliases, 0),
     .title = "combined explicit inversive congruential (2006 paper)",
     .words_per_output = 3,
     .has_gl_path = true,
     .why_no_gl_path = "",
     .takes_seed = true,
     .seed_syntax = "three residues n1,n2,n3, n_k < m_k",
     .default_seed = "16304931,9806722,8597840",
     .settings = kSubstreamSetting | kSubstreamsSetting,
     .parse_seed = parse_ceicg_seed},
    {.algorithm = Algorithm::park_miller,
     .name = "pm",
     .aliases = kPmAliases,
     .title = "Park-Miller minimal standard",
     .words_per_output = 1,
     .has_gl_path = true,
     .why_no_gl_path = "",
     .takes_seed = true,
     .seed_syntax = "z0 in 1..2147483646",
     .default_seed = "1",
     .settings = kGlLayout,
     .parse_seed = parse_pm_seed},
    {.algorithm = Algorithm::wichmann_hill,
     .name = "wh",
     .aliases = kWhAliases,
     .title = "Wichmann-Hill, MKL's 273 parameter sets",
     .words_per_output = 4,
     .has_gl_path = true,
     .why_no_gl_path = "",
     .takes_seed = true,
     .seed_syntax = "one 32-bit word (MKL: x0 = seed mod m1) or four",
     .default_seed = "1",
     .settings = kGlLayout | kWhSetSetting,
     .parse_seed = parse_wh_seed},
    {.algorithm = Algorithm::mrg32k3a,
     .name = "mrg32k3a",
     .aliases = std::span(kNoAliases, 0),
     .title = "L'Ecuyer's MRG32k3a (RngStreams)",
     .words_per_output = 1,
     .has_gl_path = true,
     .why_no_gl_path = "",
     .takes_seed = true,
     .seed_syntax = "six words, the RngStreams package seed",
     .default_seed = "12345,12345,12345,12345,12345,12345",
     .settings = kGlLayout | kSubstreamSetting | kStreamSetting | kCurandSeedSetting,
     .parse_seed = parse_mrg32k3a_seed},
    {.algorithm = Algorithm::mt19937,
     .name = "mt19937",
     .aliases = std::span(kNoAliases, 0),
     .title = "Mersenne Twister MT19937",
     .words_per_output = 1,
     .has_gl_path = false,
     .why_no_gl_path = "its 624-word state does not fit the shaders' substreams",
     .takes_seed = true,
     .seed_syntax = "one 32-bit word, init_genrand",
     .default_seed = "5489",
     .settings = 0,
     .parse_seed = parse_mt19937_seed},
    {.algorithm = Algorithm::sobol32,
     .name = "sobol32",
     .aliases = std::span(kNoAliases, 0),
     .title = "Sobol32 (Joe-Kuo directions, quasirandom)",
     .words_per_output = 1,
     .has_gl_path = false,
     .why_no_gl_path = "it XORs direction numbers, and the float-only shaders have no integer bit operations",
     .takes_seed = false,
     .seed_syntax = "none",
     .default_seed = "",
     .settings = kDimensionsSetting,
     .parse_seed = parse_sobol32_seed},
    {.algorithm = Algorithm::mtgp32,
     .name = "mtgp32",
     .aliases = std::span(kNoAliases, 0),
     .title = "MTGP32 (cuRAND's host-API order)",
     .words_per_output = 1,
     .has_gl_path = false,
     .why_no_gl_path = "its 351-word states, each advanced by a block of 256 threads, do not fit the shaders' substreams",
     .takes_seed = true,
     .seed_syntax = "one 64-bit integer, cuRAND's curandSetPseudoRandomGeneratorSeed",
     .default_seed = "0",
     .settings = 0,
     .parse_seed = parse_mtgp32_seed},
};

}  // namespace

std::span<const GeneratorInfo> generators() { return kGenerators; }

const GeneratorInfo& info(Algorithm algorithm) {
  for (const auto& row : kGenerators)
    if (row.algorithm == algorithm) return row;
  throw InvalidArgument("unknown generator");
}

const GeneratorInfo& find_generator(std::string_view name) {
  for (const auto& row : kGenerators) {
    if (row.name == name) return row;
    for (const auto alias : row.aliases)
      if (alias == name) return row;
  }
  throw InvalidArgument("unknown generator '" + std::string(name) + "': choose from " + generator_names());
}

std::string generator_names(unsigned flag) {
  std::string list;
  for (const auto& row : kGenerators)
    if (flag == 0 || (row.settings & flag) != 0) list += (list.empty() ? "" : ", ") + std::string(row.name);
  return list;
}

}  // namespace glrand
