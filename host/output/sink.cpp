// SPDX-License-Identifier: MIT
#include "output/sink.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <limits>
#include <stdexcept>

#include <glrand/error.hpp>

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

std::uint64_t byte_count(ElementType type, std::uint64_t elements) {
  if (elements > std::numeric_limits<std::uint64_t>::max() / element_size(type)) {
    throw InvalidArgument("output shape is too large");
  }
  return elements * element_size(type);
}

}  // namespace

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

bool has_extension(std::string_view path, std::string_view extension) {
  if (path.size() < extension.size()) return false;
  const std::string_view end = path.substr(path.size() - extension.size());
  return std::equal(end.begin(), end.end(), extension.begin(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
  });
}

bool is_npy_path(const std::string& path) { return has_extension(path, ".npy"); }


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
  const std::uint64_t data_bytes = byte_count(spec.type, expected);  // refuse impossible sizes before opening
  const bool npy = !spec.text && spec.path != "-" && is_npy_path(spec.path);
  const std::string header = npy ? npy_header(spec.type, spec.shape) : "";
  // Text has no fixed size; its free space is not checked ahead.
  OutputFile file = OutputFile::open(spec.path, spec.text ? 0 : header.size() + data_bytes);
  file.write(std::as_bytes(std::span(header)));
  std::string description = file.description();
  return std::unique_ptr<OutputSink>(
      new OutputSink(spec.type, spec.text, expected, std::move(file), {}, std::move(description)));
}

std::unique_ptr<OutputSink> OutputSink::to_writer(ElementType type, bool text, std::uint64_t elements, ByteWriter write,
                                                  std::string description) {
  return std::unique_ptr<OutputSink>(
      new OutputSink(type, text, elements, std::nullopt, std::move(write), std::move(description)));
}

OutputSink::OutputSink(ElementType type, bool text, std::uint64_t expected, std::optional<OutputFile> file,
                       ByteWriter writer, std::string description)
    : type_(type),
      text_(text),
      expected_(expected),
      file_(std::move(file)),
      writer_(std::move(writer)),
      description_(std::move(description)) {}

void OutputSink::put(std::span<const std::byte> bytes, std::uint64_t elements) {
  if (file_)
    file_->write(bytes);
  else
    writer_(bytes, elements);
}

void OutputSink::write(std::span<const std::uint32_t> values) {
  write_elements(ElementType::u32, std::as_bytes(values), values.size());
}

void OutputSink::write(std::span<const float> values) {
  write_elements(ElementType::f32, std::as_bytes(values), values.size());
}

void OutputSink::write(std::span<const double> values) {
  write_elements(ElementType::f64, std::as_bytes(values), values.size());
}

void OutputSink::write_elements(ElementType type, std::span<const std::byte> bytes, std::size_t count) {
  if (type != type_ || text_) {
    throw std::logic_error(std::string("OutputSink: writing ") + type_name(type) + " values to a " +
                           (text_ ? "text" : type_name(type_)) + " output");
  }
  write_bytes(bytes, count);
}

void OutputSink::write_text(std::string_view lines, std::size_t count) {
  if (!text_) throw std::logic_error(std::string("OutputSink: writing text to a ") + type_name(type_) + " output");
  write_bytes(std::as_bytes(std::span(lines)), count);
}

void OutputSink::write_bytes(std::span<const std::byte> bytes, std::uint64_t elements) {
  if (elements > expected_ - written_) {
    throw Error("too many values for " + description_ + ": expected " + std::to_string(expected_) +
                ", got at least " + std::to_string(written_ + elements));
  }
  put(bytes, elements);
  written_ += elements;
}

void OutputSink::finish() {
  if (written_ != expected_) {
    throw Error("incomplete output for " + description_ + ": expected " + std::to_string(expected_) +
                " values, got " + std::to_string(written_));
  }
  if (file_) file_->commit();
}

}  // namespace glrand::output
