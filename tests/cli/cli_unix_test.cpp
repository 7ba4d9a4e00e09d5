// SPDX-License-Identifier: MIT
// The glrand command in everyday Unix use, end to end (the real executable, GLRAND_EXE):
// outputs that are not regular files (devices made with mknod, FIFOs, sockets, symbolic links,
// this process's descriptors), signals during a run, progress and identity, exit statuses,
// text formats and the options each path refuses. Every device node, FIFO, socket and link is
// made in the test's own temporary directory; the system's /dev is never written.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"
#include "support/glrand_process.hpp"
#include "park_miller_words.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;
namespace fs = std::filesystem;
namespace pm = glrand::pm;
namespace wh = glrand::wh;

namespace {

using Args = std::vector<std::string>;

// Park–Miller from the default seed.
std::vector<std::uint32_t> pm_words(std::uint64_t count) { return pm_reference(1, 0, count); }

const Args kPmInts = {"generate", "-g", "pm", "--path", "cpu", "-n", "100000", "--format", "ints", "-q"};
const std::string kPmIntsBytes = as_bytes(pm_words(100000));

Args with_output(Args args, const std::string& output) {
  args.push_back("-o");
  args.push_back(output);
  return args;
}

bool is_character_device(const fs::path& path, unsigned major, unsigned minor) {
  struct stat status {};
  return ::lstat(path.c_str(), &status) == 0 && S_ISCHR(status.st_mode) && status.st_rdev == makedev(major, minor);
}

// Makes a character device node that can be written (root only; some containers refuse even
// root, and a nodev mount makes nodes that cannot be opened). Returns why not, or "".
std::string make_character_device(const fs::path& path, unsigned major, unsigned minor) {
  if (::geteuid() != 0) return "not running as root, and mknod needs root";
  if (::mknod(path.c_str(), S_IFCHR | 0666, makedev(major, minor)) != 0)
    return std::string("mknod refused: ") + std::strerror(errno);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return "a device node made here cannot be opened (" + std::string(std::strerror(errno)) + ")";
  ::close(fd);
  return "";
}

// Reads everything a connection delivers until end of file.
std::string read_all(int fd) {
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      bytes.append(buffer, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      return bytes;
    }
  }
}

// A glrand process started in the background, its stdout and stderr in files of `dir`, every
// signal at its default disposition (whatever the test runner ignores or blocks).
class BackgroundGlrand {
 public:
  BackgroundGlrand(const Args& args, const TempDir& dir) : err_path_(dir / "stderr.txt") {
    std::vector<std::string> storage{glrand_executable()};
    storage.insert(storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& s : storage) argv.push_back(s.data());
    argv.push_back(nullptr);
    const std::string cwd = dir.path().string(), in = (dir / "stdin.txt").string(), out = (dir / "stdout.bin").string(),
                      err = err_path_.string();
    write_file(in, "");
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      for (const int s : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) ::signal(s, SIG_DFL);
      sigset_t none;
      sigemptyset(&none);
      ::sigprocmask(SIG_SETMASK, &none, nullptr);
      const int fd_in = ::open(in.c_str(), O_RDONLY), fd_out = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644),
                fd_err = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd_in < 0 || fd_out < 0 || fd_err < 0 || ::dup2(fd_in, 0) < 0 || ::dup2(fd_out, 1) < 0 ||
          ::dup2(fd_err, 2) < 0 || ::chdir(cwd.c_str()) != 0)
        ::_exit(126);
      ::close_range(3, ~0U, 0);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
  }
  ~BackgroundGlrand() {
    if (!status_) {
      ::kill(pid_, SIGKILL);
      wait();
    }
  }

  void signal(int signal_number) const {
    if (!status_) ::kill(pid_, signal_number);
  }
  // Reaps the process once it has ended (and keeps its status, so that its pid is never
  // signalled again: another process may have it by then).
  bool running() {
    int status = 0;
    if (!status_ && ::waitpid(pid_, &status, WNOHANG) == pid_) status_ = status;
    return !status_;
  }
  // The exit status, or 1000 + the signal that ended it.
  int wait() {
    while (!status_) {
      int status = 0;
      const pid_t reaped = ::waitpid(pid_, &status, 0);
      if (reaped == pid_) status_ = status;
      else if (errno != EINTR) throw std::runtime_error("waitpid failed");
    }
    return WIFEXITED(*status_) ? WEXITSTATUS(*status_) : 1000 + WTERMSIG(*status_);
  }
  std::string err() const { return read_file(err_path_); }

 private:
  fs::path err_path_;
  pid_t pid_ = -1;
  std::optional<int> status_;  // waitpid's, once reaped
};

