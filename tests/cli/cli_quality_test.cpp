// SPDX-License-Identifier: MIT
// Words for test batteries end to end: `glrand generate --format u32` against independent
// references (std::mt19937; the Park-Miller recurrence written out here), its streaming to a
// reader that stops early, and `glrand test` running dieharder: every generator passes the quick
// battery under five seeds (the full battery: ctest -L quality-full, tests/CMakeLists.txt), and
// bad streams fail.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/wichmann_hill.hpp"
#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;

namespace {

std::string generate(const TempDir& dir, std::vector<std::string> args) {
  args.insert(args.begin(), "generate");
  args.insert(args.end(), {"-o", "-", "-q"});
  return glrand_ok(args, dir.path()).out;
}

std::vector<std::uint32_t> words_of(const std::string& bytes) {
  REQUIRE(bytes.size() % 4 == 0);
  std::vector<std::uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  return words;
}

// Park-Miller written out: z <- 16807 z mod (2^31 - 1); output n is z_{n+1}.
constexpr std::uint64_t kPmModulus = 2147483647;
std::vector<std::uint64_t> park_miller_states(std::uint64_t z, std::size_t count) {
  std::vector<std::uint64_t> states;
  for (std::size_t i = 0; i < count; ++i) states.push_back(z = z * 16807 % kPmModulus);
  return states;
}

// Each output's word, floor(z * 2^32 / m), by long division in 64 bits.
std::vector<std::uint32_t> park_miller_words(std::uint64_t z, std::size_t count) {
  std::vector<std::uint32_t> words;
  for (const std::uint64_t s : park_miller_states(z, count)) {
    const std::uint64_t high = (s << 16) / kPmModulus, rest = (s << 16) % kPmModulus;  // two 16-bit steps
    words.push_back(static_cast<std::uint32_t>((high << 16) + (rest << 16) / kPmModulus));
  }
  return words;
}

// The table lines of `glrand test` (those not starting with '#').
std::vector<std::string> result_lines(const std::string& out) {
  std::vector<std::string> lines;
  for (const auto& line : lines_of(out))
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  return lines;
}

// A table line's columns: test, ntuple, tsamples, psamples, re-runs, p-value, verdict, notes...
std::vector<std::string> columns_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> columns;
  for (std::string column; in >> column;) columns.push_back(column);
  return columns;
}

}  // namespace

TEST_CASE("generate --format u32 of mt19937 is std::mt19937, and of pm the recurrence's floor(z 2^32 / m)",
          "[cli][u32]") {
  TempDir dir;
  std::mt19937 standard(4357);
  standard.discard(1000);
  std::vector<std::uint32_t> expected(5000);
  for (auto& w : expected) w = static_cast<std::uint32_t>(standard());
  CHECK(words_of(generate(dir, {"-g", "mt19937", "--path", "cpu", "--seed", "4357", "--offset", "1000", "--format",
                                "u32", "-n", "5000"})) == expected);

  const auto pm = park_miller_words(1, 20000);
  CHECK(pm[0] == 33614u);  // z_1 = 16807, shifted up; bit 0 copies bit 31 (0 here)
  for (const std::string path : {"cpu", "gl"}) {
    INFO("--path " << path);
    CHECK(words_of(generate(dir, {"-g", "pm", "--path", path, "--format", "u32", "-n", "20000"})) == pm);
  }
  CHECK(words_of(generate(dir, {"-g", "pm", "--format", "u32", "-n", "7", "--offset", "19993", "--profile",
                                "compute"})) == std::vector<std::uint32_t>(pm.end() - 7, pm.end()));
  CHECK(dir.entries().empty());
}

