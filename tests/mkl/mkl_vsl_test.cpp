// SPDX-License-Identifier: MIT
// Intel MKL's generators against glrand's CPU references, word for word, where the two define
// the same sequence: WH family members (integers and doubles), MRG32k3a from MKL's seeding,
// MT19937 from init_by_array (MKL's seeding) and Sobol's first dimension; MKL's skip-ahead
// against the references' jumps; the threaded fill `glrand bench --path mkl` times against the
// references; and the exponential and Gaussian wrappers' parameters, by their values' moments.
// Published values anchor MKL itself (tests/kat/: the WH states and doubles,
// mt19937ar.out, the Sobol points). Skipped (exit 77) where MKL is absent: see mkl_main.cpp.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <glrand/error.hpp>
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"
#include "generators/sobol32.hpp"
#include "generators/wichmann_hill.hpp"
#include "kat/kat.hpp"
#include "mkl/vsl.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;

namespace {

std::vector<std::uint32_t> mkl_words(mkl::Stream& stream, std::size_t outputs) {
  std::vector<std::uint32_t> words(outputs * static_cast<std::size_t>(mkl::words_per_output(stream.brng())));
  stream.uniform_bits(words);
  return words;
}

std::vector<std::uint32_t> mkl_words(int brng, std::uint32_t seed, std::size_t outputs, std::uint64_t skip = 0) {
  mkl::Stream stream(brng, seed);
  if (skip > 0) stream.skip_ahead(skip);
  return mkl_words(stream, outputs);
}

// WH set `set` from `start`: the reference's 4 words per output.
std::vector<std::uint32_t> wh_words(int set, const wh::State& start, std::size_t outputs) {
  std::vector<std::uint32_t> words(4 * outputs);
  wh::generate_ints(wh::parameters(set), start, words);
  return words;
}

// MKL's vslNewStream(VSL_BRNG_MRG32K3A, seed): s1 = (seed mod m1, 1, 1), s2 = (1, 1, 1).
mrg32k3a::State mrg32k3a_mkl_seed(std::uint32_t seed) {
  return mrg32k3a::State{{seed % mrg32k3a::kM1, 1, 1}, {1, 1, 1}};
}

// The reference's z (1..m1) as MKL's integer output writes it: z mod m1.
std::vector<std::uint32_t> mrg32k3a_words(const mrg32k3a::State& start, std::size_t outputs) {
  std::vector<std::uint32_t> words(outputs);
  mrg32k3a::generate_ints(start, words);
  for (auto& z : words) z = static_cast<std::uint32_t>(z % mrg32k3a::kM1);
  return words;
}

std::vector<std::uint32_t> mt19937_words(mt19937::State s, std::size_t outputs) {
  std::vector<std::uint32_t> words(outputs);
  mt19937::generate_ints(s, words);
  return words;
}

std::vector<std::uint32_t> sobol_words(std::uint64_t first_point, std::size_t outputs) {
  std::vector<std::uint32_t> words(outputs);
  sobol32::generate_dimension(0, first_point, words);
  return words;
}

}  // namespace

TEST_CASE("VSL_BRNG_WH + i gives docs/check-values.md's states and doubles", "[mkl][wh]") {
  const kat::File& published = kat::load("wichmann_hill");
  const std::vector<std::uint32_t> states = published.u32_sequence("set=0 seed=1", "state");
  REQUIRE(states.size() == 12);
  mkl::Stream set0(mkl::kWichmannHill + 0, 1);
  CHECK(mkl_words(set0, 3) == states);
  const auto doubles = [](int set, std::uint32_t seed) {
    mkl::Stream s(mkl::kWichmannHill + set, seed);
    std::vector<double> u(4);
    s.uniform(std::span<double>(u));
    return u;
  };
  for (const auto& [set, seed] : {std::pair{0, 1u}, std::pair{0, 777u}, std::pair{272, 1u}}) {
    INFO("set " << set << " seed " << seed);
    const std::vector<double> want =
        published.f64_sequence("set=" + std::to_string(set) + " seed=" + std::to_string(seed), "double");
    REQUIRE(want.size() == 4);
    CHECK(doubles(set, seed) == want);
  }
}

