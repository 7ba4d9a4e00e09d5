// SPDX-License-Identifier: MIT
// Distributions in textures (on CI Mesa's llvmpipe): the float-only distribution pass against
// the correctly rounded reference (MPFR) at its hard points, within docs/distributions.md's
// float bounds, and glrand::TextureFiller's distribution fills of every GL generator in ps30
// and the compute profile against the exact formula over the documented uniform floats' bound
// of each output's exact u (the CPU reference's double).
#include <GL/glew.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <glrand/glrand.hpp>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "distributions/poisson_table.hpp"
#include "distributions/transforms.hpp"
#include "fragment/distribution_pass.hpp"
#include "gl/resources.hpp"
#include "selftest/known_answers.hpp"
#include "stream/distribution_dispatch.hpp"
#include "support/distribution_cdf.hpp"
#include "support/distribution_reference.hpp"
#include "support/shader_distribution_bounds.hpp"
#include "support/texture_texels.hpp"

using namespace glrand;
using testing::make_distribution;
using testing::read_texels;
using testing::shader_error_ulps;
using testing::shader_float_bounds;

namespace {

// `units` (a multiple of 4 floats, padded) through a pass, the ps30 profile's (a fragment pass
// into another texture) or the compute profile's (a dispatch in place): the values, in order.
std::vector<float> through_pass(std::vector<float> units, const Distribution& distribution, Profile profile) {
  constexpr std::uint32_t kWidth = 256;
  const auto height = static_cast<std::uint32_t>((units.size() + 4 * kWidth - 1) / (4 * kWidth));
  units.resize(std::size_t{4} * kWidth * height, 0.5f);
  const gl::Texture from(kWidth, height), to(kWidth, height);
  glBindTexture(GL_TEXTURE_2D, from.id());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kWidth, static_cast<GLsizei>(height), GL_RGBA, GL_FLOAT, units.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  const unsigned from_id = from.id(), to_id = to.id();
  if (profile == Profile::compute) {
    stream::DistributionDispatch dispatch;
    dispatch.apply({&from_id, 1}, kWidth, height, gl::TexelFormat{}, distribution);
    return read_texels(from);
  }
  fragment::DistributionPass pass;
  pass.apply({&from_id, 1}, {&to_id, 1}, kWidth, height, distribution);
  return read_texels(to);
}

// The u where the formulas are hard: 0, powers of two down to 2^-60 and between them, around
// 1/4, 1/2, 3/4 and just below 1, and 4096 others spread over [0, 1).
std::vector<float> hard_units() {
  std::vector<float> u = {0.0f};
  for (int k = 1; k <= 60; ++k) {
    u.push_back(std::ldexp(1.0f, -k));
    for (int j = 1; j < 16; j += 3) u.push_back(std::ldexp(1.0f + j / 16.0f, -k));
  }
  for (const float centre : {0.25f, 0.5f, 0.75f})
    for (int i = -8; i <= 8; ++i) {
      float v = centre;
      for (int s = 0; s < std::abs(i); ++s) v = std::nextafter(v, i < 0 ? 0.0f : 1.0f);
      u.push_back(v);
    }
  for (int j = 1; j <= 64; ++j) u.push_back(1.0f - j * 0x1p-24f);
  std::mt19937 words(2026);
  for (int i = 0; i < 4096; ++i) u.push_back(static_cast<float>(words() >> 8) * 0x1p-24f);
  return u;
}

// The exact value of `d` at u in double (the host's formulas, each within a few double ulps,
// far inside a float's), clamped as the host clamps it.
double exact(const Distribution& d, double u) {
  switch (d.kind) {
    case DistributionKind::uniform: return d.a + (d.b - d.a) * u;
    case DistributionKind::uniform_positive: return 1 - u;
    case DistributionKind::exponential: return -std::log1p(-u) / d.lambda;
    case DistributionKind::normal: return d.mean + d.stddev * distributions::normal_quantile(u);
    case DistributionKind::lognormal: return std::exp(d.mean + d.stddev * distributions::normal_quantile(u));
    case DistributionKind::poisson: break;
  }
  return NAN;
}

// The texture fills' settings of these tests: `algorithm` in `profile`, seed 7.
Settings fill_settings(Algorithm algorithm, Profile profile) {
  Settings settings;
  settings.algorithm = algorithm;
  settings.profile = profile;
  settings.seed64 = 7;
  return settings;
}

double float_ulp(double v) {
  const float f = std::abs(static_cast<float>(v));
  return std::nextafter(f, INFINITY) - f;
}

// The scale a value's error is measured in: the value's own magnitude, or for a normal of
// mean μ, |μ| + |value − μ| (μ + σ·z cancels near 0).
double error_scale(const Distribution& d, double value) {
  if (d.kind == DistributionKind::normal) return std::abs(d.mean) + std::abs(value - d.mean);
  if (d.kind == DistributionKind::uniform) return std::max(std::abs(d.a), std::abs(d.b));
  return std::abs(value);
}

}  // namespace

