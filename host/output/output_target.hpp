// SPDX-License-Identifier: MIT
#pragma once
// What an output path leads to, decided before anything is written. A regular file (or a
// name not yet taken) is replaced atomically, at the end of any chain of symbolic links, so
// the links stay links. Anything else (a character or block device, a FIFO, a socket, or one
// of this process's descriptors named as /dev/fd/N, /dev/stdout, /proc/self/fd/N) is written
// in place and never renamed over or removed: `-o /dev/null` run as root must not replace
// the system's /dev/null with a file.
#include <filesystem>

namespace glrand::output {

struct OutputTarget {
  enum class Kind {
    file,        // `path`: a regular file or a new name, replaced through a temporary beside it
    special,     // `path`: a device, FIFO or socket, opened and written in place
    descriptor,  // `descriptor`: this process's open descriptor, written in place
  };
  Kind kind = Kind::file;
  std::filesystem::path path;  // the link chain's end (file, special)
  int descriptor = -1;         // descriptor
};

// Follows `path` through symbolic links, as many as the kernel would. Throws Error
// naming `path` and the reason when a directory on the way is missing or not a directory,
// when the path is a directory, or when the links loop. Opens and creates nothing.
OutputTarget resolve_output_target(const std::filesystem::path& path);

// Whether `path` (links followed) is the system's null device itself, character device 1:3,
// not a file or another device named like it.
bool is_null_device(const std::filesystem::path& path);

}  // namespace glrand::output
