// SPDX-License-Identifier: MIT
#include "cli/distribution_options.hpp"

#include <cmath>

#include <glrand/error.hpp>
#include "distributions/transforms.hpp"

namespace glrand::cli {

void DistributionOptions::add_to(CLI::App& command, GpuValues gpu) {
  gpu_values = gpu;
  command.add_option("--distribution", name,
                     "Values of a distribution instead of the generator's floats (docs/distributions.md): uniform "
                     "(--range A,B: [A, B), default [0, 1)), uniform-positive ((0, 1]), normal (--mean, --stddev), "
                     "lognormal (exp of that normal), exponential (--lambda: the rate), poisson (--lambda: the mean, "
                     "10^-3 .. 10^6; whole numbers as floats)");
  command.add_option("--mean", mean, "--distribution normal, lognormal: the (log's) mean")->capture_default_str();
  command.add_option("--stddev", stddev, "--distribution normal, lognormal: the (log's) standard deviation")
      ->capture_default_str();
  command.add_option("--normal-method", normal_method,
                     "--distribution normal, lognormal: inverse-cdf (one output a value) or box-muller (outputs "
                     "2k, 2k+1 make values 2k, 2k+1)")
      ->capture_default_str();
  command.add_option("--lambda", lambda, "--distribution exponential: the rate; poisson: the mean")->capture_default_str();
  command.add_option("--range", range, "--distribution uniform: A,B for [A, B)")->delimiter(',');
  command
      .add_option("--distribution-on", on,
                  gpu == GpuValues::read_back
                      ? "--distribution: where its values are made: host (from the exact doubles, the same bits on "
                        "every path) or gpu (--path cuda, or --path gl in float; within the bounds "
                        "docs/distributions.md gives)"
                      : "--distribution: where its values are made: host (from the exact doubles, the same bits on "
                        "every path) or gpu (--path gl: in the texture fill's shader, in float, within the bounds "
                        "docs/distributions.md gives; the Poisson's: the host's k of each texel's float)")
      ->capture_default_str();
}

std::optional<Distribution> DistributionOptions::distribution(const CLI::App& command, const std::string& path) const {
  const auto given = [&](const char* option) {
    try {
      return command.count(option) > 0;
    } catch (const CLI::OptionNotFound&) {
      return false;  // not an option of this command
    }
  };
  if (name.empty()) {
    for (const char* option : {"--mean", "--stddev", "--lambda", "--range", "--normal-method", "--distribution-on"})
      if (given(option)) throw InvalidArgument(std::string(option) + " is a parameter of --distribution, which is not given");
    return std::nullopt;
  }
  Distribution d;
  d.kind = distribution_kind(name);
  const bool normal = d.kind == DistributionKind::normal || d.kind == DistributionKind::lognormal;
  const auto belongs = [&](const char* option, bool ok) {
    if (given(option) && !ok) throw InvalidArgument(std::string(option) + " is not a parameter of --distribution " + name);
  };
  belongs("--mean", normal);
  belongs("--stddev", normal);
  belongs("--normal-method", normal);
  belongs("--lambda", d.kind == DistributionKind::exponential || d.kind == DistributionKind::poisson);
  belongs("--range", d.kind == DistributionKind::uniform);
  d.mean = mean;
  d.stddev = stddev;
  d.lambda = lambda;
  d.method = glrand::normal_method(normal_method);
  d.on = glrand::distribution_on(on);
  if (d.on == DistributionOn::gpu && gpu_values == GpuValues::read_back && path != "cuda" && path != "gl")
    throw InvalidArgument("a distribution made on the GPU (--distribution-on gpu) needs the CUDA or the GL path (--path "
                          "cuda or gl): the CPU path makes its values on the host");
  if (d.on == DistributionOn::gpu && gpu_values == GpuValues::textures && path != "gl")
    throw InvalidArgument("a distribution made on the GPU (--distribution-on gpu) is made in the texture fill's "
                          "shader, on the GL path (--path gl), not --path " + path);
  if (given("--range")) {
    if (range.size() != 2) throw InvalidArgument("--range takes two numbers, A,B");
    d.a = range[0];
    d.b = range[1];
  }
  check(d);
  return d;
}

namespace {

std::pair<double, double> default_display_range(const Distribution& d) {
  constexpr double kLow = 0.001, kHigh = 0.999;
  switch (d.kind) {
    case DistributionKind::uniform: return {d.a, d.b};
    case DistributionKind::uniform_positive: return {0.0, 1.0};
    case DistributionKind::normal:
      return {d.mean + d.stddev * distributions::normal_quantile(kLow), d.mean + d.stddev * distributions::normal_quantile(kHigh)};
    case DistributionKind::lognormal:
      return {std::exp(d.mean + d.stddev * distributions::normal_quantile(kLow)),
              std::exp(d.mean + d.stddev * distributions::normal_quantile(kHigh))};
    case DistributionKind::exponential: return {-std::log1p(-kLow) / d.lambda, -std::log1p(-kHigh) / d.lambda};
    case DistributionKind::poisson:
      return {distributions::poisson_quantile(d.lambda, kLow), distributions::poisson_quantile(d.lambda, kHigh) + 1.0};
  }
  return {0.0, 1.0};
}

}  // namespace

void add_display_range_option(CLI::App& command, std::vector<double>& given) {
  command
      .add_option("--display-range", given,
                  "--distribution: LO,HI, the values shown from black to full intensity (default: a uniform "
                  "range's ends, else the 0.1% and 99.9% quantiles)")
      ->delimiter(',');
}

std::pair<double, double> display_range(const std::optional<Distribution>& distribution, const std::vector<double>& given) {
  if (!distribution) {
    if (!given.empty()) throw InvalidArgument("--display-range maps a --distribution's values, which is not given");
    return {0.0, 1.0};
  }
  const Distribution& d = *distribution;
  if (!given.empty()) {
    if (given.size() != 2 || !std::isfinite(given[0]) || !std::isfinite(given[1]) || !(given[0] < given[1]))
      throw InvalidArgument("--display-range takes two finite numbers LO,HI with LO < HI");
    return {given[0], given[1]};
  }
  const auto range = default_display_range(d);
  if (!std::isfinite(range.first) || !std::isfinite(range.second) || !(range.first < range.second))
    throw InvalidArgument("the values of --distribution " + std::string(name_of(d.kind)) +
                          " have no finite display range by default (0.1% to 99.9%): give --display-range LO,HI");
  return range;
}

}  // namespace glrand::cli
