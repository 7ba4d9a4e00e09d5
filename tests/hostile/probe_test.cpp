// SPDX-License-Identifier: MIT
// The probe: proof on the device that the hostile build does what its mode says. A tiny
// shader's a / b and multiply-adds are read back and compared with the CPU's idea of the
// mode: the driver's own quotient moved by k units in the last place, and std::fma for a
// fused multiply-add. A transform that silently did nothing fails here.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "support/gl_test_context.hpp"
#include "hostile_arithmetic.hpp"
#include "kernel.hpp"

using namespace glrand;

namespace {

constexpr std::uint32_t kSize = 256;

// Floats a, b, c whose quotients and multiply-adds differ with the rounding: random
// significands over a few binades, c often cancelling most of a·b (where fusing shows),
// and the edges: zero and negative quotients, overflow to infinity, quotients near the
// largest float, and tiny ones near the smallest normal.
std::vector<std::vector<float>> probe_inputs() {
  std::mt19937_64 random(2024);
  std::uniform_real_distribution<float> significand(1.0f, 2.0f);
  std::uniform_int_distribution<int> binade(-20, 20);
  const auto value = [&] { return std::ldexp(significand(random), binade(random)) * (random() % 4 ? 1.0f : -1.0f); };
  const std::size_t lanes = 4ull * kSize * kSize;
  std::vector<float> a(lanes), b(lanes), c(lanes);
  for (std::size_t i = 0; i < lanes; ++i) {
    a[i] = value();
    b[i] = value();
    c[i] = random() % 2 ? -(a[i] * b[i]) * (1.0f + std::ldexp(significand(random), -12)) : value();
  }
  const float max = std::numeric_limits<float>::max(), tiny = std::numeric_limits<float>::min();
  const float edges[][2] = {{0.0f, 3.0f}, {-0.0f, 3.0f}, {0.0f, -7.0f}, {max, 0.5f}, {max, 1.25f}, {-max, 1.5f},
                            {tiny, 0.5f}, {tiny, 0.75f}, {-tiny, 0.875f}, {1.0f, 3.0f}, {-1.0f, 3.0f}, {1.0f, -0.0f}};
  for (std::size_t i = 0; i < std::size(edges); ++i) {
    a[i] = edges[i][0];
    b[i] = edges[i][1];
  }
  return {a, b, c};
}

float shift_of(float quotient, float a, float b, hostile::Division division) {
  switch (division) {
    case hostile::Division::none: return quotient;
    case hostile::Division::minus2: return hostile::shift_quotient(quotient, -2);
    case hostile::Division::plus2: return hostile::shift_quotient(quotient, 2);
    case hostile::Division::random:
      return hostile::shift_quotient(quotient, hostile::quotient_shift(std::bit_cast<std::uint32_t>(quotient),
                                                                       std::bit_cast<std::uint32_t>(a),
                                                                       std::bit_cast<std::uint32_t>(b)));
  }
  return quotient;
}

bool same(float x, float y) { return std::bit_cast<std::uint32_t>(x) == std::bit_cast<std::uint32_t>(y); }

float multiply_add(float a, float b, float c) {
  const float product = a * b;  // rounded: the build uses -ffp-contract=off (ISO C++)
  return product + c;
}

}  // namespace

TEST_CASE("probe: the device's quotients and multiply-adds are those the mode says", "[hostile]") {
  test_context();
  const auto inputs = probe_inputs();
  const auto& a = inputs[0];
  const auto& b = inputs[1];
  const auto& c = inputs[2];
  // The driver's own quotients: the hostile ones are these, moved.
  const auto plain = hostile::Kernel("probe.frag").run(inputs, 4, kSize, kSize);
  std::size_t fusing_shows = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    fusing_shows += !same(std::fma(a[i], b[i], c[i]), multiply_add(a[i], b[i], c[i]));
  INFO("lanes where a fused a*b + c differs from the unfused one: " << fusing_shows);
  REQUIRE(fusing_shows > a.size() / 10);

  // For the record: whether the driver's own precise fma() fuses (llvmpipe: no, it lowers
  // every ffma to a multiply and an add; hence the exact emulation in spirv_rewrite.cpp).
  const auto own = hostile::Kernel("driver_fma.frag").run(inputs, 1, kSize, kSize);
  std::size_t own_fused = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    own_fused += same(own[0][i], std::fma(a[i], b[i], c[i])) && !same(own[0][i], multiply_add(a[i], b[i], c[i]));
  WARN("the driver's own precise fma() gave the fused result in " << own_fused << " of the " << fusing_shows
                                                                  << " lanes where fusing shows");

  using hostile::Division, hostile::Fusion;
  for (const auto division : {Division::none, Division::minus2, Division::plus2, Division::random})
    for (const auto fusion : {Fusion::none, Fusion::first, Fusion::second}) {
      const hostile::Mode mode{division, fusion};
      if (mode == hostile::Mode{}) continue;
      hostile::ScopedMode scope(mode);
      const auto out = hostile::Kernel("probe.frag").run(inputs, 4, kSize, kSize);
      std::size_t wrong_quotients = 0, moved = 0, wrong_sums = 0, wrong_differences = 0, wrong_products = 0;
      std::string first_wrong;
      for (std::size_t i = 0; i < a.size(); ++i) {
        const float quotient = shift_of(plain[0][i], a[i], b[i], division);
        moved += !same(out[0][i], plain[0][i]);
        if (!same(out[0][i], quotient)) {
          if (!wrong_quotients++)
            first_wrong = std::to_string(a[i]) + " / " + std::to_string(b[i]) + " = " + std::to_string(out[0][i]) +
                          ", expected " + std::to_string(quotient);
        }
        const bool fused = fusion != Fusion::none;
        const std::size_t lane = i % 4, scalar = i - lane;  // b.x of the pixel
        wrong_sums += !same(out[1][i], fused ? std::fma(a[i], b[i], c[i]) : multiply_add(a[i], b[i], c[i]));
        wrong_differences += !same(out[2][i], fused ? std::fma(-a[i], b[scalar], c[i])
                                                    : multiply_add(-a[i], b[scalar], c[i]));
        const float ab = a[i] * b[i], cc = c[i] * c[i];
        const float products = fusion == Fusion::first    ? std::fma(a[i], b[i], -cc)
                               : fusion == Fusion::second ? std::fma(-c[i], c[i], ab)
                                                          : ab - cc;
        wrong_products += !same(out[3][i], products);
      }
      INFO("mode " << hostile::name_of(mode) << ": quotients moved " << moved << " of " << a.size());
      INFO("first wrong quotient: " << first_wrong);
      CHECK(wrong_quotients == 0);
      CHECK(wrong_sums == 0);
      CHECK(wrong_differences == 0);
      CHECK(wrong_products == 0);
      // Most quotients move (random: k = 0 for about a fifth).
      if (division != Division::none) CHECK(moved > a.size() * 7 / 10);
      else CHECK(moved == 0);
    }
}
