// SPDX-License-Identifier: MIT
// glrand generate: numbers to a file (raw little-endian or .npy) or to standard output.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <future>
#include <iterator>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <vector>

#include <fmt/core.h>
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include <glrand/error.hpp>
#include "cli/progress.hpp"
#include "cli/u32_words.hpp"
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
};

// ints: the exact integers (words_per_output words an output); u32: one 32-bit word for
// test batteries (see u32_words.hpp); f32, f64: the documented float formulas; text,
// text-f64, text-ints: the same as lines, for reading (f32 as %.9g and f64 as %.17g, which
// read back to the same float; the integers of an output separated by spaces).
enum class Format { ints, u32, f32, f64, text, text_f64, text_ints };

Format parse_format(const std::string& format) {
  if (format == "ints") return Format::ints;
  if (format == "u32") return Format::u32;
  if (format == "f32") return Format::f32;
  if (format == "f64") return Format::f64;
  if (format == "text") return Format::text;
  if (format == "text-f64") return Format::text_f64;
  if (format == "text-ints") return Format::text_ints;
  throw InvalidArgument("--format must be ints, u32, f32, f64, text, text-f64 or text-ints, not '" + format + "'");
}

bool is_text(Format format) { return format == Format::text || format == Format::text_f64 || format == Format::text_ints; }

output::ElementType element_type(Format format) {
  switch (format) {
    case Format::ints:
    case Format::u32:
    case Format::text:
    case Format::text_f64:
    case Format::text_ints: return output::ElementType::u32;
    case Format::f32: return output::ElementType::f32;
    case Format::f64: return output::ElementType::f64;
  }
  throw std::logic_error("unknown Format");
}

// One write at a time on a second thread, so that writing a chunk overlaps generating and
// converting the next.
class BackgroundWrite {
 public:
  // Waits for the write before (rethrowing what it threw), then starts `write`.
  void start(std::function<void()> write) {
    wait();
    pending_ = std::async(std::launch::async, std::move(write));
  }
  void wait() {
    if (pending_.valid()) pending_.get();
  }
  BackgroundWrite() = default;
  BackgroundWrite(const BackgroundWrite&) = delete;
  BackgroundWrite& operator=(const BackgroundWrite&) = delete;
  ~BackgroundWrite() {
    if (pending_.valid()) pending_.wait();  // after an error elsewhere: let it end, its result no longer matters
  }

 private:
  std::future<void> pending_;
};

// Converts a chunk of exact integers (words_per_output words each) into the requested format
// and writes it; floats are converted into one of two buffers while the other is written.
class ChunkWriter {
 public:
  ChunkWriter(output::OutputSink& sink, Format format, const Generator& generator, WordFormula words)
      : sink_(sink), format_(format), generator_(generator), u32_words_(generator, words), next_(generator.position()) {}

  // Returns how many outputs (--format u32: words) the chunk gave.
  std::uint64_t operator()(std::span<const std::uint32_t> words) {
    const std::size_t width = static_cast<std::size_t>(generator_.words_per_output());
    const std::size_t outputs = words.size() / width;
    const std::uint64_t first = next_;
    next_ += outputs;
    switch (format_) {
      case Format::ints:
        sink_.write(words);
        break;
      case Format::u32: {
        const auto converted = u32_words_.convert(words);
        sink_.write(converted);
        return converted.size();
      }
      case Format::f32:
        convert_and_write(float_buffers_, words, outputs, first,
                          [this](auto w, auto out, std::uint64_t at) { generator_.to_f32(w, out, at); });
        break;
      case Format::f64:
        convert_and_write(double_buffers_, words, outputs, first,
                          [this](auto w, auto out, std::uint64_t at) { generator_.to_f64(w, out, at); });
        break;
      case Format::text:
      case Format::text_f64:
      case Format::text_ints: {
        // Written a MiB at a time: a whole chunk of text would take hundreds of MB.
        if (format_ == Format::text) {
          floats_.resize(outputs);
          generator_.to_f32(words, floats_, first);
        } else if (format_ == Format::text_f64) {
          doubles_.resize(outputs);
          generator_.to_f64(words, doubles_, first);
        }
        std::size_t lines = 0;
        for (std::size_t i = 0; i < outputs; ++i) {
          append_line(&words[width * i], width, i);
          ++lines;
          if (text_.size() >= kTextFlush || i + 1 == outputs) {
            sink_.write_text(std::string_view(text_.data(), text_.size()), lines);
            text_.clear();
            lines = 0;
          }
        }
        break;
      }
    }
    return outputs;
  }

  // Waits for the last write; rethrows its error.
  void finish() { write_.wait(); }

  // --format f32 or f64 from a generator that makes its floats on the device: each chunk
  // written from the device's buffer while the device makes the next, with no copy.
  void generate_values(Generator& generator, std::uint64_t count, const std::function<void(std::uint64_t)>& advance) {
    const auto write = [&](auto values) {
      sink_.write(values);
      advance(values.size());
    };
    if (format_ == Format::f32)
      generator.generate_floats(count, [&](std::span<const float> values) { write(values); });
    else
      generator.generate_doubles(count, [&](std::span<const double> values) { write(values); });
  }

