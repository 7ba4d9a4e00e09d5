// SPDX-License-Identifier: MIT
// The MRG32k3a CPU reference against published values (L'Ecuyer 1999; RngStreams'
// test2RngStream; cuRAND),
// and against the recurrence written independently here in 128-bit signed arithmetic.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glrand/error.hpp>
#include "generators/mrg32k3a.hpp"
#include "kat/kat.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;
using mrg32k3a::Matrix;
using mrg32k3a::State;
using mrg32k3a::Steps;

namespace {

using i128 = __int128;

std::string text(Steps v) {
  if (v == 0) return "0";
  std::string s;
  for (; v != 0; v /= 10) s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
  return s;
}

Steps pow2(unsigned e) { return Steps{1} << e; }

// The recurrence as docs/check-values.md states it, in signed 128-bit arithmetic.
State definition_step(const State& s) {
  auto mod = [](i128 v, i128 m) { return static_cast<std::uint64_t>(((v % m) + m) % m); };
  const std::uint64_t p1 = mod(i128{1403580} * s.s1[1] - i128{810728} * s.s1[0], 4294967087);
  const std::uint64_t p2 = mod(i128{527612} * s.s2[2] - i128{1370589} * s.s2[0], 4294944443);
  return State{{s.s1[1], s.s1[2], p1}, {s.s2[1], s.s2[2], p2}};
}

std::uint32_t definition_z(const State& after) {
  const i128 p1 = after.s1[2], p2 = after.s2[2];
  return static_cast<std::uint32_t>(p1 > p2 ? p1 - p2 : p1 - p2 + 4294967087);
}

State random_state(std::mt19937_64& random) {
  State s{};
  for (auto& w : s.s1) w = random() % mrg32k3a::kM1;
  for (auto& w : s.s2) w = random() % mrg32k3a::kM2;
  return s;
}

State steps(State s, std::uint64_t n) {
  for (std::uint64_t i = 0; i < n; ++i) s = mrg32k3a::step(s);
  return s;
}

State from_words(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d, std::uint64_t e,
                 std::uint64_t f) {
  return State{{a, b, c}, {d, e, f}};
}

// The next `n` RngStreams U01 values, advancing s.
std::vector<double> u01(State& s, int n) {
  std::vector<double> u;
  for (int i = 0; i < n; ++i) {
    s = mrg32k3a::step(s);
    u.push_back(mrg32k3a::to_f64(mrg32k3a::combine(s)));
  }
  return u;
}

void check_close(const std::vector<double>& got, const std::vector<double>& published, double tolerance) {
  REQUIRE(got.size() == published.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("value " << i << ": got " << got[i] << ", published " << published[i]);
    CHECK(std::abs(got[i] - published[i]) <= tolerance);
  }
}

const kat::File& published() { return kat::load("mrg32k3a"); }

// The six words s1[0..2], s2[0..2] of a published state.
State state_of(const kat::Record& r, std::string_view key = "state") {
  const auto w = r.u64s(key);
  REQUIRE(w.size() == 6);
  return from_words(w[0], w[1], w[2], w[3], w[4], w[5]);
}

// RngStreams' published jump matrices (RngStream.c), row by row.
Matrix matrix(const std::string& name) {
  const auto entries = published().one("matrix=" + name).u64s("entries");
  REQUIRE(entries.size() == 9);
  Matrix m{};
  for (std::size_t i = 0; i < 9; ++i) m[i / 3][i % 3] = entries[i];
  return m;
}

// RngStreams' default package seed, as the records that start from it name it.
const std::string kDefaultSeed = "seed=12345,12345,12345,12345,12345,12345";

}  // namespace

