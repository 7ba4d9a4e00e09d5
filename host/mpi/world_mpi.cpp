// SPDX-License-Identifier: MIT
// World with MPI: MPI_Init where a launcher started this process (its variables say so), so
// that a plain `glrand` never starts an MPI runtime; MPI_Finalize when the process ends.
#include <mpi.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "mpi/world.hpp"

namespace glrand::mpi {
namespace {

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(name)) return true;
  return false;
}

}  // namespace

World::World() {
  if (!launched_by_mpi()) return;
  int provided = 0;
  // The command's writer thread (cli/number_writer.cpp) writes a rank's block with MPI-IO or
  // sends it to rank 0 while the main thread generates the next chunk, which makes no MPI
  // call meanwhile: one thread at a time.
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS)
    throw Error("MPI_Init failed: this rank cannot join the others");
  if (provided < MPI_THREAD_SERIALIZED) {
    MPI_Finalize();
    throw Error("this MPI does not let a rank's threads call it in turn (MPI_THREAD_SERIALIZED)");
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm local;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
  MPI_Comm_rank(local, &local_rank_);
  MPI_Comm_free(&local);
}

World::~World() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) MPI_Finalize();
}

World& World::start() { return instance(); }

World& World::instance() {
  static World world;
  return world;
}

void World::agree(const std::string& failure, int status) const {
  if (!several()) {
    if (!failure.empty()) throw RankFailure(failure, status);
    return;
  }
  // The lowest failing rank (size_ where none) and how many failed.
  const int mine = failure.empty() ? size_ : rank_;
  int lowest = size_, failed = 0;
  const int one = failure.empty() ? 0 : 1;
  MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&one, &failed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (lowest == size_) return;
  // Its message and status, from it to every rank.
  std::int64_t header[2] = {static_cast<std::int64_t>(failure.size()), status};
  MPI_Bcast(header, 2, MPI_INT64_T, lowest, MPI_COMM_WORLD);
  std::vector<char> text(failure.begin(), failure.end());
  text.resize(static_cast<std::size_t>(header[0]));
  MPI_Bcast(text.data(), static_cast<int>(text.size()), MPI_CHAR, lowest, MPI_COMM_WORLD);
  const std::string message(text.begin(), text.end());
  // Without the rank only where every rank failed with this very message.
  const int same = failure == message ? 1 : 0;
  int all_same = 0;
  MPI_Allreduce(&same, &all_same, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  throw RankFailure(failed == size_ && all_same ? message : "rank " + std::to_string(lowest) + ": " + message,
                    static_cast<int>(header[1]));
}

}  // namespace glrand::mpi
