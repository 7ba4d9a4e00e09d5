// SPDX-License-Identifier: MIT
#pragma once
// Regular output files are written to a temporary sibling and renamed into place on commit,
// so a reader never sees a partial file and a failed or interrupted run (SIGINT, SIGTERM,
// SIGHUP: output/interrupt.hpp) leaves nothing behind. Other targets: output/output_file.hpp.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace glrand::output {

class AtomicFile {
 public:
  // Creates "<final-name>.tmp-XXXXXXXXXXXX" next to final_path (same directory, so the rename
  // is atomic). Throws Error naming the path and the OS reason if it cannot be created.
  explicit AtomicFile(std::filesystem::path final_path);
  ~AtomicFile();  // removes the temporary file unless commit() succeeded

  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&& other) noexcept;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Appends bytes; throws Error (e.g. "No space left on device") naming the final path.
  void write(std::span<const std::byte> bytes);
  // Flushes, fsyncs, closes and renames the temporary file to the final path.
  void commit();

  const std::filesystem::path& final_path() const { return final_path_; }
  const std::filesystem::path& temp_path() const { return temp_path_; }
  bool committed() const { return committed_; }

 private:
  void flush_buffer();
  void discard() noexcept;

  std::filesystem::path final_path_;
  std::filesystem::path temp_path_;  // empty once moved from
  int fd_ = -1;
  int interrupt_slot_ = -1;  // register_temporary_file's slot while the temporary exists
  unsigned final_mode_ = 0644;  // the permissions commit() gives the file
  bool committed_ = false;
  std::vector<std::byte> buffer_;  // batches small writes (PNG rows, small spans)
};

// Throws Error ("output needs 1.2 GB but only 300 MB are free on '/tmp'") if the
// file system holding `path` (a directory, or a file whose directory is used) has fewer than
// `bytes` bytes available to this user. Throws Error if the free space cannot be determined.
void require_free_space(const std::filesystem::path& path, std::uint64_t bytes);

// Decimal (SI) human-readable size: "512 bytes", "1.2 GB", "300 MB".
std::string format_byte_size(std::uint64_t bytes);

}  // namespace glrand::output
