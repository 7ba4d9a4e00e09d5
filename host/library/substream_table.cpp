// SPDX-License-Identifier: MIT
// The 2006 paper's Table 3 (glrand/substream_table.hpp): each GL generator's substreams, their
// length and state memory, and the ps30 pass's instruction count.
#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/core.h>
#include <glrand/error.hpp>
#include <glrand/substream_table.hpp>

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "library/starts.hpp"
#include "gl/shader_library.hpp"

namespace glrand {
namespace {

using u128 = unsigned __int128;

// std::lcm rejects 128-bit integers in strict C++ mode.
u128 lcm(u128 a, u128 b) {
  u128 x = a, y = b;
  while (y != 0) x = std::exchange(y, x % y);
  return a / x * b;
}

std::string power_of_two(long double value) { return fmt::format("2^{:.2f}", std::log2(value)); }

std::string bytes(long double value) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  while (value >= 1024 && unit < 4) value /= 1024, ++unit;
  return fmt::format("{:.4g} {}", static_cast<double>(value), units[unit]);
}

using Row = SubstreamTable;

std::string instructions_text(int count) {
  if (count < 0) return "not measured by this build";
  return fmt::format("{} per pass by the build's SPIR-V count; ps_3_0 allows {}{}", count, gl::kPs30InstructionSlots,
                     count > gl::kPs30InstructionSlots ? " (over: this pass needs splitting to be a true ps_3_0 pass)" : "");
}

template <class Traits>
Row stateful_row(fragment::StreamLayout layout, long double period, std::size_t host_state_bytes,
                 const Traits& traits = Traits{}) {
  // Automatic: the figures of the most a run chooses.
  const bool automatic = layout.substreams == kAutomaticSubstreams;
  if (automatic) layout.substreams = automatic_substreams(std::uint64_t{1} << 62, false);
  const long double p = static_cast<long double>(layout.substreams);
  const std::uint64_t width = std::min<std::uint64_t>(layout.substreams, 4096);
  const long double texels = static_cast<long double>(width) * static_cast<long double>((layout.substreams + 4095) / 4096);
  // Two sets of state textures (the pass reads one and, with GPU update, writes the other).
  const long double gpu = 2 * texels * Traits::kStateVec4s * 16;
  return {fmt::format("{}{} ({})", automatic ? "automatic, at most " : "", layout.substreams, fragment::name_of(layout.split)),
          fmt::format("{} (period {} / {} substreams)", power_of_two(period / p), power_of_two(period), layout.substreams),
          fmt::format("{} ({} x {} RGBA32F texels x 2 sets)", bytes(gpu), static_cast<std::uint64_t>(texels),
                      Traits::kStateVec4s),
          fmt::format("{} ({} states x {} B)", bytes(p * host_state_bytes), layout.substreams, host_state_bytes),
          instructions_text(fragment::StatefulFragment<Traits>::instructions_per_pass(layout, traits)), ""};
}

}  // namespace

SubstreamTable substream_table(const Settings& settings) {
  library::check_settings(settings);
  const GeneratorInfo& generator = info(settings.algorithm);
  if (!generator.has_gl_path)
    throw InvalidArgument("Table 3 describes the GL path's substreams; -g " + std::string(generator.name) +
                          " has no GL path");
  const StreamLayout& layout = settings.layout;
  switch (settings.algorithm) {
    case Algorithm::ceicg: {
      const long double period = 16777213.0L * 16777199.0L * 16777183.0L;
      return {"2^24 = 16777216 (one per pixel of 4096 x 4096, the paper's layout)",
              fmt::format("B = {} = {} (period {})", ceicg::kSubstreamSpacing,
                          power_of_two(static_cast<long double>(ceicg::kSubstreamSpacing)), power_of_two(period)),
              "none: CEICG is explicit, the pixel position selects the substream",
              "12 B (three residues, the pass's position)",
              instructions_text(gl::instruction_count("ceicg.frag", {{"CEICG_FLOAT_TARGETS", "0"}})),
              ""};
    }
    case Algorithm::park_miller:
      return stateful_row<fragment::ParkMillerTraits>(layout, pm::kModulus - 1.0L, sizeof(pm::State));
    case Algorithm::wichmann_hill: {
      const auto period_of = [](int set) {
        const auto& p = wh::parameters(set);
        u128 period = 1;
        for (int k = 0; k < 4; ++k) period = lcm(period, u128{p.modulus[k]} - 1);
        return static_cast<long double>(period);
      };
      const int first = settings.wh_set;
      const long double period = period_of(first);
      Row row = stateful_row<fragment::WichmannHillTraits>(layout, period, sizeof(wh::State));
      row.note = fmt::format("set {}: period lcm(m_k - 1) = {}", first, power_of_two(period));
      if (layout.split == Split::parameterisation) {
        // Substream s is set wh_set + s, a whole generator: its length is its own period.
        const int last = first + static_cast<int>(layout.substreams) - 1;
        long double shortest = period, longest = period;
        for (int set = first; set <= last; ++set) {
          shortest = std::min(shortest, period_of(set));
          longest = std::max(longest, period_of(set));
        }
        row.length = fmt::format("{} .. {} (each substream its own set's whole period, sets {}..{})",
                                 power_of_two(shortest), power_of_two(longest), first, last);
      }
      return row;
    }
    case Algorithm::mrg32k3a: {
      const long double period = (static_cast<long double>(mrg32k3a::kM1) * mrg32k3a::kM1 * mrg32k3a::kM1 - 1) *
                                 (static_cast<long double>(mrg32k3a::kM2) * mrg32k3a::kM2 * mrg32k3a::kM2 - 1) / 2;
      Row row = stateful_row<fragment::Mrg32k3aTraits>(layout, period, 6 * 4);
      row.note = "RngStreams: streams 2^127 apart, each of 2^51 substreams 2^76 long";
      return row;
    }
    case Algorithm::mt19937:
    case Algorithm::sobol32:
    case Algorithm::mtgp32:
      break;
  }
  throw InvalidArgument("-g " + std::string(generator.name) + " has no GL substream layout");
}

}  // namespace glrand
