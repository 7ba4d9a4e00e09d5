// SPDX-License-Identifier: MIT
#pragma once
// Where generated numbers go: standard output (raw bytes), a NumPy .npy file, or a raw
// little-endian file. Regular files appear only when finish() succeeds; devices, FIFOs and
// descriptors are written in place (output/output_file.hpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glrand/error.hpp>
#include "output/output_file.hpp"

namespace glrand::output {

enum class ElementType { u32, f32, f64 };

std::size_t element_size(ElementType type);
const char* npy_descr(ElementType type);  // "<u4", "<f4", "<f8"

struct SinkSpec {
  std::string path;  // "-" means standard output
  ElementType type = ElementType::u32;
  std::vector<std::uint64_t> shape;  // e.g. {count} or {count, 3}; product = element count
  bool text = false;                 // values written as text lines (write_text), never .npy
};

// Whether `path` ends in `extension` (".npy", ".png"), in any case.
bool has_extension(std::string_view path, std::string_view extension);
// The elements a shape holds, its extents' product; throws InvalidArgument where that
// overflows.
std::uint64_t element_count(const std::vector<std::uint64_t>& shape);

// A path names a NumPy file when it ends in ".npy", in any case.
bool is_npy_path(const std::string& path);

// The complete NPY 1.0 header: magic, version, length, dict, space padding and '\n', with a
// total size that is a multiple of 64 bytes.
std::string npy_header(ElementType type, const std::vector<std::uint64_t>& shape);

class OutputSink {
 public:
  // Where a sink's bytes go instead of a file: the bytes of `elements` elements (text: lines),
  // in order.
  using ByteWriter = std::function<void(std::span<const std::byte> bytes, std::uint64_t elements)>;

  // "-" -> stdout; "*.npy" (any case) -> NumPy file; anything else -> raw. Throws Error if
  // the output cannot be opened or its disk is too full, InvalidArgument for an impossible size.
  static std::unique_ptr<OutputSink> open(const SinkSpec& spec);
  // A sink of `elements` elements of `type` (or text lines) whose bytes go to `write`, with no
  // header (a rank's share of a run: output/, mpi/rank_output.hpp); finish() checks the count
  // and commits nothing. `description` names it in errors.
  static std::unique_ptr<OutputSink> to_writer(ElementType type, bool text, std::uint64_t elements, ByteWriter write,
                                               std::string description);

  ~OutputSink() = default;  // without finish(), no regular file is left behind
  OutputSink(const OutputSink&) = delete;
  OutputSink& operator=(const OutputSink&) = delete;

  // The element type must match the spec (else std::logic_error); writing more elements than
  // the shape holds throws Error.
  void write(std::span<const std::uint32_t> values);
  void write(std::span<const float> values);
  void write(std::span<const double> values);
  // A text output: `count` values already formatted as lines.
  void write_text(std::string_view lines, std::size_t count);
  // `elements` elements (text: lines) already in this sink's form, as another sink of the same
  // type gave them to its ByteWriter.
  void write_bytes(std::span<const std::byte> bytes, std::uint64_t elements);

  // Throws Error unless exactly the expected number of elements was written; then commits.
  void finish();

  std::uint64_t elements_written() const { return written_; }
  std::uint64_t elements_expected() const { return expected_; }
  ElementType type() const { return type_; }
  // Written in place on a terminal (standard output, -o /dev/tty).
  bool is_terminal() const { return file_ && file_->is_terminal(); }

 private:
  OutputSink(ElementType type, bool text, std::uint64_t expected, std::optional<OutputFile> file, ByteWriter writer,
             std::string description);
  void put(std::span<const std::byte> bytes, std::uint64_t elements);
  void write_elements(ElementType type, std::span<const std::byte> bytes, std::size_t count);

  ElementType type_;
  bool text_;
  std::uint64_t expected_;
  std::uint64_t written_ = 0;
  std::optional<OutputFile> file_;  // or
  ByteWriter writer_;
  std::string description_;
};

}  // namespace glrand::output