TEST_CASE("MRG32k3a constants are L'Ecuyer's", "[mrg32k3a][reference]") {
  const kat::Record& lecuyer = published().one("m1 m2 a12 a13n a21 a23n");
  CHECK(mrg32k3a::kM1 == lecuyer.u64("m1"));
  CHECK(mrg32k3a::kM2 == lecuyer.u64("m2"));
  CHECK(mrg32k3a::kM1 == (std::uint64_t{1} << 32) - 209);
  CHECK(mrg32k3a::kM2 == (std::uint64_t{1} << 32) - 22853);
  CHECK(mrg32k3a::kA12 == lecuyer.u64("a12"));
  CHECK(mrg32k3a::kA13n == lecuyer.u64("a13n"));
  CHECK(mrg32k3a::kA21 == lecuyer.u64("a21"));
  CHECK(mrg32k3a::kA23n == lecuyer.u64("a23n"));
  // norm is the double nearest 1/(m1 + 1); cuRAND's is the double nearest 1/m1.
  CHECK(mrg32k3a::kNorm == 1.0 / 4294967088.0);
  CHECK(mrg32k3a::kCurandNorm == 1.0 / 4294967087.0);
  CHECK(mrg32k3a::default_seed() == state_of(published().one("default_seed"), "default_seed"));
}

TEST_CASE("step and combine follow the recurrence", "[mrg32k3a][reference]") {
  std::mt19937_64 random(1999);
  for (int i = 0; i < 20000; ++i) {
    State s = random_state(random);
    if (i == 0) s = from_words(mrg32k3a::kM1 - 1, mrg32k3a::kM1 - 1, mrg32k3a::kM1 - 1, mrg32k3a::kM2 - 1,
                               mrg32k3a::kM2 - 1, mrg32k3a::kM2 - 1);
    if (i == 1) s = from_words(0, 0, 1, 0, 0, 1);
    const State next = mrg32k3a::step(s);
    REQUIRE(next == definition_step(s));
    REQUIRE(mrg32k3a::combine(next) == definition_z(next));
  }
  // p1 == p2 gives z = m1, the top of the range; p1 = p2 + 1 gives 1, the bottom.
  CHECK(mrg32k3a::combine(from_words(0, 0, 77, 0, 0, 77)) == 4294967087u);
  CHECK(mrg32k3a::combine(from_words(0, 0, 78, 0, 0, 77)) == 1u);
}

TEST_CASE("first outputs from the default seed", "[mrg32k3a][reference]") {
  const std::vector<std::uint32_t> z = published().u32_sequence(kDefaultSeed, "z");
  REQUIRE(z.size() == 10);
  State s = mrg32k3a::default_seed();
  for (std::size_t n = 0; n < z.size(); ++n) {
    INFO("output " << n);
    s = mrg32k3a::step(s);
    CHECK(mrg32k3a::combine(s) == z[n]);
  }
}

TEST_CASE("RngStreams U01 values are reproduced bit for bit", "[mrg32k3a][reference]") {
  // RngStreams computes (p1 - p2 [+ m1]) * norm in double; the published digits are those
  // of that product (they round-trip, so the comparison is exact).
  const std::vector<double> want = published().f64_sequence(kDefaultSeed, "u01");
  REQUIRE(want.size() == 3);
  State s = mrg32k3a::default_seed();
  const std::vector<double> u = u01(s, 3);
  CHECK(u[0] == want[0]);
  CHECK(u[1] == want[1]);
  CHECK(u[2] == want[2]);
  // The documented formula is the product z·norm, not the correctly rounded quotient.
  // Output 4 (z = 951893194) tells them apart.
  CHECK(mrg32k3a::to_f64(951893194) == 951893194.0 * 2.328306549295727688e-10);
  CHECK(951893194.0 * 2.328306549295727688e-10 != 951893194.0 / 4294967088.0);
}

TEST_CASE("float ranges", "[mrg32k3a][reference]") {
  const std::uint32_t top = 4294967087u;  // z = m1
  CHECK(mrg32k3a::to_f64(1) > 0.0);
  CHECK(mrg32k3a::to_f64(top) < 1.0);
  CHECK(mrg32k3a::to_f32(1) > 0.0f);
  CHECK(mrg32k3a::to_f32(top) == std::nextafter(1.0f, 0.0f));  // would round to 1.0f
  CHECK(mrg32k3a::curand_f64(1) > 0.0);
  CHECK(mrg32k3a::curand_f64(top) == 1.0);
  std::mt19937_64 random(32);
  for (int i = 0; i < 100000; ++i) {
    const auto z = static_cast<std::uint32_t>(random() % top + 1);
    const double u = mrg32k3a::to_f64(z);
    const float f = mrg32k3a::to_f32(z);
    REQUIRE(static_cast<double>(f) <= u);
    REQUIRE(static_cast<double>(std::nextafter(f, 2.0f)) > u);  // the largest such float
  }
}

