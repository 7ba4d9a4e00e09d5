// SPDX-License-Identifier: MIT
#include "bench/lib/mkl_bench.hpp"

#include <algorithm>
#include <span>
#include <stdexcept>

#include <fmt/core.h>

#include "bench/lib/cpu_bench.hpp"
#include "mkl/vsl.hpp"

namespace glrand::bench {
namespace {

struct MklGenerator {
  int brng;
  std::uint32_t seed;  // vslNewStream's seed (Sobol: the dimensions)
};

// The settings of the cpu rows where MKL has them (WH set 0, seed 1; Sobol one dimension);
// MKL seeds MRG32k3a and MT19937 its own way, so their sequences differ from the cpu rows'.
MklGenerator mkl_generator(const std::string& name) {
  if (name == "wh") return {mkl::kWichmannHill + 0, 1};
  if (name == "mrg32k3a") return {mkl::kMrg32k3a, 12345};
  if (name == "mt19937") return {mkl::kMt19937, 5489};
  if (name == "sobol32") return {mkl::kSobol, 1};
  throw std::invalid_argument("Intel MKL has no generator '" + name + "' of glrand's");
}

}  // namespace

const std::vector<std::string>& mkl_generators() {
  static const std::vector<std::string> names{"wh", "mrg32k3a", "mt19937", "sobol32"};
  return names;
}

bool has_mkl_generator(const std::string& generator) {
  return std::find(mkl_generators().begin(), mkl_generators().end(), generator) != mkl_generators().end();
}

std::string mkl_setting(const std::string& generator) {
  const MklGenerator g = mkl_generator(generator);
  return fmt::format("{}, {} {}", mkl::brng_name(g.brng), g.brng == mkl::kSobol ? "dimensions" : "seed", g.seed);
}

Row mkl_row(const std::string& generator, std::uint64_t outputs, int repeats) {
  mkl::require_available();
  const MklGenerator g = mkl_generator(generator);
  Row row = host_row(
      "mkl", generator, "viRngUniformBits, a stream per thread", mkl::words_per_output(g.brng),
      [&](std::span<std::uint32_t> words) { mkl::uniform_bits_parallel(g.brng, g.seed, 0, words); }, outputs, repeats);
  const std::string kernels = mkl::loaded_kernels();
  row.device = cpu_description() + ", " + mkl::short_version() + (kernels.empty() ? "" : " (" + kernels + ")");
  return row;
}

}  // namespace glrand::bench
