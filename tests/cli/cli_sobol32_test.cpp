// SPDX-License-Identifier: MIT
// `glrand generate -g sobol32`: the CPU path against the published first points (tests/kat/) and against Sobol points
// computed here, independently of host/generators, from Joe & Kuo's published file
// (Joe & Kuo's own construction: direction numbers by the recurrence, points by Gray code);
// the dimension-major layout, --offset, the float formulas, and every refusal. The CUDA path
// is compared with the CPU path in tests/gpu/cli_gpu_test.cpp (label gpu) and against
// cuRAND's host generator in tests/cli/cli_curand_host_test.cpp.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kat/kat.hpp"
#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"
#include "support/word_comparison.hpp"

#ifndef GLRAND_JOE_KUO_FILE
#error "GLRAND_JOE_KUO_FILE must name third_party/joe_kuo/new-joe-kuo-6.21201"
#endif

using namespace glrand_test;

namespace {

std::string generate(const TempDir& dir, std::vector<std::string> args) {
  args.insert(args.begin(), {"generate", "-g", "sobol32", "--path", "cpu"});
  args.insert(args.end(), {"-o", "-", "-q"});
  return glrand_ok(args, dir.path()).out;
}


// The published file's rows, read once (row i: d = i + 2).
const std::vector<std::string>& joe_kuo_rows() {
  static const std::vector<std::string> rows = [] {
    std::ifstream file(GLRAND_JOE_KUO_FILE);
    REQUIRE(file);
    std::vector<std::string> lines;
    std::string line;
    std::getline(file, line);  // header: d s a m_i
    while (std::getline(file, line)) lines.push_back(line);
    return lines;
  }();
  return rows;
}

// Direction numbers v_1..v_32 (index 0..31) of dimension `dimension` (0: van der Corput;
// d ≥ 1: the file's row d + 1), as Joe & Kuo's sobol.cc computes them.
std::array<std::uint32_t, 32> joe_kuo_directions(int dimension) {
  std::array<std::uint32_t, 32> v{};
  if (dimension == 0) {
    for (int i = 0; i < 32; ++i) v[i] = std::uint32_t{1} << (31 - i);
    return v;
  }
  const auto& rows = joe_kuo_rows();
  if (dimension > static_cast<int>(rows.size())) FAIL("dimension " << dimension << " is not in " << GLRAND_JOE_KUO_FILE);
  std::istringstream fields(rows[static_cast<std::size_t>(dimension - 1)]);
  unsigned d = 0, s = 0, a = 0;
  fields >> d >> s >> a;
  REQUIRE(d == static_cast<unsigned>(dimension) + 1);
  std::vector<std::uint32_t> m(s);
  for (auto& mi : m) fields >> mi;
  for (unsigned i = 0; i < 32; ++i) {
    if (i < s) {
      v[i] = m[i] << (31 - i);
    } else {
      v[i] = v[i - s] ^ (v[i - s] >> s);
      for (unsigned k = 1; k < s; ++k) v[i] ^= ((a >> (s - 1 - k)) & 1u) * v[i - k];
    }
  }
  return v;
}

// Points first .. first + count − 1 of one dimension, stepping by Gray code from x_0 = 0.
std::vector<std::uint32_t> joe_kuo_points(int dimension, std::uint64_t first, std::uint64_t count) {
  const auto v = joe_kuo_directions(dimension);
  std::vector<std::uint32_t> out;
  std::uint32_t x = 0;
  for (std::uint64_t n = 0; n < first + count; ++n) {
    if (n >= first) out.push_back(x);
    unsigned c = 0;  // the lowest zero bit of n
    for (std::uint64_t k = n; k & 1; k >>= 1) ++c;
    x ^= v[c];
  }
  return out;
}

// Dimension-major, as cuRAND lays out D dimensions.
std::vector<std::uint32_t> joe_kuo_run(int dimensions, std::uint64_t first, std::uint64_t points) {
  std::vector<std::uint32_t> out;
  for (int d = 0; d < dimensions; ++d) {
    const auto row = joe_kuo_points(d, first, points);
    out.insert(out.end(), row.begin(), row.end());
  }
  return out;
}

}  // namespace

TEST_CASE("generate -g sobol32 --path cpu starts as docs/check-values.md says, floats x*2^-32 + 2^-33", "[cli][sobol32]") {
  TempDir dir;
  const auto words = values_of<std::uint32_t>(generate(dir, {"-n", "8", "--format", "ints"}));
  const std::vector<std::uint32_t> published = kat::load("sobol32").u32_sequence("dimension=0", "word");
  REQUIRE(published.size() == 8);
  CHECK(words == published);
  // --format u32: the test batteries' word is the coordinate itself.
  CHECK(values_of<std::uint32_t>(generate(dir, {"-n", "8", "--format", "u32"})) == published);
  const auto f32 = values_of<float>(generate(dir, {"-n", "8", "--format", "f32"}));
  const auto f64 = values_of<double>(generate(dir, {"-n", "8", "--format", "f64"}));
  REQUIRE(f32.size() == 8);
  REQUIRE(f64.size() == 8);
  for (std::size_t i = 0; i < 8; ++i) {
    INFO("x = " << published[i]);
    // cuRAND's float formula, evaluated in float; its exact value in double.
    CHECK(f32[i] == static_cast<float>(published[i]) * 0x1p-32f + 0x1p-33f);
    CHECK(f64[i] == published[i] * 0x1p-32 + 0x1p-33);
  }
}