TEST_CASE("VSL_BRNG_WH + i equals the WH reference, integers and doubles, and after skip-ahead", "[mkl][wh]") {
  const std::size_t n = 200'000;
  for (int set : {0, 1, 17, 136, 271, 272}) {
    const auto& p = wh::parameters(set);
    for (std::uint32_t seed : {1u, 0u, 777u, static_cast<std::uint32_t>(p.modulus[0]), 0xffffffffu}) {
      INFO("set=" << set << " seed=" << seed);
      const wh::State start = wh::seed_state(set, seed);
      require_same_words(mkl_words(mkl::kWichmannHill + set, seed, n), wh_words(set, start, n));
      // Doubles: MKL's formula is the reference's to_f64, bit for bit.
      mkl::Stream stream(mkl::kWichmannHill + set, seed);
      std::vector<double> u(n);
      stream.uniform(std::span<double>(u));
      wh::State s = start;
      std::size_t differ = 0;
      for (std::size_t i = 0; i < n; ++i, s = wh::step(p, s))
        differ += std::bit_cast<std::uint64_t>(u[i]) != std::bit_cast<std::uint64_t>(wh::to_f64(p, s));
      CHECK(differ == 0);
      for (std::uint64_t skip : {std::uint64_t{1}, std::uint64_t{1'000'003}, (std::uint64_t{1} << 40) + 5}) {
        INFO("skip=" << skip);
        require_same_words(mkl_words(mkl::kWichmannHill + set, seed, 1000, skip),
                           wh_words(set, wh::state_at(p, start, skip), 1000));
      }
    }
  }
}

TEST_CASE("VSL_BRNG_WH floats are (float) of the doubles", "[mkl][wh]") {
  // docs/check-values.md: single precision = (float) of the double. The reference's to_f32 rounds the
  // same way except where the double rounds up to 1.0f (it keeps [0, 1)): counted apart.
  const std::size_t n = 1'000'000;
  for (int set : {0, 136}) {
    INFO("set=" << set);
    const auto& p = wh::parameters(set);
    mkl::Stream doubles(mkl::kWichmannHill + set, 1), floats(mkl::kWichmannHill + set, 1);
    std::vector<double> u(n);
    std::vector<float> f(n);
    doubles.uniform(std::span<double>(u));
    floats.uniform(std::span<float>(f));
    std::size_t cast_differs = 0, reference_differs = 0;
    wh::State s = wh::seed_state(set, 1);
    for (std::size_t i = 0; i < n; ++i, s = wh::step(p, s)) {
      cast_differs += f[i] != static_cast<float>(u[i]);
      if (static_cast<float>(u[i]) != 1.0f) reference_differs += f[i] != wh::to_f32(p, s);
    }
    CHECK(cast_differs == 0);
    CHECK(reference_differs == 0);
  }
}

TEST_CASE("VSL_BRNG_MRG32K3A equals the MRG32k3a reference from MKL's seeding", "[mkl][mrg32k3a]") {
  // Seed 1: s1 = (1, 1, 1), s2 = (1, 1, 1); p1 = 1403580 − 810728 = 592852,
  // p2 = 527612 − 1370589 + m2 = 4294101466, z = p1 − p2 + m1 = 1458473.
  CHECK(mkl_words(mkl::kMrg32k3a, 1, 1) == std::vector<std::uint32_t>{1458473});
  const std::size_t n = 1'000'000;
  for (std::uint32_t seed : {1u, 0u, 12345u, 4294967087u /* m1: x0 = 0 */, 4294967295u}) {
    INFO("seed=" << seed);
    const mrg32k3a::State start = mrg32k3a_mkl_seed(seed);
    require_same_words(mkl_words(mkl::kMrg32k3a, seed, n), mrg32k3a_words(start, n));
    for (std::uint64_t skip : {std::uint64_t{1}, std::uint64_t{1'000'003}, (std::uint64_t{1} << 62) + 12345}) {
      INFO("skip=" << skip);
      require_same_words(mkl_words(mkl::kMrg32k3a, seed, 1000, skip),
                         mrg32k3a_words(mrg32k3a::advance(start, skip), 1000));
    }
  }
}

