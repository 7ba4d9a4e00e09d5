// SPDX-License-Identifier: MIT
#include "cli/options.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <limits>
#include <sstream>
#include <string_view>
#include <vector>

#include <glrand/devices.hpp>
#include <glrand/error.hpp>

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

std::uint64_t parse_count(const std::string& text, const std::string& what) {
  const std::string usage = what + " must be a whole number such as 1000000, 1e6, 2.5e3 or 2^20, not '" + text + "'";
  const std::string too_large = what + " '" + text + "' is too large (at most 2^64 - 1)";
  if (!text.empty() && text[0] == '-') throw InvalidArgument(what + " must not be negative, not '" + text + "'");
  if (auto value = parse_digits(text)) return *value;
  if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos) throw InvalidArgument(too_large);
  const std::string_view view(text);
  if (const auto caret = view.find('^'); caret != std::string_view::npos) {
    const auto base = parse_digits(view.substr(0, caret));
    const auto exponent = parse_digits(view.substr(caret + 1));
    if (!base || !exponent) throw InvalidArgument(usage);
    const auto value = checked_power(*base, *exponent);
    if (!value) throw InvalidArgument(too_large);
    return *value;
  }
  // Decimal notation, I[.F][eK]: whole when F's significant digits fit in 10^K (1.4e7, 2.5e3).
  const auto e = view.find_first_of("eE");
  const std::string_view mantissa = view.substr(0, e);
  const auto exponent = e == std::string_view::npos ? std::optional<std::uint64_t>(0) : parse_digits(view.substr(e + 1));
  const auto point = mantissa.find('.');
  const std::string_view whole = mantissa.substr(0, point);
  std::string_view fraction = point == std::string_view::npos ? std::string_view() : mantissa.substr(point + 1);
  if (!exponent || !parse_digits(whole) || (point != std::string_view::npos && !parse_digits(fraction)))
    throw InvalidArgument(usage);
  while (!fraction.empty() && fraction.back() == '0') fraction.remove_suffix(1);
  if (fraction.size() > *exponent) throw InvalidArgument(usage);
  const auto scale = checked_power(10, *exponent - fraction.size());
  const auto fraction_scale = checked_power(10, fraction.size());
  const auto digits = parse_digits(std::string(whole) + std::string(fraction));  // I·10^|F| + F
  if (!scale || !fraction_scale || !digits || (*digits != 0 && *scale > std::numeric_limits<std::uint64_t>::max() / *digits))
    throw InvalidArgument(too_large);
  return *digits * *scale;
}

TargetSize parse_size(const std::string& text, const std::string& what) {
  const auto x = text.find('x');
  const auto width = x == std::string::npos ? std::nullopt : parse_digits(std::string_view(text).substr(0, x));
  const auto height = x == std::string::npos ? std::nullopt : parse_digits(std::string_view(text).substr(x + 1));
  if (!width || !height || *width == 0 || *height == 0 || *width > 65536 || *height > 65536)
    throw InvalidArgument(what + " must be WIDTHxHEIGHT with sides 1..65536, such as 1024x1024, not '" + text + "'");
  // The device's own per-side limit is checked once a context exists; the pixel limit
  // holds on every device and every path, so it is checked here, before anything opens.
  if (*width * *height > kMaxPixelsPerPass)
    throw InvalidArgument("texture size " + text + " has more than 2^24 = 16777216 pixels, the most a float pixel "
                          "index can count exactly (4096x4096 is the largest square)");
  return {static_cast<std::uint32_t>(*width), static_cast<std::uint32_t>(*height)};
}

TargetSize ceicg_pass_size(const SourceOptions& options, const std::string& size) {
  if (!size.empty() && options.generator != "ceicg")
    throw InvalidArgument("--size applies to -g ceicg; the stateful generators' texture follows --substreams");
  return parse_size(size.empty() ? "1024x1024" : size, "--size");
}

