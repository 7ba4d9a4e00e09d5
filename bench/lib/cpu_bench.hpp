// SPDX-License-Identifier: MIT
#pragma once
// The CPU reference's rows of `glrand bench`: each generator producing N outputs into host
// memory on all cores (the references' own threading: parallel_fill and skip-ahead), beside
// the CPU ceiling of the same run: a plain fill of the same words of the same buffer on all
// cores. Wall clock, median of repeats after one warm-up.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "bench/lib/row.hpp"

namespace glrand::bench {

// The generators the CPU path has (every -g name), in the bench's order.
const std::vector<std::string>& cpu_generators();

// "Intel(R) Xeon(R) ... (2 threads)": the CPU model from /proc/cpuinfo and the thread count.
std::string cpu_description();

// The row of `generator` (one of cpu_generators()) for `outputs` outputs.
Row cpu_row(const std::string& generator, std::uint64_t outputs, int repeats);

// Threads that parallel_fill uses for `count` items with its default grain (the rows' shapes).
unsigned fill_threads(std::uint64_t count);

// A row of work on the host: `generate` filling outputs · words_per_output words of one buffer,
// beside the plain fill of the same words on all cores, the two timed alternately. The row's
// path and profile are `path` and "host"; its shape is "{method}, {words} words/output, {threads}
// threads, fill {threads} threads" (without the method when it is empty).
Row host_row(const std::string& path, const std::string& generator, const std::string& method, int words_per_output,
             const std::function<void(std::span<std::uint32_t>)>& generate, std::uint64_t outputs, int repeats);

}  // namespace glrand::bench
