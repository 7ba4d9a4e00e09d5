// SPDX-License-Identifier: MIT
// World without MPI built in: one process, which refuses to be one of several ranks rather
// than write the whole run once per rank.
#include <cstdlib>
#include <string>

#include "mpi/world.hpp"

namespace glrand::mpi {
namespace {

// The ranks a launcher started, from its variables (Open MPI, PMIx, MPICH's PMI); 1 if none.
int launched_ranks() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE"})
    if (const char* value = std::getenv(name)) return std::atoi(value);
  return 1;
}

}  // namespace

World::World() {}
World::~World() = default;

World& World::start() {
  if (const int ranks = launched_ranks(); ranks > 1)
    throw InvalidArgument("this glrand was built without MPI (GLRAND_MPI; Debian: libopenmpi-dev), so it cannot share "
                          "its work among " + std::to_string(ranks) + " ranks: run it as one process");
  return instance();
}

World& World::instance() {
  static World world;
  return world;
}

void World::agree(const std::string& failure, int status) const {
  if (!failure.empty()) throw RankFailure(failure, status);
}

}  // namespace glrand::mpi
