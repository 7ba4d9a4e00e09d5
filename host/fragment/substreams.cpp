// SPDX-License-Identifier: MIT
#include "fragment/substreams.hpp"

#include "common/error.hpp"

namespace glrand::fragment {

Split parse_split(const std::string& text) {
  if (text == "leapfrog") return Split::leapfrog;
  if (text == "blocking") return Split::blocking;
  throw InvalidArgument("--split must be leapfrog or blocking, not '" + text + "'");
}

StateUpdate parse_state_update(const std::string& text) {
  if (text == "gpu") return StateUpdate::gpu;
  if (text == "cpu") return StateUpdate::cpu;
  throw InvalidArgument("--state-update must be gpu or cpu, not '" + text + "'");
}

const char* name_of(Split split) { return split == Split::leapfrog ? "leapfrog" : "blocking"; }
const char* name_of(StateUpdate update) { return update == StateUpdate::gpu ? "gpu" : "cpu"; }

}  // namespace glrand::fragment
