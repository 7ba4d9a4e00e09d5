// SPDX-License-Identifier: MIT
// glrand generate: numbers to a file (raw little-endian or .npy) or to standard output.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <iostream>
#include <memory>
#include <optional>
#include <vector>

#include <fmt/core.h>
#include <fmt/format.h>

#include <glrand/error.hpp>

#include "cli/commands.hpp"
#include "cli/distribution_options.hpp"
#include "cli/number_writer.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "cli/u32_words.hpp"
#include "mpi/world.hpp"
#ifdef GLRAND_HAVE_MPI
#include "mpi/rank_output.hpp"
#endif
#include "output/sink.hpp"

namespace glrand::cli {
namespace {

// More than this many outputs in one call is refused as a likely mistake: at 10^10
// outputs per second it would run for over a year.
constexpr std::uint64_t kMaxCount = 1ull << 58;

struct GenerateOptions {
  SourceOptions source;
  std::string count;  // empty: unbounded (--format u32 to standard output only)
  std::string format = "f32";
  std::string words = "native";
  std::string output = "-";
  std::string size;  // empty: 1024x1024
  bool quiet = false;
  bool progress = false;
  DistributionOptions distribution;  // none: the generator's floats
};

// The distribution the options ask for, its parameters checked, where the format writes values.
std::optional<Distribution> distribution_of(const GenerateOptions& options, const CLI::App& command, Format format) {
  const std::optional<Distribution> d = options.distribution.distribution(command, options.source.path);
  if (d && format != Format::f32 && format != Format::f64 && format != Format::text && format != Format::text_f64)
    throw InvalidArgument(std::string("--distribution gives values: --format f32, f64, text or text-f64, not ") +
                          name_of(format));
  return d;
}

void run_generate(const GenerateOptions& options, const CLI::App& command) {
  // Every option is checked before any file is created or device opened.
  const Format format = parse_format(options.format);
  const bool to_stdout = options.output == "-";
  // Without -n a u32 stream runs until its reader stops reading (2^58 words at most).
  const bool unbounded = options.count.empty();
  if (unbounded && !(format == Format::u32 && to_stdout))
    throw InvalidArgument("COUNT (-n) is required, except for --format u32 to standard output (-o -), which "
                          "streams until the reader stops");
  const std::uint64_t count = unbounded ? kMaxCount : parse_count(options.count, "COUNT (-n)");
  if (count == 0) throw InvalidArgument("COUNT (-n) must be at least 1");
  if (count > kMaxCount) throw InvalidArgument("COUNT (-n) " + options.count + " is too large: at most 2^58 per call");
  if (command.count("--words") > 0 && format != Format::u32)
    throw InvalidArgument("--words chooses how --format u32 makes its words; it does not apply to --format " +
                          options.format);
  const WordFormula words = parse_word_formula(options.words);
  if (format == Format::u32 && output::is_npy_path(options.output))
    throw InvalidArgument("--format u32 is a raw stream of 32-bit words, not a .npy file: name the file otherwise, "
                          "or use --format ints for the exact integers as .npy");
  if (is_text(format) && output::is_npy_path(options.output))
    throw InvalidArgument("--format " + options.format + " writes lines of text, not a .npy file: name the file "
                          "otherwise, or use --format f32, f64 or ints for .npy");
  if (options.quiet && options.progress) throw InvalidArgument("give -q or --progress, not both");
  const std::optional<Distribution> distribution = distribution_of(options, command, format);
  const auto type = element_type(format);
  // Among several ranks, rank 0 alone speaks.
  const bool speaks = !options.quiet && mpi::World::instance().rank() == 0;
  Settings settings = options.source.settings(speaks ? &std::cerr : nullptr);
  settings.ceicg_target = ceicg_pass_size(options.source, options.size);
  Generator generator(settings);
  if (const auto warning = seed_warning(settings); warning && speaks) std::cerr << "glrand: warning: " << *warning << "\n";
  generator.check_count(count);
  if (distribution) generator.check_distribution(*distribution, format == Format::f64 || format == Format::text_f64);
  const std::string binary_on_terminal =
      "refusing to write binary numbers to a terminal: give -o FILE, pipe the output, or use --format text";
  // Under mpirun a rank's standard output is the launcher's forwarding (a terminal that passes
  // bytes unchanged), not the user's: mpirun's own cannot be seen from here.
  if (to_stdout && !is_text(format) && isatty(STDOUT_FILENO) && !mpi::World::instance().several())
    throw InvalidArgument(binary_on_terminal);

#ifdef GLRAND_HAVE_MPI
  if (mpi::World::instance().several()) {
    if (unbounded) throw InvalidArgument("under mpirun, COUNT (-n) is required: the ranks share a run of known length");
    mpi::RankRun run{settings, count, format, words, distribution, options.output,
                     fmt::format("{} {} {} ({}{}", options.source.generator, count,
                                 format == Format::u32 ? "words" : "outputs", options.format,
                                 distribution ? ", " + describe(*distribution) : std::string()),
                     options.quiet};
    std::signal(SIGPIPE, SIG_IGN);
    mpi::run_generate_ranks(run);
    return;
  }
#endif
  const std::vector<std::uint64_t> shape = sink_shape(generator, format, count);
  const std::uint64_t outputs = format == Format::u32 ? outputs_for_words(words, count) : count;
  // A reader that closes a pipe or FIFO (`| head -c 100`) ends the run through EPIPE, quietly,
  // instead of killing the process with SIGPIPE in the middle of a device's work.
  std::signal(SIGPIPE, SIG_IGN);
  const auto sink = output::OutputSink::open({options.output, type, shape, is_text(format)});
  if (!is_text(format) && sink->is_terminal()) throw InvalidArgument(binary_on_terminal);
  const std::string unit = format == Format::u32 ? "words" : "outputs";
  // Text on the terminal is the user's to read: a progress line would be drawn over it.
  Progress progress(Progress::choose(options.progress, options.quiet || sink->is_terminal()), unbounded ? 0 : count,
                    unit);

  const auto began = std::chrono::steady_clock::now();
  try {
    const auto advance = [&](std::uint64_t n) { progress.advance(n); };
    if (distribution)
      write_distribution(generator, outputs, format, *distribution, *sink, advance);
    else
      write_numbers(generator, outputs, format, words, *sink, advance);
  } catch (const output::OutputClosed&) {
    return;
  }
  sink->finish();
  progress.finish();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (!options.quiet)
    std::cerr << fmt::format("glrand: {} {} {} ({}{}) to {} in {:.2f} s ({} {}/s) on {}\n",
                             options.source.generator, count, unit, options.format,
                             distribution ? ", " + describe(*distribution) : std::string(),
                             to_stdout ? "standard output" : options.output, seconds,
                             si_count(static_cast<double>(count) / seconds), unit,
                             generator.where() + (distribution && distribution->on == DistributionOn::host
                                                       ? ", the distribution's values made from them on the host"
                                                       : ""));
}

}  // namespace

void add_generate_command(CLI::App& app) {
  auto options = std::make_shared<GenerateOptions>();
  auto* command = app.add_subcommand("generate", "Generate COUNT random numbers into a file or standard output");
  options->source.add_to(*command, /*substream_layout=*/true);
  options->source.add_self_test_option(*command);
  command->add_option("-n,--count", options->count,
                      "How many outputs, or words with --format u32 (e.g. 1000000, 1e8, 2^30; sobol32: numbers in all, "
                      "a multiple of --dimensions); required, except that --format u32 -o - without it streams until "
                      "the reader stops");
  command->add_option("--format", options->format,
                      "ints: exact integers as little-endian uint32 (ceicg: x1,x2,x3 per output; wh: x,y,z,w; pm, "
                      "mrg32k3a: z; mt19937: x); u32: one little-endian 32-bit word per output, raw, for TestU01, "
                      "PractRand, dieharder (ceicg, wh: floor(u*2^32); pm: floor(z*2^32/m) = (z<<1)|(z>>30), bit 0 "
                      "repeats bit 31; mrg32k3a: z, or cuRAND's curand() with --curand-seed; mt19937: x); "
                      "f32 or f64: the documented float formula; text, text-f64, text-ints: one output a line, to "
                      "read (f32 as %.9g, f64 as %.17g, or the exact integers separated by spaces), allowed on a "
                      "terminal")
      ->capture_default_str();
  command->add_option("--words", options->words,
                      "--format u32: native (above) or float23-pairs (each output at 23-bit float resolution, "
                      "k = floor(u*2^23), one word from two outputs: (k0 << 9) | (k1 >> 14))")
      ->capture_default_str();
  command->add_option("-o,--output", options->output,
                      "File to write (raw little-endian; NumPy .npy if it ends in .npy, in any case, except --format "
                      "u32, always raw), or - for standard output. A regular file is replaced only when complete (a "
                      "symbolic link's target, the link kept); a device, FIFO, socket or /dev/fd/N is written in place")
      ->capture_default_str();
  command->add_option("--size", options->size,
                      "ceicg: render-target size per pass, WIDTHxHEIGHT, at most 2^24 pixels (default 1024x1024)");
  options->distribution.add_to(*command, DistributionOptions::GpuValues::read_back);
  command->add_flag("-q,--quiet", options->quiet, "Print nothing on success: no progress, no summary, no warnings");
  command->add_flag("--progress", options->progress,
                    "Show progress on stderr even when it is not a terminal (plain lines every few seconds, for "
                    "logs); on a terminal it shows by default");
  command->callback([options, command] { run_generate(*options, *command); });
}

}  // namespace glrand::cli