// The first entry of `directory` whose name starts with `prefix` and that holds at least one
// byte, waiting up to a minute for it (while `process` runs).
std::optional<fs::path> wait_for_partial_file(const fs::path& directory, const std::string& prefix,
                                              BackgroundGlrand& process) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline && process.running()) {
    for (const auto& entry : fs::directory_iterator(directory)) {
      std::error_code ignored;
      if (entry.path().filename().string().rfind(prefix, 0) == 0 && fs::file_size(entry.path(), ignored) > 0)
        return entry.path();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return std::nullopt;
}

std::string link_text(const fs::path& link) { return fs::read_symlink(link).string(); }

}  // namespace

// =========================================================================================
// 1. Outputs that are not regular files

// The null and full devices (1,3 and 1,7), made in the test's directory as root. Another user
// cannot replace the system's /dev/null and /dev/full (/dev is not theirs), so there the test
// writes those, after checking that they are the devices they should be.
TEST_CASE("a character device is written in place, never replaced; /dev/full's ENOSPC is one line", "[cli][unix]") {
  TempDir dir;
  fs::path null = dir / "null", full = dir / "full";
  const std::string why_not = make_character_device(null, 1, 3);
  if (!why_not.empty()) {
    null = "/dev/null";
    full = "/dev/full";
    if (::geteuid() == 0 || !is_character_device(null, 1, 3) || !is_character_device(full, 1, 7)) {
      WARN("skipped: " << why_not << ", and /dev/null and /dev/full are not the devices to use instead");
      return;
    }
  } else {
    REQUIRE(make_character_device(full, 1, 7).empty());
  }
  const auto before = dir.entries();

  for (const auto& format : {"ints", "f32", "f64", "text"}) {
    INFO("--format " << format);
    glrand_ok({"generate", "-g", "pm", "--path", "cpu", "-n", "1e6", "--format", format, "-o", null.string()},
              dir.path());
    CHECK(is_character_device(null, 1, 3));
  }
  // The same through a symbolic link to the node: the node is written, the link kept.
  fs::create_symlink(null, dir / "to-null");
  glrand_ok(with_output(kPmInts, "to-null"), dir.path());
  CHECK(is_character_device(null, 1, 3));
  CHECK(fs::is_symlink(dir / "to-null"));
  fs::remove(dir / "to-null");

  const auto r = run_glrand(with_output(kPmInts, full.string()), dir.path());
  INFO(r.describe());
  CHECK(r.exited);
  CHECK(r.status == 1);
  CHECK(message_lines(r.err).size() == 1);
  CHECK(r.err.find("'" + full.string() + "': No space left on device") != std::string::npos);
  CHECK(is_character_device(full, 1, 7));
  CHECK(dir.entries() == before);
}

TEST_CASE("a FIFO's reader receives every byte, and the FIFO stays a FIFO", "[cli][unix]") {
  TempDir dir;
  const fs::path fifo = dir / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::string received;
  std::thread reader([&] {
    const int fd = ::open(fifo.c_str(), O_RDONLY);  // blocks until glrand opens it for writing
    if (fd < 0) return;
    received = read_all(fd);
    ::close(fd);
  });
  const auto r = run_glrand(with_output(kPmInts, "fifo"), dir.path());
  // Had glrand failed before opening the FIFO, the reader would wait for ever: open it here.
  const int unblock = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
  if (unblock >= 0) ::close(unblock);
  reader.join();
  INFO(r.describe());
  CHECK(r.ok());
  CHECK(difference(received, kPmIntsBytes, 4) == "");
  struct stat status {};
  CHECK((::lstat(fifo.c_str(), &status) == 0 && S_ISFIFO(status.st_mode)));
  CHECK(dir.entries() == std::vector<std::string>{"fifo"});
}