TEST_CASE("generate --format u32 is each generator's word formula applied to its exact integers", "[cli][u32]") {
  TempDir dir;
  const auto ints = [&](const std::vector<std::string>& source) {
    auto args = source;
    args.insert(args.end(), {"--format", "ints", "-n", "3000", "--path", "cpu"});
    return words_of(generate(dir, args));
  };
  const auto u32 = [&](const std::vector<std::string>& source) {
    auto args = source;
    args.insert(args.end(), {"--format", "u32", "-n", "3000"});
    return words_of(generate(dir, args));
  };
  {
    const auto x = ints({"-g", "ceicg", "--seed", "1,2,3"});
    std::vector<std::uint32_t> expected;
    for (std::size_t i = 0; i < x.size(); i += 3) expected.push_back(glrand::ceicg::to_u32({x[i], x[i + 1], x[i + 2]}));
    CHECK(u32({"-g", "ceicg", "--seed", "1,2,3"}) == expected);
  }
  {
    const auto s = ints({"-g", "wh", "--wh-set", "17", "--seed", "777"});
    const auto& p = glrand::wh::parameters(17);
    std::vector<std::uint32_t> expected;
    for (std::size_t i = 0; i < s.size(); i += 4) expected.push_back(glrand::wh::to_u32(p, {s[i], s[i + 1], s[i + 2], s[i + 3]}));
    CHECK(u32({"-g", "wh", "--wh-set", "17", "--seed", "777"}) == expected);
  }
  {
    CHECK(u32({"-g", "mrg32k3a"}) == ints({"-g", "mrg32k3a"}));  // z itself
    std::vector<std::uint32_t> expected;
    for (const std::uint32_t z : ints({"-g", "mrg32k3a", "--curand-seed", "1234"}))
      expected.push_back(glrand::mrg32k3a::curand_u32(z));
    CHECK(u32({"-g", "mrg32k3a", "--curand-seed", "1234"}) == expected);
  }
  // float23-pairs: two outputs a word, k = floor(u * 2^23) of the f64 formula u = z / m.
  const auto z = park_miller_states(1, 2000);
  const auto k = [](std::uint64_t s) {
    return static_cast<std::uint32_t>(static_cast<double>(s) / static_cast<double>(kPmModulus) * 0x1p23);
  };
  std::vector<std::uint32_t> pairs;
  for (std::size_t i = 0; i < z.size(); i += 2) pairs.push_back((k(z[i]) << 9) | (k(z[i + 1]) >> 14));
  CHECK(words_of(generate(dir, {"-g", "pm", "--format", "u32", "--words", "float23-pairs", "-n", "1000"})) == pairs);
}

TEST_CASE("a reader that closes the pipe ends generate --format u32 quietly with status 0", "[cli][u32]") {
  TempDir dir;
  // As `glrand generate ... | head -c N`: with pipefail, bash's status is glrand's.
  for (const std::string source : {"-g mt19937 --path cpu", "-g pm", "-g pm -n 1e9"}) {
    INFO("glrand generate " << source);
    const std::string script = "set -o pipefail; \"$0\" generate " + source +
                               " --format u32 -o - 2> err.txt | head -c 4000 > out.bin";
    const auto r = run_program("bash", {"-c", script, glrand_executable()}, dir.path());
    INFO(r.describe() << read_file(dir / "err.txt"));
    CHECK(r.ok());
    CHECK(message_lines(read_file(dir / "err.txt")).empty());
    const auto words = words_of(read_file(dir / "out.bin"));
    REQUIRE(words.size() == 1000);
    if (source.find("pm") != std::string::npos) CHECK(words == park_miller_words(1, 1000));
  }
}

TEST_CASE("generate --format u32 refuses what it cannot do with one line and leaves no file", "[cli][u32]") {
  TempDir dir;
  write_file(dir / "plain", "x");
  const std::vector<BadCase> cases{
      {{"generate", "-g", "pm", "--format", "u32", "-o", "words.bin"}, "COUNT (-n) is required"},
      {{"generate", "-g", "pm", "--format", "ints", "-o", "-"}, "COUNT (-n) is required"},
      {{"generate", "-g", "pm", "--format", "u32", "-n", "10", "-o", "w.npy"}, "raw stream of 32-bit words"},
      {{"generate", "-g", "pm", "--format", "f32", "--words", "native", "-n", "10", "-o", "w.bin"},
       "--words chooses how --format u32"},
      {{"generate", "-g", "pm", "--format", "u32", "--words", "pairs", "-n", "10", "-o", "w.bin"},
       "--words must be native or float23-pairs"},
      {{"generate", "-g", "pm", "--format", "u32", "-n", "10", "-o", "plain/w.bin"}, "Not a directory"},
      {{"generate", "-g", "pm", "--format", "u32", "-n", "10", "-o", "missing/w.bin"}, "No such file or directory"},
  };
  for (const auto& c : cases) check_failure(c, dir, {"plain"});
}