#if GLRAND_HAVE_CUDA
constexpr bool kBuiltWithCuda = true;
#else
constexpr bool kBuiltWithCuda = false;
#endif

namespace {

// -g's help: every generator of the registry with what it is; those without a GL path last.
std::string generator_help() {
  std::string gl, other;
  for (const GeneratorInfo& row : generators()) {
    std::string& list = row.has_gl_path ? gl : other;
    list += (list.empty() ? "" : "; ") + std::string(row.name) + " = " + std::string(row.title);
  }
  return "Generator: " + gl + "; and, on --path cuda or cpu only: " + other;
}

// --seed's help: each generator's native seed and default, from the registry.
std::string seed_help() {
  std::string text = "The generator's native seed: ";
  for (const GeneratorInfo& row : generators()) {
    text += std::string(row.name) + ": ";
    text += row.takes_seed ? std::string(row.seed_syntax) + " (default " + std::string(row.default_seed) + ")"
                           : std::string("takes none");
    text += "; ";
  }
  return text + "see docs/generators.md (CEICG's weak seeds among them)";
}

}  // namespace

void SourceOptions::add_to(CLI::App& command, bool substream_layout) {
  command_ = &command;
  command.add_option("-g,--generator", generator, generator_help())->capture_default_str();
  // Generators with no GL path default to the GPU's other path when there is one.
  command.parse_complete_callback([this] {
    // An alias (park-miller) becomes the generator's name (pm) in every message and header.
    for (const auto& row : generators())
      for (const auto alias : row.aliases)
        if (alias == generator) generator = row.name;
    if (given("--path") || given("--profile")) return;
    for (const auto& row : generators())
      if (row.name == generator && !row.has_gl_path) path = kBuiltWithCuda && cuda_devices().available ? "cuda" : "cpu";
  });
  command.add_option("--seed", seed, seed_help());
  command.add_option("--offset", offset,
                     "Skip this many outputs first (e.g. 1000, 1e9, 2^40); sobol32: start every dimension at point K "
                     "(cuRAND's curandSetGeneratorOffset); mtgp32: the outputs after K drawn (cuRAND has no offset for it), "
                     "K + COUNT <= 2^63")
      ->capture_default_str();
  command.add_option("--substream", substream,
                     "ceicg: start at substream P (N = P*B), P < 2^24; mrg32k3a: RngStreams substream (2^76 apart), "
                     "or cuRAND's subsequence with --curand-seed")
      ->capture_default_str();
  command.add_option("--path", path,
                     "Where to compute: gl (fragment shaders), cuda (CUDA kernels, integer arithmetic) or cpu (exact "
                     "reference); mt19937, sobol32 and mtgp32 default to cuda where a CUDA GPU is usable, else cpu")
      ->capture_default_str();
  command.add_option("--device", device,
                     "EGL device index (see `glrand info`), or the CUDA device ordinal with --path cuda; default: the "
                     "first GPU");
  command.add_option("--profile", profile,
                     "GL path: ps30 (2006 constraints: float render targets), scatter (fragment passes writing "
                     "storage buffers) or compute (GL compute shaders)")
      ->capture_default_str();
  if (!substream_layout) return;
  command.add_option("--wh-set", wh_set, "wh: parameter set i = 0..272, MKL's VSL_BRNG_WH + i")->capture_default_str();
  command.add_option("--stream", stream, "mrg32k3a: RngStreams stream (2^127 apart)")->capture_default_str();
  command.add_option("--curand-seed", curand_seed, "mrg32k3a: seed as cuRAND's curand_init(seed, substream, offset)");
  command.add_option("--dimensions", dimensions,
                     "sobol32: dimensions D = 1..21201 (Joe-Kuo directions; cuRAND's SOBOL32 has 1..20000), -n counts numbers, a "
                     "multiple of D, written dimension-major (COUNT/D points of dimension 0, then of dimension 1, ...)")
      ->capture_default_str();
  static_assert(std::has_single_bit(kDefaultInvocations), "--substreams' help writes the default as a power of two");
  command.add_option("--substreams", substreams,
                     "substreams, 1..2^24: pm, wh, mrg32k3a state texels in the ps30 profile (default: chosen per "
                     "run, 4096 on a software renderer, on a GPU about COUNT/32 from 4096 to 2^21; the same numbers "
                     "for any P; --split parameterisation needs it); any generator's invocations in scatter and "
                     "compute (default 2^" + std::to_string(std::countr_zero(kDefaultInvocations)) +
                         ", fewer for a short run)");
  command.add_option("--split", split,
                     "pm, wh, mrg32k3a: how substreams share the sequence: leapfrog or blocking; wh also "
                     "parameterisation (substream s runs set --wh-set + s; output n from substream n mod P)")
      ->capture_default_str();
  command.add_option("--state-update", state_update, "where substream states advance: gpu (render target) or cpu "
                                                     "(skip-ahead on the host)")
      ->capture_default_str();
  command.add_option("--gl-readback", gl_readback,
                     "How the GL path reads its passes back: auto (ps30 and scatter on a GPU, passes of 4 MiB or "
                     "more, by a second, shared context on its own thread beside the next passes; else, and "
                     "compute, the rendering context), one-context or shared-context")
      ->capture_default_str();
}

