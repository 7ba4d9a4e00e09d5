// SPDX-License-Identifier: MIT
// The public API (<glrand/glrand.hpp>) on the CPU backend: every generator of the registry
// against its CPU reference, calls that continue the sequence, floats, a far offset, the
// 64-bit seed's documented mapping (SplitMix64's published outputs), saved and restored
// states, and bad settings.
#include <algorithm>
#include <catch2/catch.hpp>
#include <glrand/glrand.hpp>
#include <random>
#include <vector>

#include "kat/kat.hpp"
#include "support/reference_words.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;

namespace {

Settings on_cpu(Algorithm algorithm) {
  Settings settings;
  settings.algorithm = algorithm;
  settings.backend = Backend::cpu;
  return settings;
}

// `total` outputs in calls of irregular sizes.
std::vector<std::uint32_t> in_pieces(Generator& generator, std::size_t total, unsigned seed) {
  const auto width = static_cast<std::size_t>(generator.words_per_output());
  std::vector<std::uint32_t> words(total * width);
  std::mt19937 sizes(seed);
  for (std::size_t done = 0; done < total;) {
    const std::size_t n = std::min<std::size_t>(total - done, 1 + sizes() % 700);
    generator.generate(std::span(words).subspan(done * width, n * width));
    done += n;
  }
  return words;
}

}  // namespace

TEST_CASE("the registry names every generator once, and the API knows each", "[api]") {
  CHECK(generator_names() == "ceicg, pm, wh, mrg32k3a, mt19937, sobol32, mtgp32");
  for (const auto& row : generators()) {
    CHECK(&find_generator(row.name) == &row);
    for (const auto alias : row.aliases) CHECK(&find_generator(alias) == &row);
    CHECK(&info(row.algorithm) == &row);
  }
  CHECK(find_generator("park-miller").algorithm == Algorithm::park_miller);
  CHECK_THROWS_WITH(find_generator("xorshift"), Catch::Contains("unknown generator 'xorshift': choose from ceicg"));
  CHECK(std::string(GLRAND_VERSION) == std::to_string(GLRAND_VERSION_MAJOR) + "." +
                                           std::to_string(GLRAND_VERSION_MINOR) + "." +
                                           std::to_string(GLRAND_VERSION_PATCH));
}

TEST_CASE("published first outputs through the API", "[api]") {
  std::uint32_t word = 0;
  Generator pm(on_cpu(Algorithm::park_miller));
  pm.generate(std::span(&word, 1));
  CHECK(word == kat::load("park_miller").one("seed=1 n=1").u32("z"));  // Park and Miller 1988: z1 from z0 = 1
  Generator mt(on_cpu(Algorithm::mt19937));
  mt.generate(std::span(&word, 1));
  // mt19937ar.c's init_genrand(5489), the C++ std::mt19937 default
  CHECK(word == kat::load("mt19937").one("seed=5489 output=0").u32("word"));
}

TEST_CASE("every generator on the CPU backend: pieces continue the sequence, from any offset", "[api]") {
  for (const auto& row : generators()) {
    for (const std::uint64_t offset : {std::uint64_t{0}, std::uint64_t{1} << 33}) {
      // MT19937's far offset takes a jump polynomial per call: a nearer one keeps this short;
      // a Sobol32 dimension has 2^32 points.
      const std::uint64_t start = row.algorithm == Algorithm::mt19937   ? offset >> 20
                                  : row.algorithm == Algorithm::sobol32 ? offset >> 2
                                                                        : offset;
      INFO("-g " << row.name << " --offset " << start);
      Settings settings = on_cpu(row.algorithm);
      settings.offset = start;
      Generator generator(settings);
      const auto words = in_pieces(generator, 5000, 1);
      CHECK(generator.position() == 5000);
      CHECK(words == reference_words(row.algorithm, {}, start, 5000));
    }
  }
}

