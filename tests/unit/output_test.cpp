// SPDX-License-Identifier: MIT
// Output sinks, atomic files and the CUDA probes. Expected bytes are spelled out by hand (or
// built byte by byte) rather than produced by the code under test.
#include <catch2/catch.hpp>

#include <optional>

#include "file_size_limit.hpp"
#include "support/temp_dir.hpp"
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "output/atomic_file.hpp"
#include "output/output_target.hpp"
#include "output/sink.hpp"
#include "system/cuda_probe.hpp"
#if GLRAND_HAVE_CUDA
#include "cuda/device_list.hpp"
#endif

namespace fs = std::filesystem;
using glrand::output::AtomicFile;
using glrand::output::ElementType;
using glrand::output::OutputSink;
using glrand::output::SinkSpec;

namespace {


std::vector<std::uint8_t> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct ParsedNpy {
  std::uint16_t header_length = 0;  // the little-endian field after the version
  std::size_t data_offset = 0;      // 10 + header_length
  std::string dict;                 // without padding and newline
  std::string padding;              // what followed the dict, newline included
};

ParsedNpy parse_npy(const std::vector<std::uint8_t>& bytes) {
  REQUIRE(bytes.size() >= 10);
  const std::vector<std::uint8_t> magic = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
  REQUIRE(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 8) == magic);
  ParsedNpy parsed;
  parsed.header_length = static_cast<std::uint16_t>(bytes[8] | (bytes[9] << 8));
  parsed.data_offset = 10 + parsed.header_length;
  REQUIRE(bytes.size() >= parsed.data_offset);
  const std::string text(bytes.begin() + 10, bytes.begin() + static_cast<long>(parsed.data_offset));
  const std::size_t close = text.find('}');
  REQUIRE(close != std::string::npos);
  parsed.dict = text.substr(0, close + 1);
  parsed.padding = text.substr(close + 1);
  return parsed;
}

void check_padding(const ParsedNpy& parsed) {
  CHECK(parsed.data_offset % 64 == 0);
  REQUIRE(!parsed.padding.empty());
  CHECK(parsed.padding.back() == '\n');
  CHECK(parsed.padding.find_first_not_of(' ') == parsed.padding.size() - 1);
}

std::vector<std::uint8_t> to_bytes(const std::string& text) { return {text.begin(), text.end()}; }

}  // namespace

TEST_CASE("raw sink writes little-endian bytes", "[output]") {
  TempDir dir;

  SECTION("u32 in two chunks") {
    const fs::path path = dir.path() / "values.bin";
    auto sink = OutputSink::open({path.string(), ElementType::u32, {3}});
    const std::uint32_t first[] = {0x01020304u, 0xA0B0C0D0u};
    const std::uint32_t second[] = {0xFFFFFFFEu};
    sink->write(std::span<const std::uint32_t>(first));
    sink->write(std::span<const std::uint32_t>(second));
    CHECK(sink->elements_written() == 3);
    CHECK_FALSE(fs::exists(path));  // nothing visible before finish()
    sink->finish();
    CHECK(read_bytes(path) == std::vector<std::uint8_t>{0x04, 0x03, 0x02, 0x01, 0xD0, 0xC0, 0xB0,
                                                        0xA0, 0xFE, 0xFF, 0xFF, 0xFF});
  }
  SECTION("f32 with shape (2, 1)") {
    const fs::path path = dir.path() / "values.f32";
    auto sink = OutputSink::open({path.string(), ElementType::f32, {2, 1}});
    const float values[] = {1.0f, -2.5f};  // 0x3F800000, 0xC0200000
    sink->write(std::span<const float>(values));
    sink->finish();
    CHECK(read_bytes(path) ==
          std::vector<std::uint8_t>{0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x20, 0xC0});
  }
  SECTION("f64") {
    const fs::path path = dir.path() / "values.f64";
    auto sink = OutputSink::open({path.string(), ElementType::f64, {1}});
    const double values[] = {0.1};  // 0x3FB999999999999A
    sink->write(std::span<const double>(values));
    sink->finish();
    CHECK(read_bytes(path) ==
          std::vector<std::uint8_t>{0x9A, 0x99, 0x99, 0x99, 0x99, 0x99, 0xB9, 0x3F});
  }
  CHECK(dir.entries().size() == 1);  // the output only, no temporary left over
}

