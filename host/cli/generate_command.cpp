// SPDX-License-Identifier: MIT
// glrand generate: numbers to a file (raw little-endian or .npy) or to standard output.
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "common/error.hpp"
#include "cli/number_source.hpp"
#include "output/sink.hpp"

namespace glrand::cli {
namespace {

// More than this many outputs in one call is refused as a likely mistake: at 10^10
// outputs per second it would run for over a year.
constexpr std::uint64_t kMaxCount = 1ull << 58;

struct GenerateOptions {
  SourceOptions source;
  std::string count;
  std::string format = "f32";
  std::string output = "-";
  std::string size;  // empty: 1024x1024
  bool quiet = false;
};

output::ElementType element_type(const std::string& format) {
  if (format == "ints") return output::ElementType::u32;
  if (format == "f32") return output::ElementType::f32;
  if (format == "f64") return output::ElementType::f64;
  throw InvalidArgument("--format must be ints, f32 or f64, not '" + format + "'");
}

// Converts a chunk of exact integers (words_per_output words each) into the requested format.
class ChunkWriter {
 public:
  ChunkWriter(output::OutputSink& sink, output::ElementType type, const NumberSource& source)
      : sink_(sink), type_(type), source_(source) {}

  void operator()(std::span<const std::uint32_t> words) {
    const std::size_t width = static_cast<std::size_t>(source_.words_per_output);
    const std::size_t outputs = words.size() / width;
    switch (type_) {
      case output::ElementType::u32:
        sink_.write(words);
        break;
      case output::ElementType::f32:
        floats_.resize(outputs);
        for (std::size_t i = 0; i < outputs; ++i) floats_[i] = source_.to_f32(&words[width * i]);
        sink_.write(std::span<const float>(floats_));
        break;
      case output::ElementType::f64:
        doubles_.resize(outputs);
        for (std::size_t i = 0; i < outputs; ++i) doubles_[i] = source_.to_f64(&words[width * i]);
        sink_.write(std::span<const double>(doubles_));
        break;
    }
  }

 private:
  output::OutputSink& sink_;
  output::ElementType type_;
  const NumberSource& source_;
  std::vector<float> floats_;
  std::vector<double> doubles_;
};

void run_generate(const GenerateOptions& options) {
  // Every option is checked before any file is created or device opened.
  const std::uint64_t count = parse_count(options.count, "COUNT (-n)");
  if (count == 0) throw InvalidArgument("COUNT (-n) must be at least 1");
  if (count > kMaxCount) throw InvalidArgument("COUNT (-n) " + options.count + " is too large: at most 2^58 per call");
  const auto type = element_type(options.format);
  if (!options.size.empty() && options.source.generator != "ceicg")
    throw InvalidArgument("--size applies to -g ceicg; the stateful generators' texture follows --substreams");
  const auto size = parse_size(options.size.empty() ? "1024x1024" : options.size, "--size");
  const NumberSource source = make_source(options.source, size, options.quiet);
  if (source.check_count) source.check_count(count);
  if (options.output == "-" && isatty(STDOUT_FILENO))
    throw InvalidArgument("refusing to write binary numbers to a terminal: give -o FILE, or pipe the output");

  std::vector<std::uint64_t> shape{count};
  if (type == output::ElementType::u32 && source.words_per_output > 1)
    shape.push_back(static_cast<std::uint64_t>(source.words_per_output));
  const auto sink = output::OutputSink::open({options.output, type, shape});
  ChunkWriter writer(*sink, type, source);

  const auto began = std::chrono::steady_clock::now();
  const std::string where = source.run(count, [&](std::span<const std::uint32_t> words) { writer(words); });
  sink->finish();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (!options.quiet)
    std::cerr << fmt::format("glrand: {} {} outputs ({}) to {} in {:.2f} s ({:.1f} M outputs/s) on {}\n",
                             options.source.generator, count, options.format,
                             options.output == "-" ? "standard output" : options.output, seconds,
                             static_cast<double>(count) / seconds * 1e-6, where);
}

}  // namespace

void add_generate_command(CLI::App& app) {
  auto options = std::make_shared<GenerateOptions>();
  auto* command = app.add_subcommand("generate", "Generate COUNT random numbers into a file or standard output");
  options->source.add_to(*command, /*substream_layout=*/true);
  options->source.add_self_test_option(*command);
  command->add_option("-n,--count", options->count,
                      "How many outputs (e.g. 1000000, 1e8, 2^30); sobol32: numbers in all, a multiple of --dimensions")
      ->required();
  command->add_option("--format", options->format,
                      "ints: exact integers as little-endian uint32 (ceicg: x1,x2,x3 per output; pm: z); "
                      "f32 or f64: the documented float formula")
      ->capture_default_str();
  command->add_option("-o,--output", options->output,
                      "File to write (raw little-endian; NumPy .npy if it ends in .npy), or - for standard output")
      ->capture_default_str();
  command->add_option("--size", options->size,
                      "ceicg: render-target size per pass, WIDTHxHEIGHT, at most 2^24 pixels (default 1024x1024)");
  command->add_flag("-q,--quiet", options->quiet, "Print nothing on success");
  command->callback([options] { run_generate(*options); });
}

}  // namespace glrand::cli