TEST_CASE("a FIFO whose reader stops early ends the run quietly, as a pipe does", "[cli][unix]") {
  TempDir dir;
  const fs::path fifo = dir / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::string received;
  std::thread reader([&] {
    const int fd = ::open(fifo.c_str(), O_RDONLY);
    if (fd < 0) return;
    char buffer[400];
    std::size_t got = 0;
    while (got < sizeof buffer) {
      const ssize_t n = ::read(fd, buffer + got, sizeof buffer - got);
      if (n <= 0) break;
      got += static_cast<std::size_t>(n);
    }
    received.assign(buffer, got);
    ::close(fd);
  });
  const auto r = run_glrand({"generate", "-g", "pm", "--path", "cpu", "-n", "1e8", "--format", "ints", "-o", "fifo"},
                            dir.path());
  const int unblock = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
  if (unblock >= 0) ::close(unblock);
  reader.join();
  INFO(r.describe());
  CHECK(r.ok());
  CHECK(message_lines(r.err).empty());
  CHECK(received == kPmIntsBytes.substr(0, 400));
}

TEST_CASE("a Unix-domain socket is connected to and written in place", "[cli][unix]") {
  TempDir dir;
  const fs::path path = dir / "sock";
  const int listener = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  REQUIRE(listener >= 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  REQUIRE(path.native().size() < sizeof address.sun_path);
  std::strcpy(address.sun_path, path.c_str());
  REQUIRE(::bind(listener, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
  REQUIRE(::listen(listener, 1) == 0);
  std::string received;
  std::thread server([&] {
    const int connection = ::accept(listener, nullptr, nullptr);
    if (connection < 0) return;
    received = read_all(connection);
    ::close(connection);
  });
  const auto r = run_glrand(with_output(kPmInts, "sock"), dir.path());
  // Unblocks accept() had glrand failed before connecting.
  const int unblock = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  ::connect(unblock, reinterpret_cast<const sockaddr*>(&address), sizeof address);
  ::close(unblock);
  server.join();
  ::close(listener);
  INFO(r.describe());
  CHECK(r.ok());
  CHECK(difference(received, kPmIntsBytes, 4) == "");
  CHECK(fs::is_socket(fs::symlink_status(path)));
}

TEST_CASE("this process's descriptors (/dev/stdout, /dev/fd/N, /proc/self/fd/N) are written in place", "[cli][unix]") {
  TempDir dir;
  for (const auto& name : {"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"}) {
    INFO("-o " << name);
    const auto r = glrand_ok(with_output(kPmInts, name), dir.path());
    CHECK(difference(r.out, kPmIntsBytes, 4) == "");
  }
  const auto closed = run_glrand(with_output(kPmInts, "/dev/fd/9"), dir.path());
  INFO(closed.describe());
  CHECK(closed.status == 1);
  CHECK(closed.err.find("'/dev/fd/9': Bad file descriptor") != std::string::npos);
  CHECK(dir.entries().empty());
}

TEST_CASE("a symbolic link is followed: its target is replaced atomically and the link stays a link", "[cli][unix]") {
  TempDir dir;
  fs::create_directory(dir / "sub");
  const std::string old_contents = "precious old contents\n";
  write_file(dir / "sub" / "target.bin", old_contents);
  // Not the 0600 a temporary file is created with, nor the 0644 of a new file.
  const auto mode = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read;
  fs::permissions(dir / "sub" / "target.bin", mode, fs::perm_options::replace);
  fs::create_symlink("sub/target.bin", dir / "link.bin");
  fs::create_symlink("link.bin", dir / "link-to-link.bin");

  // A failure leaves the target intact and no temporary beside the target or the link.
  const auto failed = run_glrand({"generate", "-g", "pm", "--path", "cpu", "-n", "2^50", "--format", "ints", "-o",
                                  "link-to-link.bin"},
                                 dir.path());
  INFO(failed.describe());
  CHECK(failed.status != 0);
  CHECK(read_file(dir / "sub" / "target.bin") == old_contents);

  glrand_ok(with_output(kPmInts, "link-to-link.bin"), dir.path());
  CHECK(fs::is_symlink(dir / "link-to-link.bin"));
  CHECK(fs::is_symlink(dir / "link.bin"));
  CHECK(link_text(dir / "link.bin") == "sub/target.bin");
  CHECK(difference(read_file(dir / "sub" / "target.bin"), kPmIntsBytes, 4) == "");
  // A replaced file keeps its permissions.
  CHECK(fs::status(dir / "sub" / "target.bin").permissions() == mode);
  CHECK(dir.entries() == std::vector<std::string>{"link-to-link.bin", "link.bin", "sub"});
  CHECK(TempDir::entries_of(dir / "sub") == std::vector<std::string>{"target.bin"});

  // A dangling link: its target is created.
  fs::create_symlink("sub/new.bin", dir / "dangling.bin");
  glrand_ok(with_output(kPmInts, "dangling.bin"), dir.path());
  CHECK(fs::is_symlink(dir / "dangling.bin"));
  CHECK(difference(read_file(dir / "sub" / "new.bin"), kPmIntsBytes, 4) == "");

  // A loop is one line, not a hang.
  fs::create_symlink("loop-b", dir / "loop-a");
  fs::create_symlink("loop-a", dir / "loop-b");
  const auto loop = run_glrand(with_output(kPmInts, "loop-a"), dir.path());
  INFO(loop.describe());
  CHECK(loop.status == 1);
  CHECK(message_lines(loop.err).size() == 1);
  CHECK(loop.err.find("Too many levels of symbolic links") != std::string::npos);
}

// The process ends by the signal itself, which a shell reports as 128 + its number (and a
// shell loop stops on, as it would not on a plain exit).
TEST_CASE("SIGINT, SIGTERM and SIGHUP mid-write remove the temporary and leave the target intact", "[cli][unix]") {
  const std::pair<int, const char*> signals[] = {{SIGINT, "SIGINT"}, {SIGTERM, "SIGTERM"}, {SIGHUP, "SIGHUP"}};
  for (const auto& [signal_number, name] : signals) {
    INFO(name);
    TempDir dir;
    fs::create_directory(dir / "sub");
    const std::string old_contents = "precious old contents\n";
    write_file(dir / "sub" / "target.bin", old_contents);
    fs::create_symlink("sub/target.bin", dir / "link.bin");
    // CEICG on the GL path: slow enough on any device to be caught mid-write (256 MB).
    BackgroundGlrand run({"generate", "-g", "ceicg", "-n", "2^26", "--format", "f32", "-o", "link.bin"}, dir);
    // The temporary is beside the link's target, not beside the link.
    const auto partial = wait_for_partial_file(dir / "sub", "target.bin.tmp-", run);
    REQUIRE(partial);
    run.signal(signal_number);
    const int status = run.wait();
    INFO("stderr: " << run.err());
    CHECK(status == 1000 + signal_number);  // ended by the signal
    const auto lines = message_lines(run.err());
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind(std::string("glrand: stopped by ") + name, 0) == 0);
    CHECK(lines[0].find("the unfinished output was removed and '" + fs::canonical(dir / "sub" / "target.bin").string() +
                        "' left as it was") != std::string::npos);
    CHECK(!fs::exists(*partial));
    CHECK(TempDir::entries_of(dir / "sub") == std::vector<std::string>{"target.bin"});
    CHECK(read_file(dir / "sub" / "target.bin") == old_contents);
    CHECK(fs::is_symlink(dir / "link.bin"));
  }
}

// =========================================================================================
// 2. Progress, identity and exit statuses

TEST_CASE("glrand version and glrand --version print the version, commit, build type and paths", "[cli]") {
  TempDir dir;
  for (const Args& args : {Args{"--version"}, Args{"version"}}) {
    INFO("glrand " << join(args));
    const auto r = glrand_ok(args, dir.path());
    const auto lines = lines_of(r.out);
    REQUIRE(lines.size() >= 5);
    CHECK(lines[0] == "glrand " GLRAND_TEST_PROJECT_VERSION);
    CHECK(lines[1].rfind("commit ", 0) == 0);
    CHECK(lines[2].rfind("build type ", 0) == 0);
    CHECK(lines[3].find("gl (") != std::string::npos);
    CHECK(lines[3].find("cuda") != std::string::npos);
    CHECK(r.out.find("mkl") != std::string::npos);
    CHECK(r.out.find(GLRAND_TEST_HAS_DIEHARDER ? "libdieharder" : "not built") != std::string::npos);
  }
}

TEST_CASE("exit statuses: 2 for bad usage with the house one-line format, 1 at run time, never CLI11's codes",
          "[cli]") {
  TempDir dir;
  struct Case {
    Args args;
    int status;
    std::string phrase;
    bool hint;  // a second line naming where the options are listed
  };
  const std::vector<Case> cases{
      {{"generate", "-n", "10", "--bogus", "-o", "out.bin"}, 2, "--bogus", true},
      {{"generate", "-n"}, 2, "--count", true},
      {{}, 2, "subcommand", true},
      {{"nope"}, 2, "unknown command 'nope'", true},
      {{"generate", "-n", "10", "--device", "abc", "-o", "out.bin"}, 2, "--device", false},
      {{"generate", "-n", "abc", "-o", "out.bin"}, 2, "whole number", false},
      {{"generate", "-n", "10", "--path", "cpu", "-o", "/dev/fd/9"}, 1, "Bad file descriptor", false},
      {{"render", "--size", "8x8"}, 2, "--output is required", true},
      {{"generate", "-n", "2^50", "--path", "cpu", "--format", "f64", "-o", "out.bin"}, 1, "are free on", false},
  };
  for (const auto& c : cases) {
    INFO("glrand " << join(c.args));
    const auto r = run_glrand(c.args, dir.path());
    INFO(r.describe());
    CHECK(r.exited);
    CHECK(r.status == c.status);
    const auto lines = lines_of(r.err);
    REQUIRE(lines.size() == (c.hint ? 2u : 1u));
    CHECK(lines[0].rfind("glrand: error: ", 0) == 0);
    CHECK(lines[0].find(c.phrase) != std::string::npos);
    if (c.hint) CHECK(std::regex_match(lines[1], std::regex("Run 'glrand( [a-z-]+)? --help' for the options\\.")));
    CHECK(r.out.empty());
  }
  CHECK(dir.entries().empty());
}

namespace {

// The seconds a run's summary line reports ("... in 4.21 s (...)"), or -1.
double reported_seconds(const std::string& err) {
  std::smatch match;
  static const std::regex summary(" in ([0-9.]+) s \\(");
  return std::regex_search(err, match, summary) ? std::stod(match[1]) : -1;
}

}  // namespace

TEST_CASE("progress: on a terminal by default, plain lines with --progress, none with -q or in a pipe", "[cli]") {
  TempDir dir;
  // CEICG's CPU reference: a few seconds for 2*10^7 outputs (five chunks) on a small machine.
  // The first progress line comes after a second, so a run that reports less shows none.
  const Args run = {"generate", "-g", "ceicg", "--path", "cpu", "-n", "2e7", "--format", "f32", "-o", "out.bin"};
  const std::regex line("glrand: [0-9.]+( [kMG])? of 20\\.0 M outputs \\([0-9]+%\\), [0-9.]+( [kMG])? outputs/s, "
                        "[0-9]+:[0-9]{2} left");
  auto args = run;
  args.push_back("--progress");
  const auto forced = glrand_ok(args, dir.path());
  int progress_lines = 0;
  for (const auto& l : lines_of(forced.err)) progress_lines += std::regex_match(l, line);
  INFO(forced.err);
  const double seconds = reported_seconds(forced.err);
  REQUIRE(seconds >= 0);
  if (seconds >= 1.5) {
    CHECK(progress_lines >= 1);
  } else {
    WARN("the run took " << seconds << " s, too short for a progress line (the first comes after 1 s)");
  }
  CHECK(forced.err.find('\r') == std::string::npos);  // plain lines in a log

  const auto piped = glrand_ok(run, dir.path());
  for (const auto& l : lines_of(piped.err)) CHECK(!std::regex_match(l, line));
  Args quiet = {"generate", "-g", "ceicg", "--path", "cpu", "-n", "1e5", "-q", "-o", "out.bin"};
  CHECK(glrand_ok(quiet, dir.path()).err.empty());
  quiet.push_back("--progress");
  CHECK(run_glrand(quiet, dir.path()).status == 2);

  const auto [status, text] = glrand_on_terminal(run, dir.path());
  INFO("terminal output: " << text);
  CHECK(status == 0);
  if (reported_seconds(text) >= 1.5) {
    CHECK(text.find("\r\033[K") != std::string::npos);
    CHECK(text.find(" left") != std::string::npos);
  }
  CHECK(text.find("glrand: ceicg 20000000 outputs (f32) to out.bin") != std::string::npos);
}

TEST_CASE("render says what it wrote, unless -q", "[cli]") {
  TempDir dir;
  const auto r = glrand_ok({"render", "--size", "16x8", "--path", "cpu", "-o", "pic.png"}, dir.path());
  const auto lines = message_lines(r.err);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].rfind("glrand: wrote 'pic.png', 16x8 pixels", 0) == 0);
  CHECK(glrand_ok({"render", "--size", "16x8", "--path", "cpu", "-q", "-o", "pic.png"}, dir.path()).err.empty());
}