TEST_CASE("npy headers parse back", "[output]") {
  SECTION("u32 (N, 3)") {
    const ParsedNpy parsed = parse_npy(to_bytes(glrand::output::npy_header(ElementType::u32, {5, 3})));
    CHECK(parsed.dict == "{'descr': '<u4', 'fortran_order': False, 'shape': (5, 3), }");
    CHECK(parsed.data_offset == 128);  // 10 + 59-character dict + newline = 70, rounded up to 128
    check_padding(parsed);
  }
  SECTION("f32 (N,)") {
    const ParsedNpy parsed = parse_npy(to_bytes(glrand::output::npy_header(ElementType::f32, {7})));
    CHECK(parsed.dict == "{'descr': '<f4', 'fortran_order': False, 'shape': (7,), }");
    check_padding(parsed);
  }
  SECTION("f64 (N,) with a long count") {
    const ParsedNpy parsed =
        parse_npy(to_bytes(glrand::output::npy_header(ElementType::f64, {123456789012ull})));
    CHECK(parsed.dict == "{'descr': '<f8', 'fortran_order': False, 'shape': (123456789012,), }");
    CHECK(parsed.data_offset == 128);
    check_padding(parsed);
  }
  SECTION("a dict that already fits gets only the newline") {
    // 10 + 117-character dict + '\n' = 128 exactly, so no spaces are needed.
    const std::vector<std::uint64_t> shape = {10000000000000000000ull, 1, 1, 1, 1, 1, 1, 1,
                                              1, 1, 1, 1, 1, 1, 1};
    const ParsedNpy parsed = parse_npy(to_bytes(glrand::output::npy_header(ElementType::u32, shape)));
    CHECK(parsed.dict.size() == 117);
    CHECK(parsed.data_offset == 128);
    CHECK(parsed.padding == "\n");
  }
}

TEST_CASE("npy file holds header then little-endian data", "[output]") {
  TempDir dir;
  const fs::path path = dir.path() / "points.npy";
  auto sink = OutputSink::open({path.string(), ElementType::u32, {2, 3}});
  const std::uint32_t values[] = {1, 2, 3, 0x100, 0x10000, 0x1000000};
  sink->write(std::span<const std::uint32_t>(values));
  sink->finish();

  const std::vector<std::uint8_t> bytes = read_bytes(path);
  const ParsedNpy parsed = parse_npy(bytes);
  CHECK(parsed.dict == "{'descr': '<u4', 'fortran_order': False, 'shape': (2, 3), }");
  check_padding(parsed);
  const std::vector<std::uint8_t> data(bytes.begin() + static_cast<long>(parsed.data_offset), bytes.end());
  CHECK(data == std::vector<std::uint8_t>{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
                                          0, 0, 0, 0, 1});
}

TEST_CASE("a .npy suffix in any case selects NumPy format; other names are raw", "[output]") {
  TempDir dir;
  const std::uint32_t values[] = {7};
  for (const std::string name : {"values.NPY", "values.nPy", "values.npy.bin", "values.npyx", "npy"}) {
    INFO(name);
    const fs::path path = dir.path() / name;
    auto sink = OutputSink::open({path.string(), ElementType::u32, {1}});
    sink->write(std::span<const std::uint32_t>(values));
    sink->finish();
    const auto bytes = read_bytes(path);
    const bool npy = name.size() >= 4 && (name.ends_with(".NPY") || name.ends_with(".nPy"));
    CHECK(glrand::output::is_npy_path(path.string()) == npy);
    if (npy) {
      REQUIRE(bytes.size() > 10);
      CHECK(10u + bytes[8] + 256u * bytes[9] + 4u == bytes.size());
      CHECK(std::string(bytes.begin() + 1, bytes.begin() + 6) == "NUMPY");
      CHECK(std::vector<std::uint8_t>(bytes.end() - 4, bytes.end()) == std::vector<std::uint8_t>{7, 0, 0, 0});
    } else {
      CHECK(bytes == std::vector<std::uint8_t>{7, 0, 0, 0});
    }
  }
}

