// SPDX-License-Identifier: MIT
#pragma once
// Timing CUDA work for the benchmarks (bench_cuda, bench_pi): the median over repeats of a
// launch's time between two CUDA events on the default stream, after one warm-up launch
// (module loading, table uploads). CUDA sources only.
#include <cuda_runtime.h>

#include <functional>
#include <utility>
#include <vector>

#include "bench/lib/timing.hpp"
#include "cuda/check.hpp"

namespace glrand::bench {

inline double median_cuda_ms(const std::function<void()>& launch, int repeats) {
  struct Events {
    cudaEvent_t begin = nullptr, end = nullptr;
    Events() {
      cuda::check(cudaEventCreate(&begin), "cudaEventCreate");
      cuda::check(cudaEventCreate(&end), "cudaEventCreate");
    }
    ~Events() {
      cudaEventDestroy(begin);
      cudaEventDestroy(end);
    }
  } events;
  launch();
  cuda::check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    cuda::check(cudaEventRecord(events.begin), "cudaEventRecord");
    launch();
    cuda::check(cudaEventRecord(events.end), "cudaEventRecord");
    cuda::check(cudaEventSynchronize(events.end), "cudaEventSynchronize");
    float ms = 0;
    cuda::check(cudaEventElapsedTime(&ms, events.begin, events.end), "cudaEventElapsedTime");
    times.push_back(ms);
  }
  return median(std::move(times));
}

}  // namespace glrand::bench
