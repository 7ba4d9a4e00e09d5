// SPDX-License-Identifier: MIT
#pragma once
// The CPU reference's rows of `glrand bench`: each generator producing N outputs into host
// memory on all cores (the references' own threading: parallel_fill and skip-ahead), beside
// the CPU ceiling of the same run: a plain fill of the same words of the same buffer on all
// cores. Wall clock, median of repeats after one warm-up.
#include <cstdint>
#include <string>
#include <vector>

#include "bench/row.hpp"

namespace glrand::bench {

// The generators the CPU path has (every -g name), in the bench's order.
const std::vector<std::string>& cpu_generators();

// "Intel(R) Xeon(R) ... (2 threads)": the CPU model from /proc/cpuinfo and the thread count.
std::string cpu_description();

// The row of `generator` (one of cpu_generators()) for `outputs` outputs.
Row cpu_row(const std::string& generator, std::uint64_t outputs, int repeats);

}  // namespace glrand::bench