// =========================================================================================
// 3. Numbers in and out

TEST_CASE("text formats (text, text-f64, text-ints): one output a line, the reference's values", "[cli]") {
  TempDir dir;
  const auto words = pm_words(1000);
  const auto text = glrand_ok({"generate", "-g", "pm", "--path", "cpu", "-n", "1000", "--format", "text", "-q"}, dir.path());
  const auto text_f64 =
      glrand_ok({"generate", "-g", "pm", "--path", "cpu", "-n", "1000", "--format", "text-f64", "-q"}, dir.path());
  const auto lines = lines_of(text.out), lines_f64 = lines_of(text_f64.out);
  REQUIRE(lines.size() == 1000);
  REQUIRE(lines_f64.size() == 1000);
  for (std::size_t i = 0; i < words.size(); ++i) {
    char expected[64], expected_f64[64];
    std::snprintf(expected, sizeof expected, "%.9g", static_cast<double>(pm::to_f32(words[i])));
    std::snprintf(expected_f64, sizeof expected_f64, "%.17g", pm::to_f64(words[i]));
    if (lines[i] != expected || lines_f64[i] != expected_f64) {
      FAIL("output " << i << ": '" << lines[i] << "', '" << lines_f64[i] << "', expected '" << expected << "', '"
                     << expected_f64 << "'");
    }
    // %.9g reads back to the same float.
    CHECK(std::strtof(lines[i].c_str(), nullptr) == pm::to_f32(words[i]));
  }

  // Multi-word generators: the exact integers of an output on one line.
  const wh::Parameters& p = wh::parameters(0);
  wh::State s = wh::seed_state(0, 1u);
  const auto ints = lines_of(
      glrand_ok({"generate", "-g", "wh", "--path", "cpu", "-n", "50", "--format", "text-ints", "-q"}, dir.path()).out);
  REQUIRE(ints.size() == 50);
  for (const auto& l : ints) {
    CHECK(l == std::to_string(s[0]) + " " + std::to_string(s[1]) + " " + std::to_string(s[2]) + " " +
                   std::to_string(s[3]));
    s = wh::step(p, s);
  }

  // Text is welcome on a terminal; .npy is refused.
  const auto [status, terminal] =
      glrand_on_terminal({"generate", "-g", "pm", "--path", "cpu", "-n", "3", "--format", "text", "-q"}, dir.path());
  CHECK(status == 0);
  CHECK(terminal.find(lines[2]) != std::string::npos);
  const auto npy = run_glrand({"generate", "-n", "3", "--format", "text", "-o", "x.npy"}, dir.path());
  CHECK(npy.status == 2);
  CHECK(npy.err.find("not a .npy file") != std::string::npos);
  CHECK(dir.entries().empty());
}

