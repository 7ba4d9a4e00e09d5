// SPDX-License-Identifier: MIT
// The glrand command end to end: the real executable (GLRAND_EXE) is run as a child process
// and its files, standard output and exit status are compared with the exact CPU reference
// of the library (glrand::ceicg), never with another run of the command, except where the
// point is that two paths (gl and cpu, file and pipe, raw and .npy) give the same bytes.
#include <catch2/catch.hpp>

#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <filesystem>
#include <functional>
#include <map>
#include <numbers>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "generators/ceicg.hpp"
#include "generators/park_miller.hpp"
#include "output/png_writer.hpp"

#ifndef GLRAND_EXE
#error "GLRAND_EXE must name the glrand executable"
#endif

extern char** environ;

namespace fs = std::filesystem;
namespace ceicg = glrand::ceicg;
using namespace glrand_test;

namespace {

// ---------------------------------------------------------------------------------------
// Programs

std::optional<std::string> find_in_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::istringstream dirs(path);
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (dir.empty()) continue;
    const fs::path candidate = fs::path(dir) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------
// The reference

struct Source {
  std::optional<ceicg::Seed> seed;  // nullopt: the default (no --seed option)
  std::string substream_text;       // as given on the command line; empty: no option
  std::uint64_t substream = 0;
  std::string offset_text;          // as given; empty: no option
  std::uint64_t offset = 0;

  ceicg::Residues start() const { return ceicg::residues_at(seed.value_or(ceicg::kDefaultSeed), substream, offset); }

  std::vector<std::string> args() const {
    std::vector<std::string> a;
    if (seed) a.insert(a.end(), {"--seed", std::to_string((*seed)[0]) + "," + std::to_string((*seed)[1]) + "," +
                                               std::to_string((*seed)[2])});
    if (!substream_text.empty()) a.insert(a.end(), {"--substream", substream_text});
    if (!offset_text.empty()) a.insert(a.end(), {"--offset", offset_text});
    return a;
  }
  std::string describe() const { return args().empty() ? "(defaults)" : join(args()); }
};

std::vector<std::uint32_t> reference_ints(const ceicg::Residues& start, std::uint64_t count) {
  std::vector<std::uint32_t> words(3 * count);
  ceicg::generate_ints(start, words);
  // Spot-check the bulk reference against the definition: output_at of the advanced residues.
  for (const std::uint64_t i : {std::uint64_t{0}, count / 2, count - 1}) {
    const auto x = ceicg::output_at(ceicg::advanced_by(start, i));
    if (words[3 * i] != x[0] || words[3 * i + 1] != x[1] || words[3 * i + 2] != x[2])
      throw std::logic_error("generate_ints disagrees with output_at");
  }
  return words;
}

ceicg::Output output(const std::vector<std::uint32_t>& words, std::size_t i) {
  return {words[3 * i], words[3 * i + 1], words[3 * i + 2]};
}

std::string reference_bytes(const std::vector<std::uint32_t>& words, const std::string& format) {
  const std::size_t n = words.size() / 3;
  if (format == "ints") return as_bytes(words);
  if (format == "f32") {
    std::vector<float> f(n);
    for (std::size_t i = 0; i < n; ++i) f[i] = ceicg::to_f32(output(words, i));
    return as_bytes(f);
  }
  std::vector<double> d(n);
  for (std::size_t i = 0; i < n; ++i) d[i] = ceicg::to_f64(output(words, i));
  return as_bytes(d);
}

// The picture `render` should produce: texel p = x + width*y (y = 0 at the bottom, i.e. PNG
// row height-1) channel c is output 4p + c, as to_f32 quantized to round(u * 255).
std::vector<std::uint8_t> reference_picture(const ceicg::Residues& start, std::uint32_t width, std::uint32_t height) {
  const std::uint64_t outputs = std::uint64_t{4} * width * height;
  const auto words = reference_ints(start, outputs);
  std::vector<std::uint8_t> rgb(std::size_t{3} * width * height);
  for (std::uint32_t y = 0; y < height; ++y)
    for (std::uint32_t x = 0; x < width; ++x)
      for (std::uint32_t c = 0; c < 3; ++c) {
        const std::size_t p = std::size_t{x} + std::size_t{width} * y;
        const float u = ceicg::to_f32(output(words, 4 * p + c));
        rgb[((std::size_t{height} - 1 - y) * width + x) * 3 + c] = static_cast<std::uint8_t>(std::lround(u * 255.0f));
      }
  return rgb;
}

// The same for Park–Miller: texel p, channel c is output 4p + c from the state `z` of the first.
std::vector<std::uint8_t> park_miller_picture(glrand::pm::State z, std::uint32_t width, std::uint32_t height) {
  std::vector<std::uint8_t> rgb(std::size_t{3} * width * height);
  for (std::uint32_t p = 0; p < width * height; ++p)
    for (std::uint32_t c = 0; c < 4; ++c, z = glrand::pm::step(z))
      if (c < 3)
        rgb[((std::size_t{height} - 1 - p / width) * width + p % width) * 3 + c] =
            static_cast<std::uint8_t>(std::lround(glrand::pm::to_f32(z) * 255.0f));
  return rgb;
}

// A distribution's values of Park–Miller's outputs from z on, `value` of each output's double
// (pm::to_f64) rounded to float, shown from `lo` (black) to `hi` (full intensity), as render
// and view show them.
std::vector<std::uint8_t> park_miller_distribution_picture(glrand::pm::State z, std::uint32_t width, std::uint32_t height,
                                                           const std::function<double(double)>& value, double lo,
                                                           double hi) {
  std::vector<std::uint8_t> rgb(std::size_t{3} * width * height);
  for (std::uint32_t p = 0; p < width * height; ++p)
    for (std::uint32_t c = 0; c < 4; ++c, z = glrand::pm::step(z))
      if (c < 3) {
        const float v = static_cast<float>(value(glrand::pm::to_f64(z)));
        const double shown = std::clamp((static_cast<double>(v) - lo) / (hi - lo), 0.0, 1.0);
        rgb[((std::size_t{height} - 1 - p / width) * width + p % width) * 3 + c] =
            static_cast<std::uint8_t>(std::lround(static_cast<float>(shown) * 255.0f));
      }
  return rgb;
}

struct PictureComparison {
  std::size_t channels = 0;
  std::size_t exact = 0;
  int max_difference = 0;
  std::string first_mismatch;  // where the largest difference was first seen
};

PictureComparison compare_pictures(const std::vector<std::uint8_t>& actual, const std::vector<std::uint8_t>& expected,
                                   std::uint32_t width) {
  PictureComparison result;
  result.channels = expected.size();
  for (std::size_t i = 0; i < std::min(actual.size(), expected.size()); ++i) {
    const int d = std::abs(int{actual[i]} - int{expected[i]});
    if (d == 0) ++result.exact;
    if (d > result.max_difference) {
      result.max_difference = d;
      const std::size_t pixel = i / 3;
      result.first_mismatch = "PNG x=" + std::to_string(pixel % width) + " row=" + std::to_string(pixel / width) +
                              " channel=" + std::to_string(i % 3) + ": " + std::to_string(actual[i]) + " vs " +
                              std::to_string(expected[i]);
    }
  }
  return result;
}

// Reads the PNG and requires it to be a valid 8-bit RGB picture of the given size.
glrand::output::ImageRGB8 read_png(const fs::path& path, std::uint32_t width, std::uint32_t height) {
  REQUIRE(fs::exists(path));
  REQUIRE(read_file(path).substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
  const auto image = glrand::output::read_png_rgb8(path);
  REQUIRE(image.width == width);
  REQUIRE(image.height == height);
  REQUIRE(image.rgb.size() == std::size_t{3} * width * height);
  return image;
}

void require_close_picture(const std::vector<std::uint8_t>& actual, const std::vector<std::uint8_t>& expected,
                           std::uint32_t width) {
  const auto cmp = compare_pictures(actual, expected, width);
  INFO("exact channels: " << cmp.exact << " of " << cmp.channels << "; largest difference " << cmp.max_difference
                          << (cmp.first_mismatch.empty() ? "" : " at " + cmp.first_mismatch));
  REQUIRE(actual.size() == expected.size());
  CHECK(cmp.max_difference <= 1);
  CHECK(cmp.exact * 100 >= cmp.channels * 99);
}

const Source kDefault{};
const Source kSeeded{ceicg::Seed{123456u, 16777198u, 42u}, "4097", 4097, "1e9", 1000000000ull};

}  // namespace

// =========================================================================================
// 1. Exact integers on the default (gl) path

TEST_CASE("generate --format ints equals the CPU reference, across seeds, offsets, substreams and passes", "[cli]") {
  REQUIRE(std::endian::native == std::endian::little);

  struct Case {
    Source source;
    std::uint64_t count;
    std::string size;  // empty: the default 1024x1024
  };
  const std::vector<Case> cases{
      {kDefault, 1000, ""},
      {kDefault, 300000, ""},  // one large pass, partial last row
      // 7x5 targets hold 140 outputs per pass: 1000 outputs take 8 passes, the last partial.
      {kDefault, 1000, "7x5"},
      {Source{ceicg::Seed{16777212u, 16777198u, 16777182u}, "", 0, "", 0}, 999, "7x5"},  // largest seed words
      {Source{ceicg::Seed{1u, 2u, 3u}, "", 0, "2^40", 1ull << 40}, 12345, "13x11"},
      {Source{std::nullopt, "", 0, "18446744073709551615", 18446744073709551615ull}, 4001, "7x5"},
      {Source{std::nullopt, "16777215", 16777215, "", 0}, 3333, "7x5"},
      {Source{ceicg::Seed{7u, 0u, 16777182u}, "16777215", 16777215, "18446744073709551615", 18446744073709551615ull},
       50001, "64x37"},
      {kSeeded, 200003, "100x100"},  // 40000 outputs per pass: 6 passes
  };

  TempDir dir;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    const std::string name = "ints" + std::to_string(i) + ".bin";
    std::vector<std::string> args{"generate", "-g", "ceicg", "-n", std::to_string(c.count), "--format", "ints",
                                  "-o", name};
    const auto src = c.source.args();
    args.insert(args.end(), src.begin(), src.end());
    if (!c.size.empty()) args.insert(args.end(), {"--size", c.size});
    INFO("case " << i << ": glrand " << join(args));
    const auto r = glrand_ok(args, dir.path());
    CHECK(r.out.empty());  // a file output writes nothing to stdout
    const std::string expected = as_bytes(reference_ints(c.source.start(), c.count));
    REQUIRE(expected.size() == 12 * c.count);
    CHECK(difference(read_file(dir / name), expected, 12) == "");
  }
  // Only the requested files: no temporaries left behind.
  CHECK(dir.entries().size() == cases.size());
}