TEST_CASE("floats and doubles are each generator's formula applied to the exact words", "[api]") {
  for (const auto& row : generators()) {
    INFO("-g " << row.name);
    Generator ints(on_cpu(row.algorithm)), floats(on_cpu(row.algorithm)), doubles(on_cpu(row.algorithm));
    std::vector<std::uint32_t> words(3000 * static_cast<std::size_t>(row.words_per_output));
    ints.generate(std::span(words));
    std::vector<float> f(3000);
    std::vector<double> d(3000);
    floats.generate(std::span(f).first(1234));
    floats.generate(std::span(f).subspan(1234));
    doubles.generate(std::span(d));
    std::vector<float> f_expected(3000);
    std::vector<double> d_expected(3000);
    ints.to_f32(words, f_expected, 0);
    ints.to_f64(words, d_expected, 0);
    CHECK(f == f_expected);
    CHECK(d == d_expected);
    for (const double u : d) REQUIRE((u >= 0.0 && u <= 1.0));
    // The streaming calls: the same values, in order, continuing from call to call.
    Generator streamed(on_cpu(row.algorithm));
    std::vector<float> f_streamed;
    std::vector<double> d_streamed;
    streamed.generate_floats(1000, [&](std::span<const float> v) { f_streamed.insert(f_streamed.end(), v.begin(), v.end()); });
    streamed.generate_doubles(2000, [&](std::span<const double> v) { d_streamed.insert(d_streamed.end(), v.begin(), v.end()); });
    CHECK(streamed.position() == 3000);
    CHECK(f_streamed == std::vector<float>(f_expected.begin(), f_expected.begin() + 1000));
    CHECK(d_streamed == std::vector<double>(d_expected.begin() + 1000, d_expected.end()));
  }
  // The formulas themselves, independently: pm's double is z/m.
  const kat::File& park_miller = kat::load("park_miller");
  Generator pm(on_cpu(Algorithm::park_miller));
  double u = 0;
  pm.generate(std::span(&u, 1));
  CHECK(u == park_miller.one("seed=1 n=1").u32("z") / static_cast<double>(park_miller.one("a m").u32("m")));
}

// Large calls make their floats and doubles on all cores, Wichmann–Hill's, Sobol32's and
// MRG32k3a's a block at a time straight into the caller's span: those of calls across many
// blocks and threads, from a far odd offset, are the formula applied to the words of the
// chunked integer path.
TEST_CASE("large calls' floats and doubles, made in blocks on all cores, are the formula of the exact words",
          "[api]") {
  const std::vector<std::size_t> sizes{(std::size_t{3} << 16) + 17, 1, (std::size_t{1} << 20) + 5};
  auto check = [&](Settings settings, const std::vector<std::size_t>& calls) {
    Generator ints(settings), floats(settings), doubles(settings);
    std::size_t count = 0;
    for (const std::size_t n : calls) count += n;
    std::vector<std::uint32_t> words(count * static_cast<std::size_t>(ints.words_per_output()));
    ints.generate(std::span(words));
    std::vector<float> f(count), f_expected(count);
    std::vector<double> d(count), d_expected(count);
    std::size_t at = 0;
    for (const std::size_t n : calls) {
      floats.generate(std::span(f).subspan(at, n));
      doubles.generate(std::span(d).subspan(at, n));
      at += n;
    }
    ints.to_f32(words, f_expected, 0);
    ints.to_f64(words, d_expected, 0);
    // The first value that differs (count if none), not the vectors.
    const auto first_difference = [](const auto& a, const auto& b) {
      return static_cast<std::size_t>(std::mismatch(a.begin(), a.end(), b.begin()).first - a.begin());
    };
    CHECK(first_difference(f, f_expected) == count);
    CHECK(first_difference(d, d_expected) == count);
  };
  for (const auto& row : generators()) {
    INFO("-g " << row.name);
    Settings settings = on_cpu(row.algorithm);
    settings.offset = 1'000'003;
    check(settings, sizes);
  }
  // Sobol32 in three dimensions: a call's values dimension-major, each dimension's in its part
  // (one call: the words' call and the values' calls then cut the points alike).
  Settings sobol = on_cpu(Algorithm::sobol32);
  sobol.dimensions = 3;
  sobol.offset = 999;
  check(sobol, {3 * ((std::size_t{1} << 18) + 1)});
}

