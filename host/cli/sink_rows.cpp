// SPDX-License-Identifier: MIT
#include "cli/sink_rows.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <optional>

#include <fmt/core.h>

#include <glrand/error.hpp>

#include "bench/lib/timing.hpp"
#include "output/output_target.hpp"
#include "output/sink.hpp"

extern char** environ;

namespace glrand::cli {
namespace {

constexpr long kTmpfsMagic = 0x01021994;  // TMPFS_MAGIC, linux/magic.h

void require_null_device() {
  if (!output::is_null_device("/dev/null"))
    throw Error("--sinks null, pipe: /dev/null is not the null device (character device 1,3) on this machine");
}

// A pipe to `cat >/dev/null`, its reader started; the write end is ours until close().
class CatPipe {
 public:
  CatPipe() {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) throw Error(std::string("--sinks pipe: cannot make a pipe: ") + std::strerror(errno));
    write_end_ = ends[1];
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, ends[0], 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    char arg0[] = "cat";
    char* argv[] = {arg0, nullptr};
    const int spawned = ::posix_spawnp(&pid_, "cat", &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(ends[0]);
    if (spawned != 0) {
      ::close(write_end_);
      throw Error(std::string("--sinks pipe: cannot start cat: ") + std::strerror(spawned));
    }
  }
  CatPipe(const CatPipe&) = delete;
  CatPipe& operator=(const CatPipe&) = delete;
  ~CatPipe() { close(); }

  std::string path() const { return "/dev/fd/" + std::to_string(write_end_); }

  // Closes the write end and waits for cat to read the rest and end.
  void close() {
    if (write_end_ >= 0) ::close(write_end_);
    write_end_ = -1;
    if (pid_ > 0) {
      int status = 0;
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      pid_ = -1;
    }
  }

 private:
  int write_end_ = -1;
  pid_t pid_ = -1;
};

// Whether an executable `name` is in one of $PATH's directories, as posix_spawnp looks.
bool on_search_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "/usr/bin:/bin";
  while (true) {
    const std::size_t colon = dirs.find(':');
    const std::string dir(dirs.substr(0, colon));
    if (::access(((dir.empty() ? std::string(".") : dir) + "/" + name).c_str(), X_OK) == 0) return true;
    if (colon == std::string_view::npos) return false;
    dirs.remove_prefix(colon + 1);
  }
}

std::filesystem::path file_for(const SinkKind& sink, const std::filesystem::path& directory) {
  const std::filesystem::path dir = sink.where == SinkKind::Where::tmpfs ? std::filesystem::path("/dev/shm") : directory;
  return dir / fmt::format("glrand-bench-{}{}", ::getpid(), sink.npy ? ".npy" : ".raw");
}

// One run into a fresh sink: `body` writes to it; the sink is finished and, for a file,
// removed afterwards (outside the time). Seconds on the wall clock, opening included.
template <class Body>
double timed_run(const SinkRowSpec& spec, output::SinkSpec sink_spec, Body body) {
  std::optional<CatPipe> pipe;
  std::filesystem::path file;
  switch (spec.sink.where) {
    case SinkKind::Where::null: sink_spec.path = "/dev/null"; break;
    case SinkKind::Where::pipe: break;
    case SinkKind::Where::tmpfs:
    case SinkKind::Where::file:
      file = file_for(spec.sink, spec.directory);
      if (std::filesystem::exists(std::filesystem::symlink_status(file)))
        throw Error("--sinks: " + file.string() + " exists; glrand bench writes only names it made");
      sink_spec.path = file.string();
      break;
  }
  const auto began = std::chrono::steady_clock::now();
  if (spec.sink.where == SinkKind::Where::pipe) {
    pipe.emplace();
    sink_spec.path = pipe->path();
  }
  {
    const auto sink = output::OutputSink::open(sink_spec);
    body(*sink);
    sink->finish();
  }
  if (pipe) pipe->close();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (!file.empty()) std::filesystem::remove(file);
  return seconds;
}

}  // namespace

