// SPDX-License-Identifier: MIT
#include "mpi/rank_bench.hpp"

#include <mpi.h>

#include <algorithm>
#include <iostream>
#include <optional>

#include <fmt/core.h>

#include <glrand/devices.hpp>
#include <glrand/error.hpp>
#include "bench/lib/cpu_bench.hpp"
#include "bench/lib/row.hpp"
#include "cli/progress.hpp"
#include "mpi/local_failure.hpp"
#include "mpi/world.hpp"
#if GLRAND_HAVE_CUDA
#include "bench/lib/cuda_bench.hpp"
#endif

namespace glrand::mpi {
namespace {

std::vector<bench::Row> rows_of(const RankBench& b, const std::string& generator) {
#if GLRAND_HAVE_CUDA
  if (b.path == "cuda") return bench::cuda_rows(generator, b.outputs, b.repeats);
#endif
  return {bench::cpu_row(generator, b.outputs, b.repeats)};
}

}  // namespace

void run_bench_ranks(const RankBench& b) {
  const World& world = World::instance();
  LocalFailure step;
  std::string device;
  step.take([&] {
    if (b.path == "cuda") {
#if GLRAND_HAVE_CUDA
      const CudaDevices cuda = cuda_devices();
      if (!cuda.available) throw DeviceError("--path cuda: " + cuda.reason);
      const int ordinal = world.local_rank() % static_cast<int>(cuda.names.size());
      bench::use_cuda_device(ordinal);
      device = bench::open_cuda_device(ordinal);
#else
      throw InvalidArgument("--path cuda: this glrand was built without CUDA");
#endif
    } else {
      device = bench::cpu_description();
    }
  });
  world.agree(step.message, step.status);

  const int ranks = world.size();
  if (world.rank() == 0)
    std::cout << fmt::format(
        "glrand bench: {} ranks, path {}; {} outputs per rank and row; median of {} repeats\n"
        "rank 0: {}\n"
        "alone = rank 0 alone, the others waiting; together = the sum of every rank's rate, all at once (each: the "
        "slowest and fastest rank); scaling = together / alone ({} would be perfect)\n\n"
        "| path | profile | generator | ranks | alone | together | each | scaling | ceiling | ceiling together |\n"
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n",
        ranks, b.path, b.outputs, b.repeats, device, ranks);
  for (const std::string& generator : b.generators) {
    std::vector<bench::Row> alone;
    if (world.rank() == 0) step.take([&] { alone = rows_of(b, generator); });
    world.agree(step.message, step.status);
    MPI_Barrier(MPI_COMM_WORLD);
    std::vector<bench::Row> together;
    step.take([&] { together = rows_of(b, generator); });
    // Every rank's rows must be the same rows (cuRAND's load alike, for one).
    int rows = static_cast<int>(together.size()), fewest = 0, most = 0;
    MPI_Allreduce(&rows, &fewest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&rows, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (step.message.empty() && (fewest != most || (world.rank() == 0 && alone.size() != together.size())))
      step.message = "the ranks measured different rows of " + generator;
    world.agree(step.message, step.status);
    std::vector<double> mine, ceilings;
    for (const bench::Row& row : together) {
      mine.push_back(row.rate());
      ceilings.push_back(row.ceiling_rate());
    }
    std::vector<double> all(mine.size() * static_cast<std::size_t>(ranks)), all_ceilings(all.size());
    MPI_Gather(mine.data(), rows, MPI_DOUBLE, all.data(), rows, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Gather(ceilings.data(), rows, MPI_DOUBLE, all_ceilings.data(), rows, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (world.rank() != 0) continue;
    for (int i = 0; i < rows; ++i) {
      double sum = 0, ceiling_sum = 0, slowest = 0, fastest = 0;
      for (int r = 0; r < ranks; ++r) {
        const double rate = all[static_cast<std::size_t>(r * rows + i)];
        sum += rate;
        ceiling_sum += all_ceilings[static_cast<std::size_t>(r * rows + i)];
        slowest = r == 0 ? rate : std::min(slowest, rate);
        fastest = r == 0 ? rate : std::max(fastest, rate);
      }
      const bench::Row& one = alone[static_cast<std::size_t>(i)];
      std::cout << fmt::format("| {} | {} | {} | {} | {}/s | {}/s | {}–{}/s | {:.2f}× | {} {} {}/s | {} {}/s |\n",
                               one.path, one.profile, one.generator, ranks, cli::si_count(one.rate()),
                               cli::si_count(sum), cli::si_count(slowest), cli::si_count(fastest), sum / one.rate(),
                               one.ceiling, cli::si_count(one.ceiling_rate()), one.ceiling_unit,
                               cli::si_count(ceiling_sum), one.ceiling_unit)
                << std::flush;
    }
  }
}

}  // namespace glrand::mpi