TEST_CASE("one 64-bit seed: SplitMix64's outputs reduced into each generator's native seed", "[api][seed]") {
  // SplitMix64 from 1234567 (Rosetta Code, "Pseudo-random numbers/Splitmix64": its first five).
  const std::vector<std::uint64_t> w = kat::load("splitmix64").u64_sequence("seed=1234567", "word");
  REQUIRE(w.size() == 5);
  using Words = std::vector<std::uint64_t>;
  CHECK(native_seed(Algorithm::park_miller, 1234567) == Words{1 + w[0] % 2147483646u});
  CHECK(native_seed(Algorithm::ceicg, 1234567) == Words{w[0] % 16777213u, w[1] % 16777199u, w[2] % 16777183u});
  CHECK(native_seed(Algorithm::wichmann_hill, 1234567) ==
        Words{w[0] & 0xFFFFFFFFu, w[1] & 0xFFFFFFFFu, w[2] & 0xFFFFFFFFu, w[3] & 0xFFFFFFFFu});
  const std::uint64_t m1 = 4294967087u, m2 = 4294944443u;
  const auto mrg = native_seed(Algorithm::mrg32k3a, 1234567);
  CHECK(Words(mrg.begin(), mrg.begin() + 5) == Words{w[0] % m1, w[1] % m1, w[2] % m1, w[3] % m2, w[4] % m2});
  CHECK(native_seed(Algorithm::mt19937, 1234567) == Words{w[0] & 0xFFFFFFFFu});
  CHECK(native_seed(Algorithm::mtgp32, 1234567) == Words{1234567});
  CHECK_THROWS_WITH(native_seed(Algorithm::sobol32, 1), Catch::Contains("takes no --seed"));
  // And the generator seeded so gives that native seed's sequence.
  for (const auto& row : generators()) {
    if (!row.takes_seed) continue;
    INFO("-g " << row.name);
    Settings settings = on_cpu(row.algorithm);
    settings.seed64 = 42;
    Generator generator(settings);
    const auto words = in_pieces(generator, 1000, 2);
    CHECK(words == reference_words(row.algorithm, native_seed(row.algorithm, 42), 0, 1000));
    settings.seed64 = 43;
    CHECK(in_pieces(*std::make_unique<Generator>(settings), 1000, 2) != words);
  }
}

TEST_CASE("a saved state continues the sequence, in a new generator or the same one", "[api][state]") {
  for (const auto& row : generators()) {
    INFO("-g " << row.name);
    Generator generator(on_cpu(row.algorithm));
    in_pieces(generator, 777, 3);
    const GeneratorState saved = generator.state();
    CHECK(saved.position == 777);
    const auto next = in_pieces(generator, 500, 4);
    Generator resumed(saved);
    CHECK(in_pieces(resumed, 500, 5) == next);
    generator.set_state(saved);
    CHECK(in_pieces(generator, 500, 6) == next);
    CHECK(next == std::vector<std::uint32_t>(reference_words(row.algorithm, {}, 777, 500)));
  }
}

TEST_CASE("Wichmann-Hill's parameterisation continues from any output, on the CPU backend", "[api][wh]") {
  Settings settings = on_cpu(Algorithm::wichmann_hill);
  settings.layout = {7, Split::parameterisation, StateUpdate::gpu};
  settings.wh_set = 3;
  Generator whole(settings), pieces(settings);
  std::vector<std::uint32_t> expected(4 * 2000);
  whole.generate(std::span(expected));
  CHECK(in_pieces(pieces, 2000, 7) == expected);
  // Output n is output n div 7 of set 3 + n mod 7, seeded as MKL does.
  for (const std::size_t n : {0u, 6u, 7u, 1999u}) {
    const int set = 3 + static_cast<int>(n % 7);
    const wh::State state = wh::state_at(wh::parameters(set), wh::seed_state(set, 1u), n / 7);
    CHECK(std::vector<std::uint32_t>(expected.begin() + 4 * n, expected.begin() + 4 * n + 4) ==
          std::vector<std::uint32_t>(state.begin(), state.end()));
  }
}

