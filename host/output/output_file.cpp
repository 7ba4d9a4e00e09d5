// SPDX-License-Identifier: MIT
#include "output/output_file.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "output/output_target.hpp"

namespace glrand::output {
namespace {

std::string quoted(const std::string& path) { return "'" + path + "'"; }

[[noreturn]] void cannot_open(const std::string& path, int error_number) {
  throw Error("cannot open output " + quoted(path) + ": " + std::strerror(error_number));
}

// A Unix-domain socket on the file system cannot be open()ed (ENXIO); connecting is how a
// writer reaches it.
int connect_socket(const std::filesystem::path& path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.native().size() >= sizeof address.sun_path) return (errno = ENAMETOOLONG, -1);
  std::memcpy(address.sun_path, path.c_str(), path.native().size() + 1);
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int error_number = errno;
    ::close(fd);
    return (errno = error_number, -1);
  }
  return fd;
}

// Opens a device, FIFO or socket for writing in place. A FIFO blocks here until it has a
// reader, as any writer does.
int open_in_place(const std::filesystem::path& path, const std::string& given) {
  int fd = -1;
  do fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR);
  int error_number = errno;
  struct stat status {};
  if (fd < 0 && error_number == ENXIO && ::stat(path.c_str(), &status) == 0 && S_ISSOCK(status.st_mode)) {
    fd = connect_socket(path);
    error_number = errno;
  }
  if (fd < 0) cannot_open(given, error_number);
  return fd;
}

// This process's descriptor `number`, duplicated so that closing ours leaves the caller's
// open (and shares its offset and append mode, as the shell set them up).
int duplicate_descriptor(int number, const std::string& given) {
  struct stat status {};
  if (::fstat(number, &status) != 0) cannot_open(given, errno);
  if (S_ISDIR(status.st_mode)) throw InvalidArgument("output path " + quoted(given) + " is a directory");
  const int flags = ::fcntl(number, F_GETFL);
  if (flags < 0) cannot_open(given, errno);
  if ((flags & O_ACCMODE) == O_RDONLY)
    throw Error("cannot open output " + quoted(given) + ": descriptor " + std::to_string(number) +
                " is open for reading only");
  const int fd = ::fcntl(number, F_DUPFD_CLOEXEC, 3);
  if (fd < 0) cannot_open(given, errno);
  return fd;
}

}  // namespace

OutputFile OutputFile::open(const std::string& path, std::uint64_t bytes) {
  if (path == "-") return OutputFile("standard output", std::nullopt, STDOUT_FILENO, false);
  const OutputTarget target = resolve_output_target(path);
  switch (target.kind) {
    case OutputTarget::Kind::file: {
      AtomicFile file(target.path);
      require_free_space(target.path, bytes);
      return OutputFile(quoted(path), std::move(file), -1, false);
    }
    case OutputTarget::Kind::special:
      return OutputFile(quoted(path), std::nullopt, open_in_place(target.path, path), true);
    case OutputTarget::Kind::descriptor:
      return OutputFile(quoted(path), std::nullopt, duplicate_descriptor(target.descriptor, path), true);
  }
  throw std::logic_error("unknown OutputTarget::Kind");
}

OutputFile::OutputFile(std::string description, std::optional<AtomicFile> file, int descriptor, bool owns_descriptor)
    : description_(std::move(description)),
      file_(std::move(file)),
      descriptor_(descriptor),
      owns_descriptor_(owns_descriptor) {}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : description_(std::move(other.description_)),
      file_(std::move(other.file_)),
      descriptor_(std::exchange(other.descriptor_, -1)),
      owns_descriptor_(std::exchange(other.owns_descriptor_, false)) {
  other.file_.reset();
}

OutputFile& OutputFile::operator=(OutputFile&& other) noexcept {
  if (this != &other) {
    if (owns_descriptor_) ::close(descriptor_);
    description_ = std::move(other.description_);
    file_ = std::move(other.file_);
    other.file_.reset();
    descriptor_ = std::exchange(other.descriptor_, -1);
    owns_descriptor_ = std::exchange(other.owns_descriptor_, false);
  }
  return *this;
}

OutputFile::~OutputFile() {
  if (owns_descriptor_) ::close(descriptor_);
}

void OutputFile::write(std::span<const std::byte> bytes) {
  if (file_) return file_->write(bytes);
  if (descriptor_ < 0) throw std::logic_error("OutputFile::write after move");
  // Unbuffered, so that nothing is held back or written twice when a reader goes away.
  const std::byte* data = bytes.data();
  std::size_t size = bytes.size();
  while (size > 0) {
    const ssize_t written = ::write(descriptor_, data, size);
    if (written < 0) {
      const int error_number = errno;
      if (error_number == EINTR) continue;
      if (error_number == EPIPE) throw OutputClosed(description_ + " was closed (broken pipe)");
      const std::string what = owns_descriptor_ ? "cannot write output " : "cannot write to ";
      throw Error(what + description_ + ": " + std::strerror(error_number));
    }
    data += written;
    size -= static_cast<std::size_t>(written);
  }
}

void OutputFile::commit() {
  if (file_) file_->commit();
}

bool OutputFile::is_terminal() const { return !file_ && descriptor_ >= 0 && ::isatty(descriptor_) == 1; }

}  // namespace glrand::output
