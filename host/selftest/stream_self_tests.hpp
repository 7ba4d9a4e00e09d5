// SPDX-License-Identifier: MIT
#pragma once
// The scatter and compute profiles' self-tests: the known answers of the ps30 self-test
// (selftest/known_answers.hpp) run through the stream engine (stream/stream_generator.hpp)
// with its shaders, two passes of two outputs per substream. The stream profiles split by
// leapfrog only, so the leapfrog cases are the ones that apply: their step (a^P, A^P, 4P
// positions) is the stream shaders' step.
#include <cstdint>
#include <span>
#include <vector>

#include <glrand/registry.hpp>

#include "selftest/known_answers.hpp"
#include "stream/ceicg_stream.hpp"
#include "stream/stream_generator.hpp"

namespace glrand::selftest {

// Needs a current OpenGL 4.3 context; throws glrand::DeviceError at the first wrong value.
void stream_self_test(Algorithm algorithm, stream::Profile profile);

// A leapfrog case's words through the stream engine: output j of substream s at j·P + s.
template <class Traits>
std::vector<std::uint32_t> run_stream(stream::Profile profile, const StatefulCase<Traits>& c) {
  stream::StreamGenerator<Traits> engine(profile, c.layout.substreams, 2, c.traits);
  std::vector<typename Traits::State> starts;
  for (const auto& input : c.inputs) starts.push_back(input.start);
  std::vector<std::uint32_t> words;
  engine.generate_from(starts, 2 * engine.outputs_per_pass(),
                       [&](std::span<const std::uint32_t> chunk) { words.insert(words.end(), chunk.begin(), chunk.end()); });
  return words;
}

// CEICG: kCeicgOutputsPerInput consecutive outputs from each start, one substream at a time.
std::vector<std::uint32_t> run_ceicg_stream(stream::Profile profile, std::span<const ceicg::Residues> starts);

}  // namespace glrand::selftest