TEST_CASE("bad settings are refused before any device opens, naming the setting", "[api][errors]") {
  const auto refused = [](Settings settings, const char* words) {
    CHECK_THROWS_WITH(Generator(settings), Catch::Contains(words));
  };
  Settings s = on_cpu(Algorithm::park_miller);
  s.seed = {0};
  refused(s, "Park-Miller seed must be one integer in 1..2147483646");
  s.seed = {1, 2};
  refused(s, "Park-Miller seed");
  s = on_cpu(Algorithm::park_miller);
  s.seed = {5};
  s.seed64 = 5;
  refused(s, "not both");
  s = on_cpu(Algorithm::wichmann_hill);
  s.wh_set = 273;
  refused(s, "--wh-set must be an integer in 0..272");
  s = on_cpu(Algorithm::park_miller);
  s.substream = 3;
  refused(s, "--substream does not apply to -g pm (only to ceicg, mrg32k3a)");
  s = on_cpu(Algorithm::mt19937);
  s.backend = Backend::gl;
  refused(s, "-g mt19937 has no GL path");
  s = on_cpu(Algorithm::sobol32);
  s.seed64 = 1;
  refused(s, "takes no --seed");
  s = on_cpu(Algorithm::mrg32k3a);
  s.seed = {0, 0, 0, 1, 1, 1};
  refused(s, "all zero");
  s = on_cpu(Algorithm::park_miller);
  s.profile = Profile::compute;
  refused(s, "--profile chooses the GL path's shaders");
  s = on_cpu(Algorithm::park_miller);
  s.backend = Backend::gl;
  s.layout.substreams = kMaxSubstreams + 1;  // 0 is kAutomaticSubstreams
  refused(s, "--substreams must be 1..16777216");
  s = on_cpu(Algorithm::ceicg);
  s.backend = Backend::gl;
  s.ceicg_target = {8192, 4096};
  refused(s, "2^24");
  s.ceicg_target = {};
  s.layout.substreams = 64;
  refused(s, "--substreams does not apply to -g ceicg in the ps30 profile");
  s = on_cpu(Algorithm::park_miller);
  s.ceicg_target = {64, 64};
  refused(s, "--size applies to -g ceicg");
  Generator sobol(on_cpu(Algorithm::sobol32));
  std::vector<std::uint32_t> words(10);
  sobol.generate(std::span(words));
  CHECK_THROWS_WITH(sobol.check_count(std::uint64_t{1} << 32), Catch::Contains("2^32"));
  Generator wh(on_cpu(Algorithm::wichmann_hill));
  CHECK_THROWS_WITH(wh.generate(std::span(words).first(6)), Catch::Contains("4 words per output"));
  CHECK_THROWS_AS(wh.set_state(sobol.state()), InvalidArgument);
}

TEST_CASE("automatic ps30 substreams: 4096 on a software renderer, about COUNT/32 on a GPU within 4096..2^21", "[api]") {
  for (const std::uint64_t count : {std::uint64_t{1}, std::uint64_t{1} << 25, std::uint64_t{1} << 58})
    CHECK(automatic_substreams(count, true) == 4096);
  CHECK(automatic_substreams(1, false) == 4096);
  CHECK(automatic_substreams(4096 * 32, false) == 4096);
  CHECK(automatic_substreams(4096 * 32 + 1, false) == 8192);
  CHECK(automatic_substreams(std::uint64_t{1} << 25, false) == std::uint64_t{1} << 20);
  CHECK(automatic_substreams(std::uint64_t{1} << 26, false) == std::uint64_t{1} << 21);
  CHECK(automatic_substreams(std::uint64_t{1} << 58, false) == std::uint64_t{1} << 21);
  CHECK(automatic_substreams(100000000, false) == std::uint64_t{1} << 21);
  // Only a parameterisation, whose P makes the sequence, must name it.
  Settings s;
  s.algorithm = Algorithm::wichmann_hill;
  s.layout.split = Split::parameterisation;
  CHECK_THROWS_WITH(Generator(s), Catch::Contains("--split parameterisation needs --substreams P"));
  s.layout.substreams = 3;
  CHECK_NOTHROW(Generator(s));
}
