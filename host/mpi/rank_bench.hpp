// SPDX-License-Identifier: MIT
#pragma once
// `glrand bench` among several ranks (docs/mpi.md): every rank measures the same rows on its
// own GPU (`--path cuda`: CUDA device local rank modulo the devices) or its host's cores
// (`--path cpu`), first rank 0 alone and then every rank at once; rank 0 prints, per row, one
// rank's rate alone, the ranks' aggregate rate together, the slowest and fastest rank, and
// the aggregate over the rate alone.
#include <cstdint>
#include <string>
#include <vector>

namespace glrand::mpi {

struct RankBench {
  std::vector<std::string> generators;
  std::string path;  // cuda or cpu
  std::uint64_t outputs = 0;  // per rank and row
  int repeats = 7;
};

// Every rank calls it with the same bench; throws mpi::RankFailure on every rank where any
// failed.
void run_bench_ranks(const RankBench& bench);

}  // namespace glrand::mpi
