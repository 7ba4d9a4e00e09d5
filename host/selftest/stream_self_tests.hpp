// SPDX-License-Identifier: MIT
#pragma once
// The scatter and compute profiles' self-tests: the known answers of the ps30 self-test
// (selftest/known_answers.hpp) run through the stream engine (stream/stream_generator.hpp)
// with its shaders, two passes of two outputs per substream (a blocked engine's leapfrog
// cases: four passes of one); in the compute profile both ways a pass's outputs are packed
// (in the pass, and after it, as distributions are), each its own programs. The leapfrog
// cases apply to every stream engine (their step,
// a^P, A^P or 4P positions, is the stream shaders' step, or a blocked engine's jump); a
// blocked engine (MRG32k3a) runs the blocking cases too, whose step is the recurrence's own.
#include <algorithm>
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

// A case's words through the stream engine, in the expected order (output j of substream s at
// j·P + s): a leapfrog case by generate_from, a blocking case (blocked engines only) by
// generate_blocks_from, its blocks put in that order here.
template <class Traits>
std::vector<std::uint32_t> run_stream(stream::Profile profile, const StatefulCase<Traits>& c, bool pack_in_pass = true) {
  stream::StreamGenerator<Traits> engine(profile, c.layout.substreams, 2, c.traits);
  engine.set_pack_in_pass(pack_in_pass);
  std::vector<typename Traits::State> starts;
  for (const auto& input : c.inputs) starts.push_back(input.start);
  std::vector<std::uint32_t> words;
  const auto append = [&](std::span<const std::uint32_t> chunk) { words.insert(words.end(), chunk.begin(), chunk.end()); };
  if constexpr (stream::streams_in_blocks<Traits>()) {
    if (c.layout.split == fragment::Split::blocking) {
      engine.generate_blocks_from(starts, 2 * engine.outputs_per_pass(), append);
      const std::uint64_t P = c.layout.substreams, L = engine.outputs_per_substream(), W = Traits::kWordsPerOutput;
      std::vector<std::uint32_t> ordered(words.size());
      for (std::uint64_t place = 0; place < words.size() / W; ++place) {
        const std::uint64_t pass = place / (P * L), s = place % (P * L) / L, j = place % L;
        std::copy_n(words.begin() + place * W, W, ordered.begin() + ((pass * L + j) * P + s) * W);
      }
      return ordered;
    }
  }
  engine.generate_from(starts, 2 * engine.outputs_per_pass(), append);
  return words;
}

// CEICG: kCeicgOutputsPerInput consecutive outputs from each start, one substream at a time.
std::vector<std::uint32_t> run_ceicg_stream(stream::Profile profile, std::span<const ceicg::Residues> starts,
                                            bool pack_in_pass = true);

}  // namespace glrand::selftest