TEST_CASE("VSL_BRNG_MT19937 is init_by_array({seed}) and equals the MT19937 reference", "[mkl][mt19937]") {
  // MKL itself against mt19937ar.out: vslNewStreamEx with the test program's four key words.
  const kat::File& mt = kat::load("mt19937");
  const kat::Record& output0 = mt.one("key output=0");
  const std::vector<std::uint32_t> key = output0.u32s("key");
  const std::vector<std::uint32_t> first = mt.u32_sequence("key=" + output0.text("key"), "word");
  REQUIRE(first.size() == 5);
  mkl::Stream published(mkl::kMt19937, std::span<const std::uint32_t>(key));
  CHECK(mkl_words(published, 5) == first);
  // vslNewStream(seed) is not init_genrand(seed): seed 5489 does not start with std::mt19937's first output.
  CHECK(mkl_words(mkl::kMt19937, 5489, 1) != std::vector<std::uint32_t>{mt.one("seed=5489 output=0").u32("word")});
  const std::size_t n = 1'000'000;
  for (std::uint32_t seed : {5489u, 0u, 1u, 4357u, 0xffffffffu}) {
    INFO("seed=" << seed);
    const std::uint32_t one[] = {seed};
    const mt19937::State start = mt19937::seed_by_array(one);
    require_same_words(mkl_words(mkl::kMt19937, seed, n), mt19937_words(start, n));
    for (std::uint64_t skip : {std::uint64_t{1}, std::uint64_t{623}, std::uint64_t{1'000'003}, (std::uint64_t{1} << 40) + 5}) {
      INFO("skip=" << skip);
      require_same_words(mkl_words(mkl::kMt19937, seed, 2000, skip), mt19937_words(mt19937::jump(start, skip), 2000));
    }
  }
}

TEST_CASE("VSL_BRNG_SOBOL in one dimension is sobol32's dimension 0 without the zero point", "[mkl][sobol32]") {
  // The published first points (tests/kat/sobol32.txt, from 0): 0, 2^31, 3·2^30, 2^30, ...; MKL starts at the second.
  const std::vector<std::uint32_t> points = kat::load("sobol32").u32_sequence("dimension=0", "word");
  REQUIRE(points.size() == 8);
  CHECK(mkl_words(mkl::kSobol, 1, 7) == std::vector<std::uint32_t>(points.begin() + 1, points.end()));
  const std::size_t n = 1'000'000;
  require_same_words(mkl_words(mkl::kSobol, 1, n), sobol_words(1, n));
  for (std::uint64_t skip : {std::uint64_t{1}, std::uint64_t{1'000'003}, (std::uint64_t{1} << 31) + 5}) {
    INFO("skip=" << skip);
    require_same_words(mkl_words(mkl::kSobol, 1, 1000, skip), sobol_words(skip + 1, 1000));
  }
}