void SourceOptions::add_self_test_option(CLI::App& command) {
  command.add_flag("--no-self-test", no_self_test,
                   "Skip the known-answer self-test that proves the device's float arithmetic before the shaders "
                   "run (it runs by default; a device that fails it is refused)");
}

bool SourceOptions::given(const char* option) const {
  if (!command_) return false;
  try {
    return command_->count(option) > 0;
  } catch (const CLI::OptionNotFound&) {
    return false;
  }
}

void SourceOptions::check_applicable() const {
  const GeneratorInfo& row = find_generator(generator);
  // Options that mean something only for some generators (the registry's setting flags).
  const std::pair<const char*, unsigned> scoped[] = {
      {"--substream", kSubstreamSetting}, {"--split", kLayoutSetting},      {"--state-update", kLayoutSetting},
      {"--wh-set", kWhSetSetting},        {"--stream", kStreamSetting},     {"--curand-seed", kCurandSeedSetting},
      {"--dimensions", kDimensionsSetting}, {"--substreams", kSubstreamsSetting},
  };
  for (const auto& [option, flag] : scoped)
    if (given(option) && (row.settings & flag) == 0)
      throw InvalidArgument(std::string(option) + " does not apply to -g " + generator + " (only to " +
                            generator_names(flag) + ")");
  // An empty value is how these options mean "the default": given empty, it is a mistake.
  if (given("--seed") && seed.empty())
    throw InvalidArgument("--seed needs a value; leave it out for -g " + generator + "'s default seed");
  if (given("--curand-seed") && curand_seed.empty())
    throw InvalidArgument("--curand-seed needs a value (one 64-bit integer, as curand_init's seed)");
  check_path_options();
  if (given("--substreams") && generator == "ceicg" && profile == "ps30")
    throw InvalidArgument("--substreams does not apply to -g ceicg in the ps30 profile, whose substreams are pixels "
                          "(see --size); it does with --profile scatter or compute");
  profile_value();
}

void SourceOptions::check_path_options() const {
  if (path != "cpu" && path != "cuda") return;  // gl uses them all; check_path names a wrong --path
  const std::string on_path = "--path " + path +
                              (given("--path") ? std::string() : " (-g " + generator + "'s default here)");
  if (given("--profile"))
    throw InvalidArgument("--profile chooses the GL path's shaders (ps30, scatter or compute); it does not apply to " +
                          on_path);
  if (path == "cpu" && given("--device"))
    throw InvalidArgument("--device chooses a GPU; it does not apply to " + on_path + ", the CPU reference");
  // Both paths give the serial sequence directly; WH's parameterisation defines another
  // sequence (P sets interleaved), so it keeps --split and --substreams.
  const bool parameterised = given("--split") && parse_split(split) == Split::parameterisation;
  const std::string how = path == "cpu" ? "computes the serial sequence directly" : "lays out its own threads and always gives the serial sequence";
  if (given("--gl-readback"))
    throw InvalidArgument("--gl-readback says how the GL path reads its passes back; it does not apply to " + on_path);
  for (const char* option : {"--substreams", "--split", "--state-update"})
    if (given(option) && !(parameterised && std::string_view(option) != "--state-update"))
      throw InvalidArgument(std::string(option) + " sets the GL path's substream layout; " + on_path + " " + how +
                            (parameterised ? std::string(" (--split parameterisation keeps --substreams)") : std::string()));
}