 private:
  template <class T, class Convert>
  void convert_and_write(std::array<std::vector<T>, 2>& buffers, std::span<const std::uint32_t> words,
                         std::size_t outputs, std::uint64_t first, Convert convert) {
    const std::size_t width = words.size() / std::max<std::size_t>(outputs, 1);
    // In pieces of at most kPiece outputs: the two buffers then take no more memory (and first
    // page faults) than one whole chunk of a GPU's would.
    for (std::size_t at = 0; at < outputs; at += kPiece) {
      const std::size_t n = std::min(kPiece, outputs - at);
      // The other buffer's write may still run; this one's ended before that one started.
      std::vector<T>& buffer = buffers[next_buffer_];
      next_buffer_ ^= 1;
      buffer.resize(n);
      convert(words.subspan(width * at, width * n), std::span<T>(buffer), first + at);
      write_.start([this, &buffer] { sink_.write(std::span<const T>(buffer)); });
    }
  }

  static constexpr std::size_t kPiece = std::size_t{1} << 23;

  output::OutputSink& sink_;
  Format format_;
  const Generator& generator_;
  // Output i of the chunk: its converted value, or its integers.
  void append_line(const std::uint32_t* output, std::size_t width, std::size_t i) {
    auto out = std::back_inserter(text_);
    if (format_ == Format::text) {
      fmt::format_to(out, "{:.9g}\n", floats_[i]);
    } else if (format_ == Format::text_f64) {
      fmt::format_to(out, "{:.17g}\n", doubles_[i]);
    } else {
      for (std::size_t k = 0; k < width; ++k) fmt::format_to(out, "{}{}", output[k], k + 1 < width ? ' ' : '\n');
    }
  }

  static constexpr std::size_t kTextFlush = 1 << 20;

  U32Words u32_words_;
  std::uint64_t next_;  // the index of the next output
  fmt::memory_buffer text_;
  std::vector<float> floats_;
  std::vector<double> doubles_;
  std::array<std::vector<float>, 2> float_buffers_;
  std::array<std::vector<double>, 2> double_buffers_;
  int next_buffer_ = 0;
  BackgroundWrite write_;  // last: its destructor waits before the buffers go
};

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
  const auto type = element_type(format);
  Settings settings = options.source.settings(options.quiet ? nullptr : &std::cerr);
  settings.ceicg_target = ceicg_pass_size(options.source, options.size);
  Generator generator(settings);
  if (const auto warning = seed_warning(settings); warning && !options.quiet) std::cerr << "glrand: warning: " << *warning << "\n";
  generator.check_count(count);
  const std::string binary_on_terminal =
      "refusing to write binary numbers to a terminal: give -o FILE, pipe the output, or use --format text";
  if (to_stdout && !is_text(format) && isatty(STDOUT_FILENO)) throw InvalidArgument(binary_on_terminal);

  std::vector<std::uint64_t> shape{count};
  if (format == Format::ints && generator.words_per_output() > 1)
    shape.push_back(static_cast<std::uint64_t>(generator.words_per_output()));
  const std::uint64_t outputs = format == Format::u32 ? outputs_for_words(words, count) : count;
  // A reader that closes a pipe or FIFO (`| head -c 100`) ends the run through EPIPE, quietly,
  // instead of killing the process with SIGPIPE in the middle of a device's work.
  std::signal(SIGPIPE, SIG_IGN);
  const auto sink = output::OutputSink::open({options.output, type, shape, is_text(format)});
  if (!is_text(format) && sink->is_terminal()) throw InvalidArgument(binary_on_terminal);
  ChunkWriter writer(*sink, format, generator, words);
  const std::string unit = format == Format::u32 ? "words" : "outputs";
  // Text on the terminal is the user's to read: a progress line would be drawn over it.
  Progress progress(Progress::choose(options.progress, options.quiet || sink->is_terminal()), unbounded ? 0 : count,
                    unit);

  const auto began = std::chrono::steady_clock::now();
  try {
    if ((format == Format::f32 || format == Format::f64) && generator.floats_on_device())
      writer.generate_values(generator, outputs, [&](std::uint64_t n) { progress.advance(n); });
    else
      generator.generate(outputs, [&](std::span<const std::uint32_t> chunk) { progress.advance(writer(chunk)); });
    writer.finish();
  } catch (const output::OutputClosed&) {
    return;
  }
  sink->finish();
  progress.finish();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (!options.quiet)
    std::cerr << fmt::format("glrand: {} {} {} ({}) to {} in {:.2f} s ({} {}/s) on {}\n",
                             options.source.generator, count, unit, options.format,
                             to_stdout ? "standard output" : options.output, seconds,
                             si_count(static_cast<double>(count) / seconds), unit, generator.where());
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
  command->add_flag("-q,--quiet", options->quiet, "Print nothing on success: no progress, no summary, no warnings");
  command->add_flag("--progress", options->progress,
                    "Show progress on stderr even when it is not a terminal (plain lines every few seconds, for "
                    "logs); on a terminal it shows by default");
  command->callback([options, command] { run_generate(*options, *command); });
}

}  // namespace glrand::cli