TEST_CASE("whole counts in decimal notation, and a .NPY suffix in any case", "[cli]") {
  TempDir dir;
  const auto words = values_of<std::uint32_t>(
      glrand_ok({"generate", "-g", "pm", "--path", "cpu", "-n", "2.5e3", "--format", "ints", "-q", "-o", "-"},
                dir.path())
          .out);
  CHECK(words == pm_words(2500));
  for (const auto& name : {"upper.NPY", "mixed.Npy"}) {
    INFO(name);
    glrand_ok({"generate", "-g", "pm", "--path", "cpu", "-n", "10", "--format", "ints", "-q", "-o", name}, dir.path());
    const std::string file = read_file(dir / name);
    const auto header = parse_npy(file);
    check_npy_dict(header.dict, "<u4", "(10,)");
    CHECK(file.substr(header.data_offset) == as_bytes(pm_words(10)));
  }
  // --format u32 and text refuse .npy names in any case too.
  CHECK(run_glrand({"generate", "-n", "10", "--format", "u32", "-o", "w.NPY"}, dir.path()).status == 2);
}

TEST_CASE("options that mean nothing on the chosen path, and empty seeds, are refused with the reason", "[cli]") {
  TempDir dir;
  const std::vector<BadCase> cases{
      {{"generate", "-n", "10", "--seed", "", "-o", "out.bin"}, "--seed needs a value"},
      {{"generate", "-g", "pm", "-n", "10", "--seed", "", "-o", "out.bin"}, "--seed needs a value"},
      {{"generate", "-g", "mrg32k3a", "-n", "10", "--curand-seed", "", "-o", "out.bin"}, "--curand-seed needs a value"},
      {{"generate", "-n", "1.5", "-o", "out.bin"}, "whole number"},
      {{"generate", "-n", "1e-3", "-o", "out.bin"}, "whole number"},
      {{"generate", "-n", "2^70", "-o", "out.bin"}, "too large"},
      {{"generate", "-n", "-5", "-o", "out.bin"}, "negative"},
  };
  auto bad = cases;
  for (const std::string path : {"cpu", "cuda"}) {
    const Args base{"generate", "-g", "pm", "-n", "10", "--path", path, "-o", "out.bin"};
    auto with = [&](Args extra) {
      Args args = base;
      args.insert(args.end(), extra.begin(), extra.end());
      return args;
    };
    bad.push_back({with({"--substreams", "8"}), "--substreams sets the GL path's substream layout; --path " + path});
    bad.push_back({with({"--split", "blocking"}), "--split sets the GL path's substream layout; --path " + path});
    bad.push_back({with({"--state-update", "cpu"}), "--state-update sets the GL path's substream layout; --path " + path});
    bad.push_back({with({"--profile", "ps30"}), "--profile chooses the GL path's shaders"});
    bad.push_back({with({"--gl-readback", "one-context"}),
                   "--gl-readback says how the GL path reads its passes back; it does not apply to --path " + path});
    bad.push_back({with({"--profile", "compute"}), "it does not apply to --path " + path});
  }
  bad.push_back({{"generate", "-g", "pm", "-n", "10", "--path", "cpu", "--device", "0", "-o", "out.bin"},
                 "--device chooses a GPU; it does not apply to --path cpu"});
  const auto before = dir.entries();
  for (const auto& c : bad) {
    INFO("glrand " << join(c.args));
    const auto r = run_glrand(c.args, dir.path());
    INFO(r.describe());
    CHECK(r.exited);
    CHECK(r.status == 2);
    CHECK(message_lines(r.err).size() == 1);
    CHECK(r.err.find(c.phrase) != std::string::npos);
    CHECK(r.out.empty());
    CHECK(dir.entries() == before);
  }
}

TEST_CASE("on a software renderer the notice says which path is faster for the generator", "[cli]") {
  TempDir dir;
  const auto pm_run = glrand_ok({"generate", "-g", "pm", "-n", "10", "-o", "pm.bin"}, dir.path());
  const auto notice_of = [](const std::string& err) {
    for (const auto& l : lines_of(err))
      if (l.rfind(kSoftwareNotice, 0) == 0) return l;
    return std::string();
  };
  const std::string pm_notice = notice_of(pm_run.err);
  if (pm_notice.empty()) {
    WARN("skipped: this machine has a GPU, so no software-renderer notice");
    return;
  }
  CHECK(pm_notice.find("for -g pm, --path cpu is faster here and gives the same numbers (add --path cpu)") !=
        std::string::npos);
  const std::string ceicg_notice = notice_of(glrand_ok({"generate", "-n", "10", "-o", "c.bin"}, dir.path()).err);
  CHECK(ceicg_notice.find("for -g ceicg, --path cpu is faster here and gives the same numbers (add --path cpu)") !=
        std::string::npos);
  // -q keeps it quiet.
  CHECK(notice_of(glrand_ok({"generate", "-g", "pm", "-n", "10", "-q", "-o", "pm.bin"}, dir.path()).err).empty());
}