// =========================================================================================
// 2. --path cpu against the default gl path

TEST_CASE("generate --path cpu writes the same bytes as the gl path", "[cli]") {
  TempDir dir;
  struct Case {
    Source source;
    std::string count, format, size, ext;
  };
  const std::vector<Case> cases{
      {kDefault, "10007", "ints", "7x5", ".bin"},
      {Source{ceicg::Seed{5u, 6u, 7u}, "16777215", 16777215, "2^40", 1ull << 40}, "65536", "ints", "", ".bin"},
      {kSeeded, "30001", "f32", "32x17", ".npy"},
      {Source{std::nullopt, "", 0, "18446744073709551615", 18446744073709551615ull}, "2e4", "f64", "9x9", ".bin"},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    std::vector<std::string> common{"generate", "-n", c.count, "--format", c.format};
    const auto src = c.source.args();
    common.insert(common.end(), src.begin(), src.end());
    if (!c.size.empty()) common.insert(common.end(), {"--size", c.size});
    auto gl_args = common, cpu_args = common;
    const std::string gl_name = "gl" + std::to_string(i) + c.ext, cpu_name = "cpu" + std::to_string(i) + c.ext;
    gl_args.insert(gl_args.end(), {"-o", gl_name});
    cpu_args.insert(cpu_args.end(), {"--path", "cpu", "-o", cpu_name});
    INFO("case " << i << ": " << join(common));
    glrand_ok(gl_args, dir.path());
    glrand_ok(cpu_args, dir.path());
    const std::string gl_bytes = read_file(dir / gl_name), cpu_bytes = read_file(dir / cpu_name);
    CHECK(difference(cpu_bytes, gl_bytes) == "");
    CHECK(!cpu_bytes.empty());
  }
  // --path gl, given explicitly, is the default.
  glrand_ok({"generate", "-n", "777", "--format", "ints", "--path", "gl", "--size", "7x5", "-o", "explicit.bin"},
            dir.path());
  CHECK(difference(read_file(dir / "explicit.bin"), as_bytes(reference_ints(kDefault.start(), 777)), 12) == "");
}

// =========================================================================================
// 3. Floats

TEST_CASE("generate --format f32 and f64 equal to_f32 and to_f64 of the reference bit for bit", "[cli]") {
  TempDir dir;
  for (const Source& source : {kDefault, kSeeded}) {
    INFO("source " << source.describe());
    constexpr std::uint64_t kCount = 100003;
    const auto words = reference_ints(source.start(), kCount);
    for (const std::string format : {"f32", "f64"}) {
      INFO("format " << format);
      std::vector<std::string> args{"generate", "-n", std::to_string(kCount), "--format", format, "--size", "50x50",
                                    "-o", "u.bin"};
      const auto src = source.args();
      args.insert(args.end(), src.begin(), src.end());
      glrand_ok(args, dir.path());
      const std::string bytes = read_file(dir / "u.bin");
      const std::size_t width = format == "f32" ? 4 : 8;
      REQUIRE(bytes.size() == kCount * width);
      CHECK(difference(bytes, reference_bytes(words, format), width) == "");
      // Every value in [0, 1).
      std::size_t outside = 0;
      for (std::size_t i = 0; i < kCount; ++i) {
        double u;
        if (width == 4) {
          float f;
          std::memcpy(&f, bytes.data() + 4 * i, 4);
          u = f;
        } else {
          std::memcpy(&u, bytes.data() + 8 * i, 8);
        }
        if (!(u >= 0.0 && u < 1.0)) ++outside;
      }
      CHECK(outside == 0);
    }
  }
  // f32 is the default format.
  glrand_ok({"generate", "-n", "5000", "-o", "default.bin"}, dir.path());
  CHECK(difference(read_file(dir / "default.bin"), reference_bytes(reference_ints(kDefault.start(), 5000), "f32"),
                   4) == "");
}

// =========================================================================================
// 4. NumPy files

TEST_CASE("generate to a .npy file writes a NumPy 1.0 header and the raw bytes", "[cli]") {
  TempDir dir;
  struct Case {
    std::string format, descr;
    std::uint64_t count;
    std::string shape;
  };
  const std::vector<Case> cases{
      {"ints", "<u4", 12345, "(12345,3)"},
      {"f32", "<f4", 4099, "(4099,)"},
      {"f64", "<f8", 1, "(1,)"},
      {"f64", "<f8", 70001, "(70001,)"},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    INFO("format " << c.format << ", count " << c.count);
    std::string base("n");
    base += std::to_string(i);
    std::vector<std::string> common{"generate", "-n", std::to_string(c.count), "--format", c.format, "--size", "31x7"};
    const auto src = kSeeded.args();
    common.insert(common.end(), src.begin(), src.end());
    auto npy_args = common, raw_args = common;
    npy_args.insert(npy_args.end(), {"-o", base + ".npy"});
    raw_args.insert(raw_args.end(), {"-o", base + ".raw"});
    glrand_ok(npy_args, dir.path());
    glrand_ok(raw_args, dir.path());
    const std::string npy = read_file(dir / (base + ".npy"));
    const std::string raw = read_file(dir / (base + ".raw"));
    const auto header = parse_npy(npy);
    check_npy_dict(header.dict, c.descr, c.shape);
    CHECK(difference(npy.substr(header.data_offset), raw) == "");
    CHECK(difference(raw, reference_bytes(reference_ints(kSeeded.start(), c.count), c.format)) == "");
  }
  // A .NPY name, in any case, gets a header too.
  glrand_ok({"generate", "-n", "100", "--format", "ints", "-o", "upper.NPY"}, dir.path());
  const std::string upper = read_file(dir / "upper.NPY");
  CHECK(difference(upper.substr(parse_npy(upper).data_offset), as_bytes(reference_ints(kDefault.start(), 100))) == "");
}

// =========================================================================================
// 5. Standard output

