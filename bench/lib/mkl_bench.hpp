// SPDX-License-Identifier: MIT
#pragma once
// Intel MKL's rows of `glrand bench` (path mkl): MKL's own implementation of each generator
// glrand shares with it, producing N outputs into host memory on all cores beside the CPU
// rows' ceiling, a plain fill of the same words of the same buffer (bench/cpu_bench.hpp). The
// method is viRngUniformBits, MKL's integer output: the same 32-bit words per output as the cpu
// rows write (the four state words for WH), so the two paths do the same work. MKL found at
// run time (mkl/vsl.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "bench/lib/row.hpp"

namespace glrand::bench {

// glrand's generators that MKL has (-g names), in the bench's order: wh, mrg32k3a, mt19937, sobol32.
const std::vector<std::string>& mkl_generators();
bool has_mkl_generator(const std::string& generator);
// "VSL_BRNG_WH + 0, seed 1" etc.: what MKL runs for `generator`.
std::string mkl_setting(const std::string& generator);

// MKL's basic generator (VSL_BRNG_*) for `generator` and its vslNewStream seed (Sobol: the
// dimensions), as the mkl rows run it.
struct MklGenerator {
  int brng;
  std::uint32_t seed;
};
MklGenerator mkl_generator_of(const std::string& generator);

// The row of `generator` (one of mkl_generators()) for `outputs` outputs. Needs MKL: throws
// Error with the reason where it cannot be loaded.
Row mkl_row(const std::string& generator, std::uint64_t outputs, int repeats);

}  // namespace glrand::bench