TEST_CASE("jump matrices equal RngStreams' published A^(2^76) and A^(2^127)", "[mrg32k3a][reference]") {
  const Matrix kA1p76 = matrix("A1p76"), kA2p76 = matrix("A2p76");
  const Matrix kA1p127 = matrix("A1p127"), kA2p127 = matrix("A2p127");
  CHECK(mrg32k3a::matrix_power(mrg32k3a::kA1, mrg32k3a::kM1, pow2(76)) == kA1p76);
  CHECK(mrg32k3a::matrix_power(mrg32k3a::kA2, mrg32k3a::kM2, pow2(76)) == kA2p76);
  CHECK(mrg32k3a::matrix_power(mrg32k3a::kA1, mrg32k3a::kM1, pow2(127)) == kA1p127);
  CHECK(mrg32k3a::matrix_power(mrg32k3a::kA2, mrg32k3a::kM2, pow2(127)) == kA2p127);
  // The table-driven jump agrees.
  CHECK(mrg32k3a::jump_by(pow2(76)) == mrg32k3a::Jump{kA1p76, kA2p76});
  CHECK(mrg32k3a::jump_by(pow2(127)) == mrg32k3a::Jump{kA1p127, kA2p127});
}

TEST_CASE("each component's period is m^3 - 1: A^(m^3-1) is the identity", "[mrg32k3a][reference]") {
  const Steps p1 = Steps{4294967087} * 4294967087 * 4294967087 - 1;
  const Steps p2 = Steps{4294944443} * 4294944443 * 4294944443 - 1;
  CHECK(mrg32k3a::kPeriod1 == p1);
  CHECK(mrg32k3a::kPeriod2 == p2);
  CHECK(mrg32k3a::matrix_power(mrg32k3a::kA1, mrg32k3a::kM1, p1) == mrg32k3a::kIdentity);
  CHECK(mrg32k3a::matrix_power(mrg32k3a::kA2, mrg32k3a::kM2, p2) == mrg32k3a::kIdentity);
  // Sanity: nearby exponents are not the identity, so the check above can fail.
  CHECK(mrg32k3a::matrix_power(mrg32k3a::kA1, mrg32k3a::kM1, p1 - 1) != mrg32k3a::kIdentity);
  CHECK(mrg32k3a::matrix_power(mrg32k3a::kA2, mrg32k3a::kM2, p2 + 1) != mrg32k3a::kIdentity);
}

TEST_CASE("RngStreams test2RngStream: streams, steps and substreams", "[mrg32k3a][reference]") {
  const State seed = mrg32k3a::default_seed();
  const State g1 = mrg32k3a::stream_start(seed, 0);
  const State g2 = mrg32k3a::stream_start(seed, 1);
  const State g3 = mrg32k3a::stream_start(seed, 2);
  CHECK(g1 == seed);
  CHECK(g2 == state_of(published().one("stream=g2 state")));
  CHECK(g3 == state_of(published().one("stream=g3 state")));
  const kat::Record& g1_after = published().one("stream=g1 steps state");
  CHECK(steps(g1, g1_after.u64("steps")) == state_of(g1_after));
  CHECK(mrg32k3a::advance(g1, 35) == steps(g1, 35));

  State g3_cursor = g3;
  check_close(u01(g3_cursor, 5), published().f64_sequence("stream=g3 substream=0", "u01"), 5e-13);
  // 4 × ResetNextSubstream from g3's start: substream 4 of stream 2.
  State sub4 = mrg32k3a::substream_start(g3, 4);
  check_close(u01(sub4, 5), published().f64_sequence("stream=g3 substream=4", "u01"), 5e-13);
  CHECK(mrg32k3a::substream_start(g3, 4) == mrg32k3a::advance(g3, 4 * pow2(76)));
  CHECK(mrg32k3a::stream_start(seed, 5) == mrg32k3a::substream_start(seed, std::uint64_t{5} << 51));
}

