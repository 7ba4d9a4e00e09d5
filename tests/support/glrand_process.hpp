// SPDX-License-Identifier: MIT
#pragma once
// Running the glrand executable (GLRAND_EXE) as a child process for the CLI tests: its exit
// status, standard output and standard error, plus the small helpers the tests share for
// files, messages, byte comparison, .npy headers and expected failures.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "temp_dir.hpp"

#ifndef GLRAND_EXE
#error "GLRAND_EXE must name the glrand executable"
#endif

namespace glrand_test {

// ---------------------------------------------------------------------------------------
// Files

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

inline std::string join(const std::vector<std::string>& words, const char* separator = " ") {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : separator) + w;
  return text;
}

// ---------------------------------------------------------------------------------------
// Running the command

struct RunResult {
  bool exited = false;  // normal exit (not a signal)
  int status = -1;      // exit status if exited, else the signal number
  std::string out;      // standard output, bytes
  std::string err;      // standard error, text

  bool ok() const { return exited && status == 0; }
  std::string describe() const {
    return (exited ? "exit status " + std::to_string(status) : "killed by signal " + std::to_string(status)) +
           "; stderr:\n" + err;
  }
};

inline constexpr auto kRunTimeout = std::chrono::seconds(120);

// Runs `program` (looked up in PATH when it has no slash) with `args` in directory `cwd`,
// standard input from /dev/null, standard output and error captured through pipes.
inline RunResult run_program(const std::string& program, const std::vector<std::string>& args, const std::filesystem::path& cwd) {
  int out_pipe[2], err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0 || ::pipe2(err_pipe, O_CLOEXEC) != 0)
    throw std::runtime_error("pipe2 failed");
  std::vector<std::string> storage{program};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  const std::string dir = cwd.string();

  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    // Child: only async-signal-safe calls from here on.
    ::setpgid(0, 0);  // its own group, so a timeout can end it with everything it started
    const int in = ::open("/dev/null", O_RDONLY);
    if (in < 0 || ::dup2(in, STDIN_FILENO) < 0 || ::dup2(out_pipe[1], STDOUT_FILENO) < 0 ||
        ::dup2(err_pipe[1], STDERR_FILENO) < 0 || ::chdir(dir.c_str()) != 0)
      ::_exit(126);
    ::close_range(3, ~0U, 0);  // descriptors the test runner inherited (a jobserver's) stay out
    ::signal(SIGPIPE, SIG_DFL);
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);

  RunResult result;
  const auto deadline = std::chrono::steady_clock::now() + kRunTimeout;
  std::array<pollfd, 2> fds{{{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}}};
  std::array<std::string*, 2> sinks{&result.out, &result.err};
  int open_count = 2;
  bool timed_out = false;
  std::vector<char> buffer(1 << 16);
  while (open_count > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      ::kill(-pid, SIGKILL);
      break;
    }
    const int ready = ::poll(fds.data(), fds.size(), static_cast<int>(left.count()));
    if (ready < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = ::read(fds[i].fd, buffer.data(), buffer.size());
      if (n > 0) {
        sinks[i]->append(buffer.data(), static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_count;
      }
    }
  }
  for (auto& f : fds)
    if (f.fd >= 0) ::close(f.fd);
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) throw std::runtime_error(program + " " + join(args) + " ran for more than 120 s");
  result.exited = WIFEXITED(wstatus);
  result.status = result.exited ? WEXITSTATUS(wstatus) : WTERMSIG(wstatus);
  return result;
}

// The executable under test: $GLRAND_EXE where set (test binaries carried to another machine,
// as bench/gpu/ does), else the one this build made.
inline std::string glrand_executable() {
  const char* given = std::getenv("GLRAND_EXE");
  return given && *given ? given : GLRAND_EXE;
}

// The little-endian values of T in `bytes` (glrand's raw output).
template <typename T>
std::vector<T> values_of(const std::string& bytes) {
  REQUIRE(std::endian::native == std::endian::little);
  REQUIRE(bytes.size() % sizeof(T) == 0);
  std::vector<T> v(bytes.size() / sizeof(T));
  std::memcpy(v.data(), bytes.data(), bytes.size());
  return v;
}

