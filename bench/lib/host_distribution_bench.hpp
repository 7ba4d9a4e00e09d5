// SPDX-License-Identifier: MIT
#pragma once
// Bradley et al.'s Tables 2 and 3 (GPU Computing Gems, 2011) on the host (`glrand bench
// --distributions`, docs/distributions.md):
// each generator's uniform, exponential (λ = 1) and normal (0, 1) values, in single and double
// precision, N values into host memory on all cores, beside a plain fill of the same bytes (the
// cpu rows' ceiling). The normal is theirs: Box–Muller for MRG32k3a, the inverse CDF for the
// others. The cpu rows run the library (glrand::Generator's own floats, and
// its Distribution made on the host); the mkl rows Intel MKL's vsRng/vdRng Uniform, Exponential
// (ICDF) and Gaussian (BOXMULLER2 or ICDF), a stream per thread skipped ahead to its first
// value, as the mkl rows of the generators.
#include <cstdint>
#include <string>
#include <vector>

#include <glrand/distribution.hpp>

#include "bench/lib/row.hpp"

namespace glrand::bench {

// The normal's method in these rows: Box–Muller for mrg32k3a, else the inverse CDF.
NormalMethod table_normal_method(const std::string& generator);

// Profiles uniform-f32, exponential-f32, normal-f32, then the same in f64.
std::vector<Row> cpu_distribution_rows(const std::string& generator, std::uint64_t outputs, int repeats);
// The same with MKL (generator one of mkl_generators(); throws Error where MKL cannot be loaded).
std::vector<Row> mkl_distribution_rows(const std::string& generator, std::uint64_t outputs, int repeats);

}  // namespace glrand::bench