TEST_CASE("cuRAND seeding: curand_init(1234, ...)", "[mrg32k3a][reference]") {
  const State s = mrg32k3a::curand_state(1234, 0, 0);
  CHECK(s == state_of(published().one("curand_seed=1234 state")));
  const std::vector<std::uint32_t> z = published().u32_sequence("curand_seed=1234 subsequence=0", "z");
  REQUIRE(z.size() == 4);
  State cursor = s;
  for (std::size_t n = 0; n < z.size(); ++n) {
    INFO("output " << n);
    cursor = mrg32k3a::step(cursor);
    CHECK(mrg32k3a::combine(cursor) == z[n]);
  }
  // offset = 3 starts at the fourth output.
  CHECK(mrg32k3a::combine(mrg32k3a::step(mrg32k3a::curand_state(1234, 0, 3))) == z[3]);
  // Seed 0 leaves 12345 ×6 unscrambled.
  CHECK(mrg32k3a::curand_state(0, 0, 0) == mrg32k3a::default_seed());
  // The subsequence is masked to 51 bits.
  CHECK(mrg32k3a::curand_state(1234, (std::uint64_t{1} << 51) + 7, 0) == mrg32k3a::curand_state(1234, 7, 0));
  CHECK(mrg32k3a::curand_state(1234, 7, 0) == mrg32k3a::advance(s, 7 * pow2(76)));
}

TEST_CASE("cuRAND host API, LEGACY ordering: output n from subsequence n mod 4096", "[mrg32k3a][reference]") {
  // curandGenerateUniformDouble, seed 1234, cuRAND 13.0, n = 0..3: with 4096 subsequences,
  // outputs 0..3 are the first outputs of subsequences 0..3.
  const std::vector<double> u = published().f64_sequence("curand_seed=1234 ordering=legacy", "double");
  REQUIRE(u.size() == 4);
  for (std::uint64_t n = 0; n < u.size(); ++n) {
    INFO("n = " << n);
    const State s = mrg32k3a::curand_state(1234, n % 4096, n / 4096);
    CHECK(mrg32k3a::curand_f64(mrg32k3a::combine(mrg32k3a::step(s))) == u[n]);
  }
}

TEST_CASE("jump_by(k) equals k steps", "[mrg32k3a][reference]") {
  std::mt19937_64 random(76);
  const State start = random_state(random);
  std::vector<std::uint64_t> ks{0, 1, 2, 3, 99999};
  for (int i = 0; i < 8; ++i) ks.push_back(random() % 100000);
  for (const std::uint64_t k : ks) {
    INFO("k = " << k);
    CHECK(mrg32k3a::apply(mrg32k3a::jump_by(k), start) == steps(start, k));
  }
}