std::vector<SinkKind> parse_sinks(const std::vector<std::string>& names, const std::filesystem::path& directory) {
  using Where = SinkKind::Where;
  const std::vector<SinkKind> known{{"null", false, Where::null},   {"pipe", false, Where::pipe},
                                    {"tmpfs", false, Where::tmpfs}, {"tmpfs.npy", true, Where::tmpfs},
                                    {"file", false, Where::file},   {"file.npy", true, Where::file}};
  std::vector<SinkKind> kinds;
  for (const auto& name : names) {
    if (name == "all") {
      kinds.insert(kinds.end(), known.begin(), known.end());
      continue;
    }
    bool found = false;
    for (const auto& k : known)
      if (k.name == name) kinds.push_back(k), found = true;
    if (!found)
      throw InvalidArgument("--sinks: unknown sink '" + name + "': choose from null, pipe, tmpfs, tmpfs.npy, file, "
                            "file.npy, all");
  }
  // Each kind once, in the order first named ("all,null" is "all").
  std::vector<SinkKind> once;
  for (const auto& k : kinds)
    if (std::none_of(once.begin(), once.end(), [&](const SinkKind& o) { return o.name == k.name; })) once.push_back(k);
  kinds = std::move(once);
  for (const auto& k : kinds) {
    if (k.where == Where::null || k.where == Where::pipe) require_null_device();
    if (k.where == Where::pipe && !on_search_path("cat"))
      throw Error("--sinks pipe: no cat on the PATH to read the pipe");
    if (k.where == Where::tmpfs) {
      struct statfs fs {};
      if (::statfs("/dev/shm", &fs) != 0 || fs.f_type != kTmpfsMagic)
        throw Error("--sinks tmpfs: /dev/shm is not a tmpfs on this machine; use --sinks file with --sink-dir");
    }
    if (k.where == Where::file) {
      std::error_code error;
      if (!std::filesystem::is_directory(directory, error) || ::access(directory.c_str(), W_OK) != 0)
        throw Error("--sink-dir " + directory.string() + " is not a writable directory");
    }
  }
  return kinds;
}

std::vector<Format> parse_sink_formats(const std::vector<std::string>& names) {
  std::vector<Format> formats;
  for (const auto& name : names) {
    if (name != "ints" && name != "f32" && name != "f64")
      throw InvalidArgument("--sink-formats: '" + name + "' is not one of ints, f32, f64");
    formats.push_back(parse_format(name));
  }
  return formats;
}

bench::Row sink_row(const SinkRowSpec& spec, const bench::MoveBytes& ceiling, const std::string& ceiling_name) {
  Generator generator(spec.settings);
  const output::SinkSpec sink_spec{"", element_type(spec.format), sink_shape(generator, spec.format, spec.outputs)};
  std::uint64_t elements = 1;
  for (const auto n : sink_spec.shape) elements *= n;
  const std::uint64_t bytes = elements * output::element_size(sink_spec.type);
  const GeneratorState start{spec.settings, 0};
  const auto generate = [&] {
    generator.set_state(start);  // every run the same outputs (Sobol32's dimension ends at 2^32)
    return timed_run(spec, sink_spec, [&](output::OutputSink& sink) {
      write_numbers(generator, spec.outputs, spec.format, WordFormula::native, sink, [](std::uint64_t) {});
    });
  };
  const auto move = [&] {
    return timed_run(spec, sink_spec, [&](output::OutputSink& sink) {
      ceiling(bytes, [&](std::span<const std::byte> piece) { bench::write_bytes(sink, piece); });
    });
  };
  generate();  // warm-up: the device opened, the self-test run, buffers made
  move();
  std::vector<double> generated, moved;
  for (int r = 0; r < spec.repeats; ++r) {
    generated.push_back(generate());
    moved.push_back(move());
  }

  bench::Row row;
  row.path = name_of(spec.settings.backend);
  const std::string what = fmt::format("{} to {}", name_of(spec.format), spec.sink.name);
  row.profile = spec.settings.backend == Backend::gl ? fmt::format("{}: {}", name_of(spec.settings.profile), what) : what;
  row.generator = std::string(info(spec.settings.algorithm).name);
  switch (spec.sink.where) {
    case SinkKind::Where::null: row.shape = "/dev/null"; break;
    case SinkKind::Where::pipe: row.shape = "a pipe to cat"; break;
    case SinkKind::Where::tmpfs:
    case SinkKind::Where::file: row.shape = file_for(spec.sink, spec.directory).parent_path().string(); break;
  }
  row.shape += fmt::format(", {} bytes", bytes);
  row.outputs = static_cast<double>(spec.outputs);
  row.seconds = bench::median(generated);
  row.ceiling = ceiling_name;
  row.ceiling_unit = "bytes";
  row.ceiling_units = static_cast<double>(bytes);
  row.ceiling_seconds = bench::median(moved);
  row.clock = "wall clock";
  row.device = generator.where();
  return row;
}

}  // namespace glrand::cli
