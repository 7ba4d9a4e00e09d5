// SPDX-License-Identifier: MIT
// Values made in the generating kernel (cuda::mrg32k3a_values, cuda::sobol32_values,
// cuda::mt19937_values): their own floats and doubles equal the CPU reference's bit for bit,
// and a distribution's values equal those the value kernel makes from the same words (whose
// bounds device_distributions_test.cpp checks against MPFR), at every index, for runs that fill
// whole warps and runs that end inside one, from even and odd starts, and (MT19937) for fills
// that continue the last one on the device. Skipped (exit 77) without a GPU.
#include <catch2/catch.hpp>
#include <cstring>
#include <glrand/glrand.hpp>
#include <optional>
#include <vector>

#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"
#include "distributions/transforms.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"

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
// A whole-warp run (4096 outputs a warp's 32 chunks in MRG32k3a's kernel), ragged ones and one
// from an odd output; Box–Muller's runs start and end on pair boundaries (not the last).
const std::vector<Run> kRuns{{0, std::uint64_t{3} << 20},
                             {1'000'002, (std::uint64_t{1} << 20) + 4098},
                             {6, 32'770},
                             {1'000'001, 65'537}};

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
      if (distributions::uses_pairs(d) && (run.first % 2 != 0 || run.count % 2 != 0)) continue;
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

TEST_CASE("MRG32k3a's values made in its kernel into a buffer not 16-byte aligned are the same values",
          "[gpu][distribution]") {
  // Every warp then stores one value a lane (Box–Muller's partners by a shuffle).
  const mrg32k3a::State start = mrg32k3a::default_seed();
  constexpr std::uint64_t kCount = (std::uint64_t{1} << 20) + 4098;
  std::vector<Distribution> all = distributions_of(true);
  all.insert(all.begin(), Distribution{});  // stands for the own floats
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Distribution* d = k == 0 ? nullptr : &all[k];
    const std::string what = d ? describe(*d) : std::string("own floats");
    INFO(what);
    const cuda::ValueGenerator made = cuda::mrg32k3a_values(start, false, cuda::ValueFormat::f32, d);
    cuda::DeviceBuffer<float> aligned(kCount), shifted(kCount + 1);
    made.fill(1000, kCount, aligned.data(), nullptr);
    made.fill(1000, kCount, shifted.data() + 1, nullptr);
    const std::vector<float> a = to_host(aligned, kCount), b = to_host(shifted, kCount + 1);
    CHECK(same_bits(a, std::vector<float>(b.begin() + 1, b.end())));
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

TEST_CASE("Sobol32's float normals made eight strides at a time in its kernel are the value kernel's",
          "[gpu][distribution]") {
  // 2^25 points: each of the kernel's threads takes dozens of strides, single ones up to a
  // step number that is a multiple of 8, then eight at a time with their normals side by side
  // (some in the tails), then single ones; the value kernel makes each value alone.
  constexpr std::uint64_t kPoints = std::uint64_t{1} << 25, kFirstPoint = 12'345;
  const cuda::Generator words = cuda::sobol32(1, kPoints, kFirstPoint);
  Distribution standard{DistributionKind::normal};
  Distribution shifted = standard;
  shifted.mean = 1.5;
  shifted.stddev = 0.25;
  const Distribution lognormal{DistributionKind::lognormal};
  for (Distribution d : {standard, shifted, lognormal}) {
    d.on = DistributionOn::gpu;
    INFO(describe(d));
    for (const Run run : {Run{0, kPoints}, Run{1'000'003, kPoints - 2'000'011}}) {
      INFO("outputs " << run.first << " + " << run.count);
      const auto [k32, w32] =
          both_ways<float>(cuda::sobol32_values(1, kPoints, kFirstPoint, cuda::ValueFormat::f32, &d), words,
                           cuda::sobol32_conversion(cuda::ValueFormat::f32, &d), run.first, run.count);
      CHECK(same_bits(k32, w32));
    }
  }
}

TEST_CASE("MT19937's values made in its kernel are the CPU reference's floats and the value kernel's distributions",
          "[gpu][distribution]") {
  constexpr std::uint32_t kSeed = 4357;
  constexpr std::uint64_t kOffset = 1'000'003;
  Settings settings;
  settings.algorithm = Algorithm::mt19937;
  settings.seed = std::vector<std::uint64_t>{kSeed};
  settings.offset = kOffset;
  settings.backend = Backend::cpu;
  Generator cpu(settings);
  constexpr std::uint64_t kChunk = (std::uint64_t{1} << 20) + 77, kChunks = 3;
  std::vector<float> f32(kChunk * kChunks);
  std::vector<double> f64(kChunk * kChunks);
  cpu.generate(std::span<float>(f32));
  cpu.set_state({settings, 0});
  cpu.generate(std::span<double>(f64));
  // Own values: fills that continue the last one (the states jumped on on the device), then one
  // elsewhere, then one of another length from where that stopped.
  for (const cuda::ValueFormat format : {cuda::ValueFormat::f32, cuda::ValueFormat::f64}) {
    const cuda::ValueGenerator own = cuda::mt19937_values(kSeed, kOffset, 0, format);
    const auto check_fill = [&](std::uint64_t first, std::uint64_t count) {
      INFO("outputs " << first << " + " << count);
      if (format == cuda::ValueFormat::f32) {
        cuda::DeviceBuffer<float> out(count);
        own.fill(first, count, out.data(), nullptr);
        CHECK(same_bits(to_host(out, count), std::vector<float>(f32.begin() + static_cast<std::ptrdiff_t>(first),
                                                                f32.begin() + static_cast<std::ptrdiff_t>(first + count))));
      } else {
        cuda::DeviceBuffer<double> out(count);
        own.fill(first, count, out.data(), nullptr);
        CHECK(same_bits(to_host(out, count),
                        std::vector<double>(f64.begin() + static_cast<std::ptrdiff_t>(first),
                                            f64.begin() + static_cast<std::ptrdiff_t>(first + count))));
      }
    };
    for (std::uint64_t c = 0; c < kChunks; ++c) check_fill(c * kChunk, kChunk);
    check_fill(5, 1000);
    check_fill(1005, 2 * kChunk - 2000);
  }
  // Words, then floats, then words of one sequence: each fill continues the last.
  {
    const cuda::Mt19937Sequence sequence = cuda::mt19937_sequence(kSeed, kOffset);
    const cuda::ValueGenerator floats = sequence.values(cuda::ValueFormat::f32, nullptr);
    cuda::DeviceBuffer<std::uint32_t> w(kChunk);
    cuda::DeviceBuffer<float> v(kChunk);
    sequence.words.fill(0, w.span(), nullptr);
    floats.fill(kChunk, kChunk, v.data(), nullptr);
    const std::vector<float> made = to_host(v, kChunk);
    CHECK(same_bits(made, std::vector<float>(f32.begin() + static_cast<std::ptrdiff_t>(kChunk),
                                             f32.begin() + static_cast<std::ptrdiff_t>(2 * kChunk))));
    sequence.words.fill(2 * kChunk, w.span(), nullptr);
    const std::vector<std::uint32_t> last = to_host(w, kChunk);
    std::vector<float> as_floats(kChunk);
    for (std::uint64_t i = 0; i < kChunk; ++i) as_floats[i] = mt19937::to_f32(last[i]);
    CHECK(same_bits(as_floats, std::vector<float>(f32.begin() + static_cast<std::ptrdiff_t>(2 * kChunk), f32.end())));
  }
  // Distributions (not Box–Muller's pairs, made from the words) against the value kernel's.
  const cuda::Generator words = cuda::mt19937(kSeed, kOffset);
  for (const Distribution& d : distributions_of(false)) {
    INFO(describe(d));
    for (const Run run : {Run{0, kChunk}, Run{kChunk, kChunk}, Run{9, 40'001}}) {
      const auto [k32, w32] = both_ways<float>(cuda::mt19937_values(kSeed, kOffset, 0, cuda::ValueFormat::f32, &d),
                                               words, cuda::midpoint_conversion(cuda::ValueFormat::f32, &d), run.first,
                                               run.count);
      CHECK(same_bits(k32, w32));
      const auto [k64, w64] = both_ways<double>(cuda::mt19937_values(kSeed, kOffset, 0, cuda::ValueFormat::f64, &d),
                                                words, cuda::midpoint_conversion(cuda::ValueFormat::f64, &d),
                                                run.first, run.count);
      CHECK(same_bits(k64, w64));
    }
  }
  Distribution box_muller{DistributionKind::normal};
  box_muller.method = NormalMethod::box_muller;
  box_muller.on = DistributionOn::gpu;
  CHECK_THROWS_AS(cuda::mt19937_values(kSeed, kOffset, 0, cuda::ValueFormat::f32, &box_muller), std::logic_error);
}
