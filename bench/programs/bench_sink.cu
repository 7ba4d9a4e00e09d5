// SPDX-License-Identifier: MIT
// bench_sink: the ceiling of `glrand generate --path cuda ... -o PATH` for a shell script that
// times the command itself (bench/gpu/run.sh end-to-end, which also times an earlier glrand):
// the same bytes, without generating, copied from device memory into two pinned host buffers
// in turn and written by the command's own output classes (bench/lib/sink_ceiling.hpp, as
// `glrand bench --sinks` moves them). Its clock, like the command's summary line, starts
// before the device opens and stops when the output is committed.
//   bench_sink BYTES PATH     (PATH - for standard output)
#include <cuda_runtime.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <string>

#include "bench/lib/sink_ceiling.hpp"
#include "cuda/check.hpp"
#include "output/sink.hpp"

using namespace glrand;

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: bench_sink BYTES PATH\n");
    return 2;
  }
  try {
    const std::uint64_t words = std::stoull(argv[1]) / 4;
    const std::string path = argv[2];
    std::signal(SIGPIPE, SIG_IGN);
    const auto began = std::chrono::steady_clock::now();
    cuda::check(cudaFree(nullptr), "cudaFree (opening the device)");
    const bench::MoveBytes copy = bench::cuda_copied_bytes();
    const auto sink = output::OutputSink::open({path, output::ElementType::u32, {words}});
    const auto opened = std::chrono::steady_clock::now();
    copy(words * 4, [&](std::span<const std::byte> piece) { bench::write_bytes(*sink, piece); });
    sink->finish();
    const auto ended = std::chrono::steady_clock::now();
    const double total = std::chrono::duration<double>(ended - began).count();
    const double moving = std::chrono::duration<double>(ended - opened).count();
    std::fprintf(stderr, "bench_sink: %llu bytes to %s: %.3f s (%.2f GB/s), of which copy and write %.3f s (%.2f GB/s)\n",
                 static_cast<unsigned long long>(words * 4), path == "-" ? "standard output" : path.c_str(), total,
                 static_cast<double>(words * 4) / total / 1e9, moving, static_cast<double>(words * 4) / moving / 1e9);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_sink: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
