// SPDX-License-Identifier: MIT
#include "bench/lib/cuda_distribution_bench.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>

#include <glrand/distribution.hpp>
#include <glrand/registry.hpp>

#include "bench/lib/cuda_timing.hpp"
#include "bench/lib/curand_library.hpp"
#include "cuda/buffers.hpp"
#include "distributions/transforms.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/wichmann_hill.hpp"

namespace glrand::bench {
namespace {

// The library's device conversion of `algorithm` (host/library/sources.cpp's choice).
cuda::DeviceConversion conversion_of(Algorithm algorithm, const Distribution* d,
                                     cuda::ValueFormat format = cuda::ValueFormat::f32) {
  switch (algorithm) {
    case Algorithm::ceicg:
      return cuda::ceicg_conversion(format, d);
    case Algorithm::park_miller:
      return cuda::park_miller_conversion(format, d);
    case Algorithm::wichmann_hill:
      return cuda::wichmann_hill_conversion(wh::parameters(0), format, d);
    case Algorithm::mrg32k3a:
      return cuda::mrg32k3a_conversion(false, format, d);
    case Algorithm::mt19937:
    case Algorithm::mtgp32:
      return cuda::midpoint_conversion(format, d);
    case Algorithm::sobol32:
      return cuda::sobol32_conversion(format, d);
  }
  throw std::invalid_argument("no device conversion for this generator");
}

// The library's generating kernel that makes the values itself, where the generator has one
// (host/library/sources.cpp's choice), for the bench's instance (cuda_bench.cu's cuda_generator).
std::optional<cuda::ValueGenerator> made_by_kernel(Algorithm algorithm, std::uint64_t outputs, const Distribution* d,
                                                   cuda::ValueFormat format = cuda::ValueFormat::f32) {
  switch (algorithm) {
    case Algorithm::mrg32k3a:
      return cuda::mrg32k3a_values(mrg32k3a::default_seed(), false, format, d);
    case Algorithm::sobol32:
      return cuda::sobol32_values(1, outputs, 0, format, d);
    case Algorithm::mt19937:
      if (d && distributions::uses_pairs(*d)) return std::nullopt;
      return cuda::mt19937_values(5489, 0, 0, format, d);
    default:
      return std::nullopt;
  }
}

struct Named {
  const char* profile;
  Distribution distribution;
};

// Box–Muller only where the library makes it (not Sobol32's points).
std::vector<Named> gpu_distributions(Algorithm algorithm) {
  Distribution uniform{DistributionKind::uniform, -1.0, 1.0};
  Distribution exponential{DistributionKind::exponential};
  Distribution normal{DistributionKind::normal};
  Distribution box_muller{DistributionKind::normal};
  box_muller.method = NormalMethod::box_muller;
  Distribution lognormal{DistributionKind::lognormal};
  Distribution poisson{DistributionKind::poisson};
  poisson.lambda = 10.0;
  std::vector<Named> all{{"resident-uniform-range", uniform},
                         {"resident-exponential", exponential},
                         {"resident-normal", normal},
                         {"resident-normal-box-muller", box_muller},
                         {"resident-lognormal", lognormal},
                         {"resident-poisson10", poisson}};
  if (algorithm == Algorithm::sobol32) all.erase(all.begin() + 3);
  for (Named& n : all) n.distribution.on = DistributionOn::gpu;
  return all;
}

// Bradley et al.'s Table 3 in double: the exponential and the normals.
std::vector<Named> gpu_f64_distributions(Algorithm algorithm) {
  std::vector<Named> all;
  for (Named& n : gpu_distributions(algorithm)) {
    const std::string_view p = n.profile;
    if (p == "resident-exponential") all.push_back({"resident-f64-exponential", n.distribution});
    if (p == "resident-normal") all.push_back({"resident-f64-normal", n.distribution});
    if (p == "resident-normal-box-muller") all.push_back({"resident-f64-normal-box-muller", n.distribution});
  }
  return all;
}

// cuRAND's distributions beside its own uniform floats, for the generators it shares.
std::vector<Row> curand_distribution_rows(Algorithm algorithm, const Row& base, float* values, std::uint64_t outputs,
                                          int repeats) {
  curandRngType_t type;
  switch (algorithm) {
    case Algorithm::mrg32k3a: type = CURAND_RNG_PSEUDO_MRG32K3A; break;
    case Algorithm::mt19937: type = CURAND_RNG_PSEUDO_MT19937; break;
    case Algorithm::mtgp32: type = CURAND_RNG_PSEUDO_MTGP32; break;
    case Algorithm::sobol32: type = CURAND_RNG_QUASI_SOBOL32; break;
    default: return {};
  }
  std::string why;
  const CurandLibrary* curand = curand_library(why);
  if (!curand) return {};  // cuda_bench.cu's rows have said why
  curandGenerator_t g = nullptr;
  check_curand(curand->create(&g, type), "curandCreateGenerator");
  const std::unique_ptr<curandGenerator_st, decltype(curand->destroy)> owned(g, curand->destroy);
  const bool quasi = type == CURAND_RNG_QUASI_SOBOL32;
  if (quasi) {
    check_curand(curand->set_dimensions(g, 1), "curandSetQuasiRandomGeneratorDimensions");
  } else {
    check_curand(curand->set_seed(g, 1234), "curandSetPseudoRandomGeneratorSeed");
    check_curand(curand->set_ordering(g, CURAND_ORDERING_PSEUDO_DEFAULT), "curandSetGeneratorOrdering");
  }
  // Sobol32 restarts at point 0 (2^32 points a dimension); the others run on. cuRAND's
  // normal and log-normal take an even count.
  const std::uint64_t even = outputs / 2 * 2;
  const auto timed = [&](const std::function<void()>& generate) {
    return 1e-3 * median_cuda_ms(
                      [&] {
                        if (quasi) check_curand(curand->set_offset(g, 0), "curandSetGeneratorOffset");
                        generate();
                      },
                      repeats);
  };
  const double uniform_seconds =
      timed([&] { check_curand(curand->generate_uniform(g, values, even), "curandGenerateUniform"); });
  const auto row = [&](const char* profile, const std::string& shape, const std::function<void()>& generate) {
    Row r = base;
    r.profile = profile;
    r.shape = shape + " (" + curand->path + ")";
    r.outputs = static_cast<double>(even);
    r.seconds = timed(generate);
    r.ceiling = "curand-uniform";
    r.ceiling_unit = "floats";
    r.ceiling_units = static_cast<double>(even);
    r.ceiling_seconds = uniform_seconds;
    return r;
  };
  return {row("curand-normal", "cuRAND curandGenerateNormal(0, 1), f32",
              [&] { check_curand(curand->generate_normal(g, values, even, 0.0f, 1.0f), "curandGenerateNormal"); }),
          row("curand-lognormal", "cuRAND curandGenerateLogNormal(0, 1), f32",
              [&] { check_curand(curand->generate_log_normal(g, values, even, 0.0f, 1.0f), "curandGenerateLogNormal"); }),
          row("curand-poisson10", "cuRAND curandGeneratePoisson(10), unsigned int", [&] {
            check_curand(curand->generate_poisson(g, reinterpret_cast<unsigned*>(values), even, 10.0),
                         "curandGeneratePoisson");
          })};
}

}  // namespace

std::vector<Row> cuda_distribution_rows(const std::string& generator, const Row& resident, const ResidentLaunch& launch,
                                        std::uint32_t* words, std::uint64_t outputs, int repeats) {
  const Algorithm algorithm = find_generator(generator).algorithm;
  // Room for the doubles; the floats use its first half.
  cuda::DeviceBuffer<double> values(outputs);
  // Box–Muller makes whole pairs: its rows convert an even count. Values are timed as the
  // library makes them: in the generating kernel where it can, else the words then the value
  // kernel (`from_words` forces the latter).
  // MT19937's fills continue one another, as the library's chunks do, both ways: each times its
  // kernel and the one jump that moves its segments' states on (cuda::mt19937), not the host
  // jumps of the resident row.
  const bool continuing = algorithm == Algorithm::mt19937;
  const auto timed = [&](const Distribution* d, cuda::ValueFormat format, std::uint64_t count, bool from_words = false) {
    const std::optional<cuda::ValueGenerator> made = from_words ? std::nullopt : made_by_kernel(algorithm, outputs, d, format);
    const cuda::DeviceConversion conversion = conversion_of(algorithm, d, format);
    const std::optional<cuda::Generator> generator =
        continuing ? std::optional(cuda_generator(algorithm, 0)) : std::nullopt;
    std::uint64_t next = 0;
    return 1e-3 * median_cuda_ms(
                      [&] {
                        if (made) {
                          made->fill(next, count, values.data(), nullptr);
                        } else {
                          if (continuing) generator->fill(next, {words, count}, nullptr);
                          else launch.launch(words);
                          conversion.launch(words, count, values.data(), nullptr);
                        }
                        if (continuing) next += count;
                      },
                      repeats);
  };
  const auto how_of = [&](const Distribution* d, cuda::ValueFormat format) {
    return std::string(made_by_kernel(algorithm, outputs, d, format) ? "made in the generating kernel"
                                                                     : "the words, then the value kernel") +
           (continuing ? ", each fill continuing the last" : "");
  };
  const bool in_kernel = made_by_kernel(algorithm, outputs, nullptr).has_value();
  const std::string how = how_of(nullptr, cuda::ValueFormat::f32);
  const std::string note = continuing ? "the segments' states jumped on on the device" : launch.note;
  const auto count_of = [&](const Distribution& d) { return distributions::uses_pairs(d) ? outputs / 2 * 2 : outputs; };
  Row own = resident;
  own.profile = "resident-f32";
  own.shape = "its own f32, " + how + ", device buffers, " + note;
  own.seconds = timed(nullptr, cuda::ValueFormat::f32, outputs);
  own.ceiling = "resident-words";
  own.ceiling_unit = "outputs";
  own.ceiling_units = static_cast<double>(outputs);
  own.ceiling_seconds = resident.seconds;
  // A distribution's row beside `base`, the own values of its format.
  const auto distribution_row = [&](const Named& n, cuda::ValueFormat format, const Row& base) {
    const bool f32 = format == cuda::ValueFormat::f32;
    Row r = base;
    r.profile = n.profile;
    r.shape = describe(n.distribution) + (f32 ? ", f32, " : ", f64, ") + how_of(&n.distribution, format);
    const std::uint64_t count = count_of(n.distribution);
    r.outputs = static_cast<double>(count);
    r.seconds = timed(&n.distribution, format, count);
    r.ceiling = base.profile;
    r.ceiling_unit = f32 ? "floats" : "doubles";
    r.ceiling_units = static_cast<double>(outputs);
    r.ceiling_seconds = base.seconds;
    return r;
  };
  std::vector<Row> rows{own};
  if (in_kernel) {  // the same values from the words, beside them
    Row r = own;
    r.profile = "resident-f32-from-words";
    r.shape = "its own f32, the words, then the value kernel, device buffers, " + note;
    r.seconds = timed(nullptr, cuda::ValueFormat::f32, outputs, true);
    rows.push_back(r);
  }
  for (const Named& n : gpu_distributions(algorithm)) rows.push_back(distribution_row(n, cuda::ValueFormat::f32, own));
  Row own64 = own;
  own64.profile = "resident-f64";
  own64.shape = "its own f64, " + how + ", device buffers, " + note;
  own64.seconds = timed(nullptr, cuda::ValueFormat::f64, outputs);
  rows.push_back(own64);
  for (const Named& n : gpu_f64_distributions(algorithm))
    rows.push_back(distribution_row(n, cuda::ValueFormat::f64, own64));
  for (Row& r : curand_distribution_rows(algorithm, resident, reinterpret_cast<float*>(values.data()), outputs,
                                         repeats))
    rows.push_back(std::move(r));
  return rows;
}

}  // namespace glrand::bench
