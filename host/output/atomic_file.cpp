// SPDX-License-Identifier: MIT
#include "output/atomic_file.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <utility>

#include <glrand/error.hpp>
#include "output/interrupt.hpp"

namespace glrand::output {
namespace {

constexpr std::size_t kBufferCapacity = 1 << 16;

std::string quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

[[noreturn]] void throw_os_error(const std::string& what, const std::filesystem::path& path,
                                 int error_number) {
  throw Error(what + " " + quoted(path) + ": " + std::strerror(error_number));
}

// umask() can only be read by setting it, which races with other threads creating files.
// Linux (>= 4.7) reports it in /proc/self/status, so read it there when possible.
mode_t current_umask() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("Umask:", 0) == 0) return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
  }
  const mode_t mask = ::umask(022);
  ::umask(mask);
  return mask;
}

// Twelve letters or digits from the kernel's random source: 71 bits, so that a name is
// practically never taken.
std::string random_suffix() {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  unsigned char bytes[12];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0 && errno != EINTR) throw Error(std::string("cannot draw a temporary file name: ") + std::strerror(errno));
    if (n > 0) got += static_cast<std::size_t>(n);
  }
  std::string suffix;
  for (const unsigned char b : bytes) suffix += kAlphabet[b % (sizeof kAlphabet - 1)];
  return suffix;
}

void write_all(int fd, const std::byte* data, std::size_t size, const std::filesystem::path& path) {
  while (size > 0) {
    const ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      throw_os_error("cannot write output file", path, errno);
    }
    data += written;
    size -= static_cast<std::size_t>(written);
  }
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path final_path) : final_path_(std::move(final_path)) {
  std::error_code ignored;
  if (final_path_.filename().empty() || std::filesystem::is_directory(final_path_, ignored)) {
    throw InvalidArgument("output path " + quoted(final_path_) + " is a directory");
  }
  // The name is registered with the signal handlers before the file exists, so that no moment
  // leaves an unregistered temporary behind; a name that is taken is drawn again.
  int fd = -1;
  for (int attempt = 0; fd < 0; ++attempt) {
    temp_path_ = final_path_.string() + ".tmp-" + random_suffix();
    interrupt_slot_ = register_temporary_file(temp_path_.c_str(), final_path_.c_str());
    fd = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) break;
    const int error_number = errno;
    unregister_temporary_file(std::exchange(interrupt_slot_, -1));
    temp_path_.clear();
    if (error_number != EEXIST || attempt == 100) throw_os_error("cannot create output file", final_path_, error_number);
  }
  fd_ = fd;
  // A replaced file keeps its permissions (and, for root, its owner); a new one gets those an
  // ordinary new file gets. The permissions are set at commit: until then the temporary stays
  // writable by its owner, whom other processes (MPI ranks) may open it as.
  struct stat existing {};
  const bool replacing = ::stat(final_path_.c_str(), &existing) == 0 && S_ISREG(existing.st_mode);
  final_mode_ = replacing ? existing.st_mode & 07777 : 0644 & ~current_umask();
  if (replacing && ::geteuid() == 0) (void)::fchown(fd_, existing.st_uid, existing.st_gid);
  buffer_.reserve(kBufferCapacity);
}

AtomicFile::~AtomicFile() { discard(); }

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : final_path_(std::move(other.final_path_)),
      temp_path_(std::exchange(other.temp_path_, {})),
      fd_(std::exchange(other.fd_, -1)),
      interrupt_slot_(std::exchange(other.interrupt_slot_, -1)),
      final_mode_(other.final_mode_),
      committed_(other.committed_),
      buffer_(std::move(other.buffer_)) {}

AtomicFile& AtomicFile::operator=(AtomicFile&& other) noexcept {
  if (this != &other) {
    discard();
    final_path_ = std::move(other.final_path_);
    temp_path_ = std::exchange(other.temp_path_, {});
    fd_ = std::exchange(other.fd_, -1);
    interrupt_slot_ = std::exchange(other.interrupt_slot_, -1);
    final_mode_ = other.final_mode_;
    committed_ = other.committed_;
    buffer_ = std::move(other.buffer_);
  }
  return *this;
}

void AtomicFile::write(std::span<const std::byte> bytes) {
  if (fd_ < 0) throw std::logic_error("AtomicFile::write after commit or move");
  if (buffer_.size() + bytes.size() > kBufferCapacity) flush_buffer();
  if (bytes.size() >= kBufferCapacity) {
    write_all(fd_, bytes.data(), bytes.size(), final_path_);  // large: skip the copy
  } else {
    buffer_.insert(buffer_.end(), bytes.begin(), bytes.end());
  }
}

void AtomicFile::flush_buffer() {
  write_all(fd_, buffer_.data(), buffer_.size(), final_path_);
  buffer_.clear();
}

void AtomicFile::commit() {
  if (fd_ < 0) throw std::logic_error("AtomicFile::commit after commit or move");
  flush_buffer();
  // fsync before rename: otherwise a crash can leave the new name pointing at empty data.
  if (::fsync(fd_) != 0) throw_os_error("cannot write output file", final_path_, errno);
  if (::fchmod(fd_, static_cast<mode_t>(final_mode_)) != 0)
    throw_os_error("cannot set permissions of output file", final_path_, errno);
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0) throw_os_error("cannot write output file", final_path_, errno);
  if (::rename(temp_path_.c_str(), final_path_.c_str()) != 0) {
    throw_os_error("cannot rename temporary file to", final_path_, errno);
  }
  committed_ = true;
  unregister_temporary_file(std::exchange(interrupt_slot_, -1));
  // Make the rename itself durable; failure here does not invalidate the file, so ignore it.
  const std::filesystem::path directory =
      final_path_.has_parent_path() ? final_path_.parent_path() : std::filesystem::path(".");
  const int dir_fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
}

void AtomicFile::discard() noexcept {
  if (fd_ >= 0) ::close(std::exchange(fd_, -1));
  if (!committed_ && !temp_path_.empty()) ::unlink(temp_path_.c_str());
  unregister_temporary_file(std::exchange(interrupt_slot_, -1));
  temp_path_.clear();
}

void require_free_space(const std::filesystem::path& path, std::uint64_t bytes) {
  if (bytes == 0) return;
  std::error_code error;
  std::filesystem::path directory = path;
  if (!std::filesystem::is_directory(path, error)) {
    directory = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  }
  const std::filesystem::space_info space = std::filesystem::space(directory, error);
  if (error) {
    throw Error("cannot determine free space on " + quoted(directory) + ": " + error.message());
  }
  if (space.available < bytes) {
    throw Error("output needs " + format_byte_size(bytes) + " but only " +
                          format_byte_size(space.available) + " are free on " + quoted(directory));
  }
}

std::string format_byte_size(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"kB", "MB", "GB", "TB", "PB", "EB"};
  if (bytes < 1000) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  double value = static_cast<double>(bytes);
  int unit = -1;
  // Compare against the rounded cut-offs so 999.6 kB prints as "1.0 MB", not "1000 kB".
  while (value >= 999.5 && unit < 5) {
    value /= 1000.0;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.*f %s", value < 9.95 ? 1 : 0, value, kUnits[unit]);
  return text;
}

}  // namespace glrand::output