#if GLRAND_TEST_HAS_DIEHARDER

TEST_CASE("glrand test: std::mt19937's words pass three fast dieharder tests, exit status 0", "[cli][quality]") {
  TempDir dir;
  const auto r = glrand_ok({"test", "-g", "mt19937", "--path", "cpu", "--tests",
                            "sts_monobit,diehard_bitstream,diehard_parking_lot", "--psamples-scale", "0.1"},
                           dir.path());
  INFO(r.out);
  CHECK(r.out.find("# generator  mt19937, seed default") != std::string::npos);
  CHECK(r.out.find("# device     the CPU reference") != std::string::npos);
  const auto lines = result_lines(r.out);
  REQUIRE(lines.size() == 3);
  for (const auto& line : lines) CHECK(line.find(" PASSED") != std::string::npos);
  CHECK(lines[0].find("0.56520647") != std::string::npos);  // as dieharder -g 13 -S 5489 -d 100 -p 10
  CHECK(r.out.find("3 PASSED, 0 WEAK, 0 FAILED") != std::string::npos);
  CHECK(dir.entries().empty());
}

TEST_CASE("glrand test: pm's 31-bit words on the fragment path FAIL the 32x32 rank test, exit status 3",
          "[cli][quality]") {
  // Bit 0 of every pm word repeats bit 31, so no 32x32 matrix of its words has full rank.
  TempDir dir;
  // --reruns 0: one pass, as dieharder -Y 0, which the FAILED decides alone.
  const auto r = run_glrand(
      {"test", "-g", "pm", "--tests", "diehard_rank_32x32", "--psamples-scale", "0.1", "--reruns", "0"}, dir.path());
  INFO(r.describe() << r.out);
  CHECK(r.exited);
  CHECK(r.status == 3);
  CHECK(message_lines(r.err).empty());
  CHECK(r.out.find("# path       gl, profile ps30, automatic substreams (4096 on a software renderer, up to 2^21 on a GPU), leapfrog, "
                   "state update gpu") != std::string::npos);
  CHECK(r.out.find("# device     llvmpipe") != std::string::npos);
  const auto lines = result_lines(r.out);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].rfind("diehard_rank_32x32", 0) == 0);
  const auto columns = columns_of(lines[0]);
  REQUIRE(columns.size() >= 7);
  CHECK(columns[3] == "10");  // psamples
  CHECK(columns[4] == "0");   // re-runs
  CHECK(lines[0].find(" FAILED") != std::string::npos);
}

namespace {

// The quick battery's final verdicts for one generator under five seeds: no FAILED, exit 0.
// A good generator may show a WEAK (about one p-value in 100 stays ambiguous after re-runs).
void check_quick_battery_passes(const std::vector<std::string>& source, const std::vector<std::string>& seeds) {
  TempDir dir;
  for (const auto& seed : seeds) {
    auto args = std::vector<std::string>{"test", "--path", "cpu", "--quick", "--seed", seed};
    args.insert(args.end(), source.begin(), source.end());
    const auto r = run_glrand(args, dir.path());
    INFO("glrand test " << source[1] << " --seed " << seed << "\n" << r.describe() << r.out);
    CHECK(r.ok());
    CHECK(message_lines(r.err).empty());
    CHECK(r.out.find("# generator  " + source[1] + ", seed " + seed) != std::string::npos);
    const auto lines = result_lines(r.out);
    CHECK(lines.size() == 11);  // 10 tests, diehard_runs with two p-values
    for (const auto& line : lines) CHECK(line.find(" FAILED") == std::string::npos);
    CHECK(r.out.find(", 0 FAILED (final verdicts;") != std::string::npos);
  }
  CHECK(dir.entries().empty());
}

}  // namespace

// Five fixed seeds per generator, in each one's --seed syntax (the defaults among them); the
// same seeds run the full battery under ctest -L quality-full (tests/CMakeLists.txt).
TEST_CASE("glrand test --quick: MT19937 passes under five seeds", "[cli][quality][mt19937]") {
  check_quick_battery_passes({"-g", "mt19937"}, {"5489", "1", "4357", "19650218", "4294967295"});
}

