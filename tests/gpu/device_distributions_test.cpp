// SPDX-License-Identifier: MIT
// Distributions made on the GPU (cuda/conversion_kernels.cu's distribution kernel) against
// MPFR's correctly rounded values of the same u (support/distribution_reference.hpp), within
// docs/distributions.md's bounds, at the hard points (the smallest and largest words, words
// around 1/2) and on random words of Park–Miller, MRG32k3a (both its divisors) and MT19937's
// formulas; a uniform range and (0, 1] bit for bit as the host's formulas; Box–Muller's pairs
// against MPFR's exact pair; the public API's values on the CUDA path against the reference
// from the CPU path's doubles; and a midpoint u's float formulas from its integers against
// those of its double u, bit for bit. Skipped (exit 77) without a GPU.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <glrand/glrand.hpp>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"
#include "distributions/transforms.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"
#include "generators/park_miller.hpp"
#include "midpoint_paths.hpp"
#include "support/distribution_reference.hpp"

using namespace glrand;

namespace {

template <class T>
std::vector<T> on_device(const cuda::DeviceConversion& conversion, const std::vector<std::uint32_t>& words) {
  cuda::DeviceBuffer<std::uint32_t> in(words.size());
  cuda::DeviceBuffer<T> out(words.size());
  cuda::check(cudaMemcpy(in.data(), words.data(), words.size() * 4, cudaMemcpyHostToDevice), "cudaMemcpy");
  conversion.launch(in.data(), words.size(), out.data(), nullptr);
  cuda::check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  std::vector<T> values(words.size());
  cuda::check(cudaMemcpy(values.data(), out.data(), words.size() * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return values;
}

// The lowest three words, three around the middle, the highest three, then `random` drawn
// uniformly from lowest .. highest.
std::vector<std::uint32_t> hard_words(std::uint32_t lowest, std::uint32_t highest, std::size_t random) {
  const std::uint32_t middle = lowest + (highest - lowest) / 2;
  std::vector<std::uint32_t> words{lowest,     lowest + 1,  lowest + 2,  middle - 1, middle,
                                   middle + 1, highest - 2, highest - 1, highest};
  std::mt19937_64 draw(20261127);
  for (std::size_t i = 0; i < random; ++i)
    words.push_back(std::uniform_int_distribution<std::uint32_t>(lowest, highest)(draw));
  return words;
}

using Conversion = std::function<cuda::DeviceConversion(cuda::ValueFormat, const Distribution*)>;
using HostU = std::function<double(std::uint32_t)>;

// `b`'s f64 and f32 values of `words` made on the device, each within its bound: `errors(i,
// x64, x32)` gives value i's two errors in ulps, `where(i)` names it where it is over.
template <class Errors, class Where>
std::pair<std::vector<double>, std::vector<float>> check_bounds(const char* name,
                                                                const std::vector<std::uint32_t>& words,
                                                                const Conversion& conversion,
                                                                const testing::BoundedDistribution& b, Errors errors,
                                                                Where where) {
  auto f64 = on_device<double>(conversion(cuda::ValueFormat::f64, &b.distribution), words);
  auto f32 = on_device<float>(conversion(cuda::ValueFormat::f32, &b.distribution), words);
  std::uint64_t worst64 = 0, worst32 = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto [d64, d32] = errors(i, f64[i], f32[i]);
    if (d64 > b.f64_ulps || d32 > b.f32_ulps) UNSCOPED_INFO("over the bound at " << where(i));
    worst64 = std::max(worst64, d64);
    worst32 = std::max(worst32, d32);
  }
  CHECK(worst64 <= b.f64_ulps);
  CHECK(worst32 <= b.f32_ulps);
  WARN(name << ", " << describe(b.distribution) << ": the GPU's worst " << worst64 << " ulp (double), " << worst32
            << " ulp (float)");
  return {std::move(f64), std::move(f32)};
}

void check_formula(const char* name, std::uint32_t lowest, std::uint32_t highest, const Conversion& conversion,
                   const HostU& host_u,
                   const std::vector<testing::BoundedDistribution>& all = testing::bounded_distributions(DistributionOn::gpu)) {
  const auto words = hard_words(lowest, highest, 20'000);
  std::vector<double> u(words.size());
  std::transform(words.begin(), words.end(), u.begin(), host_u);
  for (const testing::BoundedDistribution& b : all) {
    INFO(name << ", " << describe(b.distribution));
    const auto [f64, f32] = check_bounds(
        name, words, conversion, b,
        [&](std::size_t i, double x64, float x32) {
          return std::pair{testing::error_ulps(b.distribution, u[i], x64), testing::error_ulps(b.distribution, u[i], x32)};
        },
        [&](std::size_t i) { return "word " + std::to_string(words[i]) + ", u = " + std::to_string(u[i]); });
    // A uniform range and (0, 1]: the host's operations, so the host's bits.
    if (b.distribution.kind == DistributionKind::uniform || b.distribution.kind == DistributionKind::uniform_positive) {
      Distribution on_host = b.distribution;
      on_host.on = DistributionOn::host;
      std::vector<double> host64(u.size());
      std::vector<float> host32(u.size());
      distributions::apply(on_host, u, 0, 0, std::span<double>(host64));
      distributions::apply(on_host, u, 0, 0, std::span<float>(host32));
      CHECK(f64 == host64);
      CHECK(f32 == host32);
    }
  }
}

// Box–Muller on the device: pairs of hard words (each formula's smallest and largest, and u1
// at and beside 0, 1/4, 1/2 and 3/4, where the cosine or the sine is 0 or ±1) and random ones.
void check_box_muller(const char* name, std::uint32_t lowest, std::uint32_t highest, const Conversion& conversion,
                      const HostU& host_u,
                      const std::vector<testing::BoundedDistribution>& all = testing::box_muller_distributions()) {
  const std::uint32_t span = highest - lowest;
  std::vector<std::uint32_t> firsts{lowest, lowest + 1, lowest + span / 2, highest - 1, highest};
  std::vector<std::uint32_t> seconds{lowest, lowest + 1, highest - 1, highest};
  for (std::uint32_t quarter = 1; quarter < 4; ++quarter)
    for (std::int64_t beside = -1; beside <= 1; ++beside)
      seconds.push_back(static_cast<std::uint32_t>(lowest + std::uint64_t{span} * quarter / 4 + beside));
  std::vector<std::uint32_t> words;
  for (const std::uint32_t a : firsts)
    for (const std::uint32_t b : seconds) words.insert(words.end(), {a, b});
  const auto random = hard_words(lowest, highest, 20'000);
  words.insert(words.end(), random.begin(), random.end() - static_cast<std::ptrdiff_t>(random.size() % 2));
  std::vector<double> u(words.size());
  std::transform(words.begin(), words.end(), u.begin(), host_u);
  for (const testing::BoundedDistribution& b : all) {
    INFO(name << ", " << describe(b.distribution));
    // Value i is value i mod 2 of the pair at i − i mod 2.
    check_bounds(
        name, words, conversion, b,
        [&](std::size_t i, double x64, float x32) {
          const std::size_t first = i - i % 2;
          const int which = static_cast<int>(i % 2);
          return std::pair{testing::error_ulps(b.distribution, u[first], u[first + 1], which, x64),
                           testing::error_ulps(b.distribution, u[first], u[first + 1], which, x32)};
        },
        [&](std::size_t i) {
          const std::size_t first = i - i % 2;
          return "words " + std::to_string(words[first]) + ", " + std::to_string(words[first + 1]) + ", value " +
                 std::to_string(i % 2);
        });
  }
}

}  // namespace

namespace {

// Park–Miller's, MRG32k3a's and MT19937's formulas: their words' range and the host's u.
struct Formula {
  const char* name;
  std::uint32_t lowest, highest;
  Conversion conversion;
  HostU host_u;
};

std::vector<Formula> formulas() {
  return {{"pm", 1, pm::kModulus - 1,
           [](cuda::ValueFormat f, const Distribution* d) { return cuda::park_miller_conversion(f, d); },
           [](std::uint32_t z) { return pm::to_f64(z); }},
          {"mrg32k3a", 1, mrg32k3a::kM1,
           [](cuda::ValueFormat f, const Distribution* d) { return cuda::mrg32k3a_conversion(false, f, d); },
           [](std::uint32_t z) { return mrg32k3a::to_f64(z); }},
          // --curand-seed's u = z/m1, whose float normal takes the other divisor; up to m1 − 1,
          // since u = 1 has no finite value to be near.
          {"mrg32k3a (cuRAND's u)", 1, mrg32k3a::kM1 - 1,
           [](cuda::ValueFormat f, const Distribution* d) { return cuda::mrg32k3a_conversion(true, f, d); },
           [](std::uint32_t z) { return mrg32k3a::curand_f64(z); }},
          {"mt19937", 0, 0xFFFFFFFFu,
           [](cuda::ValueFormat f, const Distribution* d) { return cuda::midpoint_conversion(f, d); },
           [](std::uint32_t x) { return mt19937::to_f64(x); }}};
}

}  // namespace

TEST_CASE("distributions made on the GPU lie within their bounds of MPFR's correctly rounded values",
          "[gpu][distribution]") {
  for (const Formula& f : formulas()) check_formula(f.name, f.lowest, f.highest, f.conversion, f.host_u);
}

TEST_CASE("Box-Muller made on the GPU lies within its bounds of MPFR's exact pairs", "[gpu][distribution]") {
  for (const Formula& f : formulas()) check_box_muller(f.name, f.lowest, f.highest, f.conversion, f.host_u);
}

// Where 1/λ or σ rounded to float is no normal float, the float values are the double
// formula's rounded (kernels of their own: cuda/value_formulas.hpp's kFloat), within a float
// ulp of MPFR's; here those values are themselves subnormal floats, or near them.
TEST_CASE("float values of parameters that are no normal floats are the double formulas' within a float ulp",
          "[gpu][distribution]") {
  const auto on_gpu = [](Distribution d) {
    d.on = DistributionOn::gpu;
    return d;
  };
  Distribution exponential{DistributionKind::exponential};
  exponential.lambda = 1e39;
  Distribution normal{DistributionKind::normal};
  normal.stddev = 1e-40;
  Distribution lognormal{DistributionKind::lognormal};
  lognormal.stddev = 1e-40;
  const std::vector<testing::BoundedDistribution> inverse_cdf{
      {on_gpu(exponential), 6, 1}, {on_gpu(normal), 8, 1}, {on_gpu(lognormal), 48, 1}};
  std::vector<testing::BoundedDistribution> box_muller;
  for (testing::BoundedDistribution b : {inverse_cdf[1], inverse_cdf[2]}) {
    b.distribution.method = NormalMethod::box_muller;
    box_muller.push_back(b);
  }
  for (const Formula& f : formulas()) {
    check_formula(f.name, f.lowest, f.highest, f.conversion, f.host_u, inverse_cdf);
    check_box_muller(f.name, f.lowest, f.highest, f.conversion, f.host_u, box_muller);
  }
}

// cuRAND's u reaches 1 (z = m1). The normal and the log-normal clamp u into [2^-53, 1 − 2^-53]
// at both ends, so there they are Φ^-1(1 − 2^-53)'s values, within their bounds of MPFR's; the
// exponential and Box–Muller's first value (its angle an eighth of a turn, cos and sin > 0)
// are +inf, as the host's −log1p(−1), in both formats.
TEST_CASE("distributions of cuRAND's u = 1 made on the GPU are the host's", "[gpu][distribution]") {
  const auto conversion = [](cuda::ValueFormat f, const Distribution* d) {
    return cuda::mrg32k3a_conversion(true, f, d);
  };
  const std::vector<std::uint32_t> words{mrg32k3a::kM1, mrg32k3a::kM1 / 8};
  const std::vector<double> u{mrg32k3a::curand_f64(words[0]), mrg32k3a::curand_f64(words[1])};
  REQUIRE(u[0] == 1.0);
  std::vector<testing::BoundedDistribution> checked;
  for (const testing::BoundedDistribution& b : testing::bounded_distributions(DistributionOn::gpu))
    if (b.distribution.kind == DistributionKind::normal || b.distribution.kind == DistributionKind::lognormal ||
        b.distribution.kind == DistributionKind::exponential)
      checked.push_back(b);
  for (const testing::BoundedDistribution& b : testing::box_muller_distributions()) checked.push_back(b);
  REQUIRE(checked.size() >= 6);
  // The Poisson: the host's k at u = 1 (past every table value below the switch point; at the
  // clamp's 1 − 2^-53 from it on, the search's last bucket), bit for bit.
  for (const double lambda : {0.5, 57.3, 1e6}) {
    const Distribution d{DistributionKind::poisson, 0, 1, 0, 1, lambda, NormalMethod::inverse_cdf, DistributionOn::gpu};
    Distribution on_host = d;
    on_host.on = DistributionOn::host;
    std::vector<double> host64(u.size());
    std::vector<float> host32(u.size());
    distributions::apply(on_host, u, 0, 0, std::span<double>(host64));
    distributions::apply(on_host, u, 0, 0, std::span<float>(host32));
    INFO("Poisson, lambda " << lambda << ": the host's k " << host64[0]);
    CHECK(host64[0] > lambda);
    CHECK(on_device<double>(conversion(cuda::ValueFormat::f64, &d), words)[0] == host64[0]);
    CHECK(on_device<float>(conversion(cuda::ValueFormat::f32, &d), words)[0] == host32[0]);
  }
  for (const testing::BoundedDistribution& b : checked) {
    const double f64 = on_device<double>(conversion(cuda::ValueFormat::f64, &b.distribution), words)[0];
    const float f32 = on_device<float>(conversion(cuda::ValueFormat::f32, &b.distribution), words)[0];
    INFO(describe(b.distribution) << ": the GPU's " << f64 << " (double), " << f32 << " (float)");
    Distribution on_host = b.distribution;
    on_host.on = DistributionOn::host;
    std::vector<double> host64(u.size());
    distributions::apply(on_host, u, 0, 0, std::span<double>(host64));
    if (distributions::uses_pairs(b.distribution) || b.distribution.kind == DistributionKind::exponential) {
      REQUIRE(host64[0] == std::numeric_limits<double>::infinity());
      CHECK(f64 == host64[0]);
      CHECK(f32 == std::numeric_limits<float>::infinity());
    } else {
      CHECK(std::isfinite(host64[0]));
      CHECK(testing::error_ulps(b.distribution, 1.0, f64) <= b.f64_ulps);
      CHECK(testing::error_ulps(b.distribution, 1.0, f32) <= b.f32_ulps);
    }
  }
}

TEST_CASE("Box-Muller through the public API on the GPU keeps its pairs across odd starts and odd calls",
          "[gpu][distribution]") {
  for (const Algorithm algorithm : {Algorithm::mrg32k3a, Algorithm::wichmann_hill, Algorithm::mt19937, Algorithm::ceicg,
                                    Algorithm::mtgp32}) {
    Settings settings;
    settings.algorithm = algorithm;
    settings.offset = 1'000'003;
    settings.backend = Backend::cpu;
    Generator cpu(settings);
    settings.backend = Backend::cuda;
    Generator gpu(settings);
    constexpr std::size_t kCount = 300'002;
    std::vector<double> u(kCount);
    cpu.generate(std::span<double>(u));
    for (const testing::BoundedDistribution& b : testing::box_muller_distributions()) {
      INFO(info(algorithm).name << ", " << describe(b.distribution));
      // Calls of 1, 12,344 (both odd starts after the first) and the rest; then the whole run
      // as floats, streamed.
      std::vector<double> values(kCount);
      gpu.set_state({settings, 0});
      gpu.generate(std::span<double>(values).first(1), b.distribution);
      gpu.generate(std::span<double>(values).subspan(1, 12'344), b.distribution);
      gpu.generate(std::span<double>(values).subspan(12'345), b.distribution);
      CHECK(gpu.position() == kCount);
      std::vector<float> floats;
      gpu.set_state({settings, 5});
      gpu.generate_floats(kCount - 6, b.distribution, [&](std::span<const float> chunk) {
        floats.insert(floats.end(), chunk.begin(), chunk.end());
      });
      REQUIRE(floats.size() == kCount - 6);
      CHECK(gpu.position() == kCount - 1);
      std::uint64_t worst = 0, worst32 = 0;
      for (std::size_t i = 0; i + 1 < kCount; i += 7) {
        const std::size_t first = i - i % 2;
        const int which = static_cast<int>(i % 2);
        worst = std::max(worst, testing::error_ulps(b.distribution, u[first], u[first + 1], which, values[i]));
        if (i >= 5 && i < kCount - 1)
          worst32 = std::max(worst32,
                             testing::error_ulps(b.distribution, u[first], u[first + 1], which, floats[i - 5]));
      }
      WARN(info(algorithm).name << ", " << describe(b.distribution) << ": the GPU's worst " << worst
                                << " ulp (double), " << worst32 << " ulp (float)");
      CHECK(worst <= b.f64_ulps);
      CHECK(worst32 <= b.f32_ulps);
    }
  }
}

TEST_CASE("the public API's distributions made on the GPU follow the sequence within their bounds",
          "[gpu][distribution]") {
  // MRG32k3a, Sobol32 and MT19937 make their values in the generating kernel, the others from
  // the words.
  for (const Algorithm algorithm : {Algorithm::mrg32k3a, Algorithm::sobol32, Algorithm::mt19937,
                                    Algorithm::wichmann_hill, Algorithm::ceicg, Algorithm::mtgp32}) {
    Settings settings;
    settings.algorithm = algorithm;
    settings.offset = 1'000'003;
    settings.backend = Backend::cpu;
    Generator cpu(settings);
    settings.backend = Backend::cuda;
    Generator gpu(settings);
    constexpr std::size_t kCount = 300'002;  // 12,345 + 287,657
    std::vector<double> u(kCount);
    cpu.generate(std::span<double>(u));
    for (const testing::BoundedDistribution& b : testing::bounded_distributions(DistributionOn::gpu)) {
      INFO(info(algorithm).name << ", " << describe(b.distribution));
      std::vector<double> values(kCount);
      std::vector<float> floats(kCount);
      // Two calls of odd sizes each: the second continues where the first stopped.
      gpu.set_state({settings, 0});
      gpu.generate(std::span<double>(values).first(12'345), b.distribution);
      gpu.generate(std::span<double>(values).subspan(12'345), b.distribution);
      CHECK(gpu.position() == kCount);
      gpu.set_state({settings, 0});
      gpu.generate(std::span<float>(floats).first(12'345), b.distribution);
      gpu.generate(std::span<float>(floats).subspan(12'345), b.distribution);
      std::uint64_t worst = 0, worst32 = 0;
      for (std::size_t i = 0; i < kCount; i += 7) {
        worst = std::max(worst, testing::error_ulps(b.distribution, u[i], values[i]));
        worst32 = std::max(worst32, testing::error_ulps(b.distribution, u[i], floats[i]));
      }
      WARN(info(algorithm).name << ", " << describe(b.distribution) << ": the GPU's worst " << worst
                                << " ulp (double), " << worst32 << " ulp (float)");
      CHECK(worst <= b.f64_ulps);
      CHECK(worst32 <= b.f32_ulps);
    }
  }
}

TEST_CASE("Poisson values made on the GPU are the host's, bit for bit, on both sides of the switch point",
          "[gpu][distribution][poisson]") {
  for (const double lambda : {1e-3, 0.5, 9.999, 10.0, 57.3, 1e4, 1e6}) {
    for (const Algorithm algorithm : {Algorithm::mrg32k3a, Algorithm::mt19937}) {
      INFO(info(algorithm).name << ", lambda " << lambda);
      Settings settings;
      settings.algorithm = algorithm;
      settings.backend = Backend::cuda;
      settings.offset = 77;
      Distribution d;
      d.kind = DistributionKind::poisson;
      d.lambda = lambda;
      constexpr std::size_t kCount = 200'001;
      std::vector<double> host(kCount), gpu(kCount);
      std::vector<float> host_f(kCount), gpu_f(kCount);
      Generator g(settings);
      g.generate(std::span<double>(host), d);
      g.set_state({settings, 0});
      g.generate(std::span<float>(host_f), d);
      d.on = DistributionOn::gpu;
      g.set_state({settings, 0});
      g.generate(std::span<double>(gpu), d);
      g.set_state({settings, 0});
      g.generate(std::span<float>(gpu_f), d);
      CHECK(gpu == host);
      CHECK(gpu_f == host_f);
    }
  }
}

TEST_CASE("a midpoint u's float distributions made from its integers are its double u's, bit for bit",
          "[gpu][distribution]") {
  // Both ends, both sides of 1/2, and 2^20 random words (about 0.3% of them in the normal's
  // tails, p below 0.0017).
  std::vector<std::uint32_t> words;
  for (std::uint32_t k = 0; k < 4096; ++k)
    for (const std::uint32_t w : {k, 0xFFFFFFFFu - k, 0x80000000u + k, 0x7FFFFFFFu - k}) words.push_back(w);
  std::mt19937 random(20261129);
  for (int i = 0; i < (1 << 20); ++i) words.push_back(static_cast<std::uint32_t>(random()));
  std::vector<Distribution> all;
  for (const double lambda : {1.0, 2.5}) {
    Distribution d{DistributionKind::exponential};
    d.lambda = lambda;
    all.push_back(d);
  }
  // σ = 10^-30: −√2·σ·2^-32 is no normal float, so the integers' way falls back to the double u's.
  for (const auto& [mean, stddev] : {std::pair{0.0, 1.0}, std::pair{1.5, 0.25}, std::pair{0.0, 1e-30}}) {
    Distribution d{DistributionKind::normal};
    d.mean = mean;
    d.stddev = stddev;
    all.push_back(d);
  }
  all.push_back(Distribution{DistributionKind::lognormal});
  for (const Distribution& d : all) {
    INFO(describe(d));
    const test::MidpointFloats f = test::midpoint_floats_both_ways(d, words);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < words.size(); ++i)
      if (std::memcmp(&f.from_integers[i], &f.from_double[i], sizeof(float)) != 0 && differ++ == 0)
        WARN("x = " << words[i] << ": " << f.from_integers[i] << " from the integers, " << f.from_double[i]
                    << " from the double u");
    CHECK(differ == 0);
  }
}
