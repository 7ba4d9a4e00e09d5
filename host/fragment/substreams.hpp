// SPDX-License-Identifier: MIT
#pragma once
// How P substreams cover the serial sequence of a linear generator (2006 paper, section 3
// and Figure 2), and where their states are advanced: the public glrand types, as the
// fragment engine names them.
#include <glrand/types.hpp>

namespace glrand::fragment {

using glrand::kMaxSubstreams;
using glrand::name_of;
using glrand::parse_split;
using glrand::parse_state_update;
using glrand::Split;
using glrand::StateUpdate;
using glrand::StreamLayout;

}  // namespace glrand::fragment
