// SPDX-License-Identifier: MIT
#include "bench/lib/mkl_bench.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <stdexcept>

#include <fmt/core.h>

#include <glrand/registry.hpp>

#include "bench/lib/cpu_bench.hpp"
#include "mkl/vsl.hpp"

namespace glrand::bench {
namespace {

// The settings of the cpu rows where MKL has them (WH set 0, seed 1; Sobol one dimension);
// MKL seeds MRG32k3a and MT19937 its own way, so their sequences differ from the cpu rows'.
std::optional<MklGenerator> mkl_generator(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::wichmann_hill:
      return MklGenerator{mkl::kWichmannHill + 0, 1};
    case Algorithm::mrg32k3a:
      return MklGenerator{mkl::kMrg32k3a, 12345};
    case Algorithm::mt19937:
      return MklGenerator{mkl::kMt19937, 5489};
    case Algorithm::sobol32:
      return MklGenerator{mkl::kSobol, 1};
    case Algorithm::ceicg:
    case Algorithm::park_miller:
    case Algorithm::mtgp32:
      break;  // not among Intel MKL's generators
  }
  return std::nullopt;
}

}  // namespace

MklGenerator mkl_generator_of(const std::string& name) {
  if (const auto g = mkl_generator(find_generator(name).algorithm)) return *g;
  throw std::invalid_argument("Intel MKL has no generator '" + name + "' of glrand's");
}

const std::vector<std::string>& mkl_generators() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> have;
    for (const auto& row : generators())
      if (mkl_generator(row.algorithm)) have.emplace_back(row.name);
    return have;
  }();
  return names;
}

bool has_mkl_generator(const std::string& generator) {
  return std::find(mkl_generators().begin(), mkl_generators().end(), generator) != mkl_generators().end();
}

std::string mkl_setting(const std::string& generator) {
  const MklGenerator g = mkl_generator_of(generator);
  return fmt::format("{}, {} {}", mkl::brng_name(g.brng), g.brng == mkl::kSobol ? "dimensions" : "seed", g.seed);
}

Row mkl_row(const std::string& generator, std::uint64_t outputs, int repeats) {
  mkl::require_available();
  const MklGenerator g = mkl_generator_of(generator);
  Row row = host_row(
      "mkl", generator, "viRngUniformBits, a stream per thread", mkl::words_per_output(g.brng),
      [&](std::span<std::uint32_t> words) { mkl::uniform_bits_parallel(g.brng, g.seed, 0, words); }, outputs, repeats);
  const std::string kernels = mkl::loaded_kernels();
  row.device = cpu_description() + ", " + mkl::short_version() + (kernels.empty() ? "" : " (" + kernels + ")");
  return row;
}

}  // namespace glrand::bench
