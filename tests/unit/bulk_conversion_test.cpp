// SPDX-License-Identifier: MIT
// The generators' bulk conversions (to_f32, to_f64, to_u32 over spans: vectorised, one clone
// per instruction set) against the documented formulas written out here one output at a time,
// on edge values and a million random outputs each, in chunks whose lengths no vector width
// divides.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <vector>

#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"
#include "generators/mtgp32.hpp"
#include "generators/park_miller.hpp"
#include "generators/sobol32.hpp"
#include "generators/wichmann_hill.hpp"

using namespace glrand;

namespace {

// The largest float not above u ≥ 0, by its definition: round, then step down while above.
float largest_float_not_above(double u) {
  float f = static_cast<float>(u);
  while (static_cast<double>(f) > u) f = std::nextafter(f, 0.0f);
  return f;
}

// Bits, so that a -0.0 for 0.0 or a NaN would show.
std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }
std::uint32_t bits(std::uint32_t w) { return w; }

constexpr std::size_t kRandomOutputs = 1000003;  // odd: the loops' tails run too

// `words` (width words an output) through bulk(words, out), checked output by output against
// expected(first word of the output).
template <class T, class Bulk, class Expected>
void check_bulk(const char* what, std::size_t width, const std::vector<std::uint32_t>& words, Bulk bulk,
                Expected expected) {
  const std::size_t outputs = words.size() / width;
  std::vector<T> out(outputs);
  bulk(std::span<const std::uint32_t>(words), std::span<T>(out));
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < outputs; ++i) {
    const T want = expected(&words[width * i]);
    if (bits(out[i]) != bits(want) && ++wrong <= 5) {
      INFO(what << ": output " << i << ", first word " << words[width * i]);
      CHECK(out[i] == want);
    }
  }
  INFO(what);
  CHECK(wrong == 0);
}

// Words of `outputs` outputs, word k of each uniform in [low[k], high[k]], edges first.
std::vector<std::uint32_t> words_between(const std::vector<std::uint32_t>& low, const std::vector<std::uint32_t>& high) {
  const std::size_t width = low.size();
  std::vector<std::uint32_t> words;
  for (std::uint32_t edge = 0; edge < 4; ++edge)
    for (std::size_t k = 0; k < width; ++k) words.push_back(low[k] + edge);
  for (std::uint32_t edge = 0; edge < 4; ++edge)
    for (std::size_t k = 0; k < width; ++k) words.push_back(high[k] - edge);
  std::mt19937_64 random(20261126);
  for (std::size_t i = 0; i < kRandomOutputs; ++i)
    for (std::size_t k = 0; k < width; ++k)
      words.push_back(std::uniform_int_distribution<std::uint32_t>(low[k], high[k])(random));
  return words;
}

}  // namespace

