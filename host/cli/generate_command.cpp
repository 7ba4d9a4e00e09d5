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
#include "fragment/ceicg_fragment.hpp"
#include "gl/context_info.hpp"
#include "gl/egl_context.hpp"
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
  std::string size = "1024x1024";
  bool quiet = false;
};

output::ElementType element_type(const std::string& format) {
  if (format == "ints") return output::ElementType::u32;
  if (format == "f32") return output::ElementType::f32;
  if (format == "f64") return output::ElementType::f64;
  throw InvalidArgument("--format must be ints, f32 or f64, not '" + format + "'");
}

// Converts a chunk of exact integers (3 words per output) into the requested format.
class ChunkWriter {
 public:
  ChunkWriter(output::OutputSink& sink, output::ElementType type) : sink_(sink), type_(type) {}

  void operator()(std::span<const std::uint32_t> words) {
    const std::size_t outputs = words.size() / 3;
    auto output = [&](std::size_t i) { return ceicg::Output{words[3 * i], words[3 * i + 1], words[3 * i + 2]}; };
    switch (type_) {
      case output::ElementType::u32:
        sink_.write(words);
        break;
      case output::ElementType::f32:
        floats_.resize(outputs);
        for (std::size_t i = 0; i < outputs; ++i) floats_[i] = ceicg::to_f32(output(i));
        sink_.write(std::span<const float>(floats_));
        break;
      case output::ElementType::f64:
        doubles_.resize(outputs);
        for (std::size_t i = 0; i < outputs; ++i) doubles_[i] = ceicg::to_f64(output(i));
        sink_.write(std::span<const double>(doubles_));
        break;
    }
  }

 private:
  output::OutputSink& sink_;
  output::ElementType type_;
  std::vector<float> floats_;
  std::vector<double> doubles_;
};

void run_generate(const GenerateOptions& options) {
  // Every option is checked before any file is created or device opened.
  const ceicg::Residues start = options.source.start();
  const std::uint64_t count = parse_count(options.count, "COUNT (-n)");
  if (count == 0) throw InvalidArgument("COUNT (-n) must be at least 1");
  if (count > kMaxCount) throw InvalidArgument("COUNT (-n) " + options.count + " is too large: at most 2^58 per call");
  const auto type = element_type(options.format);
  const auto size = parse_size(options.size, "--size");
  if (options.output == "-" && isatty(STDOUT_FILENO))
    throw InvalidArgument("refusing to write binary numbers to a terminal: give -o FILE, or pipe the output");

  const std::vector<std::uint64_t> shape =
      type == output::ElementType::u32 ? std::vector<std::uint64_t>{count, 3} : std::vector<std::uint64_t>{count};
  const auto sink = output::OutputSink::open({options.output, type, shape});
  ChunkWriter writer(*sink, type);

  const auto began = std::chrono::steady_clock::now();
  std::string where;
  if (options.source.path == "cpu") {
    where = "the CPU reference";
    constexpr std::uint64_t kChunk = 1ull << 22;
    std::vector<std::uint32_t> words;
    ceicg::Residues position = start;
    for (std::uint64_t done = 0; done < count;) {
      const std::uint64_t n = std::min(kChunk, count - done);
      words.resize(3 * n);
      ceicg::generate_ints(position, words);
      writer(words);
      position = ceicg::advanced_by(position, n);
      done += n;
    }
  } else {
    gl::HeadlessContext context(options.source.device, options.quiet ? nullptr : &std::cerr);
    where = gl::query_context_info().renderer;
    fragment::CeicgFragment generator(size);
    generator.generate_ints(start, count, [&](std::span<const std::uint32_t> words) { writer(words); });
  }
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
  options->source.add_to(*command);
  command->add_option("-n,--count", options->count, "How many outputs (e.g. 1000000, 1e8, 2^30)")->required();
  command->add_option("--format", options->format,
                      "ints: exact integers as little-endian uint32 (CEICG: x1,x2,x3 per output); "
                      "f32 or f64: the documented float formula")
      ->capture_default_str();
  command->add_option("-o,--output", options->output,
                      "File to write (raw little-endian; NumPy .npy if it ends in .npy), or - for standard output")
      ->capture_default_str();
  command->add_option("--size", options->size, "Render-target size per pass, WIDTHxHEIGHT (at most 2^24 pixels)")
      ->capture_default_str();
  command->add_flag("-q,--quiet", options->quiet, "Print nothing on success");
  command->callback([options] { run_generate(*options); });
}

}  // namespace glrand::cli