TEST_CASE("The distribution pass is within its float bounds of the exact values at hard points",
          "[distribution][texture]") {
  const GlContext context;
  const std::vector<float> units = hard_units();
  for (const Profile profile : {Profile::ps30, Profile::compute})
  for (const auto& [d, bound] : shader_float_bounds()) {
    INFO(describe(d) << " in " << name_of(profile));
    std::uint64_t worst = 0;
    float worst_u0 = 0, worst_u1 = 0;
    if (!distributions::uses_pairs(d)) {
      const std::vector<float> values = through_pass(units, d, profile);
      for (std::size_t i = 0; i < units.size(); ++i) {
        const std::uint64_t e = shader_error_ulps(d, static_cast<double>(units[i]), values[i]);
        if (e > worst) worst = e, worst_u0 = units[i];
      }
    } else {
      // Each hard u0 against u1 at and beside the quarters (the zeros) and the eighths (where the
      // nearest quarter changes, the series' widest argument), and spread.
      std::vector<float> u1s = {0.0f, 0x1p-24f, 0x1p-10f, 0.3f, 0.6f, 0.9f, 1.0f - 0x1p-24f};
      for (int eighth = 1; eighth < 8; ++eighth) {
        const float q = eighth / 8.0f;
        for (const float v : {std::nextafter(q, 0.0f), q, std::nextafter(q, 1.0f)}) u1s.push_back(v);
      }
      std::vector<float> pairs;
      for (const float u0 : units)
        for (const float u1 : u1s) pairs.insert(pairs.end(), {u0, u1});
      const std::vector<float> values = through_pass(pairs, d, profile);
      for (std::size_t i = 0; i < pairs.size(); i += 2)
        for (int which = 0; which < 2; ++which) {
          const std::uint64_t e = testing::error_ulps(d, pairs[i], pairs[i + 1], which, values[i + which]);
          if (e > worst) worst = e, worst_u0 = pairs[i], worst_u1 = pairs[i + 1];
        }
    }
    std::printf("texture distribution pass (%s), %s: worst %llu ulp (bound %llu) at u = %.9g%s\n",
                name_of(profile), describe(d).c_str(),
                static_cast<unsigned long long>(worst), static_cast<unsigned long long>(bound), worst_u0,
                distributions::uses_pairs(d) ? (", u1 = " + std::to_string(worst_u1)).c_str() : "");
    CHECK(worst <= bound);
  }
}

