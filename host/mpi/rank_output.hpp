// SPDX-License-Identifier: MIT
#pragma once
// `glrand generate` among several ranks (docs/mpi.md): each rank generates its block of the
// run (glrand::share_of) on its own device and writes it where the one-process run would have
// put it: into one regular file with MPI-IO at the block's byte offset (raw or .npy, the header
// from rank 0; the file appears, by rename, only when every rank has written its block), each
// into the null device, or, for standard output, text and other targets written in place, sent
// to rank 0, which writes the blocks in rank order. Ranks agree on failures (mpi::World::agree).
#include <cstdint>
#include <optional>
#include <string>

#include <glrand/distribution.hpp>
#include <glrand/generator.hpp>
#include "cli/number_writer.hpp"

namespace glrand::mpi {

struct RankRun {
  Settings settings;      // the whole run's; a rank without --device takes its local rank's GPU
  std::uint64_t count = 0;  // the run's outputs (--format u32: words)
  cli::Format format = cli::Format::f32;
  cli::WordFormula words = cli::WordFormula::native;
  std::optional<Distribution> distribution;
  std::string output;      // the -o path, "-" for standard output
  std::string summary_what;  // "pm 1000000 outputs (f32": the summary line's start
  bool quiet = false;
};

// Every rank calls it with the same run; returns on every rank when the output is complete;
// throws mpi::RankFailure on every rank where any failed (no partial file is left).
void run_generate_ranks(const RankRun& run);

}  // namespace glrand::mpi