Profile SourceOptions::profile_value() const {
  const Profile value = parse_profile(profile);
  if (value == Profile::ps30) return value;
  if (path == "cpu" || path == "cuda")
    throw InvalidArgument("--profile chooses the GL path's shaders (ps30, scatter or compute); it does not apply to "
                          "--path " + path);
  if (given("--split") && split != "leapfrog")
    throw InvalidArgument("the " + profile + " profile splits the sequence itself (leapfrog; mrg32k3a in blocks), "
                          "not by --split " + split);
  if (given("--state-update"))
    throw InvalidArgument("--state-update applies to the ps30 profile; in the " + profile +
                          " profile substream states stay on the GPU");
  return value;
}

std::uint64_t SourceOptions::stream_substreams() const {
  if (!given("--substreams")) return kDefaultInvocations;
  const std::uint64_t value = parse_count(substreams, "--substreams");
  if (value < 1 || value > kMaxSubstreams)
    throw InvalidArgument("--substreams must be 1..16777216 (2^24), not " + substreams);
  return value;
}

Settings SourceOptions::settings(std::ostream* notices) const {
  check_applicable();
  const GeneratorInfo& row = find_generator(generator);
  Settings s;
  s.algorithm = row.algorithm;
  s.backend = parse_backend(path);
  s.device = device;
  s.profile = profile_value();
  if (!seed.empty()) s.seed = row.parse_seed(seed);
  s.offset = parse_count(offset, "--offset");
  s.substream = parse_count(substream, "--substream");
  if (row.settings & kStreamSetting) s.stream = parse_count(stream, "--stream");
  if (!curand_seed.empty()) s.curand_seed = parse_count(curand_seed, "--curand-seed");
  const std::string set_range = "--wh-set must be an integer in 0..272 (MKL's VSL_BRNG_WH + i), not '" + wh_set + "'";
  if (wh_set.empty() || wh_set.find_first_not_of("0123456789") != std::string::npos || wh_set.size() > 3)
    throw InvalidArgument(set_range);
  s.wh_set = std::stoi(wh_set);
  const std::string dimension_range = "--dimensions must be an integer in 1.." + std::to_string(kSobol32Dimensions) +
                                      " (Joe and Kuo's direction numbers), not '" + dimensions + "'";
  const auto d = dimensions.size() <= 5 ? parse_digits(dimensions) : std::nullopt;
  if (!d) throw InvalidArgument(dimension_range);
  s.dimensions = static_cast<int>(*d);
  if (s.profile == Profile::ps30) {
    s.layout = stream_layout();
  } else if (given("--substreams")) {
    s.invocations = stream_substreams();
  }
  s.gl_readback = parse_gl_readback(gl_readback);
  s.self_test = !no_self_test;
  s.notices = notices;
  return s;
}

StreamLayout SourceOptions::stream_layout() const {
  StreamLayout layout;
  if (given("--substreams")) {
    layout.substreams = parse_count(substreams, "--substreams");
    if (layout.substreams < 1 || layout.substreams > kMaxSubstreams)
      throw InvalidArgument("--substreams must be 1..16777216 (2^24), not " + substreams);
  }
  layout.split = parse_split(split);
  layout.update = parse_state_update(state_update);
  return layout;
}

}  // namespace glrand::cli
