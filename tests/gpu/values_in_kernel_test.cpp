// SPDX-License-Identifier: MIT
// Values made in the generating kernel (cuda::mrg32k3a_values, cuda::sobol32_values): their own
// floats and doubles equal the CPU reference's bit for bit, and a distribution's values equal
// those the value kernel makes from the same words (whose bounds device_distributions_test.cpp
// checks against MPFR), at every index, for runs that fill whole warps and runs that end
// inside one, from even and odd starts. Skipped (exit 77) without a GPU.
#include <catch2/catch.hpp>
#include <cstring>
#include <glrand/glrand.hpp>
#include <optional>
#include <vector>

#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"
#include "generators/mrg32k3a.hpp"

using namespace glrand;

namespace {

template <class T>
std::vector<T> to_host(const cuda::DeviceBuffer<T>& buffer, std::size_t count) {
  std::vector<T> out(count);
  cuda::check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  cuda::check(cudaMemcpy(out.data(), buffer.data(), count * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return out;
}

// Values first .. first + count − 1 both ways: in the generating kernel, and from the words.
template <class T>
std::pair<std::vector<T>, std::vector<T>> both_ways(const cuda::ValueGenerator& made, const cuda::Generator& words,
                                                    const cuda::DeviceConversion& conversion, std::uint64_t first,
                                                    std::uint64_t count) {
  cuda::DeviceBuffer<T> in_kernel(count), from_words(count);
  cuda::DeviceBuffer<std::uint32_t> w(count);
  made.fill(first, count, in_kernel.data(), nullptr);
  words.fill(first, w.span(), nullptr);
  conversion.launch(w.data(), count, from_words.data(), nullptr);
  return {to_host(in_kernel, count), to_host(from_words, count)};
}

std::vector<Distribution> distributions_of(bool pairs) {
  Distribution range{DistributionKind::uniform, -3.0, 5.0};
  Distribution positive{DistributionKind::uniform_positive};
  Distribution exponential{DistributionKind::exponential};
  exponential.lambda = 2.5;
  Distribution normal{DistributionKind::normal};
  normal.mean = 1.5;
  normal.stddev = 0.25;
  Distribution lognormal{DistributionKind::lognormal};
  Distribution poisson{DistributionKind::poisson};
  poisson.lambda = 57.3;
  std::vector<Distribution> all{range, positive, exponential, normal, lognormal, poisson};
  if (pairs) {
    Distribution box_muller = normal;
    box_muller.method = NormalMethod::box_muller;
    Distribution box_muller_log = lognormal;
    box_muller_log.method = NormalMethod::box_muller;
    all.push_back(box_muller);
    all.push_back(box_muller_log);
  }
  for (Distribution& d : all) d.on = DistributionOn::gpu;
  return all;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}
bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

struct Run {
  std::uint64_t first, count;
};
// A whole-warp run (4096 outputs a warp's 32 chunks in MRG32k3a's kernel) and ragged ones;
// Box–Muller's runs start and end on pair boundaries.
const std::vector<Run> kRuns{{0, std::uint64_t{3} << 20}, {1'000'002, (std::uint64_t{1} << 20) + 4098}, {6, 32'770}};

}  // namespace

TEST_CASE("MRG32k3a's values made in its kernel are the CPU reference's floats and the value kernel's distributions",
          "[gpu][distribution]") {
  const mrg32k3a::State start = mrg32k3a::default_seed();
  const cuda::Generator words = cuda::mrg32k3a(start);
  for (const Run run : kRuns) {
    INFO("outputs " << run.first << " + " << run.count);
    // Own floats and doubles against the CPU reference's.
    Settings settings;
    settings.algorithm = Algorithm::mrg32k3a;
    settings.backend = Backend::cpu;
    settings.offset = run.first;
    Generator cpu(settings);
    std::vector<float> f32(run.count);
    std::vector<double> f64(run.count);
    cpu.generate(std::span<float>(f32));
    cpu.set_state({settings, 0});
    cpu.generate(std::span<double>(f64));
    for (const cuda::ValueFormat format : {cuda::ValueFormat::f32, cuda::ValueFormat::f64}) {
      const cuda::ValueGenerator own = cuda::mrg32k3a_values(start, false, format);
      if (format == cuda::ValueFormat::f32) {
        cuda::DeviceBuffer<float> out(run.count);
        own.fill(run.first, run.count, out.data(), nullptr);
        CHECK(same_bits(to_host(out, run.count), f32));
      } else {
        cuda::DeviceBuffer<double> out(run.count);
        own.fill(run.first, run.count, out.data(), nullptr);
        CHECK(same_bits(to_host(out, run.count), f64));
      }
    }
    for (const Distribution& d : distributions_of(true)) {
      INFO(describe(d));
      const auto [k32, w32] = both_ways<float>(cuda::mrg32k3a_values(start, false, cuda::ValueFormat::f32, &d), words,
                                               cuda::mrg32k3a_conversion(false, cuda::ValueFormat::f32, &d),
                                               run.first, run.count);
      CHECK(same_bits(k32, w32));
      const auto [k64, w64] = both_ways<double>(cuda::mrg32k3a_values(start, false, cuda::ValueFormat::f64, &d), words,
                                                cuda::mrg32k3a_conversion(false, cuda::ValueFormat::f64, &d),
                                                run.first, run.count);
      CHECK(same_bits(k64, w64));
    }
  }
}

TEST_CASE("Sobol32's values made in its kernel are the CPU reference's floats and the value kernel's distributions",
          "[gpu][distribution]") {
  for (const int dimensions : {1, 3}) {
    constexpr std::uint64_t kPoints = std::uint64_t{1} << 20, kFirstPoint = 12'345;
    const cuda::Generator words = cuda::sobol32(dimensions, kPoints, kFirstPoint);
    Settings settings;
    settings.algorithm = Algorithm::sobol32;
    settings.dimensions = dimensions;
    settings.backend = Backend::cpu;
    settings.offset = kFirstPoint;
    Generator cpu(settings);
    const std::uint64_t count = kPoints * static_cast<std::uint64_t>(dimensions);
    std::vector<float> f32(count);
    std::vector<double> f64(count);
    cpu.generate(std::span<float>(f32));
    cpu.set_state({settings, 0});
    cpu.generate(std::span<double>(f64));
    INFO(dimensions << " dimensions");
    // The whole run, and one that starts and ends inside dimensions.
    for (const Run run : {Run{0, count}, Run{kPoints - 5, kPoints + 1}}) {
      if (run.first + run.count > count) continue;
      INFO("outputs " << run.first << " + " << run.count);
      cuda::DeviceBuffer<float> out32(run.count);
      cuda::DeviceBuffer<double> out64(run.count);
      cuda::sobol32_values(dimensions, kPoints, kFirstPoint, cuda::ValueFormat::f32)
          .fill(run.first, run.count, out32.data(), nullptr);
      cuda::sobol32_values(dimensions, kPoints, kFirstPoint, cuda::ValueFormat::f64)
          .fill(run.first, run.count, out64.data(), nullptr);
      CHECK(same_bits(to_host(out32, run.count),
                      std::vector<float>(f32.begin() + static_cast<std::ptrdiff_t>(run.first),
                                         f32.begin() + static_cast<std::ptrdiff_t>(run.first + run.count))));
      CHECK(same_bits(to_host(out64, run.count),
                      std::vector<double>(f64.begin() + static_cast<std::ptrdiff_t>(run.first),
                                          f64.begin() + static_cast<std::ptrdiff_t>(run.first + run.count))));
    }
    if (dimensions != 1) continue;  // distributions take one dimension
    for (const Distribution& d : distributions_of(false)) {
      INFO(describe(d));
      for (const Run run : {Run{0, kPoints}, Run{77, 40'001}}) {
        const auto [k32, w32] =
            both_ways<float>(cuda::sobol32_values(1, kPoints, kFirstPoint, cuda::ValueFormat::f32, &d), words,
                             cuda::sobol32_conversion(cuda::ValueFormat::f32, &d), run.first, run.count);
        CHECK(same_bits(k32, w32));
        const auto [k64, w64] =
            both_ways<double>(cuda::sobol32_values(1, kPoints, kFirstPoint, cuda::ValueFormat::f64, &d), words,
                              cuda::sobol32_conversion(cuda::ValueFormat::f64, &d), run.first, run.count);
        CHECK(same_bits(k64, w64));
      }
    }
  }
}
