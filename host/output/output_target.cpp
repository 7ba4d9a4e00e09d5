// SPDX-License-Identifier: MIT
#include "output/output_target.hpp"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <glrand/error.hpp>

namespace glrand::output {
namespace {

// More links than the kernel follows (Linux's MAXSYMLINKS) are a loop.
constexpr int kMaxLinks = 40;

std::string quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

[[noreturn]] void fail(const std::filesystem::path& given, int error_number) {
  throw Error("cannot create output file " + quoted(given) + ": " + std::strerror(error_number));
}

// Reads one decimal number at the front of `text` and drops it.
template <class T>
std::optional<T> take_number(std::string_view& text) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end == text.data()) return std::nullopt;
  text.remove_prefix(static_cast<std::size_t>(end - text.data()));
  return value;
}

bool take(std::string_view& text, std::string_view prefix) {
  if (!text.starts_with(prefix)) return false;
  text.remove_prefix(prefix.size());
  return true;
}

// The process directory whose descriptors a canonical directory lists: "/proc/PID" for
// "/proc/PID/fd" or "/proc/PID/task/TID/fd" (what /dev/fd, /proc/self/fd and
// /proc/thread-self/fd resolve to).
std::optional<std::string> descriptor_directory_owner(std::string_view directory) {
  const std::string_view whole = directory;
  if (!take(directory, "/proc/") || !take_number<pid_t>(directory)) return std::nullopt;
  const std::string owner(whole.substr(0, whole.size() - directory.size()));
  if (take(directory, "/task/") && !take_number<pid_t>(directory)) return std::nullopt;
  return directory == "/fd" ? std::optional<std::string>(owner) : std::nullopt;
}

std::optional<int> descriptor_number(std::string_view name) {
  const auto number = take_number<int>(name);
  return number && name.empty() ? number : std::nullopt;
}

std::string canonical_directory(const std::filesystem::path& directory, const std::filesystem::path& given) {
  const std::unique_ptr<char, decltype(&std::free)> real(::realpath(directory.c_str(), nullptr), &std::free);
  if (!real) fail(given, errno);
  return real.get();
}

std::filesystem::path read_link(const std::filesystem::path& link, const std::filesystem::path& given) {
  std::string target(PATH_MAX, '\0');
  const ssize_t size = ::readlink(link.c_str(), target.data(), target.size());
  if (size < 0) fail(given, errno);
  if (static_cast<std::size_t>(size) == target.size()) fail(given, ENAMETOOLONG);
  target.resize(static_cast<std::size_t>(size));
  return target;
}

}  // namespace

OutputTarget resolve_output_target(const std::filesystem::path& path) {
  std::filesystem::path current = path;
  for (int link = 0; link <= kMaxLinks; ++link) {
    const std::string name = current.filename().string();
    if (name.empty() || name == "." || name == "..")
      throw InvalidArgument("output path " + quoted(path) + " is a directory");
    const std::string directory = canonical_directory(current.has_parent_path() ? current.parent_path() : ".", path);
    // A descriptor's entry is a link the kernel follows to the open file itself (a pipe has
    // no name to follow): use this process's descriptor as it is, open another's in place.
    if (const auto owner = descriptor_directory_owner(directory)) {
      const auto number = descriptor_number(name);
      // /proc/self as this process's /proc sees it (a sandbox's /proc may number it otherwise).
      if (number && *owner == canonical_directory("/proc/self", path)) return {OutputTarget::Kind::descriptor, {}, *number};
      return {OutputTarget::Kind::special, std::filesystem::path(directory) / name};
    }
    const std::filesystem::path full = std::filesystem::path(directory) / name;
    struct stat status {};
    if (::lstat(full.c_str(), &status) != 0) {
      if (errno == ENOENT) return {OutputTarget::Kind::file, full};
      fail(path, errno);
    }
    if (S_ISLNK(status.st_mode)) {
      const std::filesystem::path target = read_link(full, path);
      current = target.is_absolute() ? target : std::filesystem::path(directory) / target;
      continue;
    }
    if (S_ISREG(status.st_mode)) return {OutputTarget::Kind::file, full};
    if (S_ISDIR(status.st_mode)) throw InvalidArgument("output path " + quoted(path) + " is a directory");
    return {OutputTarget::Kind::special, full};
  }
  fail(path, ELOOP);
}

bool is_null_device(const std::filesystem::path& path) {
  struct stat s {};
  return ::stat(path.c_str(), &s) == 0 && S_ISCHR(s.st_mode) && major(s.st_rdev) == 1 && minor(s.st_rdev) == 3;
}

}  // namespace glrand::output