TEST_CASE("generate -o - streams the same bytes to a pipe as to a file", "[cli]") {
  TempDir dir;
  for (const std::string format : {"ints", "f32", "f64"}) {
    INFO("format " << format);
    std::vector<std::string> common{"generate", "-n", "20011", "--format", format, "--size", "17x13"};
    const auto src = kSeeded.args();
    common.insert(common.end(), src.begin(), src.end());
    auto file_args = common, pipe_args = common;
    file_args.insert(file_args.end(), {"-o", "file.bin"});
    pipe_args.insert(pipe_args.end(), {"-o", "-"});
    glrand_ok(file_args, dir.path());
    const auto piped = glrand_ok(pipe_args, dir.path());
    CHECK(difference(piped.out, read_file(dir / "file.bin")) == "");
    CHECK(difference(piped.out, reference_bytes(reference_ints(kSeeded.start(), 20011), format)) == "");
  }
  // Without -o, standard output is the default; -q prints nothing on stderr.
  const auto r = glrand_ok({"generate", "-n", "3000", "--format", "ints", "-q"}, dir.path());
  CHECK(difference(r.out, as_bytes(reference_ints(kDefault.start(), 3000))) == "");
  CHECK(r.err.empty());
  const auto cpu = glrand_ok({"generate", "-n", "3000", "--format", "ints", "--path", "cpu", "-o", "-"}, dir.path());
  CHECK(difference(cpu.out, r.out) == "");
  // Nothing but the file written earlier appeared.
  CHECK(dir.entries() == std::vector<std::string>{"file.bin"});
}

// =========================================================================================
// 6. Bad input (check_failure: glrand_process.hpp)

TEST_CASE("generate rejects bad input with one line on stderr and leaves no file", "[cli]") {
  TempDir dir;
  auto gen = [](std::vector<std::string> extra) {
    std::vector<std::string> args{"generate"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  const std::vector<BadCase> cases{
      {gen({"-g", "nope", "-n", "10", "-o", "out.bin"}), "unknown generator 'nope'"},
      {gen({"-n", "10", "--bogus", "-o", "out.bin"}), "--bogus"},
      {gen({"-o", "out.bin"}), "COUNT (-n) is required"},
      {gen({"-n", "0", "-o", "out.bin"}), "at least 1"},
      {gen({"-n", "-5", "-o", "out.bin"}), "negative"},
      {gen({"-n", "abc", "-o", "out.bin"}), "whole number"},
      {gen({"-n", "99999999999999999999999", "-o", "out.bin"}), "too large"},
      {gen({"-n", "2^60", "-o", "out.bin"}), "too large"},
      {gen({"-n", "2^64", "-o", "out.bin"}), "too large"},
      {gen({"-n", "10", "--seed", "16777213,0,0", "-o", "out.bin"}), "below m1"},
      {gen({"-n", "10", "--seed", "0,16777199,0", "-o", "out.bin"}), "below m2"},
      {gen({"-n", "10", "--seed", "0,0,16777183", "-o", "out.bin"}), "below m3"},
      {gen({"-n", "10", "--seed", "1,2", "-o", "out.bin"}), "three words"},
      {gen({"-n", "10", "--seed", "a,b,c", "-o", "out.bin"}), "seed"},
      {gen({"-n", "10", "--seed", "1,2,3,", "-o", "out.bin"}), "three words"},
      {gen({"-n", "10", "--seed", "1,2,3,4", "-o", "out.bin"}), "three words"},
      {gen({"-n", "10", "--substream", "16777216", "-o", "out.bin"}), "--substream"},
      {gen({"-n", "10", "--offset", "-1", "-o", "out.bin"}), "--offset"},
      {gen({"-n", "10", "--offset", "2^64", "-o", "out.bin"}), "too large"},
      {gen({"-n", "10", "--format", "bad", "-o", "out.bin"}), "--format"},
      {gen({"-n", "10", "-o", "missing/out.bin"}), "No such file or directory"},
      {gen({"-n", "10", "--size", "0x5", "-o", "out.bin"}), "--size"},
      {gen({"-n", "10", "--size", "abc", "-o", "out.bin"}), "--size"},
      {gen({"-n", "10", "--size", "65537x1", "-o", "out.bin"}), "--size"},
      {gen({"-n", "10", "--device", "7", "-o", "out.bin"}), "--device 7"},
      {gen({"-n", "10", "--path", "nope", "-o", "out.bin"}), "--path"},
      {gen({"-n", "2^50", "-o", "out.bin"}), "free"},  // far more than any disk holds
      {gen({"-n", "10", "-o", "."}), "directory"},
      {gen({"-n", "10", "--distribution", "gauss", "-o", "out.bin"}), "no distribution 'gauss'"},
      {gen({"-n", "10", "--distribution", "normal", "--stddev", "0", "-o", "out.bin"}), "standard deviation"},
      {gen({"-n", "10", "--distribution", "normal", "--lambda", "2", "-o", "out.bin"}), "not a parameter"},
      {gen({"-n", "10", "--mean", "2", "-o", "out.bin"}), "--distribution, which is not given"},
      {gen({"-n", "10", "--distribution", "uniform", "--range", "3,1", "-o", "out.bin"}), "finite a < b"},
      {gen({"-n", "10", "--distribution", "uniform", "--range", "3", "-o", "out.bin"}), "two numbers"},
      {gen({"-n", "10", "--distribution", "exponential", "--lambda", "-1", "-o", "out.bin"}), "lambda"},
      {gen({"-n", "10", "--distribution", "poisson", "--lambda", "2e6", "-o", "out.bin"}), "10^-3 .. 10^6"},
      {gen({"-n", "10", "--distribution", "normal", "--format", "ints", "-o", "out.bin"}), "gives values"},
      {gen({"-n", "10", "--distribution", "normal", "--normal-method", "polar", "-o", "out.bin"}), "box-muller"},
      {gen({"-n", "10", "--path", "cpu", "--distribution", "normal", "--distribution-on", "gpu", "-o", "out.bin"}),
       "needs the CUDA or the GL path"},
      {gen({"-n", "10", "-g", "pm", "--distribution", "normal", "--distribution-on", "gpu", "--format", "f64", "-o",
            "out.bin"}),
       "in float arithmetic"},
      {gen({"-n", "10", "-g", "ceicg", "--distribution", "normal", "--distribution-on", "gpu", "-o", "out.bin"}),
       "makes a distribution's values on the host"},
      {gen({"-n", "10", "--distribution", "normal", "--distribution-on", "device", "-o", "out.bin"}), "host or gpu"},
      {gen({"-n", "10", "--distribution-on", "gpu", "-o", "out.bin"}), "--distribution, which is not given"},
      {gen({"-n", "10", "-g", "sobol32", "--path", "cpu", "--distribution", "normal", "--normal-method",
            "box-muller", "-o", "out.bin"}),
       "Box-Muller pairs consecutive outputs"},
  };
  const auto before = dir.entries();
  REQUIRE(before.empty());
  for (const auto& c : cases) check_failure(c, dir, before);

  // An output path whose parent is a regular file: works as root too, unlike permissions.
  write_file(dir / "plain", "x");
  check_failure({gen({"-n", "10", "-o", "plain/out.bin"}), "Not a directory"}, dir, {"plain"});
  fs::remove(dir / "plain");

  // A read-only directory: root ignores permissions, so only checked as another user.
  if (::geteuid() == 0) {
    WARN("running as root: the read-only-directory case is covered by a regular-file parent instead");
  } else {
    fs::create_directory(dir / "ro");
    fs::permissions(dir / "ro", fs::perms::owner_read | fs::perms::owner_exec);
    const auto r = run_glrand({"generate", "-n", "10", "-o", "ro/out.bin"}, dir.path());
    CHECK(r.status != 0);
    CHECK(r.err.find("Permission denied") != std::string::npos);
    CHECK(fs::is_empty(dir / "ro"));
  }
}

TEST_CASE("generate rejects a --size over 2^24 pixels and leaves no file", "[cli]") {
  TempDir dir;
  const auto r = run_glrand({"generate", "-n", "10", "--size", "5000x5000", "-o", "out.bin"}, dir.path());
  INFO(r.describe());
  CHECK(r.exited);
  CHECK(r.status != 0);
  CHECK(r.err.find("2^24") != std::string::npos);
  CHECK(r.err.find("glrand: error:") != std::string::npos);
  CHECK(dir.entries().empty());
}

// The 2^24-pixel limit of --size is checked with the other options, before the output file is
// created or a device opened (no "using llvmpipe" notice before the error), and on --path cpu too.
TEST_CASE("generate checks the --size pixel limit before opening anything, on every path", "[cli]") {
  TempDir dir;
  const auto gl = run_glrand({"generate", "-n", "10", "--size", "5000x5000", "-o", "out.bin"}, dir.path());
  INFO(gl.describe());
  CHECK(lines_of(gl.err).size() == 1);  // the notice line shows that the device was opened first
  const auto cpu = run_glrand({"generate", "-n", "10", "--size", "5000x5000", "--path", "cpu", "-o", "cpu.bin"}, dir.path());
  INFO(cpu.describe());
  CHECK(cpu.status != 0);
  CHECK(!fs::exists(dir / "cpu.bin"));
}

TEST_CASE("render and view reject bad input with one line on stderr and leave no file", "[cli]") {
  TempDir dir;
  const std::vector<BadCase> cases{
      {{"render", "-g", "nope", "--size", "8x8", "-o", "pic.png"}, "unknown generator"},
      {{"render", "--size", "8x8"}, "--output is required"},
      {{"render", "--size", "8x8", "-o", "pic.jpg"}, ".png"},
      {{"render", "--size", "8x8", "-o", "pic"}, ".png"},
      {{"render", "--size", "0x5", "-o", "pic.png"}, "--size"},
      {{"render", "--size", "5000x5000", "-o", "pic.png"}, "2^24"},
      {{"render", "--size", "abc", "-o", "pic.png"}, "--size"},
      {{"render", "--size", "8x8", "--seed", "16777213,0,0", "-o", "pic.png"}, "below m1"},
      {{"render", "--size", "8x8", "--substream", "16777216", "-o", "pic.png"}, "--substream"},
      {{"render", "--size", "8x8", "--device", "7", "-o", "pic.png"}, "--device 7"},
      {{"render", "--size", "8x8", "--path", "nope", "-o", "pic.png"}, "--path"},
      {{"render", "--size", "8x8", "-o", "missing/pic.png"}, "missing/pic.png"},
      {{"render", "--size", "8x8", "--display-range", "0,1", "-o", "pic.png"}, "--display-range"},
      {{"render", "--size", "8x8", "--lambda", "2", "-o", "pic.png"}, "--distribution"},
      {{"render", "--size", "8x8", "--distribution", "normal", "--lambda", "2", "-o", "pic.png"}, "--lambda"},
      {{"render", "--size", "8x8", "--distribution", "gamma", "-o", "pic.png"}, "gamma"},
      {{"render", "--size", "8x8", "--distribution", "normal", "--display-range", "1,0", "-o", "pic.png"}, "LO < HI"},
      {{"render", "--size", "8x8", "--distribution", "normal", "--display-range", "1", "-o", "pic.png"}, "LO,HI"},
      {{"render", "--size", "8x8", "--distribution", "lognormal", "--mean", "710", "-o", "pic.png"}, "--display-range"},
      {{"render", "--size", "8x8", "--path", "cpu", "--distribution", "normal", "--distribution-on", "gpu", "-o",
        "pic.png"},
       "--path gl"},
      {{"render", "--size", "8x8", "--profile", "scatter", "--distribution", "normal", "--distribution-on", "gpu", "-o",
        "pic.png"},
       "scatter"},
      {{"render", "--size", "8x8", "--distribution", "normal", "--stddev", "1e300", "--distribution-on", "gpu", "-o",
        "pic.png"},
       "not a finite, normal float"},
      {{"view", "--size", "8x8", "--frames", "1", "--display-range", "0,1"}, "--display-range"},
      {{"view", "--size", "8x8", "--frames", "1", "--distribution", "exponential", "--stddev", "2"}, "--stddev"},
      {{"view", "--size", "8x8", "--screenshot", "x.png"}, "--frames"},
      {{"view", "--size", "8x8", "--frames", "1", "--screenshot", "x.jpg"}, ".png"},
      {{"view", "--size", "8x8", "--frames", "1", "--path", "cpu"}, "--path cpu"},
      {{"view", "--size", "8x8", "--frames", "1", "--device", "0"}, "--device"},
      {{"view", "-g", "nope", "--frames", "1"}, "unknown generator"},
      {{"view", "--frames", "abc"}, "--frames"},
      {{"info", "--device", "7"}, "--device 7"},
      {{"nope"}, "unknown command 'nope'"},
      {{}, "subcommand"},
  };
  const auto before = dir.entries();
  for (const auto& c : cases) {
    if (!c.args.empty() && c.args[0] == "info") {
      // info prints what it found on stdout before the failure: check status and message only.
      const auto r = run_glrand(c.args, dir.path());
      INFO(r.describe());
      CHECK(r.exited);
      CHECK(r.status != 0);
      CHECK(message_lines(r.err).size() == 1);
      CHECK(r.err.find(c.phrase) != std::string::npos);
      continue;
    }
    check_failure(c, dir, before);
  }
}

TEST_CASE("an existing output file is replaced only when the command succeeds", "[cli]") {
  TempDir dir;
  const std::string old_contents = "precious old contents\n";
  write_file(dir / "out.bin", old_contents);
  write_file(dir / "pic.png", old_contents);

  // Failures after the output was opened (the device comes after the file) and before.
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"generate", "-n", "1000", "--format", "ints", "--device", "7", "-o", "out.bin"},
           {"generate", "-n", "1000", "--format", "ints", "--size", "5000x5000", "-q", "-o", "out.bin"},
           {"generate", "-n", "0", "-o", "out.bin"},
           {"generate", "-n", "2^50", "--format", "ints", "-o", "out.bin"},
           {"render", "--size", "8x8", "--device", "7", "-o", "pic.png"},
           {"render", "--size", "8x8", "--seed", "1,2", "-o", "pic.png"},
       }) {
    INFO("glrand " << join(args));
    const auto r = run_glrand(args, dir.path());
    INFO(r.describe());
    CHECK(r.status != 0);
    CHECK(read_file(dir / "out.bin") == old_contents);
    CHECK(read_file(dir / "pic.png") == old_contents);
    CHECK(dir.entries() == std::vector<std::string>{"out.bin", "pic.png"});
  }

  // Success replaces both.
  glrand_ok({"generate", "-n", "1000", "--format", "ints", "-o", "out.bin"}, dir.path());
  CHECK(difference(read_file(dir / "out.bin"), as_bytes(reference_ints(kDefault.start(), 1000)), 12) == "");
  glrand_ok({"render", "--size", "8x8", "--path", "cpu", "-o", "pic.png"}, dir.path());
  CHECK(read_png(dir / "pic.png", 8, 8).rgb == reference_picture(kDefault.start(), 8, 8));
  CHECK(dir.entries() == std::vector<std::string>{"out.bin", "pic.png"});
}

