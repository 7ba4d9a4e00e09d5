// SPDX-License-Identifier: MIT
#include "fragment/substreams.hpp"

#include "common/error.hpp"

namespace glrand::fragment {

Split parse_split(const std::string& text) {
  if (text == "leapfrog") return Split::leapfrog;
  if (text == "blocking") return Split::blocking;
  if (text == "parameterisation") return Split::parameterisation;
  throw InvalidArgument("--split must be leapfrog, blocking or parameterisation, not '" + text + "'");
}

StateUpdate parse_state_update(const std::string& text) {
  if (text == "gpu") return StateUpdate::gpu;
  if (text == "cpu") return StateUpdate::cpu;
  throw InvalidArgument("--state-update must be gpu or cpu, not '" + text + "'");
}

const char* name_of(Split split) {
  switch (split) {
    case Split::leapfrog: return "leapfrog";
    case Split::blocking: return "blocking";
    case Split::parameterisation: return "parameterisation";
  }
  return "?";
}
const char* name_of(StateUpdate update) { return update == StateUpdate::gpu ? "gpu" : "cpu"; }

}  // namespace glrand::fragment
