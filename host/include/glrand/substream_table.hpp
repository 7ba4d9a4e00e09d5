// SPDX-License-Identifier: MIT
#pragma once
// The 2006 paper's Table 3 for a generator's GL substream layout: how many substreams, how
// long each is, the memory their states take on the GPU and the host, and the ps30 pass's
// instruction count (`glrand info -g NAME`).
#include <glrand/generator.hpp>
#include <string>

namespace glrand {

struct SubstreamTable {
  std::string substreams, length, gpu_memory, host_memory, instructions;
  std::string note;  // empty, or what else the generator's layout means
};

// For the settings' generator (one with a GL path) and layout; checks the settings as
// glrand::Generator does. Throws glrand::InvalidArgument for a generator without a GL path.
SubstreamTable substream_table(const Settings& settings);

}  // namespace glrand
