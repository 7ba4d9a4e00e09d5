// SPDX-License-Identifier: MIT
// bench_pi: Monte Carlo π, an application kernel that consumes random numbers in registers.
// Each thread draws points (x, y) from one generator's device step (cuda/arithmetic.hpp, the
// CUDA path's arithmetic), counts x² + y² ≤ 1, sums its warp's counts with __shfl_down_sync
// and adds them with one atomic per warp. A point is a sample; the estimate is 4·hits/samples.
// The baseline is a 32-bit LCG (Numerical Recipes' a = 1664525, c = 1013904223) whose float is
// built from bits, without I2F: __uint_as_float(0x3F800000 | x >> 9) − 1 (the optimised end of
// the seeds' progression, 548 samples/ns on a T4).
// Threads take consecutive blocks of the sequence (host skip-ahead, outside the timing).
// Time: median of --repeats launches, CUDA events, after one warm-up. Prints a Markdown table
// with the GPU, driver, date and command.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "cuda/arithmetic.hpp"
#include "bench/lib/cuda_timing.hpp"
#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

using namespace glrand;
namespace arithmetic = glrand::cuda::arithmetic;

namespace {

constexpr unsigned kThreadsPerBlock = 256;  // whole warps: the shuffle reduction needs full masks
constexpr unsigned kBlocksPerSm = 8;
constexpr double kPi = 3.14159265358979323846;

// --- generators: State, host skip-ahead, device next() → float in [0, 1) -------------------

// 32-bit LCG; x_{n+1} = a·x_n + c mod 2^32 (Numerical Recipes, ch. 7.1).
struct Lcg {
  using State = std::uint32_t;
  static constexpr std::uint32_t kA = 1664525u, kC = 1013904223u;
  // The affine map applied n times: (a^n, c·(a^(n−1) + … + 1)) by squaring.
  static State advance(State x, std::uint64_t n) {
    std::uint32_t a = kA, c = kC, an = 1, cn = 0;
    for (; n != 0; n >>= 1, c = c * (a + 1), a = a * a)
      if (n & 1) an *= a, cn = cn * a + c;
    return an * x + cn;
  }
  __device__ float next(State& x) const {
    x = kA * x + kC;
    return __uint_as_float(0x3F800000u | (x >> 9)) - 1.0f;  // the top 23 bits as a mantissa: [0, 1)
  }
};

// Park–Miller: z ← 16807·z mod 2^31 − 1; u = z·2^-31 converted toward zero, in (0, 1).
struct ParkMiller {
  using State = std::uint32_t;
  static State advance(State z, std::uint64_t n) { return pm::advanced_by(z, n); }
  __device__ float next(State& z) const {
    z = arithmetic::mul_mod_m31(z, pm::kMultiplier);
    return __uint2float_rz(z) * 0x1p-31f;
  }
};

// Wichmann–Hill 273, set 0: four components below 2^24; u = frac(Σ x_k / m_k) in float.
struct WichmannHill {
  struct State {
    std::uint32_t s[4];
  };
  std::uint32_t multiplier[4], modulus[4];
  double inverse[4];    // 1 / m_k for mul_mod_24
  float reciprocal[4];  // 1 / m_k for the float
  explicit WichmannHill(const wh::Parameters& p) {
    for (int k = 0; k < 4; ++k) {
      multiplier[k] = p.multiplier[k];
      modulus[k] = p.modulus[k];
      inverse[k] = 1.0 / p.modulus[k];
      reciprocal[k] = 1.0f / static_cast<float>(p.modulus[k]);
    }
  }
  State advance(State s, std::uint64_t n) const {
    wh::Parameters p;
    for (int k = 0; k < 4; ++k) p.multiplier[k] = multiplier[k], p.modulus[k] = modulus[k];
    const wh::State next = wh::state_at(p, {s.s[0], s.s[1], s.s[2], s.s[3]}, n);
    return {{next[0], next[1], next[2], next[3]}};
  }
  __device__ float next(State& s) const {
    float u = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      s.s[k] = arithmetic::mul_mod_24(s.s[k], multiplier[k], modulus[k], inverse[k]);
      u += __uint2float_rn(s.s[k]) * reciprocal[k];
    }
    u -= floorf(u);
    return u < 1.0f ? u : 0.0f;
  }
};

