// SPDX-License-Identifier: MIT
#include "bench/lib/cpu_bench.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <span>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <utility>

#include <fmt/core.h>

#include <glrand/registry.hpp>

#include "bench/lib/timing.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"
#include "generators/mtgp32.hpp"
#include "generators/parallel_fill.hpp"
#include "generators/park_miller.hpp"
#include "generators/sobol32.hpp"
#include "generators/wichmann_hill.hpp"

namespace glrand::bench {
namespace {

unsigned all_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

double seconds_of(const std::function<void()>& work) {
  const auto begin = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

// Median wall-clock seconds of `generate` and of `ceiling` over `repeats` calls each, after one
// warm-up call of each. The two alternate, so that other load on the machine falls on both.
std::pair<double, double> median_seconds(const std::function<void()>& generate, const std::function<void()>& ceiling,
                                         int repeats) {
  generate();
  ceiling();
  std::vector<double> generator_times, ceiling_times;
  for (int r = 0; r < repeats; ++r) {
    generator_times.push_back(seconds_of(generate));
    ceiling_times.push_back(seconds_of(ceiling));
  }
  return {median(std::move(generator_times)), median(std::move(ceiling_times))};
}

struct CpuGenerator {
  int words_per_output;
  std::function<void(std::span<std::uint32_t>)> generate;
};

CpuGenerator cpu_generator(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::ceicg:
      return {3, [](std::span<std::uint32_t> w) { ceicg::generate_ints(ceicg::Residues{}, w); }};
    case Algorithm::park_miller:
      return {1, [](std::span<std::uint32_t> w) { pm::generate_ints(1, w); }};
    case Algorithm::wichmann_hill:
      return {4, [](std::span<std::uint32_t> w) { wh::generate_ints(wh::parameters(0), wh::seed_state(0, 1), w); }};
    case Algorithm::mrg32k3a:
      return {1, [](std::span<std::uint32_t> w) { mrg32k3a::generate_ints(mrg32k3a::default_seed(), w); }};
    case Algorithm::mt19937:  // each thread jumps to its first output (jump polynomials), then steps
      return {1, [](std::span<std::uint32_t> w) {
                parallel_fill(w.size(), 0, [&](std::uint64_t begin, std::uint64_t end) {
                  mt19937::State state = mt19937::state_at(5489, begin);
                  mt19937::generate_ints(state, w.subspan(begin, end - begin));
                });
              }};
    case Algorithm::sobol32:  // one dimension; each thread starts at its own point (Gray code)
      return {1, [](std::span<std::uint32_t> w) {
                parallel_fill(w.size(), 0, [&](std::uint64_t begin, std::uint64_t end) {
                  sobol32::generate_dimension(0, begin, w.subspan(begin, end - begin));
                });
              }};
    case Algorithm::mtgp32:
      return {1, [](std::span<std::uint32_t> w) { mtgp32::HostApiStream(1234).generate(w); }};
  }
  throw std::invalid_argument("no CPU bench for this generator");
}

}  // namespace

const std::vector<std::string>& cpu_generators() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const auto& row : generators()) all.emplace_back(row.name);
    return all;
  }();
  return names;
}

std::string cpu_description() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, model = "unknown CPU";
  while (std::getline(cpuinfo, line))
    if (line.starts_with("model name")) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) model = line.substr(line.find_first_not_of(' ', colon + 1));
      break;
    }
  return fmt::format("{} ({} threads)", model, all_threads());
}

unsigned fill_threads(std::uint64_t count) {
  return static_cast<unsigned>(std::min<std::uint64_t>({all_threads(), count / 65536 + 1, std::max<std::uint64_t>(count, 1)}));
}

Row cpu_row(const std::string& generator, std::uint64_t outputs, int repeats) {
  const CpuGenerator g = cpu_generator(find_generator(generator).algorithm);
  return host_row("cpu", generator, "", g.words_per_output, g.generate, outputs, repeats);
}

Row host_row(const std::string& path, const std::string& generator, const std::string& method, int words_per_output,
             const std::function<void(std::span<std::uint32_t>)>& generate, std::uint64_t outputs, int repeats) {
  const std::uint64_t words = outputs * static_cast<std::uint64_t>(words_per_output);
  std::vector<std::uint32_t> buffer(words);
  const std::span<std::uint32_t> out(buffer);
  // The buffer's words are summed after each run, so that neither run can be dropped.
  volatile std::uint64_t sink = 0;
  Row row;
  row.path = path;
  row.profile = "host";
  row.generator = generator;
  row.outputs = static_cast<double>(outputs);
  row.ceiling = "fill";
  row.ceiling_unit = "words";
  row.ceiling_units = static_cast<double>(words);
  std::uint32_t value = 0;
  std::tie(row.seconds, row.ceiling_seconds) = median_seconds(
      [&] {
        generate(out);
        sink = sink + buffer.front() + buffer.back();
      },
      [&] {
        ++value;
        parallel_fill(words, 0, [&](std::uint64_t begin, std::uint64_t end) {
          std::fill(buffer.begin() + static_cast<std::ptrdiff_t>(begin), buffer.begin() + static_cast<std::ptrdiff_t>(end),
                    value);
        });
        sink = sink + buffer.front() + buffer.back();
      },
      repeats);
  row.shape = fmt::format("{}{} words/output, {} threads, fill {} threads", method.empty() ? "" : method + ", ",
                          words_per_output, fill_threads(outputs), fill_threads(words));
  row.clock = "wall clock";
  row.device = cpu_description();
  return row;
}

}  // namespace glrand::bench
