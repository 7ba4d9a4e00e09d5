// SPDX-License-Identifier: MIT
#pragma once
// Where generated numbers go: standard output (raw bytes), a NumPy .npy file, or a raw
// little-endian file. Files appear only when finish() succeeds.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/error.hpp"

namespace glrand::output {

// Standard output's reader has gone (EPIPE, with SIGPIPE ignored): the reader took what it
// wanted, as `| head -c 100` does; the command stops quietly.
class OutputClosed : public Error {
 public:
  using Error::Error;
};

enum class ElementType { u32, f32, f64 };

std::size_t element_size(ElementType type);
const char* npy_descr(ElementType type);  // "<u4", "<f4", "<f8"

struct SinkSpec {
  std::string path;  // "-" means standard output
  ElementType type = ElementType::u32;
  std::vector<std::uint64_t> shape;  // e.g. {count} or {count, 3}; product = element count
};

// The complete NPY 1.0 header: magic, version, length, dict, space padding and '\n', with a
// total size that is a multiple of 64 bytes.
std::string npy_header(ElementType type, const std::vector<std::uint64_t>& shape);

class OutputSink {
 public:
  // "-" -> stdout; "*.npy" (case-sensitive) -> NumPy file; anything else -> raw file.
  // Throws Error if the file cannot be created, InvalidArgument if the disk is too full.
  static std::unique_ptr<OutputSink> open(const SinkSpec& spec);

  virtual ~OutputSink() = default;  // without finish(), no file is left behind
  OutputSink(const OutputSink&) = delete;
  OutputSink& operator=(const OutputSink&) = delete;

  // The element type must match the spec (else std::logic_error); writing more elements than
  // the shape holds throws Error.
  void write(std::span<const std::uint32_t> values);
  void write(std::span<const float> values);
  void write(std::span<const double> values);

  // Throws Error unless exactly the expected number of elements was written; then commits.
  void finish();

  std::uint64_t elements_written() const { return written_; }
  std::uint64_t elements_expected() const { return expected_; }
  ElementType type() const { return type_; }

 protected:
  OutputSink(ElementType type, std::uint64_t expected, std::string description);

 private:
  virtual void write_bytes(std::span<const std::byte> bytes) = 0;
  virtual void commit() = 0;
  void write_elements(ElementType type, std::span<const std::byte> bytes, std::size_t count);

  ElementType type_;
  std::uint64_t expected_;
  std::uint64_t written_ = 0;
  std::string description_;  // for messages: "'out.bin'" or "standard output"
};

}  // namespace glrand::output