// MRG32k3a: one step (arithmetic::step, the second component in doubles as the generation
// kernel does) gives z in 1..m1; u = z·2^-32 toward zero, in (0, 1).
struct Mrg32k3a {
  using State = arithmetic::Mrg32k3aMixed;
  static State advance(State s, std::uint64_t n) {
    const arithmetic::Mrg32k3aWords w = arithmetic::to_words(s);
    mrg32k3a::State full{{w.s1[0], w.s1[1], w.s1[2]}, {w.s2[0], w.s2[1], w.s2[2]}};
    return arithmetic::to_mixed(arithmetic::to_words(mrg32k3a::advance(full, n)));
  }
  __device__ float next(State& s) const { return __uint2float_rz(arithmetic::step(s)) * 0x1p-32f; }
};

// CEICG: residues r_k, x_k = inv(a_k·r_k + c_k) mod m_k, r_k ← r_k + 1; u = frac(Σ x_k / m_k).
struct Ceicg {
  struct State {
    std::uint32_t r[3];
  };
  static State advance(State s, std::uint64_t n) {
    const ceicg::Residues next = ceicg::advanced_by({s.r[0], s.r[1], s.r[2]}, n);
    return {{next[0], next[1], next[2]}};
  }
  // Component k's term x_k / m_k; advances r_k (m_k, a_k, c_k compile-time constants).
  template <int k>
  __device__ static float term(std::uint32_t& r) {
    constexpr ceicg::Component c = ceicg::kComponents[k];
    const std::uint32_t x = arithmetic::inverse_mod_24((c.multiplier * r + c.increment) % c.modulus, c.modulus);
    r = r + 1 == c.modulus ? 0 : r + 1;
    return __uint2float_rn(x) * (1.0f / static_cast<float>(c.modulus));
  }
  __device__ float next(State& s) const {
    float u = term<0>(s.r[0]) + term<1>(s.r[1]) + term<2>(s.r[2]);
    u -= floorf(u);
    return u < 1.0f ? u : 0.0f;
  }
};

// --- the kernel --------------------------------------------------------------------------
template <class G>
__global__ void pi_kernel(G generator, const typename G::State* __restrict__ starts, std::uint32_t points_per_thread,
                          unsigned long long* hits) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  typename G::State s = starts[t];
  unsigned inside = 0;
  for (std::uint32_t i = 0; i < points_per_thread; ++i) {
    const float x = generator.next(s);
    const float y = generator.next(s);
    inside += x * x + y * y <= 1.0f;
  }
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) inside += __shfl_down_sync(0xFFFFFFFFu, inside, d);
  if ((threadIdx.x & 31u) == 0) atomicAdd(hits, static_cast<unsigned long long>(inside));
}

struct Result {
  std::string what;
  double ms = 0;
  std::uint64_t samples = 0;
  std::uint64_t hits = 0;
};

// Thread t starts `2·points_per_thread·t` outputs after `first` (blocking); times the kernel.
template <class G>
Result run(const std::string& what, const G& generator, typename G::State first, unsigned blocks,
           std::uint32_t points_per_thread, int repeats) {
  const std::uint64_t threads = std::uint64_t{blocks} * kThreadsPerBlock;
  std::vector<typename G::State> starts(threads);
  starts[0] = first;
  for (std::uint64_t t = 1; t < threads; ++t) starts[t] = generator.advance(starts[t - 1], 2ull * points_per_thread);
  cuda::DeviceBuffer<typename G::State> device_starts(threads);
  cuda::DeviceBuffer<unsigned long long> hits(1);
  cuda::check(cudaMemcpy(device_starts.data(), starts.data(), threads * sizeof(typename G::State), cudaMemcpyHostToDevice),
              "cudaMemcpy");
  const auto launch = [&] {
    cuda::check(cudaMemsetAsync(hits.data(), 0, sizeof(unsigned long long)), "cudaMemsetAsync");
    pi_kernel<<<blocks, kThreadsPerBlock>>>(generator, device_starts.data(), points_per_thread, hits.data());
    cuda::check_launch("pi_kernel");
  };
  Result r;
  r.what = what;
  r.ms = bench::median_cuda_ms(launch, repeats);
  r.samples = threads * points_per_thread;
  unsigned long long h = 0;
  cuda::check(cudaMemcpy(&h, hits.data(), sizeof h, cudaMemcpyDeviceToHost), "cudaMemcpy");
  r.hits = h;
  return r;
}

