// MT19937's device jump, 87d6d90..8f7d4a5's kernel (a term at a time, old_jump.cu) beside the
// nibble-pattern kernel, on the states of a 2^28-output fill's 1024 segments: each alone, the
// results compared word for word, and each beside the fill's own-floats words kernel (warps)
// on two streams. Medians of 7 by CUDA events.
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
template <class F> double median_ms(F f, cudaStream_t s) {
  std::vector<double> t;
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  f();
  cudaDeviceSynchronize();
  for (int r = 0; r < 7; ++r) {
    cudaEventRecord(a, s); f(); cudaEventRecord(b, s); cudaEventSynchronize(b);
    float ms = 0; cudaEventElapsedTime(&ms, a, b); t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[3];
}
int main() {
  for (const std::uint64_t n : {std::uint64_t{1} << 24, std::uint64_t{1} << 26, std::uint64_t{1} << 28}) {
    cuda::Mt19937Launch launch;
    launch.min_segment_outputs = std::clamp<std::uint64_t>(n / 256, cuda::kMt19937DeviceSegmentOutputs, cuda::kMt19937FillSegmentOutputs);
    mt19937::State any{}; any.index = mt19937::kN;
    cuda::Mt19937Plan plan = cuda::plan_mt19937_shape(any, n, launch);
    const std::uint64_t S = plan.segments;
    std::vector<std::uint32_t> host(S * mt19937::kN);
    std::mt19937 rng(1);
    for (auto& w : host) w = rng();
    cuda::DeviceBuffer<std::uint32_t> states(host.size()), a(host.size()), b(host.size()), out(n);
    cudaMemcpy(states.data(), host.data(), host.size() * 4, cudaMemcpyHostToDevice);
    const gf2::Polynomial& g = *mt19937::block_jump((n + mt19937::kN - 1) / mt19937::kN);
    cudaStream_t main_s, side; cudaStreamCreateWithFlags(&main_s, cudaStreamNonBlocking); cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
    cudaEvent_t fork, join; cudaEventCreateWithFlags(&fork, cudaEventDisableTiming); cudaEventCreateWithFlags(&join, cudaEventDisableTiming);
    const double old_ms = median_ms([&] { cuda::old_jump::jump_mt19937_states(g, states.data(), a.data(), S, main_s); }, main_s);
    const double new_ms = median_ms([&] { cuda::jump_mt19937_states(g, states.data(), b.data(), S, main_s); }, main_s);
    cudaDeviceSynchronize();
    std::vector<std::uint32_t> ha(host.size()), hb(host.size());
    cudaMemcpy(ha.data(), a.data(), ha.size() * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(hb.data(), b.data(), hb.size() * 4, cudaMemcpyDeviceToHost);
    const double kernel_ms = median_ms([&] { cuda::launch_mt19937(states.data(), plan, n, out.data(), launch, main_s); }, main_s);
    auto both = [&](bool newer) {
      return median_ms([&] {
        cudaEventRecord(fork, main_s); cudaStreamWaitEvent(side, fork, 0);
        if (newer) cuda::jump_mt19937_states(g, states.data(), b.data(), S, side);
        else cuda::old_jump::jump_mt19937_states(g, states.data(), a.data(), S, side);
        cudaEventRecord(join, side);
        cuda::launch_mt19937(states.data(), plan, n, out.data(), launch, main_s);
        cudaStreamWaitEvent(main_s, join, 0);
      }, main_s);
    };
    auto serial = [&](bool newer) {
      return median_ms([&] {
        cuda::launch_mt19937(states.data(), plan, n, out.data(), launch, main_s);
        if (newer) cuda::jump_mt19937_states(g, states.data(), b.data(), S, main_s);
        else cuda::old_jump::jump_mt19937_states(g, states.data(), a.data(), S, main_s);
      }, main_s);
    };
    const double so = serial(false), sn = serial(true), bo = both(false), bn = both(true);
    std::printf("n=2^%d segments %llu (%llu outputs each): jump old %.3f ms (%.3f us/state), new %.3f ms (%.3f us/state), %s; "
                "words kernel %.3f ms; kernel then jump: old %.3f ms, new %.3f ms; side by side: old %.3f ms, new %.3f ms; "
                "words rate side by side new %.1f G/s\n",
                __builtin_ctzll(n), (unsigned long long)S, (unsigned long long)plan.per_segment, old_ms, old_ms * 1e3 / S, new_ms,
                new_ms * 1e3 / S, ha == hb ? "same words" : "DIFFERENT WORDS", kernel_ms, so, sn, bo, bn, n / (bn * 1e6));
  }
  cuda::check(cudaDeviceSynchronize(), "end");
}
