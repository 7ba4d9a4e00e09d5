// SPDX-License-Identifier: MIT
#pragma once
// The profiles of the GL path (README, "Profiles: ps30, scatter, compute"): the same
// float-only generator arithmetic under three sets of constraints.
#include <string>

namespace glrand::stream {

enum class Profile {
  ps30,     // the 2006 constraints: fragment passes, at most 4 vec4 outputs, 512 slots
  scatter,  // fragment passes that write many outputs through shader storage buffers
  compute,  // GL compute shaders with the same modules and buffers
};

// "ps30", "scatter" or "compute"; throws glrand::InvalidArgument otherwise.
Profile parse_profile(const std::string& text);
const char* name_of(Profile profile);

}  // namespace glrand::stream