TEST_CASE("jumps compose and undo each other", "[mrg32k3a][reference]") {
  std::mt19937_64 random(127);
  auto random_steps = [&](unsigned bits) {
    const Steps v = (Steps{random()} << 64) | random();
    return bits >= 128 ? v : v & (pow2(bits) - 1);
  };
  for (int i = 0; i < 20; ++i) {
    const State s = random_state(random);
    const Steps a = random_steps(127), b = random_steps(127);
    INFO("a = " << text(a) << ", b = " << text(b));
    CHECK(mrg32k3a::apply(mrg32k3a::jump_by(a + b), s) ==
          mrg32k3a::apply(mrg32k3a::jump_by(b), mrg32k3a::apply(mrg32k3a::jump_by(a), s)));
    // The table-driven jump equals plain square-and-multiply.
    CHECK(mrg32k3a::jump_by(a).a1 == mrg32k3a::matrix_power(mrg32k3a::kA1, mrg32k3a::kM1, a));
    CHECK(mrg32k3a::jump_by(a).a2 == mrg32k3a::matrix_power(mrg32k3a::kA2, mrg32k3a::kM2, a));
    const Steps k = random_steps(i == 0 ? 100 : 1 + static_cast<unsigned>(random() % 100));
    INFO("k = " << text(k));
    CHECK(mrg32k3a::apply(mrg32k3a::jump_back(k), mrg32k3a::apply(mrg32k3a::jump_by(k), s)) == s);
    CHECK(mrg32k3a::retreat(mrg32k3a::advance(s, k), k) == s);
  }
  // Going back from a stream start by a few steps reaches the preceding states.
  const State s = mrg32k3a::default_seed();
  CHECK(mrg32k3a::retreat(steps(s, 10), 3) == steps(s, 7));
  CHECK(mrg32k3a::retreat(s, 1) != s);
  CHECK(mrg32k3a::step(mrg32k3a::retreat(s, 1)) == s);
  CHECK(mrg32k3a::jump_back(pow2(100)).a1 !=  mrg32k3a::jump_by(pow2(100)).a1);
}

TEST_CASE("seed validation names the rule and the range", "[mrg32k3a][reference]") {
  CHECK(mrg32k3a::seed_from_words({12345, 12345, 12345, 12345, 12345, 12345}) == mrg32k3a::default_seed());
  CHECK(mrg32k3a::seed_from_words({4294967086, 0, 0, 4294944442, 0, 0}) ==
        from_words(4294967086, 0, 0, 4294944442, 0, 0));
  CHECK_THROWS_AS(mrg32k3a::seed_from_words({1, 4294967087, 1, 1, 1, 1}), InvalidArgument);
  CHECK_THROWS_WITH(mrg32k3a::seed_from_words({1, 4294967087, 1, 1, 1, 1}),
                    Catch::Contains("s1[1]") && Catch::Contains("[0, 4294967086]"));
  CHECK_THROWS_WITH(mrg32k3a::seed_from_words({1, 1, 1, 1, 1, 4294944443}),
                    Catch::Contains("s2[2]") && Catch::Contains("[0, 4294944442]"));
  // 4294944443 is fine in s1 (below m1) but not in s2.
  CHECK_NOTHROW(mrg32k3a::seed_from_words({4294944443, 1, 1, 1, 1, 1}));
  CHECK_THROWS_AS(mrg32k3a::seed_from_words({0, 0, 0, 1, 1, 1}), InvalidArgument);
  CHECK_THROWS_WITH(mrg32k3a::seed_from_words({0, 0, 0, 1, 1, 1}),
                    Catch::Contains("all zero") && Catch::Contains("[1, 4294967086]"));
  CHECK_THROWS_WITH(mrg32k3a::seed_from_words({1, 1, 1, 0, 0, 0}),
                    Catch::Contains("all zero") && Catch::Contains("[1, 4294944442]"));
}

TEST_CASE("generate_ints with several threads equals stepping", "[mrg32k3a][reference]") {
  std::mt19937_64 random(3);
  const State start = random_state(random);
  const std::size_t count = 300001;  // several 64k chunks, not a multiple of the thread count
  std::vector<std::uint32_t> expected(count);
  State s = start;
  for (auto& z : expected) {
    s = definition_step(s);
    z = definition_z(s);
  }
  for (const unsigned threads : {1u, 3u, 4u, 0u}) {
    INFO("threads = " << threads);
    std::vector<std::uint32_t> out(count, 0);
    mrg32k3a::generate_ints(start, out, threads);
    // Report the first difference, not two 300k-element vectors.
    const auto diff = std::mismatch(out.begin(), out.end(), expected.begin());
    INFO("first difference at output " << (diff.first - out.begin()));
    CHECK(diff.first == out.end());
  }
  std::vector<std::uint32_t> empty;
  mrg32k3a::generate_ints(start, empty, 4);
  // The first ten from the default seed, through the bulk path.
  const std::vector<std::uint32_t> want = published().u32_sequence(kDefaultSeed, "z");
  REQUIRE(want.size() == 10);
  std::vector<std::uint32_t> ten(10);
  mrg32k3a::generate_ints(mrg32k3a::default_seed(), ten, 2);
  CHECK(ten == want);
}

