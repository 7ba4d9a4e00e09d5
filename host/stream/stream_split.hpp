// SPDX-License-Identifier: MIT
#pragma once
// How a GL generator's scatter and compute passes split its sequence among the substreams,
// from its traits (stream_generator.hpp's streams_in_blocks), for what the commands print.
#include <string_view>

#include <glrand/registry.hpp>

namespace glrand::stream {

// "blocks" (a substream's outputs of a pass are consecutive) or "leapfrog" (P positions apart).
std::string_view stream_split_name(Algorithm algorithm);

}  // namespace glrand::stream
