// SPDX-License-Identifier: MIT
// bench_sink: the ceiling of `glrand generate --path cuda ... -o PATH`: the same bytes, without
// generating, moved the way the command moves them: from device memory into two pinned host
// buffers in chunks (one chunk's copy overlapping the other's write), then written by the
// command's own output classes (a regular file replaced when complete; a device, FIFO or
// standard output written in place). Its clock, like the command's summary line, starts
// before the device opens and stops when the output is committed.
//   bench_sink BYTES PATH [CHUNK_BYTES]     (PATH - for standard output; default chunk 64 MiB)
#include <cuda_runtime.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "output/sink.hpp"

using namespace glrand;

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: bench_sink BYTES PATH [CHUNK_BYTES]\n");
    return 2;
  }
  try {
    const std::uint64_t words = std::stoull(argv[1]) / 4;
    const std::string path = argv[2];
    const std::uint64_t chunk = std::min<std::uint64_t>(argc == 4 ? std::stoull(argv[3]) / 4 : 1u << 24, words);
    std::signal(SIGPIPE, SIG_IGN);
    const auto began = std::chrono::steady_clock::now();
    cuda::check(cudaFree(nullptr), "cudaFree (opening the device)");
    cuda::DeviceBuffer<std::uint32_t> device(chunk);
    cuda::check(cudaMemset(device.data(), 0x5a, chunk * 4), "cudaMemset");
    std::array<cuda::PinnedBuffer<std::uint32_t>, 2> host{cuda::PinnedBuffer<std::uint32_t>(chunk),
                                                           cuda::PinnedBuffer<std::uint32_t>(chunk)};
    std::array<cuda::StreamHandle, 2> streams;
    const auto sink = output::OutputSink::open({path, output::ElementType::u32, {words}});
    const auto opened = std::chrono::steady_clock::now();
    std::array<std::uint64_t, 2> filled{};
    const auto write = [&](int b) {
      cuda::check(cudaStreamSynchronize(streams[b].get()), "cudaStreamSynchronize");
      sink->write(std::span<const std::uint32_t>(host[b].data(), filled[b]));
    };
    std::uint64_t index = 0;
    for (std::uint64_t done = 0; done < words; done += chunk, ++index) {
      const int b = static_cast<int>(index % 2);
      filled[b] = std::min(chunk, words - done);
      cuda::check(cudaMemcpyAsync(host[b].data(), device.data(), filled[b] * 4, cudaMemcpyDeviceToHost,
                                  streams[b].get()),
                  "cudaMemcpyAsync");
      if (index > 0) write(1 - b);
    }
    write(static_cast<int>((index - 1) % 2));
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
