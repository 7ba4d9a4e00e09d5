// SPDX-License-Identifier: MIT
#pragma once
// The known answers of the start-up self-test (before it generates, the library proves the
// GPU's arithmetic): for each generator, a few starts chosen to drive the float
// shaders through their correction branches, the exact outputs the CPU reference gives for
// them, and the comparison that refuses a device at its first wrong integer.
//
// The inputs belong to the generator, not to a path: a profile (ps30, scatter, compute) runs
// them through its own engine and hands the words to check_stateful() / check_ceicg(), which
// throw glrand::DeviceError naming the generator, the input and the wrong value.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/substreams.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "generators/ceicg.hpp"

namespace glrand::selftest {

// A start and, for messages, its value and the branch it is chosen to hit.
template <class State>
struct KnownInput {
  State start;
  std::string text;
};

// One run of a stateful generator: substream s starts at inputs[s].start and moves as the
// layout moves it (fragment::StatefulFragment::generate_substreams): P positions per output
// with leapfrog, 1 with blocking and parameterisation. The cases of a generator together
// cover every shader variant its generation can pick: each split's kind of step and both
// state updates.
template <class Traits>
struct StatefulCase {
  std::string name;  // "leapfrog over 8 substreams, state update gpu"
  fragment::StreamLayout layout;
  Traits traits;  // Wichmann-Hill: the set, or each substream's set
  std::vector<KnownInput<typename Traits::State>> inputs;
};

std::vector<StatefulCase<fragment::ParkMillerTraits>> park_miller_cases();
std::vector<StatefulCase<fragment::WichmannHillTraits>> wichmann_hill_cases();
std::vector<StatefulCase<fragment::Mrg32k3aTraits>> mrg32k3a_cases();

// CEICG starts (residues); each is run for kCeicgOutputsPerInput consecutive outputs.
std::vector<KnownInput<ceicg::Residues>> ceicg_inputs();
inline constexpr std::uint64_t kCeicgOutputsPerInput = 16;

// The exact words of `outputs_per_substream` outputs of each substream of a case, in the
// engine's order: output j of substream s at j·P + s (the CPU reference, stepped plainly).
std::vector<std::uint32_t> expected_words(const StatefulCase<fragment::ParkMillerTraits>& c, std::uint64_t outputs_per_substream);
std::vector<std::uint32_t> expected_words(const StatefulCase<fragment::WichmannHillTraits>& c, std::uint64_t outputs_per_substream);
std::vector<std::uint32_t> expected_words(const StatefulCase<fragment::Mrg32k3aTraits>& c, std::uint64_t outputs_per_substream);

// Compares a device's words with the expected ones, output by output (words_per_output
// words each). At the first difference throws glrand::DeviceError: "<what>: output N of
// <input_of(N)> came back as <device>, expected <reference>". Also refuses a run of the
// wrong length.
void check_words(const std::string& what, std::span<const std::uint32_t> device, std::span<const std::uint32_t> expected,
                 int words_per_output, const std::function<std::string(std::uint64_t output)>& input_of);

// For the tests of the refusal path only: if the environment variable
// GLRAND_SELF_TEST_FAULT names `generator` (ceicg, pm, wh, mrg32k3a), adds 1 to word
// `word` of the device's words, as a device that got one integer wrong would return them.
// It can only make a self-test fail, never pass.
void inject_test_fault(const std::string& generator, std::span<std::uint32_t> device, std::size_t word);

// Runs every case through `run` (the profile's engine: the interleaved words of one or more
// whole passes) and checks them. `generator` is the CLI name, `profile` e.g. "ps30".
template <class Traits>
void check_stateful(const std::string& generator, const std::string& profile,
                    const std::vector<StatefulCase<Traits>>& cases,
                    const std::function<std::vector<std::uint32_t>(const StatefulCase<Traits>&)>& run) {
  bool first = true;
  for (const auto& c : cases) {
    const std::string what = std::string(Traits::kName) + " (" + profile + ", " + c.name + ")";
    const std::uint64_t P = c.layout.substreams;
    std::vector<std::uint32_t> device;
    try {
      device = run(c);
    } catch (const DeviceError& e) {
      std::string legend;
      for (std::size_t s = 0; s < c.inputs.size(); ++s)
        legend += (s ? "; " : "") + std::to_string(s) + ": " + c.inputs[s].text;
      throw DeviceError(what + ": " + e.what() + " [substreams start at: " + legend + "]");
    }
    // Substream 1's first output: an input chosen for a branch, as the message will show.
    if (first) inject_test_fault(generator, device, Traits::kWordsPerOutput);
    first = false;
    const std::uint64_t per_round = P * Traits::kWordsPerOutput;
    if (device.empty() || device.size() % per_round != 0)
      throw DeviceError(what + ": the engine returned " + std::to_string(device.size()) +
                        " words, not whole rounds of one output per substream");
    const auto expected = expected_words(c, device.size() / per_round);
    check_words(what, device, expected, Traits::kWordsPerOutput, [&](std::uint64_t n) {
      return "substream " + std::to_string(n % P) + " (step " + std::to_string(n / P) + " from " + c.inputs[n % P].text +
             ")";
    });
  }
}

// CEICG: `run` returns kCeicgOutputsPerInput outputs (3 words each) from each start in turn.
void check_ceicg(const std::string& profile,
                 const std::function<std::vector<std::uint32_t>(std::span<const ceicg::Residues> starts)>& run);

// CEICG floats computed in the shader (texture fills): `run` returns kCeicgOutputsPerInput
// floats from each start in turn. A float is within a few ulp of ceicg::to_f32 of the exact
// integers, not equal to it, so it is checked against a tolerance of kCeicgFloatTolerance
// (distance modulo 1): enough to catch a wrong correction branch, which scrambles an
// integer, though not an integer off by a few units.
inline constexpr double kCeicgFloatTolerance = 1.0 / 131072.0;  // 2^-17, ~128 ulp near 1
void check_ceicg_floats(const std::string& profile, const std::string& variant,
                        const std::function<std::vector<float>(std::span<const ceicg::Residues> starts)>& run);

}  // namespace glrand::selftest
