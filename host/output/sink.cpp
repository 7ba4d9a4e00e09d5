// SPDX-License-Identifier: MIT
#include "output/sink.hpp"

#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "common/error.hpp"
#include "output/atomic_file.hpp"

namespace glrand::output {

// Raw and .npy outputs are defined as little-endian and are written straight from memory;
// every supported host (x86-64, arm64) is little-endian, so no byte swapping is needed.
static_assert(std::endian::native == std::endian::little, "output assumes a little-endian host");

namespace {

const char* type_name(ElementType type) {
  switch (type) {
    case ElementType::u32: return "u32";
    case ElementType::f32: return "f32";
    case ElementType::f64: return "f64";
  }
  return "?";
}

std::uint64_t element_count(const std::vector<std::uint64_t>& shape) {
  std::uint64_t count = 1;
  for (const std::uint64_t extent : shape) {
    if (extent != 0 && count > std::numeric_limits<std::uint64_t>::max() / extent) {
      throw InvalidArgument("output shape is too large");
    }
    count *= extent;
  }
  return count;
}

std::uint64_t byte_count(ElementType type, std::uint64_t elements) {
  if (elements > std::numeric_limits<std::uint64_t>::max() / element_size(type)) {
    throw InvalidArgument("output shape is too large");
  }
  return elements * element_size(type);
}

bool ends_with_npy(const std::string& path) { return path.ends_with(".npy"); }

class StdoutSink final : public OutputSink {
 public:
  StdoutSink(ElementType type, std::uint64_t expected)
      : OutputSink(type, expected, "standard output") {}

 private:
  // Unbuffered ::write so nothing is lost or duplicated in a stdio buffer; SIGPIPE keeps its
  // disposition (the caller decides), EPIPE is reported as OutputClosed if it is ignored.
  void write_bytes(std::span<const std::byte> bytes) override {
    const std::byte* data = bytes.data();
    std::size_t size = bytes.size();
    while (size > 0) {
      const ssize_t written = ::write(STDOUT_FILENO, data, size);
      if (written < 0) {
        if (errno == EINTR) continue;
        if (errno == EPIPE) throw OutputClosed("standard output was closed (broken pipe)");
        throw Error(std::string("cannot write to standard output: ") + std::strerror(errno));
      }
      data += written;
      size -= static_cast<std::size_t>(written);
    }
  }
  void commit() override {}
};

class FileSink final : public OutputSink {
 public:
  FileSink(const SinkSpec& spec, std::uint64_t expected, std::string header)
      : OutputSink(spec.type, expected, "'" + spec.path + "'"), file_(spec.path) {
    // Checked after creating the file so a missing directory is reported as such.
    require_free_space(spec.path, header.size() + byte_count(spec.type, expected));
    file_.write(std::as_bytes(std::span(header)));
  }

 private:
  void write_bytes(std::span<const std::byte> bytes) override { file_.write(bytes); }
  void commit() override { file_.commit(); }

  AtomicFile file_;
};

}  // namespace

std::size_t element_size(ElementType type) {
  switch (type) {
    case ElementType::u32: return 4;
    case ElementType::f32: return 4;
    case ElementType::f64: return 8;
  }
  throw std::logic_error("unknown ElementType");
}

const char* npy_descr(ElementType type) {
  switch (type) {
    case ElementType::u32: return "<u4";
    case ElementType::f32: return "<f4";
    case ElementType::f64: return "<f8";
  }
  throw std::logic_error("unknown ElementType");
}

std::string npy_header(ElementType type, const std::vector<std::uint64_t>& shape) {
  std::string shape_text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) shape_text += ", ";
    shape_text += std::to_string(shape[i]);
  }
  if (shape.size() == 1) shape_text += ",";  // Python's one-element tuple
  shape_text += ")";

  std::string dict = std::string("{'descr': '") + npy_descr(type) +
                     "', 'fortran_order': False, 'shape': " + shape_text + ", }";
  constexpr std::size_t kPrefix = 10;  // magic (6) + version (2) + header length (2)
  constexpr std::size_t kAlignment = 64;
  const std::size_t padding = (kAlignment - (kPrefix + dict.size() + 1) % kAlignment) % kAlignment;
  dict.append(padding, ' ');
  dict += '\n';
  if (dict.size() > std::numeric_limits<std::uint16_t>::max()) {
    throw InvalidArgument("output shape has too many dimensions for a .npy file");
  }

  std::string header("\x93NUMPY\x01\x00", 8);
  header += static_cast<char>(dict.size() & 0xff);
  header += static_cast<char>(dict.size() >> 8);
  return header + dict;
}

std::unique_ptr<OutputSink> OutputSink::open(const SinkSpec& spec) {
  const std::uint64_t expected = element_count(spec.shape);
  byte_count(spec.type, expected);  // reject impossible sizes before creating anything
  if (spec.path == "-") return std::make_unique<StdoutSink>(spec.type, expected);
  std::string header = ends_with_npy(spec.path) ? npy_header(spec.type, spec.shape) : "";
  return std::make_unique<FileSink>(spec, expected, std::move(header));
}

OutputSink::OutputSink(ElementType type, std::uint64_t expected, std::string description)
    : type_(type), expected_(expected), description_(std::move(description)) {}

void OutputSink::write(std::span<const std::uint32_t> values) {
  write_elements(ElementType::u32, std::as_bytes(values), values.size());
}

void OutputSink::write(std::span<const float> values) {
  write_elements(ElementType::f32, std::as_bytes(values), values.size());
}

void OutputSink::write(std::span<const double> values) {
  write_elements(ElementType::f64, std::as_bytes(values), values.size());
}

void OutputSink::write_elements(ElementType type, std::span<const std::byte> bytes,
                                std::size_t count) {
  if (type != type_) {
    throw std::logic_error(std::string("OutputSink: writing ") + type_name(type) +
                           " values to a " + type_name(type_) + " output");
  }
  if (count > expected_ - written_) {
    throw Error("too many values for " + description_ + ": expected " +
                std::to_string(expected_) + ", got at least " + std::to_string(written_ + count));
  }
  write_bytes(bytes);
  written_ += count;
}

void OutputSink::finish() {
  if (written_ != expected_) {
    throw Error("incomplete output for " + description_ + ": expected " +
                std::to_string(expected_) + " values, got " + std::to_string(written_));
  }
  commit();
}

}  // namespace glrand::output
