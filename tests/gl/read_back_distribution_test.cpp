// SPDX-License-Identifier: MIT
// Distributions made on the GPU on the GL path and read back (on CI Mesa's llvmpipe): the word
// packer turns each output's float, the host formula's bit for bit, into a distribution's
// value in float arithmetic; each value must lie within docs/distributions.md's float bounds
// of the correctly rounded value (MPFR) of its formula at that float, at the words where the
// formulas are hard, and through glrand::Generator for every GL generator and profile that
// makes its floats on the GPU, from odd positions and with Box–Muller's pairs cut by the call;
// the Poisson's values, made from each output's double by the host's table and search, must
// be the host's bit for bit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <glrand/glrand.hpp>
#include <random>
#include <string>
#include <vector>

#include "distributions/transforms.hpp"
#include "fragment/distribution_pass.hpp"
#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"
#include "gl/overlapped_readback.hpp"
#include "gl/resources.hpp"
#include "gl/state_guard.hpp"
#include "gl/word_packer.hpp"
#include "stream/ceicg_stream.hpp"
#include "support/distribution_reference.hpp"
#include "support/gl_test_context.hpp"
#include "support/shader_distribution_bounds.hpp"

using namespace glrand;
using testing::shader_float_bounds;

namespace {

// `words` (outputs of rule.words() words each) as the floats a stream pass writes, through a
// packer of `distribution`'s values: the values, one float each.
std::vector<float> packed_values(const gl::PackRule& rule, const std::vector<std::uint32_t>& words,
                                 const Distribution& distribution) {
  const gl::StateGuard guard;
  const std::vector<float> floats = gl::stream_floats(rule, words);
  const std::uint64_t outputs = words.size() / static_cast<std::size_t>(rule.words());
  gl::StorageBuffer source(floats.size() * sizeof(float));
  source.upload(floats);
  const fragment::PackedDistribution packed = fragment::packed_distribution(&distribution, gl::PackFormat::f32);
  gl::WordPacker packer(rule, gl::WordPacker::StorageSource{}, gl::PackFormat::f32, packed.variant);
  packer.set_distribution(packed.uniforms.parameters, packed.uniforms.bounds);
  gl::OverlappedReadback readback(packer.readback_bytes(outputs));
  std::vector<float> values;
  readback.run(
      1, [&](std::uint64_t) { packer.pack(source, outputs, readback); },
      [&](std::uint64_t, std::span<const float> mapped) {
        REQUIRE_FALSE(packer.failure(mapped).has_value());
        const auto bits = gl::WordPacker::words(mapped, outputs * packer.output_words());
        for (const auto b : bits) values.push_back(std::bit_cast<float>(b));
      });
  return values;
}

// An output's uniform float (the host's, bit for bit) and its exact double.
struct Unit {
  float u;
  double x;
};

// The point where the shaders' formula takes an output (common/distributions.glsl): its float
// u, or from 1/2 up (the exponential and Box–Muller's radius from 1/2 on, the normal's quantile
// above it, (0, 1] always) 1 − q, q the float nearest 1 − x, which the word packer makes from
// the exact double.
double formula_point(const Distribution& d, const Unit& unit, bool radius = false) {
  const double upper = 1.0 - static_cast<float>(1.0 - unit.x);
  const bool normal = (d.kind == DistributionKind::normal || d.kind == DistributionKind::lognormal) && !radius;
  if (d.kind == DistributionKind::uniform) return unit.u;
  if (d.kind == DistributionKind::uniform_positive) return upper;
  if (normal && !distributions::uses_pairs(d)) return unit.u > 0.5f ? upper : unit.u;
  return unit.u >= 0.5f ? upper : unit.u;
}

// The error of value i (Box–Muller's pairs are values 2k and 2k + 1) against the exact value
// at its formula's point.
std::uint64_t error_of(const Distribution& d, const std::vector<Unit>& units, std::size_t i, float value) {
  if (!distributions::uses_pairs(d)) return testing::shader_error_ulps(d, formula_point(d, units[i]), value);
  const Unit& first = units[i & ~std::size_t{1}];
  return testing::error_ulps(d, formula_point(d, first, true), units[i | 1].u, static_cast<int>(i & 1), value);
}

// The worst error of `values`, value i of `units[i]`.
std::uint64_t worst_error(const Distribution& d, const std::vector<Unit>& units, const std::vector<float>& values) {
  REQUIRE(values.size() == units.size());
  std::uint64_t worst = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::uint64_t e = error_of(d, units, i, values[i]);
    if (e > worst) UNSCOPED_INFO("value " << i << " at u = " << units[i].u << ": " << values[i] << ", " << e << " ulp");
    worst = std::max(worst, e);
  }
  return worst;
}

