// SPDX-License-Identifier: MIT
#pragma once
// `glrand bench --sinks`: what a user of `glrand generate` gets, end to end. Each row runs the
// command's own writer (cli/number_writer.hpp) for COUNT outputs of one generator on one path
// in one format into one sink, beside the same bytes moved over the same link and written to
// the same sink without generating (bench/lib/sink_ceiling.hpp), the two timed alternately.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <glrand/generator.hpp>

#include "bench/lib/row.hpp"
#include "bench/lib/sink_ceiling.hpp"
#include "cli/number_writer.hpp"

namespace glrand::cli {

// Where a sink row writes:
//   null       /dev/null (checked to be the null device)
//   pipe       a pipe to `cat` whose output is /dev/null
//   tmpfs      a file in /dev/shm (checked to be a tmpfs), raw; tmpfs.npy the same as .npy
//   file       a file in --sink-dir (default: the current directory), raw; file.npy as .npy
// Files are replaced when complete, as the command replaces them (fsync, rename), and removed
// after each run.
struct SinkKind {
  std::string name;
  bool npy = false;
  enum class Where { null, pipe, tmpfs, file } where = Where::null;
};

// The kinds named (null, pipe, tmpfs, tmpfs.npy, file, file.npy; "all" for every one), checked
// on this machine: throws InvalidArgument for an unknown name, Error when /dev/null is not the
// null device, /dev/shm is not a tmpfs, `directory` is not a writable directory or cat is
// missing.
std::vector<SinkKind> parse_sinks(const std::vector<std::string>& names, const std::filesystem::path& directory);

// The formats a sink row can write: ints, f32, f64.
std::vector<Format> parse_sink_formats(const std::vector<std::string>& names);

struct SinkRowSpec {
  Settings settings;  // the generator, path and profile
  Format format = Format::f32;
  SinkKind sink;
  std::filesystem::path directory;  // where file sinks write
  std::uint64_t outputs = 0;
  int repeats = 3;
};

// One row: path, "FORMAT to SINK" (GL: "PROFILE: FORMAT to SINK"), the generator's
// outputs per second and the ceiling's bytes per second, both on the wall clock, medians of
// `repeats` after a warm-up of each. `ceiling` moves the bytes (its GL context current).
bench::Row sink_row(const SinkRowSpec& spec, const bench::MoveBytes& ceiling, const std::string& ceiling_name);

}  // namespace glrand::cli
