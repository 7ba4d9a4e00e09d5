// SPDX-License-Identifier: MIT
#pragma once
// The ranks this process runs among (docs/mpi.md): under mpirun with MPI built in
// (GLRAND_MPI), MPI's world; otherwise one process. Ranks agree on failures at fixed points
// (agree()), so that a rank that fails makes every rank stop with one line naming it.
#include <string>

#include <glrand/error.hpp>

namespace glrand::mpi {

// A failure the ranks agreed on: the lowest failing rank's, with its message and the exit
// status it chose (what() is "rank R: MESSAGE", or MESSAGE where every rank failed with it).
class RankFailure : public Error {
 public:
  RankFailure(const std::string& what, int status) : Error(what), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

class World {
 public:
  // Joins the ranks where this process was started as one of several (mpirun sets the
  // launcher's variables); else one process. Throws InvalidArgument where it was started as
  // one of several but has no MPI built in. Call once, first thing in main.
  static World& start();
  static World& instance();  // after start()

  int rank() const { return rank_; }
  int size() const { return size_; }
  int local_rank() const { return local_rank_; }  // among the ranks on this host
  bool several() const { return size_ > 1; }

  // Collective: every rank calls it at the same point with its own failure (empty: none) and
  // the exit status it would choose; if any rank failed, every rank throws the lowest failing
  // rank's RankFailure.
  void agree(const std::string& failure = {}, int status = 1) const;

  World(const World&) = delete;
  World& operator=(const World&) = delete;
  ~World();

 private:
  World();
  int rank_ = 0, size_ = 1, local_rank_ = 0;
};

}  // namespace glrand::mpi