// Park–Miller words where the formulas are hard: the ends (u from 2^-31 to 1 − 2^-31),
// powers of two and their neighbours, around m/4, m/2 and 3m/4, then random ones.
std::vector<std::uint32_t> hard_park_miller_words() {
  const std::uint32_t top = pm::kModulus - 1;
  std::vector<std::uint32_t> z{1, 2, 3, 5, top, top - 1, top - 2, top - 64, top - 200};
  for (int k = 0; k < 31; ++k)
    for (const std::int64_t d : {-1, 0, 1}) {
      const std::int64_t w = (std::int64_t{1} << k) + d;
      if (w >= 1 && w <= top) z.push_back(static_cast<std::uint32_t>(w));
    }
  for (const std::uint32_t centre : {pm::kModulus / 4, pm::kModulus / 2, pm::kModulus / 4 * 3})
    for (std::uint32_t d = 0; d < 16; ++d) z.insert(z.end(), {centre - 256 * d, centre + 256 * d});
  std::mt19937 random(2026);
  while (z.size() < 8192) z.push_back(1 + random() % top);
  if (z.size() % 2 != 0) z.push_back(top);  // whole Box–Muller pairs
  return z;
}

}  // namespace

TEST_CASE("the word packer makes each distribution's values within their float bounds at hard words",
          "[distribution][pack]") {
  test_context();
  const std::vector<std::uint32_t> z = hard_park_miller_words();
  std::vector<Unit> pm_u;
  for (const auto w : z) pm_u.push_back({pm::to_f32(w), pm::to_f64(w)});
  // MRG32k3a's words 1 .. m1: the same ends, scaled to its range.
  std::vector<std::uint32_t> mrg_words;
  std::vector<Unit> mrg_u;
  for (const auto w : z) {
    const auto scaled = static_cast<std::uint32_t>(
        std::min<std::uint64_t>(mrg32k3a::kM1, std::uint64_t{w} * 2 + (w > pm::kModulus - 300 ? 209 : 0)));
    mrg_words.push_back(scaled);
    mrg_u.push_back({mrg32k3a::to_f32(scaled), mrg32k3a::to_f64(scaled)});
  }
  // Wichmann–Hill (set 0): four components an output, with d near 0 and near 1.
  const wh::Parameters p = wh::parameters(0);
  std::mt19937 random(7);
  std::vector<std::uint32_t> wh_words;
  for (int i = 0; i < 2048; ++i)
    for (int k = 0; k < 4; ++k) wh_words.push_back(i < 8 ? (i & 1 ? p.modulus[k] - 1 : k == i / 2) : random() % p.modulus[k]);
  std::vector<Unit> wh_u;
  for (std::size_t i = 0; i < wh_words.size(); i += 4) {
    const wh::State x{wh_words[i], wh_words[i + 1], wh_words[i + 2], wh_words[i + 3]};
    wh_u.push_back({wh::to_f32(p, x), wh::to_f64(p, x)});
  }
  // CEICG: groups of four outputs of three residues, whose values pair within the group.
  std::vector<std::uint32_t> ceicg_words;
  for (int i = 0; i < 4 * 1024; ++i)
    for (std::size_t k = 0; k < 3; ++k) {
      const std::uint32_t m = ceicg::kComponents[k].modulus;
      ceicg_words.push_back(i < 3 ? (i == 1 ? m - 1 : static_cast<std::uint32_t>(i)) : random() % m);
    }
  std::vector<Unit> ceicg_u;
  for (std::size_t i = 0; i < ceicg_words.size(); i += 3) {
    const ceicg::Output x{ceicg_words[i], ceicg_words[i + 1], ceicg_words[i + 2]};
    ceicg_u.push_back({ceicg::to_f32(x), ceicg::to_f64(x)});
  }

  for (const auto& [d, bound] : shader_float_bounds()) {
    INFO(describe(d) << ", bound " << bound << " ulp");
    const std::uint64_t pm_worst = worst_error(d, pm_u, packed_values(fragment::ParkMillerTraits::pack_rule(), z, d));
    const std::uint64_t mrg_worst =
        worst_error(d, mrg_u, packed_values(fragment::Mrg32k3aTraits::pack_rule(), mrg_words, d));
    const std::uint64_t wh_worst =
        worst_error(d, wh_u, packed_values(fragment::WichmannHillTraits{p}.pack_rule(), wh_words, d));
    const std::uint64_t ceicg_worst =
        worst_error(d, ceicg_u, packed_values(stream::CeicgStreamTraits::pack_rule(), ceicg_words, d));
    std::printf("word packer, %s: worst %llu / %llu / %llu / %llu ulp (Park-Miller / MRG32k3a / Wichmann-Hill / CEICG; "
                "bound %llu)\n",
                describe(d).c_str(), static_cast<unsigned long long>(pm_worst), static_cast<unsigned long long>(mrg_worst),
                static_cast<unsigned long long>(wh_worst), static_cast<unsigned long long>(ceicg_worst),
                static_cast<unsigned long long>(bound));
    CHECK(pm_worst <= bound);
    CHECK(mrg_worst <= bound);
    if (d.kind == DistributionKind::uniform_positive) {
      // (0, 1] is the host's float of 1 − u, bit for bit.
      const std::vector<float> values = packed_values(fragment::ParkMillerTraits::pack_rule(), z, d);
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < values.size(); ++i) wrong += values[i] != static_cast<float>(1.0 - pm_u[i].x);
      CHECK(wrong == 0);
    }
    CHECK(wh_worst <= bound);
    CHECK(ceicg_worst <= bound);
  }
}

