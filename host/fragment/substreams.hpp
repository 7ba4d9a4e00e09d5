// SPDX-License-Identifier: MIT
#pragma once
// How P substreams cover the serial sequence of a linear generator (2006 paper, section 3
// and Figure 2), and where their states are advanced.
#include <cstdint>
#include <string>

namespace glrand::fragment {

enum class Split {
  // Substream s takes positions s, s + P, s + 2P, ...: each pass yields a contiguous chunk.
  leapfrog,
  // Substream s takes a block of B consecutive positions starting at s·B. glrand works in
  // rounds of P·B positions (B a multiple of the outputs per pass), re-seeding each round by
  // skip-ahead, so the output can be streamed.
  blocking,
  // Substream s is a different generator of a family (Wichmann–Hill: its own parameter set);
  // output n is output n div P of substream n mod P.
  parameterisation,
};

enum class StateUpdate {
  gpu,  // the pass writes each substream's next state into a render target (ping-pong)
  cpu,  // the host advances the states by skip-ahead and uploads them for the next pass
};

struct StreamLayout {
  std::uint64_t substreams = 4096;  // P, 1 .. 2^24
  Split split = Split::leapfrog;
  StateUpdate update = StateUpdate::gpu;
};

inline constexpr std::uint64_t kMaxSubstreams = 1ull << 24;

Split parse_split(const std::string& text);
StateUpdate parse_state_update(const std::string& text);
const char* name_of(Split split);
const char* name_of(StateUpdate update);

}  // namespace glrand::fragment