// Runs glrand with standard input, output and error on a new pseudo-terminal; returns the
// exit status and everything written to the terminal.
inline std::pair<int, std::string> glrand_on_terminal(const std::vector<std::string>& args, const std::filesystem::path& cwd) {
  std::vector<std::string> storage{glrand_executable()};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  const std::string dir = cwd.string();
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  if (pid < 0) throw std::runtime_error("forkpty failed: " + std::string(std::strerror(errno)));
  if (pid == 0) {
    if (::chdir(dir.c_str()) != 0) ::_exit(126);
    ::close_range(3, ~0U, 0);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  std::string text;
  std::vector<char> buffer(4096);
  const auto deadline = std::chrono::steady_clock::now() + kRunTimeout;
  for (;;) {
    pollfd fd{master, POLLIN, 0};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      ::kill(pid, SIGKILL);
      break;
    }
    if (::poll(&fd, 1, static_cast<int>(left.count())) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    const ssize_t n = ::read(master, buffer.data(), buffer.size());
    if (n > 0) {
      text.append(buffer.data(), static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;  // EIO once the child has closed the terminal
    }
  }
  ::close(master);
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  return {WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus), text};
}

inline RunResult run_glrand(const std::vector<std::string>& args, const std::filesystem::path& cwd) {
  return run_program(glrand_executable(), args, cwd);
}

// Runs glrand and requires success, with its stderr in the failure message.
inline RunResult glrand_ok(const std::vector<std::string>& args, const std::filesystem::path& cwd) {
  INFO("glrand " << join(args));
  RunResult r = run_glrand(args, cwd);
  INFO(r.describe());
  REQUIRE(r.ok());
  return r;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A usage error's second line says where the options are listed ("Run 'glrand generate
// --help' for the options."); it is not part of the message.
inline bool is_usage_hint(const std::string& line) {
  return line.rfind("Run 'glrand", 0) == 0 && line.ends_with(" --help' for the options.");
}
// Printed whenever a headless context is opened on a machine without a GPU (as here, with
// llvmpipe): information, not part of an error message.
inline const std::string kSoftwareNotice = "glrand: no GPU found; using ";

// The lines of stderr that carry a message (without the usage hint and the notice).
inline std::vector<std::string> message_lines(const std::string& err) {
  std::vector<std::string> lines;
  for (auto& line : lines_of(err))
    if (!is_usage_hint(line) && !line.empty() && line.rfind(kSoftwareNotice, 0) != 0) lines.push_back(line);
  return lines;
}

template <typename T>
inline std::string as_bytes(const std::vector<T>& values) {
  std::string bytes(values.size() * sizeof(T), '\0');
  std::memcpy(bytes.data(), values.data(), bytes.size());  // host byte order: the tests require little-endian
  return bytes;
}

// "" if equal, else where they first differ (in units of `element` bytes).
inline std::string difference(const std::string& actual, const std::string& expected, std::size_t element = 1) {
  if (actual == expected) return "";
  std::string text = "sizes " + std::to_string(actual.size()) + " (actual) and " + std::to_string(expected.size()) +
                     " (expected)";
  const std::size_t common = std::min(actual.size(), expected.size());
  for (std::size_t i = 0; i < common; ++i)
    if (actual[i] != expected[i])
      return text + "; first difference at byte " + std::to_string(i) + " (element " + std::to_string(i / element) + ")";
  return text;
}

// ---------------------------------------------------------------------------------------
// NumPy .npy headers

struct NpyHeader {
  std::size_t data_offset = 0;
  std::string dict;
};

// Checks magic, version 1.0, the length field, the 64-byte alignment and the trailing
// newline; returns the dictionary text.
inline NpyHeader parse_npy(const std::string& file) {
  REQUIRE(file.size() >= 10);
  REQUIRE(file.substr(0, 6) == std::string("\x93NUMPY", 6));
  REQUIRE(file[6] == '\x01');
  REQUIRE(file[7] == '\x00');
  const std::size_t header_len = static_cast<unsigned char>(file[8]) | (static_cast<unsigned char>(file[9]) << 8);
  NpyHeader h;
  h.data_offset = 10 + header_len;
  CHECK(h.data_offset % 64 == 0);
  REQUIRE(file.size() >= h.data_offset);
  h.dict = file.substr(10, header_len);
  CHECK(h.dict.back() == '\n');
  return h;
}

// The dictionary, whitespace-insensitive, against the expected entries.
inline void check_npy_dict(const std::string& dict, const std::string& descr, const std::string& shape) {
  std::string compact;
  for (char c : dict)
    if (c != ' ' && c != '\n') compact += c;
  INFO("header dict: " << dict);
  REQUIRE(compact.front() == '{');
  CHECK(compact.find("'descr':'" + descr + "'") != std::string::npos);
  CHECK(compact.find("'fortran_order':False") != std::string::npos);
  CHECK(compact.find("'shape':" + shape) != std::string::npos);
  const auto close = compact.rfind('}');
  REQUIRE(close != std::string::npos);
  CHECK(close + 1 == compact.size());
}

struct BadCase {
  std::vector<std::string> args;  // after "generate"/"render"/...
  std::string phrase;             // must appear in the message
};

// Runs a case that must fail: a non-zero exit status (not a crash), exactly one message line
// on stderr containing `phrase`, nothing on stdout, and nothing new in `dir`.
inline void check_failure(const BadCase& c, const TempDir& dir, const std::vector<std::string>& entries_before) {
  INFO("glrand " << join(c.args));
  const auto r = run_glrand(c.args, dir.path());
  INFO(r.describe());
  CHECK(r.exited);
  CHECK(r.status != 0);
  CHECK(r.status < 128);
  const auto lines = message_lines(r.err);
  CHECK(lines.size() == 1);
  CHECK(r.err.find(c.phrase) != std::string::npos);
  CHECK(r.out.empty());
  CHECK(dir.entries() == entries_before);
}

}  // namespace glrand_test