TEST_CASE("glrand test --quick: CEICG passes under five seeds", "[cli][quality][ceicg]") {
  // The default seed's quick run had a FAILED sts_serial (p = 0.99999973) at a tenth of the psamples.
  check_quick_battery_passes({"-g", "ceicg"}, {"0,0,0", "1,2,3", "100,200,300", "12345,23456,34567", "999,99999,9999"});
}

TEST_CASE("glrand test --quick: Park-Miller's float23-pairs words pass under five seeds", "[cli][quality][pm]") {
  // Its native words repeat bit 31 in bit 0 and fail (below); these have no repeated bit.
  check_quick_battery_passes({"-g", "pm", "--words", "float23-pairs"}, {"1", "42", "16807", "1043618065", "2147483646"});
}

TEST_CASE("glrand test --quick: Wichmann-Hill passes under five seeds", "[cli][quality][wh]") {
  check_quick_battery_passes({"-g", "wh"}, {"1", "7", "777", "123456789", "4294967295"});
}

TEST_CASE("glrand test --quick: MRG32k3a passes under five seeds", "[cli][quality][mrg32k3a]") {
  check_quick_battery_passes({"-g", "mrg32k3a"}, {"12345,12345,12345,12345,12345,12345", "1,2,3,4,5,6",
                                                  "4294967086,1,1,4294944442,1,1", "0,0,1,0,0,1",
                                                  "987654321,123456789,192837465,564738291,918273645,135792468"});
}

TEST_CASE("glrand test --quick: MTGP32 passes under five seeds", "[cli][quality][mtgp32]") {
  check_quick_battery_passes({"-g", "mtgp32"}, {"0", "1", "1234", "12345678901234", "18446744073709551615"});
}

TEST_CASE("glrand test --quick: Park-Miller's native words FAIL, confirmed on more psamples, exit status 3",
          "[cli][quality][pm]") {
  // Bit 0 of every word repeats bit 31: the count of ones in a byte stream is far from binomial.
  TempDir dir;
  const auto r = run_glrand({"test", "-g", "pm", "--path", "cpu", "--quick"}, dir.path());
  INFO(r.describe() << r.out);
  CHECK(r.exited);
  CHECK(r.status == 3);
  CHECK(message_lines(r.err).empty());
  bool count_1s_failed = false;
  for (const auto& line : result_lines(r.out)) {
    const auto columns = columns_of(line);
    REQUIRE(columns.size() >= 7);
    if (columns[6] != "FAILED") continue;
    INFO(line);
    // A FAILED stands only after a re-run with 100 more psamples that FAILED too.
    CHECK(columns[4] != "0");
    CHECK(line.find("before: ") != std::string::npos);
    if (columns[0] == "diehard_count_1s_stream") {
      count_1s_failed = true;
      CHECK(columns[3] == "200");  // dieharder's 100, and 100 more
      CHECK(columns[4] == "1");
    }
  }
  CHECK(count_1s_failed);
}

TEST_CASE("glrand test rejects bad input with one line on stderr before any test runs", "[cli][quality]") {
  TempDir dir;
  const std::vector<BadCase> cases{
      {{"test", "-g", "pm", "--tests", "diehard_birthdays,birthdays"}, "unknown dieharder test 'birthdays'"},
      {{"test", "-g", "pm", "--reruns", "11"}, "--reruns must be a whole number from 0 to 10, not '11'"},
      {{"test", "-g", "pm", "--reruns", "-1"}, "--reruns must be a whole number from 0 to 10"},
      {{"test", "-g", "pm", "--psamples-scale", "0"}, "--psamples-scale must be a number above 0"},
      {{"test", "-g", "pm", "--words", "halves"}, "--words must be native or float23-pairs"},
      {{"test", "-g", "mt19937", "--path", "gl"}, "has no GL path"},
      {{"test", "-g", "pm", "--seed", "0"}, "Park-Miller seed"},
  };
  for (const auto& c : cases) check_failure(c, dir, {});
}

#else

TEST_CASE("glrand test says that glrand was built without libdieharder", "[cli][quality]") {
  TempDir dir;
  check_failure({{"test", "-g", "pm"}, "built without libdieharder"}, dir, {});
}

#endif
