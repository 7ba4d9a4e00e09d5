// SPDX-License-Identifier: MIT
#include <glrand/error.hpp>
#include <glrand/types.hpp>
#include <algorithm>
#include <bit>
#include <string>

namespace glrand {

std::uint64_t automatic_substreams(std::uint64_t count, bool software_renderer) {
  constexpr std::uint64_t fewest = 4096;
  if (software_renderer) return fewest;
  return std::clamp(std::bit_ceil(std::max<std::uint64_t>(count / 32 + (count % 32 != 0), 1)), fewest,
                    kMostAutomaticSubstreams);
}

const char* name_of(Backend backend) {
  switch (backend) {
    case Backend::gl:
      return "gl";
    case Backend::cpu:
      return "cpu";
    case Backend::cuda:
      return "cuda";
  }
  return "?";
}

const char* name_of(Profile profile) {
  switch (profile) {
    case Profile::ps30:
      return "ps30";
    case Profile::scatter:
      return "scatter";
    case Profile::compute:
      return "compute";
  }
  return "?";
}

const char* name_of(Split split) {
  switch (split) {
    case Split::leapfrog:
      return "leapfrog";
    case Split::blocking:
      return "blocking";
    case Split::parameterisation:
      return "parameterisation";
  }
  return "?";
}

const char* name_of(StateUpdate update) { return update == StateUpdate::gpu ? "gpu" : "cpu"; }

const char* name_of(GlReadback readback) {
  switch (readback) {
    case GlReadback::automatic:
      return "auto";
    case GlReadback::one_context:
      return "one-context";
    case GlReadback::shared_context:
      return "shared-context";
  }
  return "?";
}

Backend parse_backend(std::string_view text) {
  if (text == "gl") return Backend::gl;
  if (text == "cpu") return Backend::cpu;
  if (text == "cuda") return Backend::cuda;
  throw InvalidArgument("--path must be gl, cuda or cpu, not '" + std::string(text) + "'");
}

Profile parse_profile(std::string_view text) {
  if (text == "ps30") return Profile::ps30;
  if (text == "scatter") return Profile::scatter;
  if (text == "compute") return Profile::compute;
  throw InvalidArgument("unknown profile '" + std::string(text) + "' (ps30, scatter or compute)");
}

Split parse_split(std::string_view text) {
  if (text == "leapfrog") return Split::leapfrog;
  if (text == "blocking") return Split::blocking;
  if (text == "parameterisation") return Split::parameterisation;
  throw InvalidArgument("--split must be leapfrog, blocking or parameterisation, not '" + std::string(text) + "'");
}

StateUpdate parse_state_update(std::string_view text) {
  if (text == "gpu") return StateUpdate::gpu;
  if (text == "cpu") return StateUpdate::cpu;
  throw InvalidArgument("--state-update must be gpu or cpu, not '" + std::string(text) + "'");
}

GlReadback parse_gl_readback(std::string_view text) {
  if (text == "auto") return GlReadback::automatic;
  if (text == "one-context") return GlReadback::one_context;
  if (text == "shared-context") return GlReadback::shared_context;
  throw InvalidArgument("--gl-readback must be auto, one-context or shared-context, not '" + std::string(text) + "'");
}

}  // namespace glrand