namespace {

// The uniform floats' bound of docs/library.md for the texture fills of `algorithm`: each
// texel's u within this of the output's exact u (relative to u and to 1 − u for Park–Miller
// and MRG32k3a, 1 ulp of the formula's float and its half ulp; on the circle for the others).
double unit_bound(Algorithm algorithm, double u) {
  if (algorithm == Algorithm::wichmann_hill) return 0x1p-20;
  if (algorithm == Algorithm::ceicg) return selftest::kCeicgFloatTolerance;
  return 1.5 * float_ulp(u);
}

// Whether `value` is what `d` makes of some u' within `e` of u (pairs: u0' and u1' within e of
// u0 and u1), widened by `ulps` float ulps of its error scale.
bool within(const Distribution& d, double u, double e, double value, std::uint64_t ulps) {
  const double lo_u = std::max(u - e, 0.0), hi_u = std::min(u + e, 1 - 0x1p-53);
  double lo = exact(d, lo_u), hi = exact(d, hi_u);
  if (lo > hi) std::swap(lo, hi);
  const double slack = static_cast<double>(ulps) * float_ulp(std::max(error_scale(d, lo), error_scale(d, hi)));
  return value >= lo - slack && value <= hi + slack;
}

// Box–Muller's value `which` of (u0, u1) in double, and whether `value` lies within the range
// it takes over u0' within e0 of u0 and u1' within e1 of u1, widened as above.
bool within_pair(const Distribution& d, double u0, double u1, double e0, double e1, int which, double value,
                 std::uint64_t ulps) {
  const auto radius = [](double u) { return std::sqrt(-2 * std::log1p(-u)); };
  const double r_lo = radius(std::max(u0 - e0, 0.0)), r_hi = radius(std::min(u0 + e0, 1 - 0x1p-53));
  // cos or sin of 2πt over [u1 − e1, u1 + e1]: its ends, and ±1 where an extremum lies inside.
  const double e = e1;
  const auto trig = [which](double t) { return which == 0 ? std::cos(2 * std::numbers::pi * t) : std::sin(2 * std::numbers::pi * t); };
  double c_lo = std::min(trig(u1 - e), trig(u1 + e)), c_hi = std::max(trig(u1 - e), trig(u1 + e));
  for (int k = -1; k <= 4; ++k) {
    const double extremum = which == 0 ? k * 0.5 : 0.25 + k * 0.5;
    if (extremum >= u1 - e && extremum <= u1 + e) {
      c_lo = std::min(c_lo, trig(extremum));
      c_hi = std::max(c_hi, trig(extremum));
    }
  }
  const double corners[] = {r_lo * c_lo, r_lo * c_hi, r_hi * c_lo, r_hi * c_hi};
  double lo = d.mean + d.stddev * *std::min_element(std::begin(corners), std::end(corners));
  double hi = d.mean + d.stddev * *std::max_element(std::begin(corners), std::end(corners));
  if (d.kind == DistributionKind::lognormal) lo = std::exp(lo), hi = std::exp(hi);
  const double slack = static_cast<double>(ulps) * float_ulp(std::max(error_scale(d, lo), error_scale(d, hi)));
  return value >= lo - slack && value <= hi + slack;
}

}  // namespace