TEST_CASE("output targets: regular files are replaced, links followed, anything else written in place", "[output]") {
  using glrand::output::OutputTarget;
  using glrand::output::resolve_output_target;
  TempDir dir;
  const fs::path root = fs::canonical(dir.path());
  fs::create_directory(root / "sub");
  std::ofstream(root / "sub" / "file.bin") << "x";
  fs::create_symlink("sub/file.bin", root / "link");
  fs::create_symlink(root / "sub" / "missing.bin", root / "dangling");
  REQUIRE(::mkfifo((root / "fifo").c_str(), 0600) == 0);

  const auto file = resolve_output_target(root / "sub" / "file.bin");
  CHECK(file.kind == OutputTarget::Kind::file);
  CHECK(file.path == root / "sub" / "file.bin");
  const auto fresh = resolve_output_target(root / "new.bin");
  CHECK(fresh.kind == OutputTarget::Kind::file);
  CHECK(fresh.path == root / "new.bin");
  // The rename target is the link chain's end, so that the link stays a link.
  const auto link = resolve_output_target(root / "link");
  CHECK(link.kind == OutputTarget::Kind::file);
  CHECK(link.path == root / "sub" / "file.bin");
  CHECK(resolve_output_target(root / "dangling").path == root / "sub" / "missing.bin");
  const auto fifo = resolve_output_target(root / "fifo");
  CHECK(fifo.kind == OutputTarget::Kind::special);
  CHECK(fifo.path == root / "fifo");
  // This process's descriptors, however they are named.
  for (const std::string name : {"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/proc/thread-self/fd/1"}) {
    INFO(name);
    const auto target = resolve_output_target(name);
    CHECK(target.kind == OutputTarget::Kind::descriptor);
    CHECK(target.descriptor == 1);
  }
  CHECK(resolve_output_target("/dev/stderr").descriptor == 2);

  CHECK_THROWS_WITH(resolve_output_target(root / "sub"), Catch::Contains("is a directory"));
  CHECK_THROWS_WITH(resolve_output_target(root / "nowhere" / "x.bin"), Catch::Contains("No such file or directory"));
  CHECK_THROWS_WITH(resolve_output_target(root / "sub" / "file.bin" / "x.bin"), Catch::Contains("Not a directory"));
  fs::create_symlink("loop-b", root / "loop-a");
  fs::create_symlink("loop-a", root / "loop-b");
  CHECK_THROWS_WITH(resolve_output_target(root / "loop-a"), Catch::Contains("Too many levels of symbolic links"));
}