TEST_CASE("The bulk float conversions equal the formulas output by output", "[conversion][reference]") {
  SECTION("Park-Miller: z/m, and its largest float below") {
    const auto words = words_between({1}, {pm::kModulus - 1});
    const auto u = [](const std::uint32_t* z) { return static_cast<double>(*z) / 2147483647.0; };
    check_bulk<double>("pm f64", 1, words, [](auto w, auto o) { pm::to_f64(w, o); }, u);
    check_bulk<float>("pm f32", 1, words, [](auto w, auto o) { pm::to_f32(w, o); },
                      [&](const std::uint32_t* z) { return largest_float_not_above(u(z)); });
    check_bulk<std::uint32_t>("pm u32", 1, words, [](auto w, auto o) { pm::to_u32(w, o); },
                              [](const std::uint32_t* z) {  // floor(z·2^32/m), exactly
                                return static_cast<std::uint32_t>((std::uint64_t{*z} << 32) / 2147483647u);
                              });
  }
  SECTION("MRG32k3a: z·norm (RngStreams), and cuRAND's formulas") {
    const auto words = words_between({1}, {static_cast<std::uint32_t>(mrg32k3a::kM1)});
    const auto u = [](const std::uint32_t* z) { return static_cast<double>(*z) * 2.328306549295727688e-10; };
    check_bulk<double>("mrg32k3a f64", 1, words, [](auto w, auto o) { mrg32k3a::to_f64(w, o); }, u);
    check_bulk<float>("mrg32k3a f32", 1, words, [](auto w, auto o) { mrg32k3a::to_f32(w, o); },
                      [&](const std::uint32_t* z) { return largest_float_not_above(u(z)); });
    const auto curand = [](const std::uint32_t* z) { return static_cast<double>(*z) * 2.3283065498378288e-10; };
    check_bulk<double>("mrg32k3a curand f64", 1, words, [](auto w, auto o) { mrg32k3a::curand_f64(w, o); }, curand);
    check_bulk<float>("mrg32k3a curand f32", 1, words, [](auto w, auto o) { mrg32k3a::curand_f32(w, o); },
                      [&](const std::uint32_t* z) { return static_cast<float>(curand(z)); });
    check_bulk<std::uint32_t>("mrg32k3a curand u32", 1, words, [](auto w, auto o) { mrg32k3a::curand_u32(w, o); },
                              [](const std::uint32_t* z) {
                                const double stretched = static_cast<double>(*z) * 1.000000048662;
                                return stretched >= 4294967296.0 ? 0xFFFFFFFFu : static_cast<std::uint32_t>(stretched);
                              });
  }
  SECTION("MT19937, MTGP32 and Sobol32: the midpoint x·2^-32 + 2^-33") {
    const auto words = words_between({0}, {0xFFFFFFFFu});
    const auto u = [](const std::uint32_t* x) { return static_cast<double>(*x) / 4294967296.0 + 1.0 / 8589934592.0; };
    const auto below = [&](const std::uint32_t* x) { return largest_float_not_above(u(x)); };
    check_bulk<double>("mt19937 f64", 1, words, [](auto w, auto o) { mt19937::to_f64(w, o); }, u);
    check_bulk<float>("mt19937 f32", 1, words, [](auto w, auto o) { mt19937::to_f32(w, o); }, below);
    check_bulk<double>("mtgp32 f64", 1, words, [](auto w, auto o) { mtgp32::to_f64(w, o); }, u);
    check_bulk<float>("mtgp32 f32", 1, words, [](auto w, auto o) { mtgp32::to_f32(w, o); }, below);
    check_bulk<double>("sobol32 f64", 1, words, [](auto w, auto o) { sobol32::to_f64(w, o); }, u);
    // cuRAND's float formula: x·2^-32 exact in float, then + 2^-33 rounded to nearest.
    check_bulk<float>("sobol32 f32", 1, words, [](auto w, auto o) { sobol32::to_f32(w, o); },
                      [](const std::uint32_t* x) {
                        return static_cast<float>(*x) * 2.3283064365386963e-10f + 1.16415321826934814453125e-10f;
                      });
    std::vector<float> top(1);
    mt19937::to_f32(std::vector<std::uint32_t>{0xFFFFFFFFu}, top);
    CHECK(top[0] < 1.0f);
  }
  SECTION("CEICG: the fractional part of x1/m1 + x2/m2 + x3/m3") {
    std::vector<std::uint32_t> low{0, 0, 0}, high;
    for (const auto& c : ceicg::kComponents) high.push_back(c.modulus - 1);
    const auto words = words_between(low, high);
    const auto u = [](const std::uint32_t* x) {
      const double sum = static_cast<double>(x[0]) / 16777213.0 + static_cast<double>(x[1]) / 16777199.0 +
                         static_cast<double>(x[2]) / 16777183.0;
      return sum - std::floor(sum);
    };
    check_bulk<double>("ceicg f64", 3, words, [](auto w, auto o) { ceicg::to_f64(w, o); }, u);
    check_bulk<float>("ceicg f32", 3, words, [](auto w, auto o) { ceicg::to_f32(w, o); },
                      [&](const std::uint32_t* x) { return largest_float_not_above(u(x)); });
    check_bulk<std::uint32_t>("ceicg u32", 3, words, [](auto w, auto o) { ceicg::to_u32(w, o); },
                              [&](const std::uint32_t* x) { return static_cast<std::uint32_t>(u(x) * 0x1p32); });
  }
  SECTION("Wichmann-Hill: MKL's sum of rounded products, the float rounded to nearest below 1") {
    for (const int set : {0, 1, 272}) {
      const wh::Parameters& p = wh::parameters(set);
      const std::vector<std::uint32_t> low{1, 1, 1, 1};
      const std::vector<std::uint32_t> high{p.modulus[0] - 1, p.modulus[1] - 1, p.modulus[2] - 1, p.modulus[3] - 1};
      const auto words = words_between(low, high);
      const auto u = [&p](const std::uint32_t* x) {
        // Each product rounded (volatile: no fused multiply-add), summed left to right.
        volatile double sum = static_cast<double>(x[0]) * (1.0 / p.modulus[0]);
        for (int k = 1; k < 4; ++k) {
          volatile double term = static_cast<double>(x[k]) * (1.0 / p.modulus[k]);
          sum = sum + term;
        }
        return sum - std::floor(sum);
      };
      INFO("set " << set);
      check_bulk<double>("wh f64", 4, words, [&p](auto w, auto o) { wh::to_f64(p, w, o); }, u);
      check_bulk<float>("wh f32", 4, words, [&p](auto w, auto o) { wh::to_f32(p, w, o); },
                        [&](const std::uint32_t* x) {
                          const float f = static_cast<float>(u(x));
                          return f < 1.0f ? f : std::nextafter(1.0f, 0.0f);
                        });
      check_bulk<std::uint32_t>("wh u32", 4, words, [&p](auto w, auto o) { wh::to_u32(p, w, o); },
                                [&](const std::uint32_t* x) { return static_cast<std::uint32_t>(u(x) * 0x1p32); });
    }
  }
}

TEST_CASE("The largest float not above u, at the float grid's edges", "[conversion][reference]") {
  // Every float is its own answer; a double just above or below it goes to it or to the one
  // below; nothing reaches 1.0f from below 1.
  std::mt19937_64 random(7);
  for (int i = 0; i < 200000; ++i) {
    const float f = std::bit_cast<float>(std::uniform_int_distribution<std::uint32_t>(0x00800000u, 0x3F7FFFFFu)(random));
    const double d = f;
    CHECK(bits(float_not_above(d)) == bits(f));
    CHECK(bits(float_not_above(std::nextafter(d, 2.0))) == bits(f));
    CHECK(bits(float_not_above(std::nextafter(d, 0.0))) == bits(std::nextafter(f, 0.0f)));
  }
  CHECK(float_not_above(std::nextafter(1.0, 0.0)) == std::nextafter(1.0f, 0.0f));
  CHECK(bits(float_not_above(0.0)) == 0u);
}