// =========================================================================================
// 7. A terminal on standard output


TEST_CASE("generate refuses to write binary numbers to a terminal", "[cli]") {
  TempDir dir;
  for (const auto& args : std::vector<std::vector<std::string>>{{"generate", "-n", "5"},
                                                                {"generate", "-n", "5", "-o", "-", "--path", "cpu"}}) {
    INFO("glrand " << join(args));
    const auto [status, text] = glrand_on_terminal(args, dir.path());
    INFO("terminal output: " << text);
    CHECK(status != 0);
    CHECK(status < 128);
    CHECK(text.find("terminal") != std::string::npos);
    CHECK(text.find("-o FILE") != std::string::npos);
    CHECK(dir.entries().empty());
  }
  // With -o FILE a terminal on stdout is fine.
  const auto [status, text] = glrand_on_terminal({"generate", "-n", "5", "--format", "ints", "-o", "t.bin"}, dir.path());
  INFO("terminal output: " << text);
  CHECK(status == 0);
  CHECK(read_file(dir / "t.bin") == as_bytes(reference_ints(kDefault.start(), 5)));
}

// =========================================================================================
// 8. render

TEST_CASE("render writes a PNG whose pixels are the reference outputs", "[cli]") {
  TempDir dir;
  constexpr std::uint32_t kWidth = 64, kHeight = 48;

  SECTION("default source, gl path") {
    glrand_ok({"render", "-g", "ceicg", "--size", "64x48", "-o", "pic.png"}, dir.path());
    const auto image = read_png(dir / "pic.png", kWidth, kHeight);
    require_close_picture(image.rgb, reference_picture(kDefault.start(), kWidth, kHeight), kWidth);
    glrand_ok({"render", "-g", "ceicg", "--size", "64x48", "--path", "cpu", "-o", "cpu.png"}, dir.path());
    CHECK(read_png(dir / "cpu.png", kWidth, kHeight).rgb == reference_picture(kDefault.start(), kWidth, kHeight));
    CHECK(dir.entries() == std::vector<std::string>{"cpu.png", "pic.png"});
  }

  SECTION("seeded source, non-square odd size, both paths") {
    const Source source{ceicg::Seed{99u, 16777000u, 5u}, "16777215", 16777215, "18446744073709551615",
                        18446744073709551615ull};
    auto gl_args = std::vector<std::string>{"render", "--size", "37x23", "-o", "gl.png"};
    auto cpu_args = std::vector<std::string>{"render", "--size", "37x23", "--path", "cpu", "-o", "cpu.png"};
    for (auto* a : {&gl_args, &cpu_args}) {
      const auto src = source.args();
      a->insert(a->end(), src.begin(), src.end());
    }
    glrand_ok(gl_args, dir.path());
    glrand_ok(cpu_args, dir.path());
    const auto expected = reference_picture(source.start(), 37, 23);
    require_close_picture(read_png(dir / "gl.png", 37, 23).rgb, expected, 37);
    CHECK(read_png(dir / "cpu.png", 37, 23).rgb == expected);
  }

  SECTION("Park-Miller: the ps30 texture fill beside the CPU path's formula") {
    // The GL picture's floats come from the texture fill (states on the GPU, within 1 ulp of
    // the formula), the CPU's from the exact integers: the same picture but for rounding.
    glrand_ok({"render", "-g", "pm", "--seed", "42", "--offset", "1000", "--size", "37x23", "-o", "gl.png"}, dir.path());
    glrand_ok({"render", "-g", "pm", "--seed", "42", "--offset", "1000", "--size", "37x23", "--path", "cpu", "-o",
               "cpu.png"},
              dir.path());
    const auto expected = park_miller_picture(glrand::pm::state_at(42, 1000), 37, 23);  // output 1000 of seed 42 on
    require_close_picture(read_png(dir / "gl.png", 37, 23).rgb, expected, 37);
    CHECK(read_png(dir / "cpu.png", 37, 23).rgb == expected);
  }

  SECTION("a distribution's values, from black to full intensity across the display range") {
    // Exponential of rate 2, -log1p(-u)/2, shown from 0 to 2, on the GL and CPU paths alike.
    const auto exponential = [](double u) { return -std::log1p(-u) / 2.0; };
    const auto expected = park_miller_distribution_picture(glrand::pm::state_at(42, 1000), 37, 23, exponential, 0.0, 2.0);
    for (const char* path : {"gl", "cpu"}) {
      INFO("--path " << path);
      const std::string file = std::string(path) + "-exp.png";
      glrand_ok({"render", "-g", "pm", "--seed", "42", "--offset", "1000", "--size", "37x23", "--path", path,
                 "--distribution", "exponential", "--lambda", "2", "--display-range", "0,2", "-o", file},
                dir.path());
      require_close_picture(read_png(dir / file, 37, 23).rgb, expected, 37);
    }
    // The same values made in the texture fill's shader, in float (within a few ulps), in both
    // GL profiles.
    for (const char* profile : {"ps30", "compute"}) {
      INFO("--distribution-on gpu --profile " << profile);
      const std::string file = std::string(profile) + "-gpu-exp.png";
      glrand_ok({"render", "-g", "pm", "--seed", "42", "--offset", "1000", "--size", "37x23", "--profile", profile,
                 "--distribution", "exponential", "--lambda", "2", "--display-range", "0,2", "--distribution-on", "gpu",
                 "-o", file},
                dir.path());
      require_close_picture(read_png(dir / file, 37, 23).rgb, expected, 37);
    }
    // The Poisson's values in the texture fill: the host's table's k of each texel's uniform
    // float, which lies within an ulp of the host's; so the picture is the host path's but where
    // a float sits at a table value (λ = 3: counts 0 to 10, 25 levels a count).
    glrand_ok({"render", "-g", "pm", "--seed", "42", "--size", "37x23", "--path", "cpu", "--distribution", "poisson",
               "--lambda", "3", "--display-range", "0,10", "-o", "cpu-poisson.png"},
              dir.path());
    const auto cpu_poisson = read_png(dir / "cpu-poisson.png", 37, 23).rgb;
    for (const char* profile : {"ps30", "compute"}) {
      INFO("Poisson, --distribution-on gpu --profile " << profile);
      glrand_ok({"render", "-g", "pm", "--seed", "42", "--size", "37x23", "--profile", profile, "--distribution",
                 "poisson", "--lambda", "3", "--display-range", "0,10", "--distribution-on", "gpu", "-o",
                 "gpu-poisson.png"},
                dir.path());
      const auto gpu_poisson = read_png(dir / "gpu-poisson.png", 37, 23).rgb;
      REQUIRE(cpu_poisson.size() == gpu_poisson.size());
      std::size_t differ = 0;
      for (std::size_t i = 0; i < cpu_poisson.size(); ++i) differ += cpu_poisson[i] != gpu_poisson[i];
      CHECK(differ <= 3);
    }
    // The default display range of a normal: its 0.1% and 99.9% quantiles, mean ± 3.0902323σ.
    glrand_ok({"render", "-g", "pm", "--size", "64x48", "--path", "cpu", "--distribution", "normal", "--mean", "1",
               "--stddev", "0.5", "-o", "normal-default.png"},
              dir.path());
    glrand_ok({"render", "-g", "pm", "--size", "64x48", "--path", "cpu", "--distribution", "normal", "--mean", "1",
               "--stddev", "0.5", "--display-range", "-0.54511615,2.54511615", "-o", "normal-given.png"},
              dir.path());
    const auto by_default = read_png(dir / "normal-default.png", 64, 48).rgb;
    const auto given = read_png(dir / "normal-given.png", 64, 48).rgb;
    require_close_picture(by_default, given, 64);
    // A uniform range: its own ends, so [0, 1) looks like the generator's floats.
    glrand_ok({"render", "-g", "pm", "--size", "64x48", "--path", "cpu", "--distribution", "uniform", "-o",
               "uniform.png"},
              dir.path());
    require_close_picture(read_png(dir / "uniform.png", 64, 48).rgb, park_miller_picture(glrand::pm::state_at(1, 0), 64, 48),
                          64);
  }

  SECTION("-o must end in .png") {
    const auto r = run_glrand({"render", "--size", "64x48", "-o", "pic.jpg"}, dir.path());
    INFO(r.describe());
    CHECK(r.status != 0);
    CHECK(r.err.find(".png") != std::string::npos);
    CHECK(dir.entries().empty());
  }
}

