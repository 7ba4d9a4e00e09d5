// MT19937's fills by their shape: for fills of 2^24 .. 2^28 outputs cut into segments of 2^16 ..
// 2^20 outputs, the device jump that moves every segment on by the fill (8f7d4a5's kernel, a
// term at a time, old_jump.cu, and the nibble-pattern kernel of the library), the results
// compared word for word, and the fill's words kernel alone (warps: a segment a warp; blocks: a
// segment a block). Medians of 7 by CUDA events.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>
#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/mt19937_jump.hpp"
#include "cuda/mt19937_kernel.hpp"
#include "generators/mt19937.hpp"
namespace glrand::cuda::old_jump {
void jump_mt19937_states(const gf2::Polynomial& g, const std::uint32_t* from, std::uint32_t* to, std::uint64_t count,
                         Stream stream, unsigned parts = 0);
}
using namespace glrand;
template <class F> double median_ms(F f) {
  std::vector<double> t;
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  f();
  cudaDeviceSynchronize();
  for (int r = 0; r < 7; ++r) {
    cudaEventRecord(a); f(); cudaEventRecord(b); cudaEventSynchronize(b);
    float ms = 0; cudaEventElapsedTime(&ms, a, b); t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[3];
}
int main() {
  std::printf("| outputs | segment outputs | segments | old jump ms | new jump ms | new us a state | words | warps ms | blocks ms | new jump + faster kernel, G/s |\n|---|---|---|---|---|---|---|---|---|---|\n");
  for (const unsigned log_n : {24u, 26u, 27u, 28u}) {
    const std::uint64_t n = std::uint64_t{1} << log_n;
    cuda::DeviceBuffer<std::uint32_t> out(n);
    for (const unsigned log_l : {16u, 17u, 18u, 19u, 20u}) {
      if (log_n - log_l < 6 || log_n - log_l > 12) continue;
      cuda::Mt19937Launch launch;
      launch.min_segment_outputs = std::uint64_t{1} << log_l;
      launch.max_segments = 1u << 14;
      mt19937::State any{}; any.index = mt19937::kN;
      const cuda::Mt19937Plan plan = cuda::plan_mt19937_shape(any, n, launch);
      const std::uint64_t S = plan.segments;
      std::vector<std::uint32_t> host(S * mt19937::kN);
      std::mt19937 rng(log_n * 100 + log_l);
      for (auto& w : host) w = rng();
      cuda::DeviceBuffer<std::uint32_t> states(host.size()), a(host.size()), b(host.size());
      cuda::check(cudaMemcpy(states.data(), host.data(), host.size() * 4, cudaMemcpyHostToDevice), "copy");
      const gf2::Polynomial& g = *mt19937::block_jump((n + mt19937::kN - 1) / mt19937::kN);
      const double old_ms = median_ms([&] { cuda::old_jump::jump_mt19937_states(g, states.data(), a.data(), S, nullptr); });
      const double new_ms = median_ms([&] { cuda::jump_mt19937_states(g, states.data(), b.data(), S, nullptr); });
      std::vector<std::uint32_t> ha(host.size()), hb(host.size());
      cuda::check(cudaMemcpy(ha.data(), a.data(), ha.size() * 4, cudaMemcpyDeviceToHost), "copy back");
      cuda::check(cudaMemcpy(hb.data(), b.data(), hb.size() * 4, cudaMemcpyDeviceToHost), "copy back");
      double kernel_ms[2];
      for (const auto kernel : {cuda::Mt19937Kernel::warps, cuda::Mt19937Kernel::blocks}) {
        cuda::Mt19937Launch l = launch;
        l.kernel = kernel;
        kernel_ms[kernel == cuda::Mt19937Kernel::blocks] =
            median_ms([&] { cuda::launch_mt19937(states.data(), plan, n, out.data(), l, nullptr); });
      }
      std::printf("| 2^%u | %llu | %llu | %.3f | %.3f | %.3f | %s | %.3f | %.3f | %.1f |\n", log_n,
                  (unsigned long long)plan.per_segment, (unsigned long long)S, old_ms, new_ms, new_ms * 1e3 / S,
                  ha == hb ? "same" : "DIFFERENT", kernel_ms[0], kernel_ms[1],
                  n / ((new_ms + std::min(kernel_ms[0], kernel_ms[1])) * 1e6));
    }
  }
  cuda::check(cudaDeviceSynchronize(), "end");
}
