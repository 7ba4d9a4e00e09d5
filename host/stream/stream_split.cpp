// SPDX-License-Identifier: MIT
#include "stream/stream_split.hpp"

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "stream/stream_generator.hpp"

namespace glrand::stream {

namespace {

template <class Traits>
std::string_view split_name() {
  return streams_in_blocks<Traits>() ? "blocks" : "leapfrog";
}

}  // namespace

std::string_view stream_split_name(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::park_miller:
      return split_name<fragment::ParkMillerTraits>();
    case Algorithm::wichmann_hill:
      return split_name<fragment::WichmannHillTraits>();
    case Algorithm::mrg32k3a:
      return split_name<fragment::Mrg32k3aTraits>();
    case Algorithm::ceicg:  // its own stream (ceicg_stream.hpp): groups of four, leapfrogged
    case Algorithm::mt19937:
    case Algorithm::sobol32:
    case Algorithm::mtgp32:
      break;
  }
  return "leapfrog";
}

}  // namespace glrand::stream
