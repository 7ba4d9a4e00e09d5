// SPDX-License-Identifier: MIT
#include "selftest/stream_self_tests.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include <glrand/registry.hpp>

namespace glrand::selftest {
namespace {

// The cases of a generator that a stream engine runs, one per step: leapfrog with GPU update,
// and for a blocked engine blocking too.
template <class Traits>
std::vector<StatefulCase<Traits>> stream_cases(std::vector<StatefulCase<Traits>> cases) {
  std::erase_if(cases, [](const auto& c) {
    if (c.layout.split == fragment::Split::blocking) return !stream::streams_in_blocks<Traits>();
    return c.layout.split != fragment::Split::leapfrog || c.layout.update != fragment::StateUpdate::gpu;
  });
  if (cases.empty()) throw Error("the known answers have no case for the stream profiles");
  return cases;
}

// The ways a profile's passes are packed: in the pass and after it (compute), or after it.
std::vector<bool> packings_in_pass(stream::Profile profile) {
  return profile == stream::Profile::compute ? std::vector<bool>{true, false} : std::vector<bool>{false};
}

// How the self-test's messages name the profile and the packing.
std::string profile_label(stream::Profile profile, bool in_pass) {
  const bool after = profile == stream::Profile::compute && !in_pass;
  return std::string(stream::name_of(profile)) + (after ? ", packed after the pass" : "");
}

template <class Traits>
void check_stream(const std::string& generator, stream::Profile profile, std::vector<StatefulCase<Traits>> cases) {
  cases = stream_cases(std::move(cases));
  for (const bool in_pass : packings_in_pass(profile))
    check_stateful<Traits>(generator, profile_label(profile, in_pass), cases,
                           [profile, in_pass](const StatefulCase<Traits>& c) { return run_stream(profile, c, in_pass); });
}

}  // namespace

std::vector<std::uint32_t> run_ceicg_stream(stream::Profile profile, std::span<const ceicg::Residues> starts,
                                            bool pack_in_pass) {
  constexpr std::uint64_t kGroups = kCeicgOutputsPerInput / stream::CeicgStreamTraits::kOutputsPerGroup;
  stream::StreamGenerator<stream::CeicgStreamTraits> engine(profile, 1, kGroups / 2);  // two passes per start
  engine.set_pack_in_pass(pack_in_pass);
  std::vector<std::uint32_t> words;
  for (const auto& start : starts)
    engine.generate(start, kGroups,
                    [&](std::span<const std::uint32_t> chunk) { words.insert(words.end(), chunk.begin(), chunk.end()); });
  return words;
}

void stream_self_test(Algorithm algorithm, stream::Profile profile) {
  const std::string name(info(algorithm).name);
  switch (algorithm) {
    case Algorithm::ceicg:
      for (const bool in_pass : packings_in_pass(profile))
        check_ceicg(profile_label(profile, in_pass), [profile, in_pass](std::span<const ceicg::Residues> starts) {
          return run_ceicg_stream(profile, starts, in_pass);
        });
      return;
    case Algorithm::park_miller:
      return check_stream(name, profile, park_miller_cases());
    case Algorithm::wichmann_hill:
      return check_stream(name, profile, wichmann_hill_cases());
    case Algorithm::mrg32k3a:
      return check_stream(name, profile, mrg32k3a_cases());
    case Algorithm::mt19937:
    case Algorithm::sobol32:
    case Algorithm::mtgp32:
      break;
  }
  throw InvalidArgument("no stream self-test for -g " + name + ", which has no GL path");
}

}  // namespace glrand::selftest
