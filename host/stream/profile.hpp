// SPDX-License-Identifier: MIT
#pragma once
// The profiles of the GL path (docs/profiles.md), as the stream engine names them: the public
// glrand::Profile.
#include <glrand/types.hpp>

namespace glrand::stream {

using glrand::Profile;
using glrand::name_of;
using glrand::parse_profile;

}  // namespace glrand::stream
