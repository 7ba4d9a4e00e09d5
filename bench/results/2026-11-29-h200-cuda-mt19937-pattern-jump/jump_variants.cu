// MT19937's device jump: 8f7d4a5's kernel (a term at a time, old_jump.cu) beside the
// nibble-pattern kernel with slices of 2048, 1536, 1024, 768 and 512 terms (slice_W.cu: W
// coefficient words a slice), on the states of a fill's segments (fill_launch's shape for
// 2^24, 2^26, 2^28 outputs): each alone, the results compared word for word with the old
// kernel's, and the fill's words kernel alone (warps, and blocks as distributions take it).
// Medians of 7 by CUDA events.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>
#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/mt19937_kernel.hpp"
#include "generators/mt19937.hpp"
#define DECLARE(ns) namespace glrand::cuda::ns { void jump_mt19937_states(const gf2::Polynomial& g, const std::uint32_t* from, std::uint32_t* to, std::uint64_t count, Stream stream, unsigned parts = 0); }
DECLARE(old_jump) DECLARE(slice_32) DECLARE(slice_24) DECLARE(slice_16) DECLARE(slice_12) DECLARE(slice_8)
using namespace glrand;
using Jump = void (*)(const gf2::Polynomial&, const std::uint32_t*, std::uint32_t*, std::uint64_t, cuda::Stream, unsigned);
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
  const std::pair<const char*, Jump> jumps[] = {{"term at a time", cuda::old_jump::jump_mt19937_states},
      {"slices of 2048", cuda::slice_32::jump_mt19937_states}, {"slices of 1536", cuda::slice_24::jump_mt19937_states},
      {"slices of 1024", cuda::slice_16::jump_mt19937_states}, {"slices of 768", cuda::slice_12::jump_mt19937_states},
      {"slices of 512", cuda::slice_8::jump_mt19937_states}};
  for (const std::uint64_t n : {std::uint64_t{1} << 24, std::uint64_t{1} << 26, std::uint64_t{1} << 28}) {
    cuda::Mt19937Launch launch;
    launch.min_segment_outputs = std::clamp<std::uint64_t>(n / 256, cuda::kMt19937DeviceSegmentOutputs, cuda::kMt19937FillSegmentOutputs);
    mt19937::State any{}; any.index = mt19937::kN;
    const cuda::Mt19937Plan plan = cuda::plan_mt19937_shape(any, n, launch);
    const std::uint64_t S = plan.segments;
    std::vector<std::uint32_t> host(S * mt19937::kN);
    std::mt19937 rng(1);
    for (auto& w : host) w = rng();
    cuda::DeviceBuffer<std::uint32_t> states(host.size()), to(host.size()), out(n);
    cuda::check(cudaMemcpy(states.data(), host.data(), host.size() * 4, cudaMemcpyHostToDevice), "copy");
    const gf2::Polynomial& g = *mt19937::block_jump((n + mt19937::kN - 1) / mt19937::kN);
    std::printf("n = 2^%d: %llu segments of %llu outputs\n", __builtin_ctzll(n), (unsigned long long)S,
                (unsigned long long)plan.per_segment);
    std::vector<std::uint32_t> first(host.size()), got(host.size());
    for (const auto& [name, jump] : jumps) {
      const double ms = median_ms([&] { jump(g, states.data(), to.data(), S, nullptr, 0); });
      cuda::check(cudaMemcpy(got.data(), to.data(), got.size() * 4, cudaMemcpyDeviceToHost), "copy back");
      if (jump == jumps[0].second) first = got;
      std::printf("  jump, %s: %.3f ms, %.3f us a state, %s\n", name, ms, ms * 1e3 / S,
                  got == first ? "the same words" : "OTHER WORDS");
    }
    for (const auto kernel : {cuda::Mt19937Kernel::warps, cuda::Mt19937Kernel::blocks}) {
      cuda::Mt19937Launch l = launch;
      l.kernel = kernel;
      const double ms = median_ms([&] { cuda::launch_mt19937(states.data(), plan, n, out.data(), l, nullptr); });
      std::printf("  words kernel (%s): %.3f ms, %.1f G/s\n", kernel == cuda::Mt19937Kernel::warps ? "warps" : "blocks", ms,
                  n / (ms * 1e6));
    }
  }
  cuda::check(cudaDeviceSynchronize(), "end");
}