TEST_CASE("TextureFiller fills every GL generator's distribution values in ps30 and the compute profile",
          "[distribution][texture]") {
  const GlContext context;
  const std::vector<Distribution> kinds = {
      make_distribution(DistributionKind::exponential, 2.5),
      make_distribution(DistributionKind::normal, 1.5, 0.25),
      make_distribution(DistributionKind::lognormal, 0, 1),
      make_distribution(DistributionKind::normal, 0, 1, NormalMethod::box_muller),
      make_distribution(DistributionKind::uniform, -3, 5),
  };
  const auto bound_of = [](const Distribution& d) {
    for (const auto& [known, ulps] : shader_float_bounds())
      if (known.kind == d.kind && known.method == d.method && known.mean == d.mean && known.stddev == d.stddev &&
          known.a == d.a && known.b == d.b && known.lambda == d.lambda)
        return ulps;
    FAIL("no bound for " << describe(d));
    return std::uint64_t{0};
  };
  constexpr std::uint32_t kWidth = 16, kHeight = 8;
  // Fills of 2 RGBA32F, 3 RG32F and 1 R32F textures in turn (the states laid out anew at each
  // change), each kind in each but Box–Muller in R32F: every fill's outputs, in order.
  struct Layout {
    std::uint32_t textures, channels;
  };
  struct Fill {
    Layout layout;
    Distribution distribution;
  };
  std::vector<Fill> fills;
  for (const Layout layout : {Layout{2, 4}, Layout{3, 2}, Layout{1, 1}})
    for (const Distribution& d : kinds)
      if (layout.channels > 1 || !distributions::uses_pairs(d)) fills.push_back({layout, d});
  std::uint64_t total = 0;
  for (const Fill& f : fills) total += std::uint64_t{f.layout.textures} * f.layout.channels * kWidth * kHeight;
  for (const Algorithm algorithm : {Algorithm::ceicg, Algorithm::park_miller, Algorithm::wichmann_hill, Algorithm::mrg32k3a})
    for (const Profile profile : {Profile::ps30, Profile::compute}) {
      const Settings settings = fill_settings(algorithm, profile);
      INFO(info(algorithm).name << " in " << name_of(profile));
      // The exact u of the outputs the fills make.
      Settings cpu = settings;
      cpu.backend = Backend::cpu;
      cpu.profile = Profile::ps30;
      std::vector<double> exact_u(total);
      Generator(cpu).generate(std::span<double>(exact_u));

      TextureFiller filler(settings);
      std::size_t skipped = 0;
      for (const auto& [layout, d] : fills) {
        const std::uint32_t kTextures = layout.textures, kChannels = layout.channels;
        INFO(describe(d) << ", " << kTextures << " texture(s) of " << kChannels << " channel(s)");
        std::vector<gl::Texture> textures;
        std::vector<unsigned> ids;
        for (std::uint32_t t = 0; t < kTextures; ++t) {
          textures.emplace_back(kWidth, kHeight, gl::TexelFormat{kChannels, false});
          ids.push_back(textures.back().id());
        }
        const std::uint64_t first = filler.position();
        filler.fill(ids, kWidth, kHeight, d);
        REQUIRE(filler.position() == first + std::uint64_t{kTextures} * kChannels * kWidth * kHeight);
        const std::uint64_t ulps = bound_of(d) + 1;
        std::vector<std::vector<float>> texels;
        for (const gl::Texture& texture : textures) texels.push_back(read_texels(texture));
        for (std::uint32_t p = 0; p < kWidth * kHeight; ++p)
          for (std::uint32_t t = 0; t < kTextures; ++t)
            for (std::uint32_t c = 0; c < kChannels; ++c) {
              const std::uint64_t output = first + std::uint64_t{p} * kChannels * kTextures + kChannels * t + c;
              const double u = exact_u[output];
              const double e = unit_bound(algorithm, u);
              const bool circle = algorithm == Algorithm::wichmann_hill || algorithm == Algorithm::ceicg;
              const double value = texels[t][4 * p + c];
              bool ok = false;
              if (distributions::uses_pairs(d)) {
                const std::uint64_t pair = output & ~std::uint64_t{1};
                const double u0 = exact_u[pair], u1 = exact_u[pair + 1];
                const double e0 = unit_bound(algorithm, u0), e1 = unit_bound(algorithm, u1);
                // On the circle a u within e of 0 may come as one near 1: no bound holds there.
                if (circle && (std::min(u0, 1 - u0) < e0 || std::min(u1, 1 - u1) < e1)) {
                  ++skipped;
                  continue;
                }
                ok = within_pair(d, u0, u1, e0, e1, static_cast<int>(output & 1), value, ulps);
              } else {
                if (circle && std::min(u, 1 - u) < e) {
                  ++skipped;
                  continue;
                }
                ok = within(d, u, e, value, ulps);
              }
              if (!ok) {
                INFO("output " << output << ", u = " << u << ", value " << value);
                CHECK(ok);
              }
            }
      }
      CHECK(skipped < 40);
    }
}