TEST_CASE("Generator makes a distribution's floats on the GPU on the GL path, read back within their bounds",
          "[distribution][gl-read-back]") {
  // Two of one variant in a row with other parameters (each run sets its own), odd and even
  // starts.
  const std::vector<testing::FloatBound> kinds = {shader_float_bounds()[0], shader_float_bounds()[4],
                                                  shader_float_bounds()[5],
                                                  shader_float_bounds()[6], shader_float_bounds()[7],
                                                  shader_float_bounds()[9], shader_float_bounds()[11],
                                                  shader_float_bounds()[10]};
  constexpr std::uint64_t kSkipped = 3, kCount = 3001;  // odd: Box–Muller's pairs cut at both ends
  struct Case {
    Algorithm algorithm;
    Profile profile;
    std::uint64_t substreams;  // several passes a call
  };
  std::vector<Case> cases;
  for (const Algorithm a : {Algorithm::park_miller, Algorithm::wichmann_hill, Algorithm::mrg32k3a, Algorithm::ceicg})
    for (const Profile profile : {Profile::ps30, Profile::scatter, Profile::compute})
      if (a != Algorithm::ceicg || profile != Profile::ps30) cases.push_back({a, profile, profile == Profile::ps30 ? 96u : 6u});
  cases.push_back({Algorithm::park_miller, Profile::ps30, 95});  // odd: Box–Muller refused, below
  cases.push_back({Algorithm::ceicg, Profile::compute, 5});
  for (const auto& [algorithm, profile, substreams] : cases) {
    Settings settings;
    settings.algorithm = algorithm;
    settings.profile = profile;
    settings.seed64 = 11;
    settings.offset = (std::uint64_t{1} << 40) + 17;
    if (profile == Profile::ps30)
      settings.layout.substreams = substreams;
    else
      settings.invocations = substreams;
    INFO(info(algorithm).name << " in " << name_of(profile) << ", " << substreams << " substreams");
    // The host's floats of the outputs the runs make, from the pair before the first.
    Settings cpu = settings;
    cpu.backend = Backend::cpu;
    cpu.profile = Profile::ps30;
    cpu.layout = {};
    cpu.invocations.reset();
    std::vector<float> u(kSkipped + kinds.size() * kCount + 1);
    std::vector<double> x(u.size());
    Generator(cpu).generate(std::span<float>(u));
    Generator(cpu).generate(std::span<double>(x));
    std::vector<Unit> units;
    for (std::size_t k = 0; k < u.size(); ++k) units.push_back({u[k], x[k]});
    // One generator's calls in turn, from odd and even positions.
    Generator generator(GeneratorState{settings, kSkipped});
    for (const auto& [d, bound] : kinds) {
      INFO(describe(d) << ", bound " << bound << " ulp");
      Distribution on_gpu = d;
      on_gpu.on = DistributionOn::gpu;
      const std::uint64_t from = generator.position();
      std::vector<float> values(kCount);
      if (profile == Profile::ps30 && substreams % 2 != 0 && distributions::uses_pairs(d)) {
        CHECK_THROWS_WITH(generator.generate(std::span<float>(values), on_gpu),
                          Catch::Contains("use an even number of substreams"));
        CHECK(generator.position() == from);
        continue;
      }
      generator.generate(std::span<float>(values), on_gpu);
      CHECK(generator.position() == from + kCount);
      CHECK_THAT(generator.where(), Catch::Contains("the distribution's values made on the GPU"));
      std::uint64_t worst = 0;
      for (std::uint64_t i = 0; i < kCount; ++i) {
        const std::uint64_t n = from + i;
        worst = std::max(worst, error_of(d, units, n, values[i]));
      }
      CHECK(worst <= bound);
      if (!distributions::uses_pairs(d) || from % 2 == 0) continue;
      // The same values handed on in chunks, from a call that ended inside a pair.
      Generator chunked(GeneratorState{settings, from});
      std::vector<float> first(kCount / 2), rest;
      chunked.generate(std::span<float>(first), on_gpu);
      chunked.generate_floats(kCount - first.size(), on_gpu,
                              [&](std::span<const float> chunk) { rest.insert(rest.end(), chunk.begin(), chunk.end()); });
      first.insert(first.end(), rest.begin(), rest.end());
      CHECK(first == values);
    }
  }
}