// =========================================================================================
// 9. view under Xvfb

TEST_CASE("view --frames 3 --screenshot saves the third frame", "[cli]") {
  TempDir dir;
  // Independent of a display: the option check comes first.
  {
    const auto r = run_glrand({"view", "--screenshot", "x.png"}, dir.path());
    INFO(r.describe());
    CHECK(r.status != 0);
    CHECK(r.err.find("--frames") != std::string::npos);
    CHECK(dir.entries().empty());
  }

  const auto xvfb_run = find_in_path("xvfb-run");
  if (!xvfb_run) {
    WARN("xvfb-run not found: skipping the view screenshot test");
    return;
  }
  const auto r = run_program(*xvfb_run,
                             {"-a", "-s", "-screen 0 640x480x24", glrand_executable(), "view", "-g", "ceicg", "--size", "64x48",
                              "--frames", "3", "--screenshot", "shot.png"},
                             dir.path());
  INFO(r.describe());
  REQUIRE(r.ok());
  const auto image = read_png(dir / "shot.png", 64, 48);
  // Each frame consumes width * height * 4 outputs: the third starts at 2 * 64 * 48 * 4.
  const auto third = ceicg::residues_at(ceicg::kDefaultSeed, 0, 2ull * 64 * 48 * 4);
  require_close_picture(image.rgb, reference_picture(third, 64, 48), 64);
  // ... and is not the first frame.
  const auto first = compare_pictures(image.rgb, reference_picture(kDefault.start(), 64, 48), 64);
  CHECK(first.exact * 2 < first.channels);
  CHECK(dir.entries() == std::vector<std::string>{"shot.png"});

  // Park–Miller, its states on the GPU from frame to frame: the second frame's outputs.
  const auto pm_run = run_program(*xvfb_run,
                                  {"-a", "-s", "-screen 0 640x480x24", glrand_executable(), "view", "-g", "pm", "--seed",
                                   "7", "--size", "40x30", "--frames", "2", "--screenshot", "pm.png"},
                                  dir.path());
  INFO(pm_run.describe());
  REQUIRE(pm_run.ok());
  // The second frame, from its first output on.
  require_close_picture(read_png(dir / "pm.png", 40, 30).rgb, park_miller_picture(glrand::pm::state_at(7, 4 * 40 * 30), 40, 30),
                        40);
  // The same frames from the compute profile's fill (its states in a storage buffer).
  const auto pm_compute = run_program(*xvfb_run,
                                      {"-a", "-s", "-screen 0 640x480x24", glrand_executable(), "view", "-g", "pm", "--seed",
                                       "7", "--profile", "compute", "--size", "40x30", "--frames", "2", "--screenshot",
                                       "pm-compute.png"},
                                      dir.path());
  INFO(pm_compute.describe());
  REQUIRE(pm_compute.ok());
  require_close_picture(read_png(dir / "pm-compute.png", 40, 30).rgb,
                        park_miller_picture(glrand::pm::state_at(7, 4 * 40 * 30), 40, 30), 40);
  // A distribution's values: the second frame's, shown across the display range, made on the
  // host and uploaded, or made on the GPU in the texture fill and drawn with no readback.
  const auto exponential_frame = park_miller_distribution_picture(
      glrand::pm::state_at(7, 4 * 40 * 30), 40, 30, [](double u) { return -std::log1p(-u) / 0.5; }, 0.0, 6.0);
  for (const char* on : {"host", "gpu"}) {
    const std::string shot = std::string("pm-exponential-") + on + ".png";
    const auto run = run_program(*xvfb_run,
                                 {"-a", "-s", "-screen 0 640x480x24", glrand_executable(), "view", "-g", "pm", "--seed",
                                  "7", "--size", "40x30", "--frames", "2", "--distribution", "exponential", "--lambda",
                                  "0.5", "--display-range", "0,6", "--distribution-on", on, "--screenshot", shot},
                                 dir.path());
    INFO(run.describe());
    REQUIRE(run.ok());
    require_close_picture(read_png(dir / shot, 40, 30).rgb, exponential_frame, 40);
  }
  // A generator without a GL path is refused with one line.
  const auto refused = run_glrand({"view", "-g", "mt19937", "--frames", "1"}, dir.path());
  INFO(refused.describe());
  CHECK(refused.status != 0);
  CHECK(refused.err.find("mt19937") != std::string::npos);
  CHECK(lines_of(refused.err).size() == 1);
}

