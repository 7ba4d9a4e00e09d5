// SPDX-License-Identifier: MIT
#include "library/starts.hpp"

#include <array>
#include <glrand/error.hpp>
#include <string>

#include "generators/sobol32.hpp"

namespace glrand::library {
namespace {

std::string words_text(const std::vector<std::uint64_t>& words) {
  std::string text;
  for (const auto w : words) {
    if (!text.empty()) text += ',';
    text += std::to_string(w);
  }
  return text;
}

const char* setting_option(unsigned flag) {
  switch (flag) {
    case kSubstreamSetting:
      return "--substream";
    case kStreamSetting:
      return "--stream";
    case kCurandSeedSetting:
      return "--curand-seed";
    case kWhSetSetting:
      return "--wh-set";
    case kDimensionsSetting:
      return "--dimensions";
    case kLayoutSetting:
      return "--split";
    default:
      return "--substreams";
  }
}

void check_applies(const GeneratorInfo& row, unsigned flag, bool set) {
  if (!set || (row.settings & flag) != 0) return;
  throw InvalidArgument(std::string(setting_option(flag)) + " does not apply to -g " + std::string(row.name) +
                        " (only to " + generator_names(flag) + ")");
}

void check_layout(const Settings& s, const GeneratorInfo& row) {
  const bool gl = s.backend == Backend::gl;
  const StreamLayout defaults;
  const bool parameterised = s.layout.split == Split::parameterisation;
  check_applies(row, kLayoutSetting, s.layout.split != defaults.split || s.layout.update != defaults.update);
  check_applies(row, kSubstreamsSetting, s.layout.substreams != defaults.substreams || s.invocations.has_value());
  if (s.layout.substreams > kMaxSubstreams)
    throw InvalidArgument("--substreams must be 1..16777216 (2^24), not " + std::to_string(s.layout.substreams));
  if (parameterised && s.layout.substreams == kAutomaticSubstreams)
    throw InvalidArgument("--split parameterisation needs --substreams P: each substream is a parameter set of its "
                          "own, so P makes the sequence");
  if (s.invocations && (*s.invocations < 1 || *s.invocations > kMaxSubstreams))
    throw InvalidArgument("--substreams must be 1..16777216 (2^24), not " + std::to_string(*s.invocations));
  if (parameterised && row.algorithm != Algorithm::wichmann_hill)
    throw InvalidArgument(
        "--split parameterisation spreads substreams over a family of parameter sets, which only "
        "wh has; use leapfrog or blocking for " +
        std::string(row.name));
  if (!gl) {
    const std::string on_path = std::string("--path ") + name_of(s.backend);
    if (s.profile != Profile::ps30)
      throw InvalidArgument(
          "--profile chooses the GL path's shaders (ps30, scatter or compute); it does not apply to " + on_path);
    const std::string how = s.backend == Backend::cpu ? "computes the serial sequence directly"
                                                      : "lays out its own threads and always gives the serial sequence";
    if (s.layout.update != defaults.update || s.invocations || (s.layout.split == Split::blocking) ||
        (!parameterised && s.layout.substreams != defaults.substreams))
      throw InvalidArgument(std::string(s.layout.update != defaults.update  ? "--state-update"
                                        : s.layout.split == Split::blocking ? "--split"
                                                                            : "--substreams") +
                            " sets the GL path's substream layout; " + on_path + " " + how);
    return;
  }
  if (s.profile == Profile::ps30) {
    if (s.invocations)
      throw InvalidArgument(
          "--substreams in the ps30 profile is the state texels' count (Settings::layout); "
          "invocations belong to the scatter and compute profiles");
    return;
  }
  if (s.layout.split != Split::leapfrog)
    throw InvalidArgument(std::string("the ") + name_of(s.profile) +
                          " profile splits the sequence itself (leapfrog; mrg32k3a in blocks), not by --split " +
                          name_of(s.layout.split));
  if (s.layout.update != StateUpdate::gpu)
    throw InvalidArgument(std::string("--state-update applies to the ps30 profile; in the ") + name_of(s.profile) +
                          " profile substream states stay on the GPU");
}

}  // namespace

std::vector<std::uint64_t> seed_words(const Settings& settings) {
  if (settings.seed64) return native_seed(settings.algorithm, *settings.seed64);
  return settings.seed;
}

void check_settings(const Settings& s) {
  const GeneratorInfo& row = info(s.algorithm);
  const std::string name(row.name);
  if (s.backend == Backend::gl && !row.has_gl_path)
    throw InvalidArgument("-g " + name + " has no GL path, in any profile (" + std::string(row.why_no_gl_path) +
                          "); use --path cpu or --path cuda");
  if (s.backend == Backend::cpu && s.device)
    throw InvalidArgument("--device chooses a GPU; it does not apply to --path cpu, the CPU reference");
  if (!s.seed.empty() && s.seed64) throw InvalidArgument("give a native seed or a 64-bit seed, not both");
  if (!row.takes_seed && (!s.seed.empty() || s.seed64)) row.parse_seed("");
  // The native seed's syntax and ranges, as the command's parser checks its text.
  if (const auto words = seed_words(s); !words.empty()) row.parse_seed(words_text(words));
  check_applies(row, kSubstreamSetting, s.substream != 0);
  check_applies(row, kStreamSetting, s.stream != 0);
  check_applies(row, kCurandSeedSetting, s.curand_seed.has_value());
  check_applies(row, kWhSetSetting, s.wh_set != 0);
  check_applies(row, kDimensionsSetting, s.dimensions != 1);
  check_layout(s, row);
  if (s.wh_set < 0 || s.wh_set >= wh::kSetCount)
    throw InvalidArgument("--wh-set must be an integer in 0..272 (MKL's VSL_BRNG_WH + i), not '" +
                          std::to_string(s.wh_set) + "'");
  if (s.layout.split == Split::parameterisation &&
      s.wh_set + s.layout.substreams > static_cast<std::uint64_t>(wh::kSetCount))
    throw InvalidArgument("parameterisation gives substream s the set --wh-set + s: with --wh-set " +
                          std::to_string(s.wh_set) + " at most " + std::to_string(wh::kSetCount - s.wh_set) +
                          " substreams fit in the 273 sets, not " + std::to_string(s.layout.substreams));
  if (s.dimensions < 1 || s.dimensions > sobol32::kDimensions)
    throw InvalidArgument("--dimensions must be an integer in 1.." + std::to_string(sobol32::kDimensions) +
                          " (Joe and Kuo's direction numbers), not '" + std::to_string(s.dimensions) + "'");
  if (s.algorithm == Algorithm::ceicg && s.substream >= ceicg::kSubstreamCount)
    throw InvalidArgument("--substream must be below 2^24 = 16777216 (the paper's 4096x4096 substreams), not " +
                          std::to_string(s.substream));
  if (s.algorithm == Algorithm::mrg32k3a) {
    if (s.curand_seed) {
      if (!s.seed.empty() || s.seed64)
        throw InvalidArgument("give either --seed (RngStreams) or --curand-seed, not both");
      if (s.stream != 0)
        throw InvalidArgument("--stream has no meaning with --curand-seed: cuRAND has subsequences (--substream) only");
    } else if (s.substream >= (std::uint64_t{1} << 51)) {
      throw InvalidArgument("--substream must be below 2^51 (RngStreams: 2^51 substreams of 2^76 per stream), not " +
                            std::to_string(s.substream) + "; use --stream for the next stream");
    }
  }
  const TargetSize default_target;
  if (s.algorithm != Algorithm::ceicg &&
      (s.ceicg_target.width != default_target.width || s.ceicg_target.height != default_target.height))
    throw InvalidArgument("--size applies to -g ceicg; the stateful generators' texture follows --substreams");
  if (s.algorithm == Algorithm::ceicg && s.backend == Backend::gl && s.profile == Profile::ps30 &&
      s.layout.substreams != StreamLayout{}.substreams)
    throw InvalidArgument("--substreams does not apply to -g ceicg in the ps30 profile, whose substreams are pixels "
                          "(see --size); it does with --profile scatter or compute");
  if (s.algorithm == Algorithm::ceicg) {
    const TargetSize t = s.ceicg_target;
    const std::string text = std::to_string(t.width) + "x" + std::to_string(t.height);
    if (t.width == 0 || t.height == 0 || t.width > 65536 || t.height > 65536)
      throw InvalidArgument("--size must be WIDTHxHEIGHT with sides 1..65536, such as 1024x1024, not '" + text + "'");
    if (std::uint64_t{t.width} * t.height > kMaxPixelsPerPass)
      throw InvalidArgument("texture size " + text +
                            " has more than 2^24 = 16777216 pixels, the most a float pixel "
                            "index can count exactly (4096x4096 is the largest square)");
  }
  if (s.backend == Backend::cuda) {
#if !GLRAND_HAVE_CUDA
    throw DeviceError("--path cuda: this glrand was built without CUDA (nvcc was not found when it was configured)");
#endif
  }
}

ceicg::Residues ceicg_start(const Settings& s, std::uint64_t first) {
  const auto words = seed_words(s);
  const ceicg::Seed seed = words.empty()
                               ? ceicg::kDefaultSeed
                               : ceicg::Seed(static_cast<std::uint32_t>(words[0]), static_cast<std::uint32_t>(words[1]),
                                             static_cast<std::uint32_t>(words[2]));
  return ceicg::advanced_by(ceicg::residues_at(seed, s.substream, s.offset), first);
}

pm::State pm_start(const Settings& s, std::uint64_t first) {
  const auto words = seed_words(s);
  const std::uint32_t seed = words.empty() ? 1u : static_cast<std::uint32_t>(words[0]);
  return pm::advanced_by(pm::state_at(seed, s.offset), first);
}

wh::State wh_start(const Settings& s, int set, std::uint64_t first) {
  const auto words = seed_words(s);
  const wh::State seeded =
      words.empty() ? wh::seed_state(set, 1u)
      : words.size() == 1
          ? wh::seed_state(set, static_cast<std::uint32_t>(words[0]))
          : wh::seed_state(set, std::array<std::uint32_t, 4>{
                                    static_cast<std::uint32_t>(words[0]), static_cast<std::uint32_t>(words[1]),
                                    static_cast<std::uint32_t>(words[2]), static_cast<std::uint32_t>(words[3])});
  const wh::Parameters& parameters = wh::parameters(set);
  return wh::state_at(parameters, wh::state_at(parameters, seeded, s.offset), first);
}

mrg32k3a::State mrg32k3a_before(const Settings& s, std::uint64_t first) {
  if (s.curand_seed) return mrg32k3a::advance(mrg32k3a::curand_state(*s.curand_seed, s.substream, s.offset), first);
  const auto words = seed_words(s);
  const mrg32k3a::State package =
      words.empty() ? mrg32k3a::default_seed()
                    : mrg32k3a::seed_from_words({words[0], words[1], words[2], words[3], words[4], words[5]});
  const auto start = mrg32k3a::substream_start(mrg32k3a::stream_start(package, s.stream), s.substream);
  return mrg32k3a::advance(mrg32k3a::advance(start, s.offset), first);
}

std::uint32_t mt19937_seed(const Settings& s) {
  const auto words = seed_words(s);
  return words.empty() ? 5489u : static_cast<std::uint32_t>(words[0]);  // mt19937::kDefaultSeed
}

std::uint64_t mtgp32_seed(const Settings& s) {
  const auto words = seed_words(s);
  return words.empty() ? 0 : words[0];  // curandCreateGenerator's default seed
}

}  // namespace glrand::library

namespace glrand {

std::optional<std::string> seed_warning(const Settings& s) {
  if (s.algorithm != Algorithm::ceicg || s.seed.empty()) return std::nullopt;
  const auto relation =
      ceicg::seed_relation(ceicg::Seed(static_cast<std::uint32_t>(s.seed[0]), static_cast<std::uint32_t>(s.seed[1]),
                                       static_cast<std::uint32_t>(s.seed[2])));
  if (!relation) return std::nullopt;
  return "weak CEICG seed: " + *relation;
}

}  // namespace glrand