TEST_CASE("a pipe written in place whose reader has gone is reported as closed, by name", "[output]") {
  struct sigaction ignore {}, previous {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  ::close(fds[0]);
  const std::string name = "/dev/fd/" + std::to_string(fds[1]);
  {
    auto sink = OutputSink::open({name, ElementType::u32, {1}});
    const std::uint32_t values[] = {1};
    CHECK_THROWS_MATCHES(sink->write(std::span<const std::uint32_t>(values)), glrand::output::OutputClosed,
                         Catch::Message("'" + name + "' was closed (broken pipe)"));
  }
  ::close(fds[1]);
  ::sigaction(SIGPIPE, &previous, nullptr);
}

TEST_CASE("wrong element count leaves no file", "[output]") {
  TempDir dir;
  const std::uint32_t values[] = {1, 2, 3, 4};

  SECTION("too few, raw") {
    const fs::path path = dir.path() / "short.bin";
    {
      auto sink = OutputSink::open({path.string(), ElementType::u32, {5}});
      sink->write(std::span<const std::uint32_t>(values));
      CHECK_THROWS_AS(sink->finish(), glrand::Error);
      CHECK_THROWS_WITH(sink->finish(), Catch::Contains("expected 5 values, got 4"));
    }
    CHECK_FALSE(fs::exists(path));
  }
  SECTION("too few, npy") {
    const fs::path path = dir.path() / "short.npy";
    {
      auto sink = OutputSink::open({path.string(), ElementType::u32, {5, 3}});
      sink->write(std::span<const std::uint32_t>(values));
      CHECK_THROWS_AS(sink->finish(), glrand::Error);
    }
    CHECK_FALSE(fs::exists(path));
  }
  SECTION("too many") {
    const fs::path path = dir.path() / "long.bin";
    {
      auto sink = OutputSink::open({path.string(), ElementType::u32, {3}});
      CHECK_THROWS_AS(sink->write(std::span<const std::uint32_t>(values)), glrand::Error);
    }
    CHECK_FALSE(fs::exists(path));
  }
  SECTION("destroyed without finish") {
    const fs::path path = dir.path() / "abandoned.bin";
    {
      auto sink = OutputSink::open({path.string(), ElementType::u32, {4}});
      sink->write(std::span<const std::uint32_t>(values));
    }
    CHECK_FALSE(fs::exists(path));
  }
  CHECK(dir.entries().empty());  // no temporary file either
}

TEST_CASE("writing the wrong element type is a logic error", "[output]") {
  TempDir dir;
  auto sink = OutputSink::open({(dir.path() / "x.bin").string(), ElementType::u32, {1}});
  const float values[] = {1.0f};
  CHECK_THROWS_AS(sink->write(std::span<const float>(values)), std::logic_error);
  CHECK(sink->elements_written() == 0);
}

TEST_CASE("unusable output directories are reported with the path", "[output]") {
  TempDir dir;

  SECTION("missing directory") {
    const std::string path = (dir.path() / "missing" / "x.bin").string();
    CHECK_THROWS_MATCHES(OutputSink::open({path, ElementType::u32, {1}}), glrand::Error,
                         Catch::Message("cannot create output file '" + path +
                                        "': No such file or directory"));
    CHECK_THROWS_WITH(AtomicFile(path), Catch::Contains(path));
  }
  SECTION("parent is a regular file") {
    std::ofstream(dir.path() / "plain").put('x');
    const std::string path = (dir.path() / "plain" / "x.npy").string();
    CHECK_THROWS_MATCHES(OutputSink::open({path, ElementType::f32, {1}}), glrand::Error,
                         Catch::Message("cannot create output file '" + path + "': Not a directory"));
  }
  SECTION("read-only directory") {
    if (::geteuid() == 0) {
      WARN("running as root: directory permissions are not enforced, skipped");
    } else {
      const fs::path locked = dir.path() / "locked";
      fs::create_directory(locked);
      fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
      const std::string path = (locked / "x.bin").string();
      CHECK_THROWS_MATCHES(AtomicFile(path), glrand::Error,
                           Catch::Message("cannot create output file '" + path +
                                          "': Permission denied"));
      fs::permissions(locked, fs::perms::owner_all);
    }
  }
  SECTION("path is a directory") {
    CHECK_THROWS_AS(AtomicFile(dir.path()), glrand::InvalidArgument);
  }
}

TEST_CASE("AtomicFile publishes only on commit", "[output]") {
  TempDir dir;
  const fs::path path = dir.path() / "data.bin";
  const std::byte payload[] = {std::byte{'a'}, std::byte{'b'}, std::byte{'c'}};

  SECTION("destructor without commit removes the temporary") {
    {
      AtomicFile file(path);
      CHECK(file.temp_path().parent_path() == dir.path());
      CHECK(file.temp_path().filename().string().starts_with("data.bin.tmp-"));
      file.write(payload);
      CHECK(fs::exists(file.temp_path()));
    }
    CHECK(dir.entries().empty());
  }
  SECTION("commit renames into place with umask-honouring permissions") {
    const mode_t old_mask = ::umask(027);
    {
      AtomicFile file(path);
      file.write(payload);
      file.commit();
    }
    ::umask(old_mask);
    CHECK(read_bytes(path) == std::vector<std::uint8_t>{'a', 'b', 'c'});
    struct stat info {};
    REQUIRE(::stat(path.c_str(), &info) == 0);
    CHECK((info.st_mode & 0777) == 0640);  // 0644 & ~027
    CHECK(dir.entries() == std::vector<std::string>{"data.bin"});
  }
  SECTION("commit replaces an existing file") {
    std::ofstream(path) << "old contents";
    AtomicFile file(path);
    file.write(payload);
    CHECK(read_bytes(path).size() == 12);  // untouched until commit
    file.commit();
    CHECK(read_bytes(path) == std::vector<std::uint8_t>{'a', 'b', 'c'});
  }
  SECTION("a read-only file is replaced read-only, its temporary writable by its owner until then") {
    // Other processes of the same user (MPI ranks) open the temporary for writing before the
    // commit, which a replaced file's read-only permissions would refuse them.
    std::ofstream(path) << "old contents";
    fs::permissions(path, fs::perms::owner_read | fs::perms::group_read);
    AtomicFile file(path);
    struct stat info {};
    REQUIRE(::stat(file.temp_path().c_str(), &info) == 0);
    CHECK((info.st_mode & 0200) != 0);
    file.write(payload);
    file.commit();
    REQUIRE(::stat(path.c_str(), &info) == 0);
    CHECK((info.st_mode & 0777) == 0440);
    CHECK(read_bytes(path) == std::vector<std::uint8_t>{'a', 'b', 'c'});
  }
  SECTION("large writes bypass the buffer and keep order") {
    std::vector<std::byte> big(200000);
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<std::byte>(i * 7);
    AtomicFile file(path);
    file.write(std::span(big).first(10));
    file.write(std::span(big).subspan(10));
    file.commit();
    std::vector<std::uint8_t> expected(big.size());
    for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = static_cast<std::uint8_t>(i * 7);
    CHECK(read_bytes(path) == expected);
  }
  SECTION("moved-from object does nothing") {
    AtomicFile original(path);
    original.write(payload);
    AtomicFile moved(std::move(original));
    moved.commit();
    CHECK(read_bytes(path) == std::vector<std::uint8_t>{'a', 'b', 'c'});
  }
}

TEST_CASE("a failing write names the output path and leaves no file", "[output]") {
  TempDir dir;
  const fs::path path = dir.path() / "limited.bin";
  // A file-size limit stands in for a full disk: write() fails with EFBIG instead of ENOSPC.
  std::optional<FileSizeLimit> limit(std::in_place, 4096);

  std::string message;
  try {
    auto sink = OutputSink::open({path.string(), ElementType::u32, {100000}});
    const std::vector<std::uint32_t> values(100000, 42);
    sink->write(std::span<const std::uint32_t>(values));
    sink->finish();
  } catch (const glrand::Error& error) {
    message = error.what();
  }
  limit.reset();

  CHECK(message == "cannot write output file '" + path.string() + "': File too large");
  CHECK(dir.entries().empty());
}

TEST_CASE("free-space check", "[output]") {
  TempDir dir;
  const fs::path path = dir.path() / "huge.bin";
  CHECK_NOTHROW(glrand::output::require_free_space(path, 1000));
  // Not enough room is a failure at run time, not a bad argument (the command exits 1).
  CHECK_THROWS_AS(glrand::output::require_free_space(path, std::uint64_t{1} << 62), glrand::Error);
  try {
    glrand::output::require_free_space(path, std::uint64_t{1} << 62);
  } catch (const glrand::InvalidArgument&) {
    FAIL("require_free_space threw InvalidArgument");
  } catch (const glrand::Error&) {
  }
  CHECK_THROWS_WITH(glrand::output::require_free_space(path, std::uint64_t{1} << 62),
                    Catch::Matches("output needs 4\\.6 EB but only .* are free on '" +
                                   dir.path().string() + "'"));
  // The sink refuses before writing anything and leaves no temporary behind.
  CHECK_THROWS_AS(OutputSink::open({path.string(), ElementType::f64, {std::uint64_t{1} << 59}}), glrand::Error);
  CHECK(dir.entries().empty());
  // Element count times element size overflowing 64 bits is refused too.
  CHECK_THROWS_AS(OutputSink::open({path.string(), ElementType::f64, {std::uint64_t{1} << 62}}),
                  glrand::InvalidArgument);
}

TEST_CASE("byte sizes are human readable", "[output]") {
  using glrand::output::format_byte_size;
  CHECK(format_byte_size(0) == "0 bytes");
  CHECK(format_byte_size(1) == "1 byte");
  CHECK(format_byte_size(999) == "999 bytes");
  CHECK(format_byte_size(1000) == "1.0 kB");
  CHECK(format_byte_size(1200000000) == "1.2 GB");
  CHECK(format_byte_size(300000000) == "300 MB");
  CHECK(format_byte_size(9960) == "10 kB");
  CHECK(format_byte_size(999600) == "1.0 MB");
  CHECK(format_byte_size(UINT64_MAX) == "18 EB");
}

namespace {

// Points file descriptor 1 at `target` for its lifetime (Catch's own output stays intact).
class StdoutRedirect {
 public:
  explicit StdoutRedirect(int target) {
    std::cout.flush();
    std::fflush(stdout);
    saved_ = ::dup(STDOUT_FILENO);
    ::dup2(target, STDOUT_FILENO);
  }
  ~StdoutRedirect() {
    ::dup2(saved_, STDOUT_FILENO);
    ::close(saved_);
  }

 private:
  int saved_;
};

}  // namespace

TEST_CASE("'-' writes raw bytes to standard output", "[output]") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  {
    StdoutRedirect redirect(fds[1]);
    auto sink = OutputSink::open({"-", ElementType::u32, {2}});
    const std::uint32_t values[] = {0x11223344u, 5};
    sink->write(std::span<const std::uint32_t>(values));
    sink->finish();
  }
  ::close(fds[1]);
  std::uint8_t buffer[64];
  const ssize_t got = ::read(fds[0], buffer, sizeof buffer);
  ::close(fds[0]);
  CHECK(std::vector<std::uint8_t>(buffer, buffer + std::max<ssize_t>(got, 0)) ==
        std::vector<std::uint8_t>{0x44, 0x33, 0x22, 0x11, 5, 0, 0, 0});
}

