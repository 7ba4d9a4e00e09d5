// SPDX-License-Identifier: MIT
// The public C++ API into host memory as a program calls it, on the wall clock: the C++ side
// of bench/python/bench_python.py's comparison. "fresh": each repeat makes a Generator and
// new, untouched memory (new T[n]), then one generate() into it, as glrand.generate() does;
// "warm": one Generator and one buffer, each repeat continuing the sequence, as
// Generator.random(out=...) does. Prints one line per mode: the median seconds and rate.
//
//   bench_library -g pm --path cuda -n 1e9 --format f32 --repeats 5
#include <chrono>
#include <iostream>
#include <memory>
#include <span>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <glrand/glrand.hpp>

#include "bench/lib/timing.hpp"
#include "cli/options.hpp"

namespace {

template <class Call>
double seconds(const Call& call) {
  const auto start = std::chrono::steady_clock::now();
  call();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

template <class T>
void run(const glrand::Settings& settings, std::uint64_t outputs, int repeats, const std::string& format) {
  const auto values_of = [&](const glrand::Generator& g) {
    return std::is_same_v<T, std::uint32_t> ? outputs * static_cast<std::uint64_t>(g.words_per_output()) : outputs;
  };
  std::vector<double> fresh;
  for (int r = 0; r < repeats; ++r) {
    fresh.push_back(seconds([&] {
      glrand::Generator g(settings);
      const std::uint64_t n = values_of(g);
      const std::unique_ptr<T[]> memory(new T[n]);  // untouched, as numpy.empty's
      g.generate(std::span<T>(memory.get(), n));
    }));
  }
  glrand::Generator g(settings);
  std::vector<T> memory(values_of(g));
  g.generate(std::span(memory));  // the device and the engine made, the pages touched
  std::vector<double> warm;
  for (int r = 0; r < repeats; ++r) warm.push_back(seconds([&] { g.generate(std::span(memory)); }));
  for (const auto& [mode, times] : {std::pair{"fresh", fresh}, std::pair{"warm", warm}}) {
    const double s = glrand::bench::median(times);
    fmt::print("mode={} format={} outputs={} median_s={:.6f} outputs_per_s={:.6e} where=\"{}\"\n", mode, format,
               outputs, s, static_cast<double>(outputs) / s, g.where());
  }
}

}  // namespace

int main(int argc, char** argv) try {
  CLI::App app{"The public C++ API into host memory: fresh and warm, median wall clock"};
  std::string generator = "pm", path = "cuda", count = "1e8", format = "f32";
  std::string profile = "ps30";
  int repeats = 5;
  app.add_option("-g,--generator", generator, "Generator");
  app.add_option("--path", path, "gl, cuda or cpu");
  app.add_option("--profile", profile, "GL profile");
  app.add_option("-n,--count", count, "Outputs per call");
  app.add_option("--format", format, "ints, f32 or f64");
  app.add_option("--repeats", repeats, "Timed repeats");
  CLI11_PARSE(app, argc, argv);
  glrand::Settings settings;
  settings.algorithm = glrand::find_generator(generator).algorithm;
  settings.backend = glrand::parse_backend(path);
  settings.profile = glrand::parse_profile(profile);
  const std::uint64_t outputs = glrand::cli::parse_count(count, "--count");
  if (format == "ints")
    run<std::uint32_t>(settings, outputs, repeats, format);
  else if (format == "f32")
    run<float>(settings, outputs, repeats, format);
  else if (format == "f64")
    run<double>(settings, outputs, repeats, format);
  else
    throw glrand::InvalidArgument("--format must be ints, f32 or f64, not " + format);
  return 0;
} catch (const std::exception& e) {
  std::cerr << "bench_library: " << e.what() << "\n";
  return 1;
}
