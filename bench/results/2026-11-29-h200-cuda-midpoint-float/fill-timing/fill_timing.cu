// MT19937's fills through the library (cuda::mt19937_values and cuda::mt19937): six fills of
// 2^27 and of 2^28 values, each continuing the last, timed one at a time by CUDA events around
// the call (host work included, as a caller that waits for each fill sees it) and with the
// host's enqueueing timed alone; run under Nsight Compute for the kernels' own durations.
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>
#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"
#include <glrand/distribution.hpp>
using namespace glrand;
int main() {
  Distribution normal;
  normal.kind = DistributionKind::normal;
  for (const unsigned log_n : {27u, 28u}) {
    const std::uint64_t n = std::uint64_t{1} << log_n;
    cuda::DeviceBuffer<std::uint32_t> out(n * 2);
    struct Case { const char* name; cuda::ValueFormat format; const Distribution* d; };
    for (const Case c : {Case{"own f32", cuda::ValueFormat::f32, nullptr}, Case{"own f64", cuda::ValueFormat::f64, nullptr},
                         Case{"normal f32", cuda::ValueFormat::f32, &normal}}) {
      const cuda::ValueGenerator g = cuda::mt19937_values(5489, 0, 0, c.format, c.d);
      cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
      std::printf("2^%u %s:", log_n, c.name);
      for (int k = 0; k < 6; ++k) {
        cudaEventRecord(a);
        const auto t0 = std::chrono::steady_clock::now();
        g.fill(k * n, n, out.data(), nullptr);
        const auto t1 = std::chrono::steady_clock::now();
        cudaEventRecord(b); cudaEventSynchronize(b);
        float ms = 0; cudaEventElapsedTime(&ms, a, b);
        std::printf(" %.3f ms (host %.0f us)", ms, std::chrono::duration<double, std::micro>(t1 - t0).count());
      }
      std::printf("\n");
    }
    const cuda::Generator words = cuda::mt19937(5489, 0, 0);
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    std::printf("2^%u words:", log_n);
    for (int k = 0; k < 6; ++k) {
      cudaEventRecord(a);
      words.fill(k * n, {out.data(), n}, nullptr);
      cudaEventRecord(b); cudaEventSynchronize(b);
      float ms = 0; cudaEventElapsedTime(&ms, a, b);
      std::printf(" %.3f ms", ms);
    }
    std::printf("\n");
  }
  cuda::check(cudaDeviceSynchronize(), "end");
}
