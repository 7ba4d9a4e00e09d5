// SPDX-License-Identifier: MIT
#include "cli/number_writer.hpp"

#include <algorithm>
#include <array>
#include <future>
#include <iterator>
#include <stdexcept>
#include <vector>

#include <fmt/core.h>
#include <fmt/format.h>

#include <glrand/error.hpp>

namespace glrand::cli {

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

const char* name_of(Format format) {
  switch (format) {
    case Format::ints: return "ints";
    case Format::u32: return "u32";
    case Format::f32: return "f32";
    case Format::f64: return "f64";
    case Format::text: return "text";
    case Format::text_f64: return "text-f64";
    case Format::text_ints: return "text-ints";
  }
  return "?";
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

namespace {

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

// Lines 0 .. n − 1 of text (`append(text, i)` adds line i) written a MiB at a time: a whole
// chunk as text would take hundreds of MB.
template <class Append>
void write_lines(output::OutputSink& sink, fmt::memory_buffer& text, std::size_t n, Append append) {
  constexpr std::size_t kFlush = std::size_t{1} << 20;
  std::size_t lines = 0;  // in `text`
  for (std::size_t i = 0; i < n; ++i) {
    append(text, i);
    ++lines;
    if (text.size() >= kFlush || i + 1 == n) {
      sink.write_text(std::string_view(text.data(), text.size()), lines);
      text.clear();
      lines = 0;
    }
  }
}

// A value's line: a float as %.9g, a double as %.17g, each of which reads back to the same number.
template <class T>
void append_value_line(fmt::memory_buffer& text, T value) {
  fmt::format_to(std::back_inserter(text), sizeof(T) == 4 ? "{:.9g}\n" : "{:.17g}\n", value);
}

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
        if (format_ == Format::text) {
          floats_.resize(outputs);
          generator_.to_f32(words, floats_, first);
        } else if (format_ == Format::text_f64) {
          doubles_.resize(outputs);
          generator_.to_f64(words, doubles_, first);
        }
        write_lines(sink_, text_, outputs,
                    [&](fmt::memory_buffer&, std::size_t i) { append_line(&words[width * i], width, i); });
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
    if (format_ == Format::text) {
      append_value_line(text_, floats_[i]);
    } else if (format_ == Format::text_f64) {
      append_value_line(text_, doubles_[i]);
    } else {
      for (std::size_t k = 0; k < width; ++k)
        fmt::format_to(std::back_inserter(text_), "{}{}", output[k], k + 1 < width ? ' ' : '\n');
    }
  }

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

}  // namespace

std::vector<std::uint64_t> sink_shape(const Generator& generator, Format format, std::uint64_t count) {
  std::vector<std::uint64_t> shape{count};
  if (format == Format::ints && generator.words_per_output() > 1)
    shape.push_back(static_cast<std::uint64_t>(generator.words_per_output()));
  return shape;
}

void write_numbers(Generator& generator, std::uint64_t outputs, Format format, WordFormula words,
                   output::OutputSink& sink, const std::function<void(std::uint64_t)>& advance) {
  ChunkWriter writer(sink, format, generator, words);
  if ((format == Format::f32 || format == Format::f64) && generator.floats_on_device())
    writer.generate_values(generator, outputs, advance);
  else
    generator.generate(outputs, [&](std::span<const std::uint32_t> chunk) { advance(writer(chunk)); });
  writer.finish();
}

namespace {

// A distribution's values from one run of the generator, each chunk copied into one of two
// buffers and written while the next is made (text: formatted and written in turn).
template <class T>
void write_values(Generator& generator, std::uint64_t outputs, bool text, const Distribution& distribution,
                  output::OutputSink& sink, const std::function<void(std::uint64_t)>& advance) {
  std::array<std::vector<T>, 2> buffers;
  fmt::memory_buffer lines;
  BackgroundWrite write;  // last: its destructor waits before the buffers go
  int next = 0;
  const auto consume = [&](std::span<const T> values) {
    if (text) {
      write_lines(sink, lines, values.size(),
                  [&](fmt::memory_buffer& line, std::size_t i) { append_value_line(line, values[i]); });
    } else if (distribution.on == DistributionOn::gpu) {
      // Made on the device: written from its buffer while it makes the next chunk, no copy.
      sink.write(values);
    } else {
      std::vector<T>& buffer = buffers[next];
      next ^= 1;
      // This buffer's last write (two chunks ago) ended before the other buffer's started.
      buffer.assign(values.begin(), values.end());
      write.start([&sink, &buffer] { sink.write(std::span<const T>(buffer)); });
    }
    advance(values.size());
  };
  if constexpr (sizeof(T) == 4)
    generator.generate_floats(outputs, distribution, consume);
  else
    generator.generate_doubles(outputs, distribution, consume);
  write.wait();
}

}  // namespace

void write_distribution(Generator& generator, std::uint64_t outputs, Format format, const Distribution& distribution,
                        output::OutputSink& sink, const std::function<void(std::uint64_t)>& advance) {
  if (format == Format::f32 || format == Format::text)
    write_values<float>(generator, outputs, format == Format::text, distribution, sink, advance);
  else if (format == Format::f64 || format == Format::text_f64)
    write_values<double>(generator, outputs, format == Format::text_f64, distribution, sink, advance);
  else
    throw InvalidArgument(std::string("--distribution gives values: --format f32, f64, text or text-f64, not ") +
                          name_of(format));
}

}  // namespace glrand::cli