namespace {

// `count` outputs from `start` by the definition, one step at a time.
std::vector<std::uint32_t> stepped(const State& start, std::size_t count) {
  std::vector<std::uint32_t> z(count);
  State s = start;
  for (auto& out : z) {
    s = definition_step(s);
    out = definition_z(s);
  }
  return z;
}

}  // namespace

TEST_CASE("generate_ints of a few outputs, fewer than its lanes, equals stepping", "[mrg32k3a][reference]") {
  std::mt19937_64 random(11);
  const State start = random_state(random);
  for (std::size_t count = 0; count < 12; ++count) {
    const std::vector<std::uint32_t> expected = stepped(start, count);
    std::vector<std::uint32_t> out(count);
    mrg32k3a::generate_ints(start, out, 1);
    INFO("count " << count);
    CHECK(out == expected);
  }
}

// The bulk loop reduces in doubles: states at the moduli's edges (every word m − 1, words 0
// and 1, one component's words equal to the other's) and the products' largest values.
TEST_CASE("generate_ints from states at the moduli's edges equals stepping", "[mrg32k3a][reference]") {
  const std::uint64_t m1 = mrg32k3a::kM1, m2 = mrg32k3a::kM2;
  const State edges[] = {
      State{{m1 - 1, m1 - 1, m1 - 1}, {m2 - 1, m2 - 1, m2 - 1}},
      State{{0, 0, 1}, {0, 0, 1}},
      State{{m1 - 1, 0, m1 - 1}, {0, m2 - 1, 0}},
      State{{0, m1 - 1, 0}, {m2 - 1, 0, m2 - 1}},
      State{{12345, 12345, 12345}, {12345, 12345, 12345}},
  };
  for (const State& start : edges) {
    std::vector<std::uint32_t> out(4 * 5000 + 3);
    mrg32k3a::generate_ints(start, out, 1);
    CHECK(out == stepped(start, out.size()));
  }
}

// generate_values makes each thread's lanes a block at a time and converts them in place: the
// values must be the stepped words' through the reference's conversion, for counts below, at
// and beside a lane's block (4096 outputs) times the lanes (12), with RngStreams' and cuRAND's
// formulas, on one thread and on three.
TEST_CASE("generate_values equals stepping's words through the conversions", "[mrg32k3a][reference]") {
  std::mt19937_64 random(29);
  const State start = random_state(random);
  constexpr std::size_t kBlock = 12 * 4096;
  for (const bool curand : {false, true}) {
    const mrg32k3a::Reference reference{curand};
    for (const std::size_t count : {std::size_t{1}, std::size_t{11}, std::size_t{12}, std::size_t{13}, kBlock - 1,
                                    kBlock, kBlock + 1, 2 * kBlock + 7, std::size_t{300001}}) {
      const std::vector<std::uint32_t> words = stepped(start, count);
      std::vector<float> want_f32(count), got_f32(count);
      std::vector<double> want_f64(count), got_f64(count);
      reference.to_f32(words, want_f32);
      reference.to_f64(words, want_f64);
      for (const unsigned threads : {1u, 3u}) {
        INFO((curand ? "cuRAND's" : "RngStreams'") << " formulas, " << count << " outputs, " << threads << " threads");
        mrg32k3a::generate_values(reference, start, std::span<float>(got_f32), threads);
        mrg32k3a::generate_values(reference, start, std::span<double>(got_f64), threads);
        const auto f = std::mismatch(got_f32.begin(), got_f32.end(), want_f32.begin());
        INFO("first float that differs: " << (f.first - got_f32.begin()));
        CHECK(f.first == got_f32.end());
        const auto d = std::mismatch(got_f64.begin(), got_f64.end(), want_f64.begin());
        INFO("first double that differs: " << (d.first - got_f64.begin()));
        CHECK(d.first == got_f64.end());
      }
    }
  }
}