TEST_CASE("The distribution passes' Poisson values are the host table's k of each texel's uniform float",
          "[distribution][texture]") {
  // Through the dispatch: the hard units, and each table value's float below and above (where
  // a table rounded to nearest instead of up would stop one k early).
  const GlContext context;
  for (const Profile profile : {Profile::ps30, Profile::compute})
  for (const double lambda : {1e-3, 0.5, 9.5, 10.0, 1000.0, 1e6}) {
    INFO("lambda " << lambda << " in " << name_of(profile));
    Distribution d = make_distribution(DistributionKind::poisson);
    d.lambda = lambda;
    const auto table = distributions::poisson_table(lambda);
    REQUIRE(table);
    std::vector<float> units = hard_units();
    const std::size_t step = std::max<std::size_t>(1, table->cdf.size() / 2000);
    for (std::size_t i = 0; i < table->cdf.size(); i += step) {
      const double f = table->cdf[i];
      float below = static_cast<float>(f);
      if (static_cast<double>(below) > f) below = std::nextafter(below, 0.0f);
      if (below < 1.0f) units.insert(units.end(), {below, std::nextafter(below, 1.0f)});
    }
    std::erase_if(units, [](float u) { return u >= 1.0f; });
    const std::vector<float> values = through_pass(units, d, profile);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < units.size(); ++i) {
      const double expected = table->quantile(static_cast<double>(units[i]));
      if (values[i] != expected && ++wrong <= 5) {
        INFO("u = " << units[i] << ": " << values[i] << ", the host's table " << expected);
        CHECK(values[i] == expected);
      }
    }
    CHECK(wrong == 0);
  }
}

TEST_CASE("TextureFiller fills Poisson values of every GL generator in ps30 and the compute profile",
          "[distribution][texture]") {
  // Each value is the host's k (its table's search) of the uniform float that a fill from the
  // same position writes, in RGBA32F, RG32F and R32F textures; one filler takes each mean in
  // turn, and the first again (its table made anew each time).
  const GlContext context;
  constexpr std::uint32_t kWidth = 32, kHeight = 16;
  for (const Algorithm algorithm : {Algorithm::ceicg, Algorithm::park_miller, Algorithm::wichmann_hill, Algorithm::mrg32k3a})
    for (const Profile profile : {Profile::ps30, Profile::compute}) {
      const Settings settings = fill_settings(algorithm, profile);
      TextureFiller uniform(settings), poisson(settings);
      poisson.seek(12345);
      for (const double lambda : {0.5, 10.0, 1e6, 0.5})
        for (const std::uint32_t channels : {4u, 2u, 1u}) {
          INFO(info(algorithm).name << " in " << name_of(profile) << ", lambda " << lambda << ", " << channels
                                    << " channel(s)");
          Distribution d = make_distribution(DistributionKind::poisson);
          d.lambda = lambda;
          const auto table = distributions::poisson_table(lambda);
          REQUIRE(table);
          const gl::Texture units(kWidth, kHeight, gl::TexelFormat{channels, false}),
              values(kWidth, kHeight, gl::TexelFormat{channels, false});
          const unsigned units_id = units.id(), values_id = values.id();
          const std::uint64_t first = poisson.position();
          uniform.seek(first);
          uniform.fill({&units_id, 1}, kWidth, kHeight);
          poisson.fill({&values_id, 1}, kWidth, kHeight, d);
          CHECK(poisson.position() == first + std::uint64_t{channels} * kWidth * kHeight);
          const std::vector<float> u = read_texels(units), v = read_texels(values);
          std::size_t wrong = 0;
          double sum = 0;
          for (std::uint32_t p = 0; p < kWidth * kHeight; ++p)
            for (std::uint32_t c = 0; c < channels; ++c) {
              const double expected = table->quantile(static_cast<double>(u[4 * p + c]));
              sum += v[4 * p + c];
              if (v[4 * p + c] != expected && ++wrong <= 5) {
                INFO("texel " << p << ", channel " << c << ", u = " << u[4 * p + c]);
                CHECK(v[4 * p + c] == expected);
              }
            }
          CHECK(wrong == 0);
          // Not one value repeated: the fill's mean near λ (within 6 standard errors).
          const double n = static_cast<double>(channels) * kWidth * kHeight;
          CHECK(std::abs(sum / n - lambda) < 6 * std::sqrt(lambda / n));
        }
    }
}

