// SPDX-License-Identifier: MIT
// `glrand generate -g pm | wh | mrg32k3a` end to end: the real executable (GLRAND_EXE) runs as a
// child process and its bytes are compared with published values (Park and Miller's z_10000,
// ISO C++'s minstd_rand0, MKL's and RngStreams' values) and with the CPU reference functions of the
// library, computed here by stepping from the library's skip-ahead. Two runs of the command
// are compared with each other only where the point is that two paths are equal (chunked
// against one-shot).
//
// Runtime matters on llvmpipe: every gl run of MRG32k3a compiles its shader (seconds when
// Mesa's shader cache is cold), so there are few MRG runs and all counts are small.
#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"
#include "kat/kat.hpp"
#include "park_miller_words.hpp"
#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;
namespace pm = glrand::pm;
namespace wh = glrand::wh;
namespace mrg32k3a = glrand::mrg32k3a;

namespace {

using Args = std::vector<std::string>;

// RngStreams' default package seed, as the known-answer records that start from it name it.
const std::string kDefaultSeed = "seed=12345,12345,12345,12345,12345,12345";

Args concat(Args a, const Args& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// `glrand generate ARGS -o - -q`: the bytes on standard output (success required).
std::string generate(const TempDir& dir, const Args& args) {
  return glrand_ok(concat(concat({"generate"}, args), {"-o", "-", "-q"}), dir.path()).out;
}

std::string u64(std::uint64_t v) { return std::to_string(v); }

// f32 and f64 bytes of per-output conversions of exact words (`width` words per output).
template <typename F32, typename F64>
std::string float_bytes(const std::vector<std::uint32_t>& words, std::size_t width, const std::string& format,
                        F32 to_f32, F64 to_f64) {
  const std::size_t n = words.size() / width;
  if (format == "f32") {
    std::vector<float> f(n);
    for (std::size_t i = 0; i < n; ++i) f[i] = to_f32(&words[width * i]);
    return as_bytes(f);
  }
  std::vector<double> d(n);
  for (std::size_t i = 0; i < n; ++i) d[i] = to_f64(&words[width * i]);
  return as_bytes(d);
}

// ---------------------------------------------------------------------------------------
// References

std::string pm_bytes(const std::vector<std::uint32_t>& words, const std::string& format) {
  if (format == "ints") return as_bytes(words);
  return float_bytes(
      words, 1, format, [](const std::uint32_t* z) { return pm::to_f32(*z); },
      [](const std::uint32_t* z) { return pm::to_f64(*z); });
}

// Wichmann–Hill: output `offset` is wh::state_at(p, first, offset); then one wh::step per output.
std::vector<std::uint32_t> wh_reference(int set, const wh::State& first, std::uint64_t offset, std::uint64_t count) {
  const wh::Parameters& p = wh::parameters(set);
  std::vector<std::uint32_t> words(4 * count);
  wh::State s = wh::state_at(p, first, offset);
  for (std::uint64_t i = 0; i < count; ++i) {
    std::copy(s.begin(), s.end(), words.begin() + 4 * i);
    s = wh::step(p, s);
  }
  return words;
}

std::string wh_bytes(int set, const std::vector<std::uint32_t>& words, const std::string& format) {
  if (format == "ints") return as_bytes(words);
  const wh::Parameters& p = wh::parameters(set);
  return float_bytes(
      words, 4, format, [&p](const std::uint32_t* s) { return wh::to_f32(p, {s[0], s[1], s[2], s[3]}); },
      [&p](const std::uint32_t* s) { return wh::to_f64(p, {s[0], s[1], s[2], s[3]}); });
}

// MRG32k3a: generate_ints from the state before the first output's step, spot-checked
// against the definition (step, then combine).
std::vector<std::uint32_t> mrg_reference(const mrg32k3a::State& before, std::uint64_t count) {
  std::vector<std::uint32_t> words(count);
  mrg32k3a::generate_ints(before, words);
  mrg32k3a::State s = before;
  for (std::uint64_t i = 0; i < std::min<std::uint64_t>(count, 64); ++i) {
    s = mrg32k3a::step(s);
    if (words[i] != mrg32k3a::combine(s)) throw std::logic_error("mrg32k3a::generate_ints disagrees with step");
  }
  return words;
}

std::string mrg_bytes(const std::vector<std::uint32_t>& words, const std::string& format) {
  if (format == "ints") return as_bytes(words);
  return float_bytes(
      words, 1, format, [](const std::uint32_t* z) { return mrg32k3a::to_f32(*z); },
      [](const std::uint32_t* z) { return mrg32k3a::to_f64(*z); });
}

// The four substream layouts of the fragment path.
struct Layout {
  std::string split, update;
};
const std::vector<Layout> kLayouts{{"leapfrog", "gpu"}, {"leapfrog", "cpu"}, {"blocking", "gpu"}, {"blocking", "cpu"}};

}  // namespace

// =========================================================================================
// Park–Miller

TEST_CASE("generate -g pm on the CPU path is minstd_rand0: z_1 = 16807, z_10000 = 1043618065", "[cli]") {
  TempDir dir;
  const auto words = values_of<std::uint32_t>(generate(dir, {"-g", "pm", "-n", "10000", "--format", "ints", "--path", "cpu"}));
  REQUIRE(words.size() == 10000);
  const kat::File& published = kat::load("park_miller");  // output n is z_(n+1)
  CHECK(words[0] == published.one("seed=1 n=1").u32("z"));
  CHECK(words[1] == published.one("seed=1 n=2").u32("z"));
  CHECK(words[9] == published.one("seed=1 n=10").u32("z"));
  CHECK(words[9999] == published.one("seed=1 n=10000").u32("z"));  // ISO C++ [rand.predef]
  std::minstd_rand0 iso;              // seed 1
  std::vector<std::uint32_t> expected(10000);
  for (auto& w : expected) w = static_cast<std::uint32_t>(iso());
  CHECK(difference(as_bytes(words), as_bytes(expected), 4) == "");
  CHECK(expected == pm_reference(1, 0, 10000));

  // The gl path (default layout) from the default seed, to the same z_10000.
  const auto gl = values_of<std::uint32_t>(generate(dir, {"-g", "pm", "-n", "10000", "--format", "ints"}));
  CHECK(difference(as_bytes(gl), as_bytes(expected), 4) == "");
  CHECK(dir.entries().empty());
}

TEST_CASE("generate -g pm: --offset reaches published z_n on both paths, the period ends at z = 1", "[cli]") {
  TempDir dir;
  struct Case {
    std::uint64_t offset;
    std::vector<std::uint32_t> z;
  };
  const kat::File& published = kat::load("park_miller");
  const auto z = [&](std::uint64_t n) { return published.one("seed=1 n=" + std::to_string(n)).u32("z"); };
  const std::vector<Case> cases{
      {9998, {z(9999), z(10000), z(10001)}},
      {999999, {z(1000000)}},
      {99999999, {z(100000000)}},
      {2147483645, {z(2147483646), z(1)}},  // z_2147483646 = z_0 = 1: the period m − 1
  };
  for (const auto& c : cases)
    for (const std::string path : {"gl", "cpu"}) {
      INFO("offset " << c.offset << ", path " << path);
      const auto words = values_of<std::uint32_t>(generate(
          dir, {"-g", "pm", "-n", u64(c.z.size()), "--offset", u64(c.offset), "--format", "ints", "--path", path}));
      CHECK(words == c.z);
    }
}

TEST_CASE("generate -g pm on the gl path equals the reference for every split, state update and substream count",
          "[cli]") {
  TempDir dir;
  constexpr std::uint32_t kSeed = 20060901;
  constexpr std::uint64_t kOffset = 1000000007, kCount = 12345;
  const Args source{"-g", "pm", "--seed", u64(kSeed), "--offset", u64(kOffset), "-n", u64(kCount), "--format", "ints"};
  const std::string expected = as_bytes(pm_reference(kSeed, kOffset, kCount));
  CHECK(difference(generate(dir, concat(source, {"--path", "cpu"})), expected, 4) == "");
  for (const std::string substreams : {"1", "7", "4096"})
    for (const auto& layout : kLayouts) {
      const Args args = concat(source, {"--substreams", substreams, "--split", layout.split, "--state-update", layout.update});
      INFO("glrand generate " << join(args));
      CHECK(difference(generate(dir, args), expected, 4) == "");
    }
}

TEST_CASE("generate -g pm and wh on the gl path equal the reference read back either way, in every profile",
          "[cli]") {
  TempDir dir;
  constexpr std::uint64_t kOffset = 1000000007, kCount = 70001;
  for (const std::string g : {"pm", "wh"}) {
    const Args source{"-g", g, "--offset", u64(kOffset), "-n", u64(kCount), "--format", "f32"};
    const std::string expected = generate(dir, concat(source, {"--path", "cpu"}));
    REQUIRE(expected.size() == kCount * 4);
    for (const std::string profile : {"ps30", "scatter", "compute"})
      for (const std::string readback : {"one-context", "shared-context"}) {
        // Small passes, so that the run goes round the shared context's ring of slots.
        const Args args = concat(source, {"--profile", profile, "--substreams", profile == "ps30" ? "4096" : "256",
                                          "--gl-readback", readback});
        INFO("glrand generate " << join(args));
        const RunResult r = glrand_ok(concat(concat({"generate"}, args), {"-o", "-"}), dir.path());
        CHECK(difference(r.out, expected, 4) == "");
        // The summary says which readback ran.
        CHECK_THAT(r.err, Catch::Contains(readback == "one-context" ? ", read on one context" : ", read by a shared context"));
      }
  }
}

TEST_CASE("generate -g pm --seed with --offset 2^40 + 3 equals state_at then stepping, floats are to_f32/to_f64",
          "[cli]") {
  TempDir dir;
  constexpr std::uint32_t kSeed = 2147483646;  // the largest legal seed
  constexpr std::uint64_t kOffset = (1ull << 40) + 3, kCount = 5003;
  const auto words = pm_reference(kSeed, kOffset, kCount);
  REQUIRE(words[0] == pm::state_at(kSeed, kOffset));
  for (const std::string format : {"ints", "f32", "f64"})
    for (const std::string path : {"gl", "cpu"}) {
      INFO("format " << format << ", path " << path);
      const std::string bytes = generate(dir, {"-g", "pm", "--seed", u64(kSeed), "--offset", "1099511627779", "-n",
                                               u64(kCount), "--format", format, "--path", path});
      CHECK(difference(bytes, pm_bytes(words, format), format == "f64" ? 8 : 4) == "");
    }
  // Seed 1 through the float formulas: f64 = z / m.
  const kat::File& published = kat::load("park_miller");
  const double m = published.one("a m").u32("m");
  const auto d = values_of<double>(generate(dir, {"-g", "pm", "-n", "2", "--format", "f64"}));
  REQUIRE(d.size() == 2);
  CHECK(d[0] == published.one("seed=1 n=1").u32("z") / m);
  CHECK(d[1] == published.one("seed=1 n=2").u32("z") / m);
}

// =========================================================================================
// Wichmann–Hill 273

TEST_CASE("generate -g wh gives MKL's published states and doubles (set 0 seeds 1 and 777, set 272)", "[cli]") {
  TempDir dir;
  const kat::File& published = kat::load("wichmann_hill");
  const std::vector<std::uint32_t> states = published.u32_sequence("set=0 seed=1", "state");
  REQUIRE(states.size() == 12);
  const std::vector<double> set0_seed1 = published.f64_sequence("set=0 seed=1", "double");
  const std::vector<double> set0_seed777 = published.f64_sequence("set=0 seed=777", "double");
  const std::vector<double> set272_seed1 = published.f64_sequence("set=272 seed=1", "double");
  REQUIRE(set0_seed1.size() == 4);
  REQUIRE(set0_seed777.size() == 4);
  REQUIRE(set272_seed1.size() == 4);
  for (const std::string path : {"gl", "cpu"}) {
    INFO("path " << path);
    const auto ints = values_of<std::uint32_t>(generate(dir, {"-g", "wh", "-n", "3", "--format", "ints", "--path", path}));
    CHECK(ints == states);

    const auto seed1 = values_of<double>(generate(dir, {"-g", "wh", "-n", "4", "--format", "f64", "--path", path}));
    CHECK(seed1 == set0_seed1);
    const auto seed777 = values_of<double>(
        generate(dir, {"-g", "wh", "-n", "4", "--format", "f64", "--seed", "777", "--path", path}));
    CHECK(seed777 == set0_seed777);
    const auto set272 = values_of<double>(
        generate(dir, {"-g", "wh", "-n", "4", "--format", "f64", "--wh-set", "272", "--path", path}));
    CHECK(set272 == set272_seed1);
  }
  CHECK(dir.entries().empty());
}

TEST_CASE("generate -g wh with four-word seeds and --offset 2^41 + 1 equals seed_state and state_at", "[cli]") {
  TempDir dir;
  // Set 0: m = (16770647, 16770643, 16770623, 16770617). Words are reduced mod m_k, 0 taken as 1.
  {
    const auto ints = values_of<std::uint32_t>(
        generate(dir, {"-g", "wh", "-n", "2", "--format", "ints", "--seed", "5,6,7,8"}));
    CHECK(ints == std::vector<std::uint32_t>{5, 6, 7, 8, 5 * 125, 6 * 117, 7 * 127, 8 * 126});
    const auto reduced = values_of<std::uint32_t>(
        generate(dir, {"-g", "wh", "-n", "1", "--format", "ints", "--seed", "16770650,16770652,0,4294967295"}));
    CHECK(reduced == std::vector<std::uint32_t>{3, 9, 1, 4294967295u % 16770617u});
  }
  struct Case {
    int set;
    std::string seed_text;
    wh::State first;
    std::uint64_t offset;
    std::string offset_text;
  };
  const std::vector<Case> cases{
      {17, "123,456,789,1011", wh::seed_state(17, std::array<std::uint32_t, 4>{123, 456, 789, 1011}), 0, "0"},
      {100, "2024", wh::seed_state(100, 2024), (1ull << 41) + 1, "2199023255553"},
      {272, "4294967295,1,16777215,99", wh::seed_state(272, std::array<std::uint32_t, 4>{4294967295u, 1, 16777215, 99}),
       (1ull << 41) + 1, "2199023255553"},
  };
  constexpr std::uint64_t kCount = 2001;
  for (const auto& c : cases) {
    const auto words = wh_reference(c.set, c.first, c.offset, kCount);
    for (const std::string path : {"gl", "cpu"}) {
      const Args args{"-g", "wh", "--wh-set", std::to_string(c.set), "--seed", c.seed_text, "--offset", c.offset_text,
                      "-n", u64(kCount), "--path", path};
      INFO("glrand generate " << join(args));
      CHECK(difference(generate(dir, concat(args, {"--format", "ints"})), wh_bytes(c.set, words, "ints"), 16) == "");
      if (path == "gl")
        CHECK(difference(generate(dir, concat(args, {"--format", "f32"})), wh_bytes(c.set, words, "f32"), 4) == "");
    }
  }
}

TEST_CASE("generate -g wh on the gl path equals the reference for every split, state update and substream count",
          "[cli]") {
  TempDir dir;
  constexpr int kSet = 42;
  constexpr std::uint64_t kOffset = 1000000000000ull, kCount = 4001;
  const Args source{"-g", "wh", "--wh-set", "42", "--seed", "123456789", "--offset", "1e12", "-n", u64(kCount),
                    "--format", "ints"};
  const std::string expected = wh_bytes(kSet, wh_reference(kSet, wh::seed_state(kSet, 123456789u), kOffset, kCount), "ints");
  const std::string cpu = generate(dir, concat(source, {"--path", "cpu"}));
  CHECK(difference(cpu, expected, 16) == "");
  for (const std::string substreams : {"1", "5", "300"})
    for (const auto& layout : kLayouts) {
      const Args args = concat(source, {"--substreams", substreams, "--split", layout.split, "--state-update", layout.update});
      INFO("glrand generate " << join(args));
      CHECK(difference(generate(dir, args), expected, 16) == "");
    }
}

TEST_CASE("generate -g wh --format ints to .npy has shape (N, 4)", "[cli]") {
  TempDir dir;
  glrand_ok({"generate", "-g", "wh", "-n", "1001", "--format", "ints", "--seed", "777", "-q", "-o", "wh.npy"},
            dir.path());
  const std::string npy = read_file(dir / "wh.npy");
  const auto header = parse_npy(npy);
  check_npy_dict(header.dict, "<u4", "(1001,4)");
  CHECK(difference(npy.substr(header.data_offset), wh_bytes(0, wh_reference(0, wh::seed_state(0, 777u), 0, 1001), "ints"),
                   16) == "");
  CHECK(dir.entries() == std::vector<std::string>{"wh.npy"});
}

// =========================================================================================
// MRG32k3a

TEST_CASE("generate -g mrg32k3a gives the published z and RngStreams' U01 from the default seed", "[cli]") {
  TempDir dir;
  const kat::File& rngstreams = kat::load("mrg32k3a");
  const std::vector<std::uint32_t> published = rngstreams.u32_sequence(kDefaultSeed, "z");
  REQUIRE(published.size() == 10);
  const std::vector<double> u01 = rngstreams.f64_sequence(kDefaultSeed, "u01");
  REQUIRE(u01.size() == 3);
  const auto reference = mrg_reference(mrg32k3a::default_seed(), 1000);
  REQUIRE(std::vector<std::uint32_t>(reference.begin(), reference.begin() + 10) == published);
  for (const std::string path : {"gl", "cpu"}) {
    INFO("path " << path);
    const auto ints = values_of<std::uint32_t>(generate(dir, {"-g", "mrg32k3a", "-n", "10", "--format", "ints", "--path", path}));
    CHECK(ints == published);
    const std::string f64 = generate(dir, {"-g", "mrg32k3a", "-n", "1000", "--format", "f64", "--path", path});
    const auto u = values_of<double>(f64);
    REQUIRE(u.size() == 1000);
    CHECK(u[0] == u01[0]);
    CHECK(u[1] == u01[1]);
    CHECK(u[2] == u01[2]);
    CHECK(difference(f64, mrg_bytes(reference, "f64"), 8) == "");
  }
  CHECK(difference(generate(dir, {"-g", "mrg32k3a", "-n", "1000", "--format", "f32"}), mrg_bytes(reference, "f32"), 4) ==
        "");
}

TEST_CASE("generate -g mrg32k3a: --curand-seed, and --stream/--substream/--offset equal RngStreams' jumps", "[cli]") {
  TempDir dir;
  const kat::File& mrg = kat::load("mrg32k3a");
  // cuRAND's curand_init(1234, 0, 0): the first z (tests/kat/mrg32k3a.txt).
  const std::vector<std::uint32_t> curand_z = mrg.u32_sequence("curand_seed=1234 subsequence=0", "z");
  REQUIRE(curand_z.size() == 4);
  const auto curand = values_of<std::uint32_t>(
      generate(dir, {"-g", "mrg32k3a", "-n", "4", "--format", "ints", "--curand-seed", "1234", "--path", "cpu"}));
  CHECK(curand == curand_z);

  // RngStreams' test2RngStream: stream g3 (--stream 2), and its substream 4 (4 x ResetNextSubstream).
  const std::vector<double> g3 = mrg.f64_sequence("stream=g3 substream=0", "u01");
  const std::vector<double> g3_sub4 = mrg.f64_sequence("stream=g3 substream=4", "u01");
  REQUIRE(g3.size() == 5);
  REQUIRE(g3_sub4.size() == 5);
  for (const auto& [substream, published] : {std::pair{"0", g3}, std::pair{"4", g3_sub4}}) {
    INFO("--stream 2 --substream " << substream);
    const auto u = values_of<double>(generate(
        dir, {"-g", "mrg32k3a", "-n", "5", "--format", "f64", "--stream", "2", "--substream", substream, "--path", "cpu"}));
    REQUIRE(u.size() == 5);
    for (std::size_t i = 0; i < 5; ++i) CHECK(u[i] == Approx(published[i]).margin(1e-12));
  }

  // --stream 2 --substream 3 --offset 2^45 on both paths.
  const auto before = mrg32k3a::advance(
      mrg32k3a::substream_start(mrg32k3a::stream_start(mrg32k3a::default_seed(), 2), 3), mrg32k3a::Steps{1} << 45);
  const std::string expected = as_bytes(mrg_reference(before, 777));
  for (const std::string path : {"gl", "cpu"}) {
    const Args args{"-g",         "mrg32k3a", "-n",       "777",  "--format", "ints",  "--stream",
                    "2",          "--substream", "3",     "--offset", "2^45", "--path", path};
    INFO("glrand generate " << join(args));
    CHECK(difference(generate(dir, args), expected, 4) == "");
  }
}

TEST_CASE("generate -g mrg32k3a on the gl path equals --path cpu and the reference for both splits and updates",
          "[cli]") {
  TempDir dir;
  const Args source{"-g",         "mrg32k3a", "--seed", "1,2,3,4,5,6", "--stream", "1", "--substream", "7",
                    "--offset",   "1e15",     "-n",     "1001",        "--format", "ints"};
  const auto before = mrg32k3a::advance(
      mrg32k3a::substream_start(mrg32k3a::stream_start(mrg32k3a::seed_from_words({1, 2, 3, 4, 5, 6}), 1), 7),
      mrg32k3a::Steps{1000000000000000ull});
  const std::string expected = as_bytes(mrg_reference(before, 1001));
  const std::string cpu = generate(dir, concat(source, {"--path", "cpu"}));
  CHECK(difference(cpu, expected, 4) == "");
  // One run per layout (each compiles its shader variant); substream counts vary across them.
  const std::vector<std::string> substreams{"4096", "3", "5", "4096"};
  for (std::size_t i = 0; i < kLayouts.size(); ++i) {
    const Args args = concat(source, {"--substreams", substreams[i], "--split", kLayouts[i].split, "--state-update",
                                      kLayouts[i].update});
    INFO("glrand generate " << join(args));
    CHECK(difference(generate(dir, args), cpu, 4) == "");
  }
}

// =========================================================================================
// The scatter and compute profiles

TEST_CASE("generate --profile scatter|compute equals the reference for every generator", "[cli]") {
  TempDir dir;
  struct Case {
    Args source;
    std::string expected;
  };
  const std::uint64_t n = 5003;  // not a multiple of CEICG's groups of four
  const std::vector<Case> cases{
      {{"-g", "pm", "--seed", "4242", "--offset", "2^40"}, as_bytes(pm_reference(4242, 1ull << 40, n))},
      {{"-g", "wh", "--wh-set", "100", "--offset", "77"}, as_bytes(wh_reference(100, wh::seed_state(100, 1), 77, n))},
      {{"-g", "mrg32k3a", "--offset", "1e12"},
       as_bytes(mrg_reference(mrg32k3a::advance(mrg32k3a::default_seed(), mrg32k3a::Steps{1000000000000ull}), n))},
  };
  for (const std::string profile : {"scatter", "compute"}) {
    for (const auto& c : cases)
      for (const std::string substreams : {"", "3"}) {
        Args args = concat(c.source, {"--profile", profile, "-n", u64(n), "--format", "ints"});
        if (!substreams.empty()) args = concat(args, {"--substreams", substreams});
        INFO("glrand generate " << join(args));
        CHECK(difference(generate(dir, args), c.expected, 4) == "");
      }
    // CEICG against the CPU path, which the CEICG tests anchor to the paper's values.
    const Args ceicg{"-g", "ceicg", "--seed", "5,6,7", "--offset", "12345", "-n", u64(n), "--format", "ints"};
    INFO("glrand generate -g ceicg --profile " << profile);
    CHECK(difference(generate(dir, concat(ceicg, {"--profile", profile})), generate(dir, concat(ceicg, {"--path", "cpu"})),
                     4) == "");
  }
}

TEST_CASE("render --profile compute of any generator equals the CPU path's picture exactly", "[cli]") {
  TempDir dir;
  for (const std::string generator : {"pm", "mrg32k3a", "ceicg"}) {
    INFO("-g " << generator);
    glrand_ok({"render", "-g", generator, "--profile", "compute", "--size", "19x7", "-o", "gpu.png"}, dir.path());
    glrand_ok({"render", "-g", generator, "--path", "cpu", "--size", "19x7", "-o", "cpu.png"}, dir.path());
    // Host conversion of exact integers: bit-identical floats, so identical pictures.
    CHECK(read_file(dir / "gpu.png") == read_file(dir / "cpu.png"));
  }
}

// =========================================================================================
// Chunks

TEST_CASE("generate in two chunks with --offset equals one run, for pm, wh and mrg32k3a", "[cli]") {
  TempDir dir;
  constexpr std::uint64_t kA = 1000, kB = 2345;
  struct Case {
    Args source;
    std::uint64_t offset;
    std::size_t bytes_per_output;
  };
  const std::vector<Case> cases{
      {{"-g", "pm", "--seed", "31337"}, 3000000001ull, 4},
      {{"-g", "wh", "--wh-set", "9", "--seed", "1,2,3,4"}, 1ull << 50, 16},
      {{"-g", "mrg32k3a"}, 1000000000000000000ull, 4},
  };
  for (const auto& c : cases) {
    INFO(join(c.source));
    auto run = [&](std::uint64_t count, std::uint64_t offset) {
      return generate(dir, concat(c.source, {"-n", u64(count), "--offset", u64(offset), "--format", "ints"}));
    };
    const std::string whole = run(kA + kB, c.offset);
    REQUIRE(whole.size() == (kA + kB) * c.bytes_per_output);
    CHECK(difference(run(kA, c.offset) + run(kB, c.offset + kA), whole, c.bytes_per_output) == "");
    // ... and the whole is the reference.
    std::string expected;
    if (c.source[1] == "pm") expected = as_bytes(pm_reference(31337, c.offset, kA + kB));
    if (c.source[1] == "wh")
      expected = as_bytes(wh_reference(9, wh::seed_state(9, std::array<std::uint32_t, 4>{1, 2, 3, 4}), c.offset, kA + kB));
    if (c.source[1] == "mrg32k3a") expected = as_bytes(mrg_reference(mrg32k3a::advance(mrg32k3a::default_seed(), c.offset), kA + kB));
    CHECK(difference(whole, expected, c.bytes_per_output) == "");
  }
}

// =========================================================================================
// Bad input

TEST_CASE("generate -g pm|wh|mrg32k3a rejects bad input with one line on stderr and leaves no file", "[cli]") {
  TempDir dir;
  auto gen = [](const std::string& generator, Args extra) {
    return concat(concat({"generate", "-g", generator, "-n", "10"}, extra), {"-o", "out.bin"});
  };
  const std::vector<BadCase> cases{
      {gen("pm", {"--seed", "0"}), "Park-Miller seed"},
      {gen("pm", {"--seed", "2147483647"}), "Park-Miller seed"},
      {gen("pm", {"--seed", "1,2"}), "Park-Miller seed"},
      {gen("pm", {"--substreams", "0"}), "--substreams"},
      {gen("pm", {"--substreams", "16777217"}), "--substreams"},
      {gen("pm", {"--split", "zig"}), "--split"},
      {gen("pm", {"--state-update", "gpx"}), "--state-update"},
      {gen("pm", {"--gl-readback", "fast"}), "--gl-readback must be auto, one-context or shared-context"},
      {gen("wh", {"--wh-set", "273"}), "--wh-set"},
      {gen("wh", {"--wh-set", "-1"}), "--wh-set"},
      {gen("wh", {"--wh-set", "abc"}), "--wh-set"},
      {gen("wh", {"--seed", "1,2"}), "one or four"},
      {gen("wh", {"--seed", "1,2,3"}), "one or four"},
      {gen("wh", {"--seed", "1,2,3,4,5"}), "one or four"},
      {gen("wh", {"--substreams", "0"}), "--substreams"},
      {gen("mrg32k3a", {"--seed", "1,2,3,4,5"}), "six integers"},
      {gen("mrg32k3a", {"--seed", "1,4294967087,3,4,5,6"}), "below m1"},
      {gen("mrg32k3a", {"--seed", "1,2,3,4,5,4294944443"}), "below m2"},
      {gen("mrg32k3a", {"--seed", "0,0,0,4,5,6"}), "all zero"},
      {gen("mrg32k3a", {"--curand-seed", "1234", "--seed", "1,2,3,4,5,6"}), "not both"},
      {gen("mrg32k3a", {"--curand-seed", "1234", "--stream", "1"}), "--stream"},
      {gen("mrg32k3a", {"--split", "zig"}), "--split"},
      {gen("pm", {"--profile", "gpu"}), "unknown profile 'gpu'"},
      {gen("pm", {"--profile", "scatter", "--split", "blocking"}), "splits the sequence itself"},
      {gen("wh", {"--profile", "compute", "--split", "parameterisation"}), "splits the sequence itself"},
      {gen("mrg32k3a", {"--profile", "compute", "--state-update", "cpu"}), "--state-update applies to the ps30"},
      {gen("pm", {"--profile", "scatter", "--path", "cpu"}), "it does not apply to --path cpu"},
      {gen("pm", {"--profile", "compute", "--substreams", "0"}), "--substreams"},
      {{"render", "-g", "pm", "--profile", "warp", "--size", "8x8", "-o", "pic.png"}, "unknown profile"},
      {{"view", "-g", "pm", "--profile", "scatter", "--frames", "1"}, "not -g pm in scatter"},
  };
  const auto before = dir.entries();
  REQUIRE(before.empty());
  for (const auto& c : cases) check_failure(c, dir, before);
}

TEST_CASE("options of other generators are refused, and RngStreams' substream range is checked", "[cli]") {
  TempDir dir;
  const auto before = dir.entries();
  const BadCase cases[] = {
      {{"generate", "-g", "pm", "--substream", "5", "-n", "5", "-o", "x.bin"}, "--substream does not apply to -g pm"},
      {{"generate", "-g", "pm", "--stream", "3", "-n", "5", "-o", "x.bin"}, "--stream does not apply"},
      {{"generate", "-g", "pm", "--curand-seed", "5", "-n", "5", "-o", "x.bin"}, "--curand-seed does not apply"},
      {{"generate", "-g", "mrg32k3a", "--wh-set", "3", "-n", "5", "-o", "x.bin"}, "--wh-set does not apply"},
      {{"generate", "-g", "ceicg", "--split", "blocking", "-n", "5", "-o", "x.bin"}, "--split does not apply"},
      {{"generate", "-g", "ceicg", "--substreams", "0", "-n", "5", "-o", "x.bin"}, "--substreams does not apply"},
      {{"generate", "-g", "mrg32k3a", "--substream", "2^51", "-n", "5", "-o", "x.bin"}, "below 2^51"},
      {{"info", "-g", "pm", "--stream", "4"}, "--stream does not apply"},
      {{"info", "-g", "wh", "--split", "parameterisation", "--substreams", "4", "--wh-set", "270"}, "at most 3 substreams"},
      {{"generate", "-g", "wh", "--size", "64x64", "-n", "5", "-o", "x.bin"}, "--size applies to -g ceicg"},
  };
  for (const auto& c : cases) check_failure(c, dir, before);
}

TEST_CASE("cuRAND seeding (--curand-seed) gives cuRAND's double formula", "[cli][mrg32k3a]") {
  TempDir dir;
  const auto result = glrand_ok({"generate", "-g", "mrg32k3a", "--curand-seed", "1234", "-n", "3", "--format", "f64",
                                 "--path", "cpu", "-o", "u.f64"},
                                dir.path());
  const std::string bytes = read_file(dir / "u.f64");
  REQUIRE(bytes.size() == 3 * sizeof(double));
  double u[3];
  std::memcpy(u, bytes.data(), sizeof u);
  const kat::File& published = kat::load("mrg32k3a");
  // Output 0 is the first of subsequence 0: cuRAND 13.0's published LEGACY value for n = 0.
  CHECK(u[0] == published.one("curand_seed=1234 ordering=legacy output=0").f64("double"));
  // The published first z of seed 1234.
  const std::vector<std::uint32_t> z = published.u32_sequence("curand_seed=1234 subsequence=0", "z");
  REQUIRE(z.size() >= 3);
  for (int i = 0; i < 3; ++i) CHECK(u[i] == static_cast<double>(z[i]) * 2.3283065498378288e-10);
}

TEST_CASE("generate --path cuda gives the CPU path's bytes, or without a usable GPU one line and no file", "[cli][cuda]") {
  TempDir dir;
  const auto before = dir.entries();
  const BadCase refused[] = {
      {{"generate", "-g", "pm", "--path", "cuda", "--substreams", "8", "-n", "5", "-o", "x.bin"}, "--substreams sets"},
      {{"generate", "-g", "wh", "--path", "cuda", "--split", "blocking", "-n", "5", "-o", "x.bin"}, "--split sets"},
      {{"generate", "-g", "wh", "--path", "cuda", "--split", "parameterisation", "--state-update", "cpu", "-n", "5", "-o",
        "x.bin"},
       "--state-update sets"},
      {{"generate", "-g", "pm", "--path", "cuda", "--profile", "compute", "-n", "5", "-o", "x.bin"}, "it does not apply to --path cuda"},
      {{"generate", "-g", "pm", "--path", "vulkan", "-n", "5", "-o", "x.bin"}, "--path must be gl, cuda or cpu"},
  };
  for (const auto& c : refused) check_failure(c, dir, before);
  for (const std::string generator : {"pm", "wh", "ceicg", "mrg32k3a", "mt19937", "sobol32", "mtgp32"}) {
    INFO("-g " << generator);
    const auto r = run_glrand({"generate", "-g", generator, "--path", "cuda", "--offset", "1000", "-n", "100003",
                               "--format", "ints", "-q", "-o", "cuda.bin"},
                              dir.path());
    if (!r.ok()) {
      // No GPU here (or no CUDA in this build): the reason in one line, and no file.
      INFO(r.describe());
      CHECK(r.exited);
      CHECK(r.status != 0);
      CHECK(message_lines(r.err).size() == 1);
      CHECK((r.err.find("no usable CUDA GPU") != std::string::npos || r.err.find("without CUDA") != std::string::npos));
      CHECK(dir.entries() == before);
      continue;
    }
    glrand_ok({"generate", "-g", generator, "--path", "cpu", "--offset", "1000", "-n", "100003", "--format", "ints", "-q",
               "-o", "cpu.bin"},
              dir.path());
    CHECK(read_file(dir / "cuda.bin") == read_file(dir / "cpu.bin"));
    std::filesystem::remove(dir / "cuda.bin");
    std::filesystem::remove(dir / "cpu.bin");
  }
}

TEST_CASE("info: Table 3's sequence length is the period over P for leapfrog, a whole period for parameterisation", "[cli]") {
  TempDir dir;
  // WH set 0's period, lcm(m_k - 1) of its four moduli, is about 2^93; leapfrog over 2^12 substreams leaves 2^81 each.
  const auto leapfrog = glrand_ok({"info", "-g", "wh", "--substreams", "4096"}, dir.path());
  CHECK_THAT(leapfrog.out, Catch::Contains("sequence length per substream: 2^81.00 (period 2^93.00 / 4096 substreams)"));
  // With parameterisation every substream is a generator of its own: nothing is divided.
  const auto own = glrand_ok({"info", "-g", "wh", "--split", "parameterisation", "--substreams", "4"}, dir.path());
  CHECK_THAT(own.out, Catch::Contains("sequence length per substream: 2^93.00 .. 2^93.00 (each substream its own set's whole period, sets 0..3)"));
  CHECK_THAT(own.out, !Catch::Contains("substreams)"));
}
