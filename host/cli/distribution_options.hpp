// SPDX-License-Identifier: MIT
#pragma once
// --distribution and its parameters (docs/distributions.md), shared by generate, render and
// view: each parameter given must belong to the distribution named, and none may be given
// without it.
#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glrand/distribution.hpp>

namespace glrand::cli {

struct DistributionOptions {
  std::string name;  // empty: the generator's own floats
  double mean = 0.0, stddev = 1.0, lambda = 1.0;
  std::vector<double> range;
  std::string normal_method = "inverse-cdf";
  std::string on = "host";

  // Where --distribution-on gpu makes the values: where the words are, then read back (generate:
  // the CUDA path's kernels, the GL path's word packer), or in a texture fill's shader on the
  // GL path (render, view).
  enum class GpuValues { read_back, textures };
  GpuValues gpu_values = GpuValues::read_back;

  // The options on `command`, with --distribution-on made where `gpu` says.
  void add_to(CLI::App& command, GpuValues gpu);
  // The distribution asked for, its parameters checked, or none; `path` is the command's
  // --path (values made on the GPU need the CUDA path, or for textures the GL path).
  std::optional<Distribution> distribution(const CLI::App& command, const std::string& path) const;
};

// render's and view's --display-range LO,HI into `given`.
void add_display_range_option(CLI::App& command, std::vector<double>& given);

// The values render and view show from black to full intensity: LO,HI as given
// (--display-range), else a uniform range's ends, else the distribution's 0.1% and 99.9%
// quantiles (Poisson: those counts, the upper one plus 1); [0, 1] without a distribution,
// which then takes no --display-range.
std::pair<double, double> display_range(const std::optional<Distribution>& distribution, const std::vector<double>& given);

}  // namespace glrand::cli
