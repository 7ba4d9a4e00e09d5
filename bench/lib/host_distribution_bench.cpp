// SPDX-License-Identifier: MIT
#include "bench/lib/host_distribution_bench.hpp"

#include <functional>
#include <span>

#include <glrand/generator.hpp>
#include <glrand/registry.hpp>

#include "bench/lib/cpu_bench.hpp"
#include "bench/lib/mkl_bench.hpp"
#include "mkl/vsl.hpp"

namespace glrand::bench {
namespace {

enum class Kind { uniform, exponential, normal };
constexpr const char* kKindNames[] = {"uniform", "exponential", "normal"};

// The six rows of `generator`: `fill(kind, values)` makes the values of one kind into a
// buffer of floats or doubles (the host_row's words seen as such); `method(kind)` names how.
template <class Method, class Fill32, class Fill64>
std::vector<Row> six_rows(const std::string& path, const std::string& generator, std::uint64_t outputs, int repeats,
                          Method method, Fill32 fill32, Fill64 fill64) {
  std::vector<Row> rows;
  const bool box_muller = table_normal_method(generator) == NormalMethod::box_muller;
  for (const int bytes : {4, 8})
    for (const Kind kind : {Kind::uniform, Kind::exponential, Kind::normal}) {
      const std::string precision = bytes == 4 ? "f32" : "f64";
      const std::string what = kind == Kind::uniform       ? "uniform [0, 1)"
                               : kind == Kind::exponential ? "exponential (lambda 1)"
                               : box_muller                ? "normal (0, 1), Box-Muller"
                                                           : "normal (0, 1), inverse CDF";
      Row row = host_row(
          path, generator, method(kind) + ", " + what, bytes / 4,
          [&](std::span<std::uint32_t> words) {
            if (bytes == 4)
              fill32(kind, std::span<float>(reinterpret_cast<float*>(words.data()), words.size()));
            else
              fill64(kind, std::span<double>(reinterpret_cast<double*>(words.data()), words.size() / 2));
          },
          outputs, repeats);
      row.profile = std::string(kKindNames[static_cast<int>(kind)]) + "-" + precision;
      rows.push_back(row);
    }
  return rows;
}

Distribution distribution_of(Kind kind, const std::string& generator) {
  Distribution d;
  d.kind = kind == Kind::exponential ? DistributionKind::exponential : DistributionKind::normal;
  d.method = table_normal_method(generator);
  return d;
}

// MKL's values of one kind, a stream per thread skipped ahead to its first value.
template <class T>
void mkl_values(const MklGenerator& g, Kind kind, NormalMethod method, std::span<T> out) {
  mkl::in_parallel_streams(g.brng, g.seed, 0, out.size(), 0,
                           [&](mkl::Stream& stream, std::uint64_t begin, std::uint64_t end) {
                             const std::span<T> part = out.subspan(begin, end - begin);
                             switch (kind) {
                               case Kind::uniform: stream.uniform(part); break;
                               case Kind::exponential: stream.exponential(part, 1.0); break;
                               case Kind::normal: stream.gaussian(part, method, 0.0, 1.0); break;
                             }
                           });
}

}  // namespace

NormalMethod table_normal_method(const std::string& generator) {
  return find_generator(generator).algorithm == Algorithm::mrg32k3a ? NormalMethod::box_muller
                                                                   : NormalMethod::inverse_cdf;
}

std::vector<Row> cpu_distribution_rows(const std::string& generator, std::uint64_t outputs, int repeats) {
  Settings settings;
  settings.algorithm = find_generator(generator).algorithm;
  settings.backend = Backend::cpu;
  Generator g(settings);
  // Each run makes the same values: the generator goes back to its start first.
  const auto fill = [&](Kind kind, auto values) {
    g.set_state({settings, 0});
    if (kind == Kind::uniform)
      g.generate(values);
    else
      g.generate(values, distribution_of(kind, generator));
  };
  return six_rows(
      "cpu", generator, outputs, repeats, [](Kind) { return std::string("glrand::Generator on the CPU path"); }, fill,
      fill);
}

std::vector<Row> mkl_distribution_rows(const std::string& generator, std::uint64_t outputs, int repeats) {
  mkl::require_available();
  const MklGenerator g = mkl_generator_of(generator);
  const NormalMethod method = table_normal_method(generator);
  const auto fill = [&](Kind kind, auto values) { mkl_values(g, kind, method, values); };
  const auto named = [method](Kind kind) -> std::string {
    switch (kind) {
      case Kind::uniform: return "vsRngUniform/vdRngUniform";
      case Kind::exponential: return "vsRngExponential/vdRngExponential, ICDF";
      case Kind::normal: break;
    }
    return method == NormalMethod::box_muller ? "vsRngGaussian/vdRngGaussian, BOXMULLER2"
                                              : "vsRngGaussian/vdRngGaussian, ICDF";
  };
  std::vector<Row> rows = six_rows("mkl", generator, outputs, repeats, named, fill, fill);
  const std::string kernels = mkl::loaded_kernels();
  for (Row& row : rows)
    row.device = cpu_description() + ", " + mkl::short_version() + (kernels.empty() ? "" : " (" + kernels + ")");
  return rows;
}

}  // namespace glrand::bench
