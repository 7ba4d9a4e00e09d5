// SPDX-License-Identifier: MIT
#include "stream/profile.hpp"

#include "common/error.hpp"

namespace glrand::stream {

Profile parse_profile(const std::string& text) {
  if (text == "ps30") return Profile::ps30;
  if (text == "scatter") return Profile::scatter;
  if (text == "compute") return Profile::compute;
  throw InvalidArgument("unknown profile '" + text + "' (ps30, scatter or compute)");
}

const char* name_of(Profile profile) {
  switch (profile) {
    case Profile::ps30: return "ps30";
    case Profile::scatter: return "scatter";
    case Profile::compute: return "compute";
  }
  return "?";
}

}  // namespace glrand::stream
