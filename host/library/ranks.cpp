// SPDX-License-Identifier: MIT
#include <glrand/ranks.hpp>

#include <string>

#include <glrand/error.hpp>
#include "distributions/transforms.hpp"

namespace glrand {
namespace {

// `total` in blocks of whole granules; with `tail`, a remainder of less than a granule goes
// to the last rank (an odd count of Box–Muller values: the serial run's last value too has
// its pair partner made beyond the count).
RankShare share_in_granules(const Settings& settings, std::uint64_t total, int ranks, int rank, std::uint64_t granule,
                            const char* granule_name, bool tail = false) {
  if (ranks < 1) throw InvalidArgument("a run is shared among at least 1 rank, not " + std::to_string(ranks));
  if (rank < 0 || rank >= ranks)
    throw InvalidArgument("rank " + std::to_string(rank) + " is not one of 0 .. " + std::to_string(ranks - 1));
  if (granule == 0) throw InvalidArgument("a Sobol32 point has at least 1 dimension");
  if (total % granule != 0 && !tail)
    throw InvalidArgument(std::to_string(total) + " outputs are not whole " + granule_name + " (" +
                          std::to_string(granule) + " outputs each)");
  const std::uint64_t granules = total / granule, n = static_cast<std::uint64_t>(ranks),
                      r = static_cast<std::uint64_t>(rank);
  // The first granules mod n ranks take one granule more.
  const std::uint64_t base = granules / n, extra = granules % n;
  const std::uint64_t first_granule = r * base + (r < extra ? r : extra);
  const std::uint64_t own = base + (r < extra ? 1 : 0);
  RankShare share{settings, 0, own * granule + (r + 1 == n ? total % granule : 0)};
  if (settings.algorithm == Algorithm::sobol32) {
    // Sobol32's offset and the rank's first are points; its count, numbers.
    share.first = first_granule;
    share.settings.offset += first_granule;
  } else {
    share.first = first_granule * granule;
    share.settings.offset += share.first;
  }
  return share;
}

}  // namespace

RankShare share_of(const Settings& settings, std::uint64_t total, int ranks, int rank) {
  if (settings.algorithm == Algorithm::sobol32)
    return share_in_granules(settings, total, ranks, rank, static_cast<std::uint64_t>(settings.dimensions), "points");
  return share_in_granules(settings, total, ranks, rank, 1, "outputs");
}

RankShare share_of(const Settings& settings, std::uint64_t total, int ranks, int rank, const Distribution& distribution) {
  if (settings.algorithm != Algorithm::sobol32 && distributions::uses_pairs(distribution))
    return share_in_granules(settings, total, ranks, rank, 2, "pairs", true);
  return share_of(settings, total, ranks, rank);
}

}  // namespace glrand