TEST_CASE("closed standard output is reported as a broken pipe", "[output]") {
  struct sigaction ignore {}, previous {};
  ignore.sa_handler = SIG_IGN;  // otherwise SIGPIPE would end the test run
  ::sigaction(SIGPIPE, &ignore, &previous);
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  ::close(fds[0]);
  {
    StdoutRedirect redirect(fds[1]);
    auto sink = OutputSink::open({"-", ElementType::f64, {1}});
    const double values[] = {1.0};
    CHECK_THROWS_MATCHES(sink->write(std::span<const double>(values)), glrand::output::OutputClosed,
                         Catch::Message("standard output was closed (broken pipe)"));
  }
  ::close(fds[1]);
  ::sigaction(SIGPIPE, &previous, nullptr);
}

TEST_CASE("CUDA probe reports a usable answer", "[output][cuda]") {
  const glrand::system::CudaAvailability cuda = glrand::system::probe_cuda();
  INFO("CUDA: available=" << cuda.available << " driver=" << cuda.driver_version << " reason="
                          << cuda.reason);
  if (cuda.available) {
    CHECK_FALSE(cuda.device_names.empty());
    CHECK(cuda.driver_version > 0);
  } else {
    CHECK_FALSE(cuda.reason.empty());
    CHECK(cuda.device_names.empty());
  }
  CHECK(glrand::system::format_cuda_version(13000) == "13.0");
  CHECK(glrand::system::format_cuda_version(12040) == "12.4");
  CHECK(glrand::system::format_cuda_version(0) == "unknown");
}

#if GLRAND_HAVE_CUDA
TEST_CASE("CUDA runtime's device list (glrand info with the CUDA path) reports a usable answer", "[output][cuda]") {
  const glrand::system::CudaAvailability cuda = glrand::cuda::list_devices();
  INFO("CUDA runtime: available=" << cuda.available << " driver=" << cuda.driver_version << " runtime="
                                  << cuda.runtime_version << " reason=" << cuda.reason);
  CHECK(cuda.runtime_version > 0);
  if (cuda.available) {
    CHECK_FALSE(cuda.device_names.empty());
    CHECK(cuda.driver_version > 0);
  } else {
    CHECK_FALSE(cuda.reason.empty());
    CHECK(cuda.device_names.empty());
  }
  // No driver at all: said as the driver probe says it, not as the runtime's "insufficient driver".
  if (glrand::system::probe_cuda().reason.starts_with("libcuda.so.1 not found"))
    CHECK(cuda.reason == "no NVIDIA driver: libcuda.so.1 not found");
}
#endif
