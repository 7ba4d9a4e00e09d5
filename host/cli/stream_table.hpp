// SPDX-License-Identifier: MIT
#pragma once
// The 2006 paper's Table 3 for one configuration: how many substreams, how long each can
// run without reaching the next, and the memory their states take on the GPU and the host.
#include <string>

#include "cli/options.hpp"

namespace glrand::cli {

std::string stream_table(const SourceOptions& options);

}  // namespace glrand::cli
