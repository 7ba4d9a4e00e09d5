// SPDX-License-Identifier: MIT
#pragma once
// One sequence shared among ranks (MPI or any other way of running N processes): rank r of N
// draws a contiguous block of the `total` outputs the settings describe, so that the blocks
// of ranks 0 .. N − 1, concatenated, are those outputs, bit for bit, whatever N
// (docs/mpi.md). Pure arithmetic on the settings: no device, no MPI.
//
//   glrand::Settings settings;  // the whole run's
//   const glrand::RankShare share = glrand::share_of(settings, total, ranks, rank);
//   glrand::Generator generator(share.settings);
//   std::vector<float> mine(share.count);
//   generator.generate(std::span(mine));  // outputs share.first .. share.first + count − 1
#include <cstdint>

#include <glrand/distribution.hpp>
#include <glrand/generator.hpp>

namespace glrand {

struct RankShare {
  Settings settings;       // the run's settings, moved on to the rank's first output (skip-ahead)
  std::uint64_t first = 0;  // its first output's index among the run's (Sobol32: its first point)
  std::uint64_t count = 0;  // its outputs (Sobol32: numbers, whole points of every dimension); may be 0
};

// Rank `rank`'s share of `total` outputs from `settings` (Sobol32: `total` numbers, a multiple
// of the dimensions, shared by point: each rank's points of every dimension). The blocks are
// as even as whole granules allow, the first ones one granule longer: a granule is one output,
// a Sobol32 point, or, for a distribution made in pairs (Box–Muller), two outputs, so that a
// pair never straddles two ranks. Throws InvalidArgument for ranks < 1, rank outside
// 0 .. ranks − 1, or a total that is not whole granules.
RankShare share_of(const Settings& settings, std::uint64_t total, int ranks, int rank);
RankShare share_of(const Settings& settings, std::uint64_t total, int ranks, int rank, const Distribution& distribution);

}  // namespace glrand