TEST_CASE("TextureFiller refuses distributions it cannot make in a texture", "[distribution][texture]") {
  const GlContext context;
  Settings settings;
  settings.algorithm = Algorithm::park_miller;
  TextureFiller filler(settings);
  const gl::Texture rgba(8, 8), red(8, 8, gl::TexelFormat{1, false});
  const unsigned rgba_id = rgba.id(), red_id = red.id();
  const Distribution pairs = make_distribution(DistributionKind::normal, 0, 1, NormalMethod::box_muller);
  CHECK_THROWS_WITH(filler.fill({&red_id, 1}, 8, 8, pairs), Catch::Contains("RG32F or RGBA32F"));
  filler.seek(3);
  CHECK_THROWS_WITH(filler.fill({&rgba_id, 1}, 8, 8, pairs), Catch::Contains("odd position 3"));
  CHECK(filler.position() == 3);
  // Parameters that are no normal floats: too large, or so small that a GPU would flush them.
  CHECK_THROWS_WITH(filler.fill({&rgba_id, 1}, 8, 8, make_distribution(DistributionKind::normal, 0, 1e300)),
                    Catch::Contains("stddev 1e+300 is not a finite, normal float"));
  CHECK_THROWS_WITH(filler.fill({&rgba_id, 1}, 8, 8, make_distribution(DistributionKind::normal, 0, 1e-50)),
                    Catch::Contains("stddev 1e-50 is not a finite, normal float"));
  CHECK_THROWS_WITH(filler.fill({&rgba_id, 1}, 8, 8, make_distribution(DistributionKind::exponential, 1e39)),
                    Catch::Contains("1/lambda"));
  CHECK(filler.position() == 3);
  // The inverse CDF takes odd positions and one channel.
  filler.fill({&red_id, 1}, 8, 8, make_distribution(DistributionKind::normal, 0, 1));
  CHECK(filler.position() == 3 + 64);
}

TEST_CASE("TextureFiller's distribution values fit their exact CDFs over 10^7 values", "[distribution-quality][texture]") {
  // Every GL generator in ps30: one fill of a 2048x1280 RGBA32F texture (10,485,760 values) of
  // each distribution, fitted by Kolmogorov–Smirnov and a binned χ² against the CDF computed
  // apart from the formulas (support/distribution_cdf.hpp).
  const GlContext context;
  constexpr std::uint32_t kWidth = 2048, kHeight = 1280;
  const std::vector<Distribution> kinds = {
      make_distribution(DistributionKind::exponential, 2.5),
      make_distribution(DistributionKind::normal, 1.5, 0.25),
      make_distribution(DistributionKind::normal, 0, 1, NormalMethod::box_muller),
      make_distribution(DistributionKind::lognormal, 0.5, 0.75),
  };
  const gl::Texture texture(kWidth, kHeight);
  const unsigned id = texture.id();
  for (const Algorithm algorithm : {Algorithm::ceicg, Algorithm::park_miller, Algorithm::wichmann_hill, Algorithm::mrg32k3a}) {
    Settings settings;
    settings.algorithm = algorithm;
    settings.seed64 = 2026;
    TextureFiller filler(settings);
    for (const Distribution& d : kinds) {
      INFO(info(algorithm).name << ", " << describe(d));
      filler.fill({&id, 1}, kWidth, kHeight, d);
      const std::vector<float> texels = read_texels(texture);
      testing::check_sample_fit(std::vector<double>(texels.begin(), texels.end()), d);
    }
  }
}
