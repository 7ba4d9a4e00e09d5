// SPDX-License-Identifier: MIT
#include "cli/options.hpp"

#include <charconv>
#include <limits>
#include <sstream>
#include <vector>

#include "common/error.hpp"

namespace glrand::cli {
namespace {

std::optional<std::uint64_t> parse_digits(std::string_view text) {
  std::uint64_t value = 0;
  if (text.empty()) return std::nullopt;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<std::uint64_t> checked_power(std::uint64_t base, std::uint64_t exponent) {
  std::uint64_t value = 1;
  for (std::uint64_t i = 0; i < exponent; ++i) {
    if (base != 0 && value > std::numeric_limits<std::uint64_t>::max() / base) return std::nullopt;
    value *= base;
  }
  return value;
}

}  // namespace

void check_generator(const std::string& name) {
  for (const char* g : kGenerators)
    if (name == g) return;
  std::string list;
  for (const char* g : kGenerators) list += (list.empty() ? "" : ", ") + std::string(g);
  throw InvalidArgument("unknown generator '" + name + "': choose from " + list);
}

std::uint64_t parse_count(const std::string& text, const std::string& what) {
  const std::string usage = what + " must be a whole number such as 1000000, 1e6 or 2^20, not '" + text + "'";
  if (!text.empty() && text[0] == '-') throw InvalidArgument(what + " must not be negative, not '" + text + "'");
  if (auto value = parse_digits(text)) return *value;
  for (const std::string_view op : {"^", "e", "E"}) {
    const auto at = text.find(op);
    if (at == std::string::npos) continue;
    const auto left = parse_digits(std::string_view(text).substr(0, at));
    const auto right = parse_digits(std::string_view(text).substr(at + 1));
    if (!left || !right) throw InvalidArgument(usage);
    const auto value = op == "^" ? checked_power(*left, *right) : [&]() -> std::optional<std::uint64_t> {
      const auto scale = checked_power(10, *right);
      if (!scale || (*left != 0 && *scale > std::numeric_limits<std::uint64_t>::max() / *left)) return std::nullopt;
      return *left * *scale;
    }();
    if (!value) throw InvalidArgument(what + " '" + text + "' is too large (at most 2^64 - 1)");
    return *value;
  }
  if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos)
    throw InvalidArgument(what + " '" + text + "' is too large (at most 2^64 - 1)");
  throw InvalidArgument(usage);
}

ceicg::Seed parse_ceicg_seed(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream list(text);
  for (std::string word; std::getline(list, word, ',');) words.push_back(word);
  if (words.size() != 3 || text.back() == ',')
    throw InvalidArgument("a CEICG seed is three words n1,n2,n3, not '" + text + "'");
  ceicg::Seed seed{};
  for (int k = 0; k < 3; ++k) {
    const auto& c = ceicg::kComponents[k];
    const auto value = parse_digits(words[k]);
    if (!value || *value >= c.modulus)
      throw InvalidArgument("CEICG seed word n" + std::to_string(k + 1) + " must be an integer in 0.." +
                            std::to_string(c.modulus - 1) + " (below m" + std::to_string(k + 1) + "), not '" +
                            words[k] + "'");
    seed[k] = static_cast<std::uint32_t>(*value);
  }
  return seed;
}

fragment::TargetSize parse_size(const std::string& text, const std::string& what) {
  const auto x = text.find('x');
  const auto width = x == std::string::npos ? std::nullopt : parse_digits(std::string_view(text).substr(0, x));
  const auto height = x == std::string::npos ? std::nullopt : parse_digits(std::string_view(text).substr(x + 1));
  if (!width || !height || *width == 0 || *height == 0 || *width > 65536 || *height > 65536)
    throw InvalidArgument(what + " must be WIDTHxHEIGHT with sides 1..65536, such as 1024x1024, not '" + text + "'");
  const fragment::TargetSize size{static_cast<std::uint32_t>(*width), static_cast<std::uint32_t>(*height)};
  // The device's own per-side limit is checked once a context exists; the pixel limit
  // holds on every device and every path, so it is checked here, before anything opens.
  fragment::check_target_size(size, 65536);
  return size;
}

void SourceOptions::add_to(CLI::App& command) {
  command.add_option("-g,--generator", generator, "Generator: ceicg")->capture_default_str();
  command.add_option("--seed", seed, "CEICG: n1,n2,n3 with n_k < m_k (default 0,0,0)");
  command.add_option("--offset", offset, "Skip this many outputs first (e.g. 1000, 1e9, 2^40)")->capture_default_str();
  command.add_option("--substream", substream, "Substream P: CEICG starts at N = P*B, P < 2^24")->capture_default_str();
  command.add_option("--path", path, "Where to compute: gl (fragment shaders) or cpu (exact reference)")
      ->capture_default_str();
  command.add_option("--device", device, "EGL device index (see `glrand info`); default: the first GPU");
}

ceicg::Residues SourceOptions::start() const {
  check_generator(generator);
  if (path != "gl" && path != "cpu") throw InvalidArgument("--path must be gl or cpu, not '" + path + "'");
  const ceicg::Seed s = seed.empty() ? ceicg::Seed{} : parse_ceicg_seed(seed);
  const std::uint64_t p = parse_count(substream, "--substream");
  if (p >= ceicg::kSubstreamCount)
    throw InvalidArgument("--substream must be below 2^24 = 16777216 (the paper's 4096x4096 substreams), not " +
                          substream);
  return ceicg::residues_at(s, p, parse_count(offset, "--offset"));
}

}  // namespace glrand::cli