std::uint64_t parse(const char* text) {
  const std::string s(text);
  if (const auto caret = s.find('^'); caret != std::string::npos) return 1ull << std::stoull(s.substr(caret + 1));
  return std::stoull(s);
}

}  // namespace

int main(int argc, char* argv[]) {
  std::uint64_t samples = 1ull << 30;  // 2^31 outputs: within the LCG's period 2^32
  int repeats = 11;
  std::string command = "bench_pi";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string option = argv[i];
    if (option == "--samples") samples = parse(argv[i + 1]);
    else if (option == "--repeats") repeats = std::max(1, std::atoi(argv[i + 1]));
    else {
      std::fprintf(stderr, "usage: bench_pi [--samples N|2^k] [--repeats R]\n");
      return 2;
    }
  }
  if (argc % 2 == 0) {
    std::fprintf(stderr, "usage: bench_pi [--samples N|2^k] [--repeats R]\n");
    return 2;
  }
  try {
    const cuda::DeviceInfo device = cuda::open_device();
    const unsigned blocks = static_cast<unsigned>(device.multiprocessors) * kBlocksPerSm;
    const std::uint64_t threads = std::uint64_t{blocks} * kThreadsPerBlock;
    const auto per_thread = static_cast<std::uint32_t>(std::clamp<std::uint64_t>((samples + threads - 1) / threads, 1, 1u << 30));
    std::vector<Result> results;
    const auto report = [&](Result r) {
      results.push_back(r);
      const double estimate = 4.0 * static_cast<double>(r.hits) / static_cast<double>(r.samples);
      const double sigma = 4.0 * std::sqrt(kPi / 4 * (1 - kPi / 4) / static_cast<double>(r.samples));
      std::printf("| %s | %llu | %.3f | %.1f | %.9f | %.2e | %.2e |\n", r.what.c_str(),
                  static_cast<unsigned long long>(r.samples), r.ms, static_cast<double>(r.samples) / (r.ms * 1e6),
                  estimate, std::fabs(estimate - kPi), sigma);
      std::fflush(stdout);
    };
    char date[64];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    std::printf("## Monte Carlo pi: %s\n\n", device.describe().c_str());
    std::printf("- date: %s; command: `%s`\n", date, command.c_str());
    std::printf("- CUDA runtime %d.%d, driver %d.%d; %u blocks x %u threads, %u points per thread; median of %d "
                "launches, CUDA events; sigma = 4 sqrt(p(1-p)/N), p = pi/4\n\n",
                device.runtime_version / 1000, device.runtime_version % 1000 / 10, device.driver_version / 1000,
                device.driver_version % 1000 / 10, blocks, kThreadsPerBlock, per_thread, repeats);
    std::printf("| generator | samples (points) | ms | samples/ns | pi estimate | abs error | sigma |\n"
                "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    report(run("LCG 32-bit, float from bits (no I2F), warp shuffles", Lcg{}, 1u, blocks, per_thread, repeats));
    report(run("Park-Miller (minstd_rand0)", ParkMiller{}, 1u, blocks, per_thread, repeats));
    const WichmannHill wh0(wh::parameters(0));
    const wh::State wh_start = wh::seed_state(0, 1);
    report(run("Wichmann-Hill 273, set 0", wh0, {{wh_start[0], wh_start[1], wh_start[2], wh_start[3]}}, blocks,
               per_thread, repeats));
    report(run("MRG32k3a (RngStreams default seed)", Mrg32k3a{}, arithmetic::to_mixed(arithmetic::to_words(mrg32k3a::default_seed())), blocks,
               per_thread, repeats));
    report(run("CEICG (seed 0,0,0)", Ceicg{}, Ceicg::State{{0, 0, 0}}, blocks, per_thread, repeats));
  } catch (const Error& e) {
    std::fprintf(stderr, "bench_pi: %s\n", e.what());
    return 1;
  }
}