TEST_CASE("generate warns of a CEICG seed with equal offsets unless -q", "[cli]") {
  TempDir dir;
  const auto generate = [&](std::vector<std::string> extra) {
    std::vector<std::string> args{"generate", "-g", "ceicg", "--path", "cpu", "-n", "10", "--format", "ints",
                                  "-o", "x.bin"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = glrand_ok(args, dir.path());
    std::vector<std::string> warnings;
    for (const auto& line : lines_of(r.err))
      if (line.find("warning") != std::string::npos) warnings.push_back(line);
    return warnings;
  };
  // The paper's seed: x_k(2N) = inv(2)·x_k(N), so u[2N] is u[N]/2 or u[N]/2 + 1/2.
  const auto paper = generate({"--seed", "0,0,0"});
  REQUIRE(paper.size() == 1);
  CHECK_THAT(paper[0], Catch::Contains("0,0,0") && Catch::Contains("u[2N]") && Catch::Contains("u[N]/2"));
  const auto pair = generate({"--seed", "9,4,9"});
  REQUIRE(pair.size() == 1);
  CHECK_THAT(pair[0], Catch::Contains("components 1 and 3"));
  CHECK(generate({"--seed", "0,0,0", "-q"}).empty());
  CHECK(glrand_ok({"generate", "-g", "ceicg", "--path", "cpu", "-n", "10", "--seed", "0,0,0", "-q", "-o", "x.bin"},
                  dir.path()).err.empty());
  CHECK(generate({}).empty());                        // the default seed
  CHECK(generate({"--seed", "123456,16777198,42"}).empty());
  CHECK(read_file(dir / "x.bin").size() == 10 * 3 * 4);
}

// =========================================================================================
// 10. Help and info

TEST_CASE("help of every command exits 0 and names its options and info reports GL and CUDA", "[cli]") {
  TempDir dir;
  const std::vector<std::pair<std::string, std::vector<std::string>>> commands{
      {"generate",
       {"--generator", "--seed", "--offset", "--substream", "--path", "--device", "--count", "--format", "--words",
        "--output", "--size", "--quiet", "--no-self-test"}},
      {"render",
       {"--generator", "--seed", "--offset", "--substream", "--path", "--device", "--size", "--output", "--no-self-test"}},
      {"view", {"--generator", "--seed", "--offset", "--substream", "--size", "--frames", "--screenshot", "--no-self-test"}},
      {"info", {"--device"}},
      {"bench",
       {"--generator", "--path", "--profile", "--sizes", "--repeats", "--passes", "--quick", "--device", "--csv",
        "--sinks", "--sink-formats", "--sink-dir"}},
      {"test",
       {"--generator", "--seed", "--path", "--profile", "--device", "--tests", "--psamples-scale", "--quick", "--words",
        "--no-self-test"}},
  };
  for (const auto& [command, options] : commands) {
    INFO("glrand " << command << " --help");
    const auto r = glrand_ok({command, "--help"}, dir.path());
    for (const auto& option : options) {
      INFO("option " << option);
      CHECK(r.out.find(option) != std::string::npos);
    }
  }
  const auto top = glrand_ok({"--help"}, dir.path());
  for (const char* command : {"generate", "render", "view", "info", "bench", "test"})
    CHECK(top.out.find(command) != std::string::npos);

  const auto info = glrand_ok({"info"}, dir.path());
  CHECK(info.out.find("GL renderer") != std::string::npos);
  CHECK(info.out.find("CUDA") != std::string::npos);
  CHECK(info.out.find("EGL devices") != std::string::npos);
  const auto device0 = glrand_ok({"info", "--device", "0"}, dir.path());
  CHECK(device0.out.find("Device used: 0") != std::string::npos);
  CHECK(dir.entries().empty());
}

// =========================================================================================
// 11. bench

// The fields of one CSV line: quoted fields may hold commas, and "" stands for a quote.
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

// A CSV number that is a positive, finite value (not 0, inf or nan).
bool positive_finite(const std::string& field) {
  const double value = std::stod(field);
  return std::isfinite(value) && value > 0.0;
}

// The GL rows of a bench CSV (fields; header first): each resident row has its readback row,
// PROFILE-readback, of the same generator and pass, beside the profile's ceiling read back
// (fill+readback for ps30, write+readback for scatter and compute) on the wall clock; for
// scatter and compute the ceiling reads back the very floats the resident row's ceiling
// writes. Returns the number of readback rows.
int check_readback_rows(const std::vector<std::vector<std::string>>& rows) {
  int readback = 0;
  for (const auto& f : rows) {
    if (f[0] != "gl" || f[1].ends_with("-readback")) continue;
    std::string line;
    for (const auto& field : f) line += field + "|";
    INFO("resident row " << line);
    const auto match = std::find_if(rows.begin(), rows.end(), [&](const std::vector<std::string>& r) {
      return r[0] == "gl" && r[1] == f[1] + "-readback" && r[2] == f[2] && r[4] == f[4];
    });
    REQUIRE(match != rows.end());
    const auto& r = *match;
    ++readback;
    // The ceiling: the PBO read-back of the words handed on; a stateful ps30 generator's also
    // the fill of its pass (CEICG's ps30 engine reads its targets back: the fill read back).
    const bool ceicg_ps30 = f[1] == "ps30" && f[2] == "ceicg";
    CHECK(r[7] == (ceicg_ps30 ? "fill+readback" : f[1] == "ps30" ? "min(fill, readback)" : "write+readback"));
    CHECK(r[8] == "floats");
    if (!ceicg_ps30) {  // as many floats as the words' bytes: exact words per output
      const std::map<std::string, double> words{{"pm", 1}, {"wh", 4}, {"mrg32k3a", 1}, {"ceicg", 3}};
      CHECK(std::stod(r[9]) == std::stod(r[4]) * words.at(f[2]));
    }
    CHECK(r[13] == "wall clock");
    for (const int column : {5, 6, 9, 10, 11, 12}) {  // seconds, rate, the ceiling's units, seconds, rate; ratio
      INFO("column " << column << ": " << r[column]);
      CHECK(positive_finite(r[column]));
    }
    if (f[1] != "ps30")  // the same pass shape, and how it was read
      CHECK((r[3] == f[3] + ", read on one context" || r[3] == f[3] + ", read by a shared context"));
  }
  return readback;
}

TEST_CASE("bench --distributions gives Bradley et al.'s Tables 2 and 3 rows on the cpu path", "[cli][distribution]") {
  TempDir dir;
  const auto has = [](const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; };
  const auto r = glrand_ok({"bench", "--distributions", "-g", "mrg32k3a,sobol32", "--path", "cpu", "--repeats", "1",
                            "--sizes", "65536"},
                           dir.path());
  for (const char* g : {"mrg32k3a", "sobol32"})
    for (const char* profile : {"uniform-f32", "exponential-f32", "normal-f32", "uniform-f64", "exponential-f64",
                                "normal-f64"}) {
      INFO(g << " " << profile << " in:\n" << r.out);
      CHECK(has(r.out, std::string("| cpu | ") + profile + " | " + g + " | 65536 |"));
    }
  // Their normals: Box–Muller for MRG32k3a, the inverse CDF for Sobol32; f64 fills two words a value.
  CHECK(has(r.out, "| cpu | normal-f32 | mrg32k3a | 65536 | glrand::Generator on the CPU path, normal (0, 1), Box-Muller, 1 words/output"));
  CHECK(has(r.out, "| cpu | normal-f64 | sobol32 | 65536 | glrand::Generator on the CPU path, normal (0, 1), inverse CDF, 2 words/output"));
  CHECK(!has(r.out, "| cpu | host |"));  // instead of the generator rows
  const auto refused = run_glrand({"bench", "--distributions", "--sinks", "null", "-g", "pm"}, dir.path());
  CHECK(refused.status == 2);
  CHECK(has(refused.err, "--distributions and --sinks choose different rows"));
}

TEST_CASE("bench --quick measures each generator on the gl and cpu paths beside its ceiling, and writes a CSV", "[cli]") {
  TempDir dir;
  const auto r = glrand_ok({"bench", "--quick", "-g", "pm,ceicg,mt19937", "--path", "gl,cpu", "--profile", "ps30,compute",
                            "--repeats", "1", "--passes", "1", "--sizes", "65536,200000", "--csv", "bench.csv"},
                           dir.path());
  for (const char* row : {"| gl | ps30 | pm |", "| gl | compute | pm |", "| gl | ps30 | ceicg |", "| gl | compute | ceicg |",
                          "| gl | ps30-readback | pm |", "| gl | ps30-readback | ceicg |",
                          "| gl | compute-readback | pm |", "| gl | compute-readback | ceicg |",
                          "| cpu | host | pm | 65536 |", "| cpu | host | ceicg | 200000 |", "| cpu | host | mt19937 | 65536 |"}) {
    INFO("row " << row << " in:\n" << r.out);
    CHECK(r.out.find(row) != std::string::npos);
  }
  CHECK(r.out.find("| gl | ps30 | mt19937 |") == std::string::npos);  // no GL path: no GL rows
  CHECK(r.out.find("| gl | scatter") == std::string::npos);           // a profile not asked for
  CHECK(r.out.find("cpu: ") != std::string::npos);                   // the CPU model, with the settings
  const auto lines = lines_of(read_file(dir / "bench.csv"));
  // GL: 2 generators x 2 profiles x (resident + readback) x 2 sizes; CPU: 3 generators x 2 sizes.
  REQUIRE(lines.size() == 1 + 2 * 2 * 2 * 2 + 3 * 2);
  const auto header = csv_fields(lines[0]);
  REQUIRE(header.size() == 17);
  CHECK(header[0] == "path");
  CHECK(header[4] == "outputs");
  CHECK(header[6] == "outputs_per_second");
  CHECK(header[7] == "ceiling");
  CHECK(header[9] == "ceiling_units");
  CHECK(header[11] == "ceiling_units_per_second");
  CHECK(header[12] == "ratio");
  CHECK(header[13] == "clock");
  CHECK(header[14] == "device");
  int cpu_rows = 0;
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    INFO(lines[i]);
    const auto f = csv_fields(lines[i]);
    REQUIRE(f.size() == header.size());
    rows.push_back(f);
    CHECK((f[0] == "gl" || f[0] == "cpu"));
    CHECK(positive_finite(f[4]));   // outputs
    CHECK(positive_finite(f[6]));   // outputs per second
    CHECK(positive_finite(f[11]));  // the ceiling's rate
    CHECK(positive_finite(f[12]));  // ratio
    CHECK(!f[14].empty());          // the renderer or CPU model
    if (f[0] == "cpu") {
      ++cpu_rows;
      CHECK(f[1] == "host");
      CHECK(f[7] == "fill");
      CHECK((f[4] == "65536" || f[4] == "200000"));
    } else {
      CHECK(std::stod(f[4]) >= 65536.0);  // a GL pass of about the size asked, or more
    }
  }
  CHECK(cpu_rows == 6);
  CHECK(check_readback_rows(rows) == 2 * 2 * 2);
  CHECK(dir.entries() == std::vector<std::string>{"bench.csv"});
}