TEST_CASE("generate -g sobol32 --dimensions D is dimension-major, from point --offset in every dimension", "[cli][sobol32]") {
  TempDir dir;
  struct Case { int dimensions; std::uint64_t offset, points; };
  for (const Case c : {Case{7, 1000, 3000}, Case{256, 5, 100}, Case{2, 0, 1}, Case{21201, 3, 2}}) {
    INFO("--dimensions " << c.dimensions << " --offset " << c.offset << ", " << c.points << " points");
    const auto words = values_of<std::uint32_t>(
        generate(dir, {"--dimensions", std::to_string(c.dimensions), "--offset", std::to_string(c.offset), "-n",
                       std::to_string(c.dimensions * c.points), "--format", "ints"}));
    require_same_words(words, joe_kuo_run(c.dimensions, c.offset, c.points));
  }
  // One dimension across the CPU path's chunks (2^22 points).
  const std::uint64_t n = (std::uint64_t{1} << 22) + 3;
  const auto words = values_of<std::uint32_t>(generate(dir, {"--offset", "77", "-n", std::to_string(n), "--format", "ints"}));
  require_same_words(words, joe_kuo_points(0, 77, n));
}

TEST_CASE("generate -g sobol32 reaches the last point of a dimension", "[cli][sobol32]") {
  TempDir dir;
  // Dimension 0 reverses the bits of gray(n): gray(2^32 − 2) = 0x80000001, gray(2^32 − 1) = 0x80000000.
  const auto words = values_of<std::uint32_t>(generate(dir, {"--offset", "4294967294", "-n", "2", "--format", "ints"}));
  CHECK(words == std::vector<std::uint32_t>{0x80000001u, 0x00000001u});
}

TEST_CASE("generate -g sobol32 refuses the GL path, a seed, bad dimensions and counts", "[cli][sobol32]") {
  TempDir dir;
  const auto before = dir.entries();
  const BadCase cases[] = {
      {{"generate", "-g", "sobol32", "--path", "gl", "-n", "5", "-o", "x.bin"}, "has no GL path"},
      {{"generate", "-g", "sobol32", "--path", "gl", "-n", "5", "-o", "x.bin"}, "use --path cpu or --path cuda"},
      {{"generate", "-g", "sobol32", "--profile", "compute", "-n", "5", "-o", "x.bin"}, "has no GL path"},
      {{"generate", "-g", "sobol32", "--profile", "scatter", "-n", "5", "-o", "x.bin"}, "has no GL path"},
      {{"generate", "-g", "sobol32", "--path", "cpu", "--dimensions", "0", "-n", "5", "-o", "x.bin"}, "1..21201"},
      {{"generate", "-g", "sobol32", "--path", "cpu", "--dimensions", "21202", "-n", "21202", "-o", "x.bin"}, "1..21201"},
      {{"generate", "-g", "sobol32", "--path", "cpu", "--dimensions", "100000", "-n", "100000", "-o", "x.bin"}, "1..21201"},
      {{"generate", "-g", "sobol32", "--path", "cpu", "--dimensions", "-3", "-n", "5", "-o", "x.bin"}, "1..21201"},
      {{"generate", "-g", "sobol32", "--path", "cpu", "--dimensions", "2x", "-n", "4", "-o", "x.bin"}, "1..21201"},
      {{"generate", "-g", "sobol32", "--path", "cpu", "--dimensions", "7", "-n", "1000", "-o", "x.bin"},
       "must be a multiple of 7"},
      {{"generate", "-g", "sobol32", "--path", "cpu", "--offset", "2^32", "-n", "1", "-o", "x.bin"}, "2^32 = 4294967296 points"},
      {{"generate", "-g", "sobol32", "--path", "cpu", "--dimensions", "2", "--offset", "4294967000", "-n", "1000", "-o",
        "x.bin"},
       "2^32 = 4294967296 points"},
      {{"generate", "-g", "sobol32", "--path", "cpu", "--seed", "1", "-n", "5", "-o", "x.bin"}, "takes no --seed"},
      {{"generate", "-g", "sobol32", "--path", "cpu", "--substreams", "4", "-n", "5", "-o", "x.bin"}, "does not apply"},
      {{"generate", "-g", "mt19937", "--path", "cpu", "--dimensions", "2", "-n", "4", "-o", "x.bin"},
       "--dimensions does not apply to -g mt19937"},
      {{"render", "-g", "sobol32", "--path", "gl", "--size", "16x16", "-o", "x.png"}, "no GL path"},
      {{"info", "-g", "sobol32"}, "no GL path"},
      {{"bench", "-g", "sobol32", "--path", "gl"}, "no GL path"},
  };
  for (const auto& c : cases) check_failure(c, dir, before);
}
