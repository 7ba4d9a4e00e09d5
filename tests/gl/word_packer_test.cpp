// SPDX-License-Identifier: MIT
// The GPU's check and packing of a pass's outputs (gl::WordPacker, shaders/readback/
// pack_words.comp), read back through both kinds of readback buffer: floats made here from
// chosen words, laid out as each generator's stream pass writes them, become those words;
// one bad float anywhere (a fraction, a negative, NaN, an infinity, the bound, a word out of
// the generator's range) is reported as the first bad output with its floats.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "gl/overlapped_readback.hpp"
#include "gl/resources.hpp"
#include "gl/state_guard.hpp"
#include "gl/word_packer.hpp"
#include "stream/ceicg_stream.hpp"
#include "support/ceicg_float_edges.hpp"
#include "support/gl_test_context.hpp"

using namespace glrand;

namespace {

struct Packed {
  std::vector<std::uint32_t> words;
  std::optional<gl::PackFailure> failure;
};

// `floats` (outputs of rule.floats() floats each) uploaded, packed on the GPU and read back.
Packed pack(const gl::PackRule& rule, const std::vector<float>& floats, gl::OverlappedReadback::Mapping mapping,
            gl::PackFormat format = gl::PackFormat::words,
            gl::WordPacker::Route route = gl::WordPacker::best_route(),
            gl::WordPacker::FloatEstimate estimate = gl::WordPacker::FloatEstimate::automatic) {
  const gl::StateGuard guard;
  const std::uint64_t outputs = floats.size() / static_cast<std::size_t>(rule.floats());
  gl::StorageBuffer source(floats.size() * sizeof(float));
  source.upload(floats);
  gl::WordPacker packer(rule, gl::WordPacker::StorageSource{}, format, 0, estimate);
  packer.set_route(route);
  gl::OverlappedReadback readback(packer.readback_bytes(outputs), mapping);
  Packed result;
  readback.run(
      1, [&](std::uint64_t) { packer.pack(source, outputs, readback); },
      [&](std::uint64_t, std::span<const float> mapped) {
        const auto words = gl::WordPacker::words(mapped, outputs * packer.output_words());
        result.words.assign(words.begin(), words.end());
        result.failure = packer.failure(mapped);
      });
  return result;
}

// Persistent buffers where the context has them.
gl::OverlappedReadback::Mapping best_mapping() {
  return gl::PixelPackBuffer::persistent_available() ? gl::OverlappedReadback::Mapping::persistent
                                                     : gl::OverlappedReadback::Mapping::each_pass;
}

bool same_float(float a, float b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

const std::vector<float> kNotExact{0.5f,  -1.0f, std::nanf(""), std::numeric_limits<float>::infinity(),
                                   -std::numeric_limits<float>::infinity(), 3.0e9f, 1.0e-30f};

// `floats` of valid outputs pack to `expected`; a bad value at each of several places is the
// failure reported (the earliest place when two are bad).
void check_rule(const gl::PackRule& rule, const std::vector<float>& floats, const std::vector<std::uint32_t>& expected) {
  const int F = rule.floats();
  const std::uint64_t outputs = floats.size() / static_cast<std::size_t>(F);
  for (const auto mapping : {gl::OverlappedReadback::Mapping::persistent, gl::OverlappedReadback::Mapping::each_pass}) {
    if (mapping == gl::OverlappedReadback::Mapping::persistent && !gl::PixelPackBuffer::persistent_available()) {
      WARN("no persistent buffers on this context (OpenGL 4.4 or ARB_buffer_storage): mapping each pass only");
      continue;
    }
    for (const auto route : {gl::WordPacker::Route::direct, gl::WordPacker::Route::staged}) {
      if (route == gl::WordPacker::Route::direct && gl::WordPacker::best_route() != route) {
        WARN("this context cannot bind a readback buffer as shader storage: staged words only");
        continue;
      }
      INFO("mapping " << (mapping == gl::OverlappedReadback::Mapping::persistent ? "persistent" : "each pass")
                      << ", words " << (route == gl::WordPacker::Route::direct ? "direct" : "staged"));
      const Packed good = pack(rule, floats, mapping, gl::PackFormat::words, route);
      CHECK_FALSE(good.failure.has_value());
      CHECK(good.words == expected);
    }
  }
  for (const std::uint64_t at : {std::uint64_t{0}, outputs / 3, outputs - 1})
    for (int c = 0; c < F; ++c)
      for (const float bad : kNotExact) {
        std::vector<float> wrong = floats;
        wrong.back() = std::nanf("");  // a later bad output: the first is the one reported
        wrong[at * F + c] = bad;
        INFO("output " << at << ", float " << c << " = " << bad);
        const Packed result = pack(rule, wrong, best_mapping());
        REQUIRE(result.failure.has_value());
        CHECK(result.failure->output == at);
        REQUIRE(result.failure->floats.size() == static_cast<std::size_t>(F));
        for (int k = 0; k < F; ++k) CHECK(same_float(result.failure->floats[k], wrong[at * F + k]));
      }
  // Each float at its bound.
  for (int c = 0; c < F; ++c) {
    std::vector<float> wrong = floats;
    wrong[c] = rule.bounds[c];
    const Packed result = pack(rule, wrong, best_mapping());
    REQUIRE(result.failure.has_value());
    CHECK(result.failure->output == 0);
  }
  // The staged route reports failures as the direct one does.
  std::vector<float> wrong = floats;
  wrong[(outputs / 2) * F] = 0.5f;
  const Packed staged = pack(rule, wrong, best_mapping(), gl::PackFormat::words, gl::WordPacker::Route::staged);
  REQUIRE(staged.failure.has_value());
  CHECK(staged.failure->output == outputs / 2);
}

std::mt19937 random_words(7);

}  // namespace

TEST_CASE("the GPU packs Park-Miller's halves into words and refuses what is not one", "[gl][pack]") {
  test_context();
  const auto rule = fragment::ParkMillerTraits::pack_rule();
  std::vector<std::uint32_t> words{1, pm::kModulus - 1, 65535, 65536, 0x7FFF0000u};
  while (words.size() < 100'003) words.push_back(1 + random_words() % (pm::kModulus - 1));
  std::vector<float> floats;
  for (const auto w : words) {
    floats.push_back(static_cast<float>(w & 0xFFFF));
    floats.push_back(static_cast<float>(w >> 16));
  }
  check_rule(rule, floats, words);
  // Words outside 1 .. m − 1 in exact halves: 0 and 2^31 − 1.
  for (const std::uint32_t out : {0u, pm::kModulus}) {
    std::vector<float> bad = floats;
    bad[2 * 17] = static_cast<float>(out & 0xFFFF);
    bad[2 * 17 + 1] = static_cast<float>(out >> 16);
    const Packed result = pack(rule, bad, best_mapping());
    REQUIRE(result.failure.has_value());
    CHECK(result.failure->output == 17);
  }
}

TEST_CASE("the GPU packs MRG32k3a's extended-range pairs into words within 1 .. m1", "[gl][pack]") {
  test_context();
  const auto rule = fragment::Mrg32k3aTraits::pack_rule();
  const auto m1 = static_cast<std::uint32_t>(mrg32k3a::kM1);
  std::vector<std::uint32_t> words{1, m1, m1 - 1, 16777215, 16777216};
  while (words.size() < 70'001) words.push_back(1 + random_words() % m1);
  std::vector<float> floats;
  for (const auto w : words) {
    floats.push_back(static_cast<float>(w & 0xFFFFFF));
    floats.push_back(static_cast<float>(w >> 24));
  }
  check_rule(rule, floats, words);
  for (const std::uint64_t out : {std::uint64_t{0}, std::uint64_t{m1} + 1, std::uint64_t{0xFFFFFFFF}}) {
    std::vector<float> bad = floats;
    bad[2 * 5] = static_cast<float>(out & 0xFFFFFF);
    bad[2 * 5 + 1] = static_cast<float>(out >> 24);
    const Packed result = pack(rule, bad, gl::OverlappedReadback::Mapping::each_pass);
    REQUIRE(result.failure.has_value());
    CHECK(result.failure->output == 5);
  }
}

TEST_CASE("the GPU passes Wichmann-Hill's and CEICG's components on as words below their moduli", "[gl][pack]") {
  test_context();
  const fragment::WichmannHillTraits wh;
  const auto wh_rule = wh.pack_rule();
  const auto ceicg_rule = stream::CeicgStreamTraits::pack_rule();
  for (const auto* rule : {&wh_rule, &ceicg_rule}) {
    INFO(rule->floats() << " floats per output");
    std::vector<std::uint32_t> words;
    for (int c = 0; c < rule->floats(); ++c) words.push_back(static_cast<std::uint32_t>(rule->bounds[c]) - 1);
    while (words.size() < 40'000u * rule->floats())
      words.push_back(random_words() % static_cast<std::uint32_t>(rule->bounds[words.size() % rule->floats()]));
    const std::vector<float> floats(words.begin(), words.end());
    check_rule(*rule, floats, words);
  }
}

namespace {

// Outputs' words (rule.words() an output; a one-word rule's as float pairs z mod 2^shift,
// z div 2^shift) packed as floats and doubles on the GPU: the host formula's bits, every one.
// `estimate`: the floats' (CEICG's estimate, on or off; the device's choice by default).
template <class ToF32, class ToF64>
void check_values(const gl::PackRule& rule, const std::vector<std::uint32_t>& words, ToF32 to_f32, ToF64 to_f64,
                  gl::WordPacker::FloatEstimate estimate = gl::WordPacker::FloatEstimate::automatic) {
  const std::vector<float> floats = gl::stream_floats(rule, words);
  // An output of the rule makes values_per_output values, each of per_value words.
  const std::size_t per_value = static_cast<std::size_t>(rule.words() / rule.values.values_per_output);
  const std::size_t values = words.size() / per_value;
  const Packed f32 = pack(rule, floats, best_mapping(), gl::PackFormat::f32, gl::WordPacker::best_route(), estimate);
  const Packed f64 = pack(rule, floats, best_mapping(), gl::PackFormat::f64);
  REQUIRE_FALSE(f32.failure.has_value());
  REQUIRE_FALSE(f64.failure.has_value());
  REQUIRE(f32.words.size() == values);
  REQUIRE(f64.words.size() == 2 * values);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < values; ++i) {
    const std::uint32_t* z = &words[i * per_value];
    const auto want32 = std::bit_cast<std::uint32_t>(to_f32(z));
    const auto want64 = std::bit_cast<std::uint64_t>(to_f64(z));
    const std::uint64_t got64 = f64.words[2 * i] | (std::uint64_t{f64.words[2 * i + 1]} << 32);
    if (f32.words[i] != want32 || got64 != want64) {
      if (++wrong <= 5)
        UNSCOPED_INFO("value " << i << " (first word " << z[0] << "): float bits " << f32.words[i] << ", host "
                                << want32 << "; double bits " << got64 << ", host " << want64);
    }
  }
  CHECK(wrong == 0);
}

// Edge words of 1 .. top: the ends, powers of two and their neighbours, patterns; then random.
std::vector<std::uint32_t> edge_and_random_words(std::uint32_t top, std::size_t random) {
  std::vector<std::uint32_t> z{1, 2, 3, top, top - 1, top - 2, 0x55555555u & top, 0x2AAAAAAAu & top, 0x7FFFFFFFu & top};
  for (int k = 0; k < 32; ++k)
    for (const std::int64_t d : {-1, 0, 1}) {
      const std::int64_t w = (std::int64_t{1} << k) + d;
      if (w >= 1 && w <= top) z.push_back(static_cast<std::uint32_t>(w));
    }
  std::mt19937 words(2026);
  while (z.size() < random) z.push_back(1 + words() % top);
  return z;
}

}  // namespace

TEST_CASE("the GPU makes Park-Miller's and MRG32k3a's floats and doubles bit for bit as the host formulas",
          "[gl][pack]") {
  test_context();
  SECTION("Park-Miller: z / (2^31 - 1), the float not above") {
    check_values(fragment::ParkMillerTraits::pack_rule(), edge_and_random_words(pm::kModulus - 1, 300'000),
                 [](const std::uint32_t* z) { return pm::to_f32(*z); }, [](const std::uint32_t* z) { return pm::to_f64(*z); });
  }
  SECTION("MRG32k3a: z times RngStreams' norm, the float not above") {
    check_values(fragment::Mrg32k3aTraits::pack_rule(),
                 edge_and_random_words(static_cast<std::uint32_t>(mrg32k3a::kM1), 300'000),
                 [](const std::uint32_t* z) { return mrg32k3a::to_f32(*z); },
                 [](const std::uint32_t* z) { return mrg32k3a::to_f64(*z); });
  }
}

TEST_CASE("the GPU makes Wichmann-Hill's floats and doubles bit for bit as the host formula", "[gl][pack]") {
  test_context();
  // Two of MKL's sets; each output's four components at their edges (0, 1, m - 1, powers of
  // two and neighbours) beside random ones, then random outputs.
  for (const int set : {0, 272}) {
    INFO("set " << set);
    const wh::Parameters p = wh::parameters(set);
    const gl::PackRule rule = fragment::WichmannHillTraits{p}.pack_rule();
    std::mt19937 random(set + 2026);
    std::vector<std::uint32_t> edges{0, 1, 2};
    for (int k = 1; k < 24; ++k)
      for (const std::int64_t d : {-1, 0, 1}) edges.push_back(static_cast<std::uint32_t>((std::int64_t{1} << k) + d));
    std::vector<std::uint32_t> words;
    for (const auto e : edges)
      for (int at = 0; at < 4; ++at)
        for (int k = 0; k < 4; ++k) words.push_back(k == at ? std::min(e, p.modulus[k] - 1) : random() % p.modulus[k]);
    for (int k = 0; k < 4; ++k) words.push_back(p.modulus[k] - 1);
    for (int k = 0; k < 4; ++k) words.push_back(0);  // d = 0
    // One word at 1 and another at m − 1: sums just below or above a whole number, whose
    // fraction nears 1 (the float kept below 1) or 0.
    for (int one = 0; one < 4; ++one)
      for (int high = 0; high < 4; ++high)
        for (int k = 0; k < 4; ++k) words.push_back(k == high ? p.modulus[k] - 1 : k == one ? 1 : 0);
    std::size_t kept_below_one = 0;
    for (std::size_t i = 0; i < words.size(); i += 4)
      kept_below_one += wh::to_f32(p, {words[i], words[i + 1], words[i + 2], words[i + 3]}) == 0x1.fffffep-1f;
    CHECK(kept_below_one > 0);  // the edges reach the float kept below 1
    while (words.size() < 4 * 300'000) words.push_back(random() % p.modulus[words.size() % 4]);
    check_values(
        rule, words, [&p](const std::uint32_t* x) { return wh::to_f32(p, {x[0], x[1], x[2], x[3]}); },
        [&p](const std::uint32_t* x) { return wh::to_f64(p, {x[0], x[1], x[2], x[3]}); });
  }
}

TEST_CASE("the GPU makes CEICG's floats and doubles bit for bit as the host formula", "[gl][pack]") {
  test_context();
  // Groups of four outputs of three residues: each residue at its edges (0, 1, m - 1, powers of
  // two and neighbours) beside random ones, then random groups.
  const auto rule = stream::CeicgStreamTraits::pack_rule();
  std::mt19937 random(2027);
  const auto modulus = [](std::size_t k) { return ceicg::kComponents[k % 3].modulus; };
  std::vector<std::uint32_t> edges{0, 1, 2};
  for (int k = 1; k < 24; ++k)
    for (const std::int64_t d : {-1, 0, 1}) edges.push_back(static_cast<std::uint32_t>((std::int64_t{1} << k) + d));
  std::vector<std::uint32_t> words;
  for (const auto e : edges)
    for (std::size_t at = 0; at < 3; ++at)
      for (std::size_t k = 0; k < 3; ++k) words.push_back(k == at ? std::min(e, modulus(k) - 1) : random() % modulus(k));
  for (std::size_t k = 0; k < 3; ++k) words.push_back(modulus(k) - 1);
  for (std::size_t k = 0; k < 3; ++k) words.push_back(0);  // d = 0
  // Outputs whose d lies next to a float's edge, where an estimate of d cannot decide.
  const auto near_edges = test::ceicg_words_near_float_edges(400, 2028);
  std::size_t crossing = 0;  // where an estimate with no margin gives another float
  for (std::size_t i = 0; i < near_edges.size(); i += 3) crossing += test::estimates_cross_an_edge(&near_edges[i]);
  REQUIRE(crossing > 0);
  words.insert(words.end(), near_edges.begin(), near_edges.end());
  while (words.size() % 12 != 0 || words.size() < 12 * 100'000) words.push_back(random() % modulus(words.size()));
  // Both ways, whatever this device's choice: from the estimate where it settles the float,
  // and from the exact quotients alone.
  for (const auto estimate : {gl::WordPacker::FloatEstimate::on, gl::WordPacker::FloatEstimate::off}) {
    INFO((estimate == gl::WordPacker::FloatEstimate::on ? "with" : "without") << " the floats' estimate");
    check_values(
        rule, words, [](const std::uint32_t* x) { return ceicg::to_f32(ceicg::Output{x[0], x[1], x[2]}); },
        [](const std::uint32_t* x) { return ceicg::to_f64(ceicg::Output{x[0], x[1], x[2]}); }, estimate);
  }
}
