// SPDX-License-Identifier: MIT
#pragma once
// One output of a command, whatever its path leads to (output/output_target.hpp): a regular
// file is written to a temporary beside it and replaces it only on commit(); standard output,
// a device, a FIFO, a socket or an inherited descriptor is written in place as the bytes come.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

#include <glrand/error.hpp>
#include "output/atomic_file.hpp"

namespace glrand::output {

// The reader of a pipe, FIFO or socket has gone (EPIPE, with SIGPIPE ignored): it took what it
// wanted, as `| head -c 100` does; the command stops quietly.
class OutputClosed : public Error {
 public:
  using Error::Error;
};

class OutputFile {
 public:
  // "-" is standard output. A regular file needs `bytes` free on its file system (checked
  // after the temporary is created, so a missing directory is reported as such). Throws Error
  // naming the path and the OS reason when it cannot be opened.
  static OutputFile open(const std::string& path, std::uint64_t bytes = 0);

  OutputFile(OutputFile&&) noexcept;
  OutputFile& operator=(OutputFile&&) noexcept;
  ~OutputFile();  // without commit(), a regular file's temporary is removed

  // Throws Error (e.g. "No space left on device") naming the path; OutputClosed on EPIPE.
  void write(std::span<const std::byte> bytes);
  // A regular file is renamed into place; anything written in place is already there.
  void commit();

  // In place on a terminal: callers refuse binary data there.
  bool is_terminal() const;
  // "'out.bin'", or "standard output".
  const std::string& description() const { return description_; }

 private:
  OutputFile(std::string description, std::optional<AtomicFile> file, int descriptor, bool owns_descriptor);

  std::string description_;
  std::optional<AtomicFile> file_;  // a regular file, replaced on commit
  int descriptor_ = -1;             // written in place
  bool owns_descriptor_ = false;
};

}  // namespace glrand::output
