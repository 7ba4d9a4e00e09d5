// SPDX-License-Identifier: MIT
#include "selftest/stream_self_tests.hpp"

#include <algorithm>

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

template <class Traits>
void check_stream(const std::string& generator, stream::Profile profile, std::vector<StatefulCase<Traits>> cases) {
  check_stateful<Traits>(generator, stream::name_of(profile), stream_cases(std::move(cases)),
                         [profile](const StatefulCase<Traits>& c) { return run_stream(profile, c); });
}

}  // namespace

std::vector<std::uint32_t> run_ceicg_stream(stream::Profile profile, std::span<const ceicg::Residues> starts) {
  constexpr std::uint64_t kGroups = kCeicgOutputsPerInput / stream::CeicgStreamTraits::kOutputsPerGroup;
  stream::StreamGenerator<stream::CeicgStreamTraits> engine(profile, 1, kGroups / 2);  // two passes per start
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
      return check_ceicg(stream::name_of(profile),
                         [profile](std::span<const ceicg::Residues> starts) { return run_ceicg_stream(profile, starts); });
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