TEST_CASE("bench reads the scatter profile back beside the write-only passes read back the same way", "[cli]") {
  TempDir dir;
  const auto r = glrand_ok({"bench", "-g", "wh", "--path", "gl", "--profile", "scatter", "--repeats", "1", "--passes",
                            "2", "--sizes", "4096", "--csv", "bench.csv"},
                           dir.path());
  INFO(r.out);
  // On a software renderer one context; on a GPU a shared context.
  CHECK((r.out.find("| gl | scatter-readback | wh | 4096 | 64 substreams x 64 outputs, read on one context |") !=
             std::string::npos ||
         r.out.find("| gl | scatter-readback | wh | 4096 | 64 substreams x 64 outputs, read by a shared context |") !=
             std::string::npos));
  const auto lines = lines_of(read_file(dir / "bench.csv"));
  REQUIRE(lines.size() == 1 + 2);  // the resident row and its readback row
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 1; i < lines.size(); ++i) rows.push_back(csv_fields(lines[i]));
  CHECK(rows[1][1] == "scatter-readback");
  CHECK(rows[1][16] == "2");  // passes
  CHECK(check_readback_rows(rows) == 1);
}

TEST_CASE("bench --sinks times the command's writer beside the same bytes written, and leaves no file", "[cli]") {
  // Only the file sinks, in this test's directory (null, pipe and tmpfs write outside it).
  TempDir dir;
  std::filesystem::create_directory(dir / "files");
  const auto r = glrand_ok({"bench", "--sinks", "file,file.npy", "--sink-dir", "files", "--sink-formats", "ints,f64",
                            "-g", "pm,wh", "--path", "gl,cpu", "--profile", "compute", "--sizes", "100000",
                            "--repeats", "1", "--csv", "bench.csv"},
                           dir.path());
  INFO(r.out);
  for (const char* row : {"| gl | compute: ints to file | pm | 100000 |", "| gl | compute: f64 to file.npy | wh | 100000 |",
                          "| cpu | ints to file.npy | wh | 100000 |", "| cpu | f64 to file | pm | 100000 |"})
    CHECK(r.out.find(row) != std::string::npos);
  CHECK(r.out.find("-readback") == std::string::npos);  // --sinks: no other rows
  CHECK(r.out.find("| cpu | host |") == std::string::npos);
  const auto lines = lines_of(read_file(dir / "bench.csv"));
  REQUIRE(lines.size() == 1 + 2 * 2 * 2 * 2);  // paths x generators x formats x sinks
  for (std::size_t i = 1; i < lines.size(); ++i) {
    INFO(lines[i]);
    const auto f = csv_fields(lines[i]);
    REQUIRE(f.size() == 17);
    CHECK(f[4] == "100000");
    CHECK(f[7] == (f[0] == "gl" ? "readback+write" : "write"));
    CHECK(f[8] == "bytes");
    // The bytes the command writes: 4 a word (Wichmann-Hill's ints 4 words an output), 8 an f64.
    const bool f64 = f[1].find("f64") != std::string::npos;
    const double bytes = 100000.0 * (f64 ? 8 : f[2] == "wh" ? 16 : 4);
    CHECK(std::stod(f[9]) == bytes);
    CHECK(f[3].find(std::to_string(static_cast<long long>(bytes)) + " bytes") != std::string::npos);
    CHECK(positive_finite(f[6]));
    CHECK(positive_finite(f[11]));
    CHECK(positive_finite(f[12]));
  }
  CHECK(std::filesystem::is_empty(dir / "files"));  // every run's file removed
  CHECK(dir.entries() == std::vector<std::string>{"bench.csv", "files"});
}

TEST_CASE("bench --sinks with the default profiles gives ps30, scatter and compute rows", "[cli]") {
  TempDir dir;
  std::filesystem::create_directory(dir / "files");
  // Only the file sinks, in this test's directory (null, pipe and tmpfs write outside it).
  const auto r = glrand_ok({"bench", "--sinks", "file,file.npy,file", "--sink-dir", "files", "--sink-formats", "f32", "-g",
                            "pm", "--path", "gl", "--sizes", "5000", "--repeats", "1", "--csv", "bench.csv"},
                           dir.path());
  INFO(r.out);
  CHECK(r.out.find("| gl | ps30: f32 to file | pm | 5000 |") != std::string::npos);
  CHECK(r.out.find("| gl | scatter: f32 to file | pm | 5000 |") != std::string::npos);
  CHECK(r.out.find("| gl | compute: f32 to file.npy | pm | 5000 |") != std::string::npos);
  // "file,file.npy,file": each sink once, in three profiles.
  CHECK(lines_of(read_file(dir / "bench.csv")).size() == 1 + 3 * 2);
  CHECK(std::filesystem::is_empty(dir / "files"));
}