TEST_CASE("the threaded fill glrand bench times equals the references, for any thread count and start", "[mkl]") {
  // 3 threads and a size that does not divide evenly: every thread's stream skipped ahead.
  const std::size_t n = 3 * 65536 + 17;
  for (unsigned threads : {1u, 3u}) {
    for (std::uint64_t first : {std::uint64_t{0}, std::uint64_t{999'999}}) {
      INFO("threads=" << threads << " first=" << first);
      std::vector<std::uint32_t> words(4 * n);
      mkl::uniform_bits_parallel(mkl::kWichmannHill + 0, 1, first, words, threads);
      require_same_words(words, wh_words(0, wh::state_at(wh::parameters(0), wh::seed_state(0, 1), first), n));
      words.resize(n);
      mkl::uniform_bits_parallel(mkl::kMrg32k3a, 12345, first, words, threads);
      require_same_words(words, mrg32k3a_words(mrg32k3a::advance(mrg32k3a_mkl_seed(12345), first), n));
      const std::uint32_t seed[] = {5489u};
      mkl::uniform_bits_parallel(mkl::kMt19937, 5489, first, words, threads);
      require_same_words(words, mt19937_words(mt19937::jump(mt19937::seed_by_array(seed), first), n));
      mkl::uniform_bits_parallel(mkl::kSobol, 1, first, words, threads);
      require_same_words(words, sobol_words(first + 1, n));
    }
  }
}

TEST_CASE("MKL's failures are errors naming the call and the status", "[mkl]") {
  try {
    mkl::Stream bad(mkl::kWichmannHill + mkl::kWichmannHillSets, 1);  // VSL_BRNG_WH + 273 does not exist
    FAIL("vslNewStream accepted VSL_BRNG_WH + 273");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find("vslNewStream") != std::string::npos);
    CHECK(std::string(e.what()).find("VSL_RNG_ERROR_INVALID_BRNG_INDEX") != std::string::npos);
  }
  mkl::Stream stream(mkl::kWichmannHill + 0, 1);
  std::vector<std::uint32_t> three(3);
  CHECK_THROWS_AS(stream.uniform_bits(three), InvalidArgument);  // WH writes 4 words an output
}

TEST_CASE("MKL's exponential and Gaussian values take glrand's rate, mean and standard deviation", "[mkl]") {
  // The wrappers pass λ as MKL's scale 1/λ and the normal's μ and σ as given: the sample moments
  // of 10^6 values lie within 5 standard errors of λ = 2.5's and of (1.5, 0.25)'s (a scale of λ
  // instead of 1/λ, or μ and σ swapped, is dozens of standard errors off).
  constexpr std::size_t kCount = 1'000'000;
  const auto moments = [](const auto& values) {
    double sum = 0, squares = 0;
    for (const auto v : values) {
      sum += static_cast<double>(v);
      squares += static_cast<double>(v) * static_cast<double>(v);
    }
    const double mean = sum / static_cast<double>(values.size());
    return std::pair{mean, squares / static_cast<double>(values.size()) - mean * mean};
  };
  const double n = kCount;
  for (const int brng : {mkl::kMrg32k3a, mkl::kMt19937, mkl::kSobol}) {
    INFO(mkl::brng_name(brng));
    mkl::Stream stream(brng, brng == mkl::kSobol ? 1u : 777u);
    std::vector<double> d(kCount);
    std::vector<float> f(kCount);
    stream.exponential(std::span<double>(d), 2.5);
    auto [mean, variance] = moments(d);
    CHECK(std::abs(mean - 0.4) < 5 * 0.4 / std::sqrt(n));
    stream.exponential(std::span<float>(f), 2.5);
    std::tie(mean, variance) = moments(f);
    CHECK(std::abs(mean - 0.4) < 5 * 0.4 / std::sqrt(n));
    for (const NormalMethod method : {NormalMethod::box_muller, NormalMethod::inverse_cdf}) {
      if (brng == mkl::kSobol && method == NormalMethod::box_muller) continue;  // pairs of a point's coordinates
      stream.gaussian(std::span<double>(d), method, 1.5, 0.25);
      std::tie(mean, variance) = moments(d);
      CHECK(std::abs(mean - 1.5) < 5 * 0.25 / std::sqrt(n));
      CHECK(std::abs(variance - 0.0625) < 5 * 0.0625 * std::sqrt(2 / n));
      stream.gaussian(std::span<float>(f), method, 1.5, 0.25);
      std::tie(mean, variance) = moments(f);
      CHECK(std::abs(mean - 1.5) < 5 * 0.25 / std::sqrt(n));
      CHECK(std::abs(variance - 0.0625) < 5 * 0.0625 * std::sqrt(2 / n));
    }
  }
}