TEST_CASE("the GL path's Poisson values made on the GPU are the host's, bit for bit, as floats and doubles",
          "[distribution][gl-read-back]") {
  constexpr std::uint64_t kSkipped = 5, kCount = 20001;
  for (const Algorithm algorithm : {Algorithm::park_miller, Algorithm::wichmann_hill, Algorithm::mrg32k3a, Algorithm::ceicg})
    for (const Profile profile : {Profile::ps30, Profile::compute}) {
      if (algorithm == Algorithm::ceicg && profile == Profile::ps30) continue;
      Settings settings;
      settings.algorithm = algorithm;
      settings.profile = profile;
      settings.seed64 = 5;
      INFO(info(algorithm).name << " in " << name_of(profile));
      Generator on_gpu(GeneratorState{settings, kSkipped}), on_host(GeneratorState{settings, kSkipped});
      // Below and beside the table's switch from its first entry, a mean of several hundred
      // entries, and the largest.
      for (const double lambda : {0.5, 10.0, 1000.0, 1e6}) {
        INFO("lambda " << lambda);
        Distribution d = testing::make_distribution(DistributionKind::poisson);
        d.lambda = lambda;
        Distribution gpu = d;
        gpu.on = DistributionOn::gpu;
        std::vector<float> f_gpu(kCount), f_host(kCount);
        on_gpu.generate(std::span<float>(f_gpu), gpu);
        on_host.generate(std::span<float>(f_host), d);
        CHECK(f_gpu == f_host);
        CHECK_THAT(on_gpu.where(), Catch::Contains("the distribution's values made on the GPU"));
        std::vector<double> d_gpu(kCount), d_host(kCount);
        on_gpu.generate(std::span<double>(d_gpu), gpu);
        on_host.generate(std::span<double>(d_host), d);
        CHECK(d_gpu == d_host);
      }
    }
}

TEST_CASE("the GL path refuses the distributions its GPU does not make with one line, generating nothing",
          "[distribution][gl-read-back]") {
  Settings settings;
  settings.algorithm = Algorithm::park_miller;
  Distribution normal = testing::make_distribution(DistributionKind::normal);
  normal.on = DistributionOn::gpu;
  Distribution poisson = normal;
  poisson.kind = DistributionKind::poisson;
  poisson.lambda = 4;
  const Generator pm(settings);
  CHECK_NOTHROW(pm.check_distribution(normal));
  CHECK_THROWS_WITH(pm.check_distribution(normal, true), Catch::Contains("in float arithmetic"));
  CHECK_NOTHROW(pm.check_distribution(poisson, true));
  Distribution huge = normal;
  huge.stddev = 1e300;
  CHECK_THROWS_WITH(pm.check_distribution(huge), Catch::Contains("not a finite, normal float"));
  Generator doubles(settings);
  std::vector<double> out(4);
  CHECK_THROWS_WITH(doubles.generate(std::span<double>(out), normal), Catch::Contains("in float arithmetic"));
  CHECK(doubles.position() == 0);
  for (const auto& [algorithm, split] : {std::pair{Algorithm::ceicg, Split::leapfrog},
                                         std::pair{Algorithm::park_miller, Split::blocking},
                                         std::pair{Algorithm::wichmann_hill, Split::parameterisation}}) {
    Settings s;
    s.algorithm = algorithm;
    s.layout.split = split;
    if (split == Split::parameterisation) s.layout.substreams = 4;
    INFO(info(algorithm).name << ", " << name_of(split));
    CHECK_THROWS_WITH(Generator(s).check_distribution(normal), Catch::Contains("makes a distribution's values on the host"));
  }
}