TEST_CASE("bench --sinks refuses unknown sinks and formats and a missing directory", "[cli]") {
  TempDir dir;
  const std::tuple<std::vector<std::string>, std::string, int> cases[] = {
      {{"bench", "--sinks", "disk", "--path", "cpu"}, "--sinks: unknown sink 'disk'", 2},
      {{"bench", "--sinks", "file", "--sink-formats", "u32", "--path", "cpu"}, "--sink-formats: 'u32' is not one of ints, f32, f64", 2},
      {{"bench", "--sinks", "file", "--sink-dir", "missing", "--path", "cpu"}, "--sink-dir missing is not a writable directory", 1},
  };
  for (const auto& [args, message, status] : cases) {
    INFO("glrand " << join(args));
    const auto result = run_glrand(args, dir.path());
    CHECK(result.status == status);
    CHECK(result.err.find(message) != std::string::npos);
    CHECK(result.out.find("| cpu |") == std::string::npos);
  }
  CHECK(dir.entries().empty());
}

TEST_CASE("bench rejects bad input with one line and leaves no file", "[cli]") {
  TempDir dir;
  const auto before = dir.entries();
  // Exit status 2 for bad usage, 1 for what fails at run time (a directory that is missing).
  const std::tuple<std::vector<std::string>, std::string, int> cases[] = {
      {{"bench", "--quick", "-g", "nope"}, "unknown generator", 2},
      {{"bench", "--quick", "--profile", "warp"}, "unknown profile", 2},
      {{"bench", "--quick", "--path", "gl,gpu"}, "unknown path 'gpu': choose from gl, cuda, cpu, mkl", 2},
      {{"bench", "--quick", "--path", "cpu", "--sizes", "0"}, "--sizes", 2},
      {{"bench", "--quick", "-g", "mt19937", "--path", "gl"}, "no GL path", 2},
      {{"bench", "--quick", "--repeats", "0"}, "--repeats", 2},
      {{"bench", "--quick", "-g", "pm", "--csv", "no/such/dir/b.csv"}, "no/such/dir/b.csv", 1},
      {{"bench", "--quick", "-g", "pm", "--csv", "b.txt"}, ".csv", 2},
  };
  for (const auto& [args, message, status] : cases) {
    INFO("glrand " << join(args));
    const auto result = run_glrand(args, dir.path());
    CHECK(result.status == status);
    CHECK(result.err.find(message) != std::string::npos);
    CHECK(dir.entries() == before);
  }
}

TEST_CASE("generate --path gl --distribution-on gpu writes the formula of each output's float, made in float",
          "[cli][distribution]") {
  TempDir dir;
  constexpr std::uint64_t kCount = 20001;
  // The host's floats and doubles of the outputs (the word packer's, bit for bit), from output
  // 17 on, and the point where the shaders' formula takes each: its float, or from 1/2 up
  // 1 − q, q the float nearest 1 − u (docs/distributions.md).
  std::vector<float> uf(kCount + 1);
  std::vector<double> ud(kCount + 1);
  for (const std::string format : {"f32", "f64"}) {
    glrand_ok({"generate", "-g", "pm", "--path", "cpu", "-n", std::to_string(kCount + 1), "--format", format,
               "--offset", "17", "-o", "u.bin"},
              dir.path());
    const std::string ubytes = read_file(dir / "u.bin");
    std::memcpy(format == "f32" ? static_cast<void*>(uf.data()) : static_cast<void*>(ud.data()), ubytes.data(),
                ubytes.size());
  }
  std::vector<double> u(kCount + 1);
  for (std::size_t i = 0; i <= kCount; ++i)
    u[i] = uf[i] >= 0.5f ? 1.0 - static_cast<float>(1.0 - ud[i]) : static_cast<double>(uf[i]);
  struct Case {
    std::vector<std::string> args;
    std::function<double(std::size_t)> value;  // value i from u in double, by hand
    double scale_mean;                         // errors in float ulps of |this| + |value − this|
    double ulps;                               // docs/distributions.md's bound, with a half ulp of rounding
  };
  const std::vector<Case> cases{
      {{"--distribution", "exponential", "--lambda", "4"}, [&](std::size_t i) { return -std::log1p(-u[i]) / 4.0; }, 0,
       12.5},
      {{"--distribution", "normal", "--mean", "1", "--stddev", "3", "--normal-method", "box-muller"},
       [&](std::size_t i) {
         const std::size_t k = i - i % 2;
         const double r = std::sqrt(-2.0 * std::log1p(-u[k])), theta = 2.0 * std::numbers::pi * double(uf[k + 1]);
         return 1.0 + 3.0 * (i % 2 == 0 ? r * std::cos(theta) : r * std::sin(theta));
       },
       1, 8.5},
  };
  for (const auto& c : cases)
    for (const std::string profile : {"ps30", "compute"}) {
      INFO(c.args[1] << " --profile " << profile);
      std::vector<std::string> args{"generate", "-g", "pm", "--path", "gl", "--profile", profile, "-n",
                                    std::to_string(kCount), "--offset", "17", "--distribution-on", "gpu", "-o", "x.f32"};
      args.insert(args.end(), c.args.begin(), c.args.end());
      const auto r = glrand_ok(args, dir.path());
      CHECK_THAT(r.err, Catch::Contains("the distribution's values made on the GPU"));
      const std::string bytes = read_file(dir / "x.f32");
      REQUIRE(bytes.size() == kCount * 4);
      double worst = 0;
      for (std::size_t i = 0; i < kCount; ++i) {
        float x;
        std::memcpy(&x, bytes.data() + 4 * i, 4);
        const double exact = c.value(i);
        const auto scale = static_cast<float>(std::abs(c.scale_mean) + std::abs(exact - c.scale_mean));
        worst = std::max(worst, std::abs(x - exact) / (std::nextafter(scale, INFINITY) - scale));
      }
      CHECK(worst <= c.ulps);
    }
}

TEST_CASE("generate --distribution writes each distribution's formula of the generator's doubles, on every path",
          "[cli]") {
  TempDir dir;
  constexpr std::uint64_t kCount = 20001;
  // The uniform doubles of the sequence, from the command itself (equal to the reference above).
  glrand_ok({"generate", "-g", "mrg32k3a", "--path", "cpu", "-n", std::to_string(kCount + 1), "--format", "f64",
             "--offset", "17", "-o", "u.bin"},
            dir.path());
  const std::string ubytes = read_file(dir / "u.bin");
  std::vector<double> u(kCount + 1);
  std::memcpy(u.data(), ubytes.data(), ubytes.size());
  struct Case {
    std::vector<std::string> args;
    std::function<double(std::size_t)> value;  // value i from u, by hand
  };
  const std::vector<Case> cases{
      {{"--distribution", "exponential", "--lambda", "4"}, [&](std::size_t i) { return -std::log1p(-u[i]) / 4.0; }},
      {{"--distribution", "uniform", "--range", "-2,6"}, [&](std::size_t i) { return -2.0 + 8.0 * u[i]; }},
      {{"--distribution", "uniform-positive"}, [&](std::size_t i) { return 1.0 - u[i]; }},
      {{"--distribution", "normal", "--mean", "1", "--stddev", "3", "--normal-method", "box-muller"},
       [&](std::size_t i) {
         const std::size_t k = i - i % 2;
         const double r = std::sqrt(-2.0 * std::log1p(-u[k])), theta = 2.0 * std::numbers::pi * u[k + 1];
         return 1.0 + 3.0 * (i % 2 == 0 ? r * std::cos(theta) : r * std::sin(theta));
       }},
  };
  for (const auto& c : cases)
    for (const std::string path : {"cpu", "gl"}) {
      INFO(c.args[1] << " --path " << path);
      std::vector<std::string> args{"generate", "-g", "mrg32k3a", "--path", path, "-n", std::to_string(kCount),
                                    "--format", "f64", "--offset", "17", "-o", "x.bin"};
      args.insert(args.end(), c.args.begin(), c.args.end());
      glrand_ok(args, dir.path());
      const std::string bytes = read_file(dir / "x.bin");
      REQUIRE(bytes.size() == kCount * 8);
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < kCount; ++i) {
        double x;
        std::memcpy(&x, bytes.data() + 8 * i, 8);
        wrong += x != c.value(i);
      }
      CHECK(wrong == 0);
    }
  // The normal's inverse CDF as text: one value a line, inverting the C library's CDF.
  const auto text = glrand_ok({"generate", "-g", "mrg32k3a", "--path", "cpu", "-n", "1000", "--format", "text-f64",
                               "--offset", "17", "--distribution", "normal", "-q"},
                              dir.path());
  std::istringstream lines(text.out);
  std::size_t i = 0;
  for (double z; lines >> z; ++i) REQUIRE(0.5 * std::erfc(-z / std::numbers::sqrt2) == Approx(u[i]).epsilon(1e-12));
  CHECK(i == 1000);
}
