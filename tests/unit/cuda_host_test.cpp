// SPDX-License-Identifier: MIT
// The CUDA path's host-side parts, with no GPU: the kernels' arithmetic (cuda/arithmetic.hpp)
// against the CPU reference, MRG32k3a's jump tables against matrix powers, and the kernels'
// thread layouts (cuda/layout.hpp) emulated on the CPU, output for output, so that the index
// math is proved here and the GPU tests only have to show the device computes the same.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "cuda/arithmetic.hpp"
#include "cuda/jump_tables.hpp"
#include "cuda/layout.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;
namespace ar = glrand::cuda::arithmetic;

namespace {

mrg32k3a::State random_state(std::mt19937_64& rng) {
  std::uniform_int_distribution<std::uint64_t> w1(0, mrg32k3a::kM1 - 1), w2(0, mrg32k3a::kM2 - 1);
  return {{w1(rng), w1(rng), w1(rng)}, {w2(rng), w2(rng), w2(rng)}};
}

mrg32k3a::State from_words(const ar::Mrg32k3aWords& w) {
  return {{w.s1[0], w.s1[1], w.s1[2]}, {w.s2[0], w.s2[1], w.s2[2]}};
}

}  // namespace

TEST_CASE("cuda arithmetic: Park-Miller mul_mod_m31 and pow_mod_m31 equal the reference", "[cuda][pm]") {
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<std::uint32_t> word(0, pm::kModulus - 1);
  const std::uint32_t edges[] = {0, 1, 2, 16807, pm::kModulus - 2, pm::kModulus - 1, 1u << 30};
  for (std::uint32_t a : edges)
    for (std::uint32_t b : edges) REQUIRE(ar::mul_mod_m31(a, b) == pm::mul_mod(a, b));
  for (int i = 0; i < 200000; ++i) {
    const std::uint32_t a = word(rng), b = word(rng);
    REQUIRE(ar::mul_mod_m31(a, b) == pm::mul_mod(a, b));
  }
  for (std::uint64_t k : {0ull, 1ull, 2ull, 31ull, 270336ull, 2147483646ull, 1ull << 40, ~0ull})
    REQUIRE(ar::pow_mod_m31(pm::kMultiplier, k) == pm::multiplier_power(k));
}

TEST_CASE("cuda arithmetic: MRG32k3a folded step equals step and combine", "[cuda][mrg32k3a]") {
  std::mt19937_64 rng(2);
  std::vector<mrg32k3a::State> states{mrg32k3a::default_seed(),
                                      {{0, 0, 1}, {0, 0, 1}},
                                      {{mrg32k3a::kM1 - 1, mrg32k3a::kM1 - 1, mrg32k3a::kM1 - 1},
                                       {mrg32k3a::kM2 - 1, mrg32k3a::kM2 - 1, mrg32k3a::kM2 - 1}},
                                      {{0, mrg32k3a::kM1 - 1, 0}, {mrg32k3a::kM2 - 1, 0, mrg32k3a::kM2 - 1}}};
  for (int i = 0; i < 100000; ++i) states.push_back(random_state(rng));
  for (const auto& s : states) {
    ar::Mrg32k3aWords w = ar::to_words(s);
    const std::uint32_t z = ar::step(w);
    const auto next = mrg32k3a::step(s);
    REQUIRE(from_words(w) == next);
    REQUIRE(z == mrg32k3a::combine(next));
    ar::Mrg32k3aMixed m = ar::to_mixed(ar::to_words(s));
    REQUIRE(ar::step(m) == z);
    REQUIRE(from_words(ar::to_words(m)) == next);
  }
  // The mixed state's lazy second component: steps from representatives below zero give the
  // same residues and outputs.
  for (int i = 0; i < 1000; ++i) {
    const auto s = states[static_cast<std::size_t>(i)];
    ar::Mrg32k3aMixed m = ar::to_mixed(ar::to_words(s));
    for (double& x : m.s2)
      if (x != 0) x -= static_cast<double>(mrg32k3a::kM2);
    REQUIRE(from_words(ar::to_words(m)) == s);
    const std::uint32_t z = ar::step(m);
    REQUIRE(z == mrg32k3a::combine(mrg32k3a::step(s)));
    REQUIRE(from_words(ar::to_words(m)) == mrg32k3a::step(s));
  }
  // The double reduction on its own: x = a21·s2 − a23n·s0 over its whole range with lazy
  // inputs (|s| < m2), and around every multiple of m2 and every half-multiple in that range,
  // where the rounded quotient may be one off. The remainder must lie in (−m2, m2) and have
  // x's residue. Counted rather than REQUIREd one by one (there are millions).
  {
    const std::int64_t m2 = static_cast<std::int64_t>(mrg32k3a::kM2);
    std::int64_t wrong = 0, first_wrong = 0;
    const auto check_m2 = [&](std::int64_t x) {
      const double r = ar::reduce_m2_double(static_cast<double>(x));
      const bool in_range = r > -static_cast<double>(m2) && r < static_cast<double>(m2);
      if ((!in_range || ar::residue_m2(r) != ((x % m2) + m2) % m2) && wrong++ == 0) first_wrong = x;
    };
    const std::int64_t a21 = mrg32k3a::kA21, a23n = mrg32k3a::kA23n;
    const std::int64_t highest = (a21 + a23n) * (m2 - 1), lowest = -highest;
    for (std::int64_t k = -(a21 + a23n); k <= a21 + a23n; ++k)
      for (std::int64_t half : {std::int64_t{0}, m2 / 2, m2 / 2 + 1})
        for (std::int64_t d = -2; d <= 2; ++d)
          if (const std::int64_t x = k * m2 + half + d; x >= lowest && x <= highest) check_m2(x);
    check_m2(lowest);
    check_m2(highest);
    std::uniform_int_distribution<std::int64_t> span(lowest, highest);
    for (int i = 0; i < 1000000; ++i) check_m2(span(rng));
    INFO("first wrong x = " << first_wrong);
    REQUIRE(wrong == 0);
  }
  // The residue of a lazy representative, at the ends of (−m2, m2) and around zero.
  {
    const std::int64_t m2 = static_cast<std::int64_t>(mrg32k3a::kM2);
    for (std::int64_t r : {std::int64_t{0}, std::int64_t{1}, std::int64_t{-1}, m2 - 1, -(m2 - 1), std::int64_t{22853},
                           std::int64_t{-22853}, std::int64_t{1} << 31, -(std::int64_t{1} << 31), (std::int64_t{1} << 32) - 22854}) {
      INFO("r = " << r);
      REQUIRE(ar::residue_m2(static_cast<double>(r)) == static_cast<std::uint32_t>(((r % m2) + m2) % m2));
    }
  }
  // The folds on their own, at the ends of their input range (< 2^54).
  for (std::uint64_t x : std::initializer_list<std::uint64_t>{0, 1, mrg32k3a::kM1, mrg32k3a::kM2, (1ull << 32) - 1,
                                                               1ull << 32, (1ull << 54) - 1}) {
    REQUIRE(ar::reduce_m1(x) == x % mrg32k3a::kM1);
    REQUIRE(ar::reduce_m2(x) == x % mrg32k3a::kM2);
  }
  // Around the carry of lo + hi·c and the final subtraction, for both moduli.
  for (std::uint64_t hi : {0ull, 1ull, 2ull, 23ull, 24ull, 12345ull, (1ull << 22) - 1})
    for (std::uint64_t c : {209ull, 22853ull, 23ull * 22853})
      for (std::int64_t d = -3; d <= 3; ++d) {
        const std::uint64_t lo_near_wrap = ((1ull << 32) - hi * c + static_cast<std::uint64_t>(d)) & 0xFFFFFFFFu;
        for (std::uint64_t lo : {lo_near_wrap, (mrg32k3a::kM1 + static_cast<std::uint64_t>(d)) & 0xFFFFFFFFu,
                                 (mrg32k3a::kM2 + static_cast<std::uint64_t>(d)) & 0xFFFFFFFFu}) {
          const std::uint64_t x = hi << 32 | lo;
          REQUIRE(ar::reduce_m1(x) == x % mrg32k3a::kM1);
          REQUIRE(ar::reduce_m2(x) == x % mrg32k3a::kM2);
        }
      }
  std::uniform_int_distribution<std::uint64_t> wide(0, (1ull << 54) - 1);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t x = wide(rng);
    REQUIRE(ar::reduce_m1(x) == x % mrg32k3a::kM1);
    REQUIRE(ar::reduce_m2(x) == x % mrg32k3a::kM2);
  }
}

TEST_CASE("cuda jump tables: entries are the matrix powers, jumps equal advance", "[cuda][mrg32k3a]") {
  const auto base2 = cuda::mrg32k3a_jump_table(cuda::JumpBase::base2);
  const auto base8 = cuda::mrg32k3a_jump_table(cuda::JumpBase::base8);
  REQUIRE(base2.size() == cuda::kBase2Entries);
  REQUIRE(base8.size() == cuda::kBase8Entries);
  REQUIRE(sizeof(ar::Mrg32k3aJump) * base8.size() == 11088);
  for (int i : {0, 1, 5, 32, 63}) {
    const mrg32k3a::Jump j{mrg32k3a::matrix_power(mrg32k3a::kA1, mrg32k3a::kM1, mrg32k3a::Steps{1} << i),
                           mrg32k3a::matrix_power(mrg32k3a::kA2, mrg32k3a::kM2, mrg32k3a::Steps{1} << i)};
    REQUIRE(std::equal(std::begin(base2[i].a1), std::end(base2[i].a1), ar::to_words(j).a1));
    REQUIRE(std::equal(std::begin(base2[i].a2), std::end(base2[i].a2), ar::to_words(j).a2));
  }
  for (int i : {0, 7, 21})
    for (unsigned d : {1u, 3u, 7u}) {
      const mrg32k3a::Steps e = mrg32k3a::Steps{d} << (3 * i);
      const auto w = ar::to_words(mrg32k3a::Jump{mrg32k3a::matrix_power(mrg32k3a::kA1, mrg32k3a::kM1, e),
                                                 mrg32k3a::matrix_power(mrg32k3a::kA2, mrg32k3a::kM2, e)});
      REQUIRE(std::equal(std::begin(w.a1), std::end(w.a1), base8[7 * i + d - 1].a1));
      REQUIRE(std::equal(std::begin(w.a2), std::end(w.a2), base8[7 * i + d - 1].a2));
    }
  std::mt19937_64 rng(3);
  std::vector<std::uint64_t> steps{0, 1, 7, 8, 63, 64, 4096, 1ull << 30, (1ull << 63) + 12345, ~0ull};
  for (int i = 0; i < 300; ++i) steps.push_back(rng() >> (rng() % 64));
  for (std::uint64_t k : steps) {
    INFO("steps=" << k);
    const auto s = random_state(rng);
    ar::Mrg32k3aWords a = ar::to_words(s), b = ar::to_words(s);
    ar::jump_base2(base2.data(), k, a);
    ar::jump_base8(base8.data(), k, b);
    REQUIRE(from_words(a) == mrg32k3a::advance(s, k));
    REQUIRE(from_words(b) == mrg32k3a::advance(s, k));
  }
}

TEST_CASE("cuda arithmetic: mul_mod_24, pow_mod_24 and inverse_mod_24 equal the reference", "[cuda][wh][ceicg]") {
  std::mt19937_64 rng(4);
  std::vector<std::uint32_t> moduli;
  for (const auto& p : wh::parameter_table()) moduli.insert(moduli.end(), p.modulus.begin(), p.modulus.end());
  for (const auto& c : ceicg::kComponents) moduli.push_back(c.modulus);
  for (std::uint32_t m : moduli) {
    const double inverse = 1.0 / m;
    std::uniform_int_distribution<std::uint32_t> word(0, m - 1);
    for (std::uint32_t a : {0u, 1u, m - 1, m - 2})
      for (std::uint32_t b : {0u, 1u, m - 1, m - 2})
        REQUIRE(ar::mul_mod_24(a, b, m, inverse) == std::uint64_t{a} * b % m);
    for (int i = 0; i < 2000; ++i) {
      const std::uint32_t a = word(rng), b = word(rng);
      REQUIRE(ar::mul_mod_24(a, b, m, inverse) == std::uint64_t{a} * b % m);
    }
    for (int i = 0; i < 50; ++i) {
      const std::uint32_t y = word(rng);
      REQUIRE(ar::inverse_mod_24(y, m) == ceicg::inverse_mod(y, m));
    }
    REQUIRE(ar::inverse_mod_24(0, m) == 0);
    REQUIRE(ar::inverse_mod_24(1, m) == 1);
    REQUIRE(ar::inverse_mod_24(m - 1, m) == m - 1);
  }
  const wh::Parameters& p = wh::parameters(17);
  for (std::uint64_t n : {0ull, 1ull, 270336ull, 1ull << 40, ~0ull}) {
    const auto j = wh::jump_multipliers(p, n);
    for (int k = 0; k < 4; ++k)
      REQUIRE(ar::pow_mod_24(p.multiplier[k], n, p.modulus[k], 1.0 / p.modulus[k]) == j[k]);
  }
}

// --- the kernels' layouts, emulated thread by thread ------------------------------------

TEST_CASE("cuda layout: geometry covers the outputs and fills the GPU", "[cuda]") {
  REQUIRE(cuda::leapfrog_geometry(1, 132).threads() == 256);
  REQUIRE(cuda::leapfrog_geometry(1ull << 30, 132).threads() == 132 * 2048);
  for (std::uint64_t count : {1ull, 31ull, 32ull, 33ull, 1000ull, 1ull << 20, (1ull << 30) + 17}) {
    INFO("count=" << count);
    const auto g = cuda::run_geometry(count, 132);
    REQUIRE(g.grid.threads() * g.chunks * g.outputs_per_chunk() >= count);
    REQUIRE(g.grid.threads() * (g.chunks - 1) * g.outputs_per_chunk() < std::max<std::uint64_t>(count, 1));  // no empty pass
    REQUIRE(g.grid.threads() <= 132 * cuda::kRunLanesPerSm);
  }
}

TEST_CASE("cuda layout: leapfrog kernels emulated give the serial sequence", "[cuda][pm][wh][ceicg]") {
  for (std::uint64_t threads : {1ull, 7ull, 256ull, 1000ull}) {
    const std::uint64_t count = 5003;
    INFO("threads=" << threads);
    // Park–Miller, as park_miller_kernel.cu.
    const pm::State first = pm::state_at(12345, 99);
    std::vector<std::uint32_t> got(count), want(count);
    const std::uint32_t leap = ar::pow_mod_m31(pm::kMultiplier, threads);
    for (std::uint64_t t = 0; t < std::min(threads, count); ++t) {
      std::uint32_t z = ar::mul_mod_m31(first, ar::pow_mod_m31(pm::kMultiplier, t));
      for (std::uint64_t n = t; n < count; n += threads, z = ar::mul_mod_m31(z, leap)) got[n] = z;
    }
    pm::generate_ints(first, want, 1);
    require_same_words(got, want);
    // Wichmann–Hill, as wichmann_hill_kernel.cu.
    const wh::Parameters& p = wh::parameters(272);
    const wh::State start = wh::state_at(p, wh::seed_state(272, 777u), 5);
    std::vector<std::uint32_t> wgot(4 * count), wwant(4 * count);
    const auto jump = wh::jump_multipliers(p, threads);
    for (std::uint64_t t = 0; t < std::min(threads, count); ++t) {
      wh::State s{};
      for (int k = 0; k < 4; ++k) {
        const double inverse = 1.0 / p.modulus[k];
        s[k] = ar::mul_mod_24(start[k], ar::pow_mod_24(p.multiplier[k], t, p.modulus[k], inverse), p.modulus[k], inverse);
      }
      for (std::uint64_t n = t; n < count; n += threads) {
        std::copy(s.begin(), s.end(), wgot.begin() + 4 * n);
        for (int k = 0; k < 4; ++k) s[k] = ar::mul_mod_24(s[k], jump[k], p.modulus[k], 1.0 / p.modulus[k]);
      }
    }
    wh::generate_ints(p, start, wwant, 1);
    require_same_words(wgot, wwant);
    // CEICG, as ceicg_kernel.cu.
    const ceicg::Residues r = ceicg::residues_at({5, 6, 7}, 3, 16777190);
    std::vector<std::uint32_t> cgot(3 * count), cwant(3 * count);
    for (std::uint64_t t = 0; t < std::min(threads, count); ++t) {
      ceicg::Residues q = ceicg::advanced_by(r, t);
      for (std::uint64_t n = t; n < count; n += threads, q = ceicg::advanced_by(q, threads))
        for (int k = 0; k < 3; ++k) {
          const auto& c = ceicg::kComponents[k];
          cgot[3 * n + k] = ar::inverse_mod_24((c.multiplier * q[k] + c.increment) % c.modulus, c.modulus);
        }
    }
    ceicg::generate_ints(r, cwant, 1);
    require_same_words(cgot, cwant);
  }
}

TEST_CASE("cuda layout: MRG32k3a chunk kernel emulated gives the serial sequence", "[cuda][mrg32k3a]") {
  const auto table = cuda::mrg32k3a_jump_table(cuda::JumpBase::base8);
  const mrg32k3a::State before = mrg32k3a::curand_state(1234, 5, 77);
  for (std::uint64_t count : {1ull, 31ull, 1024ull, 40000ull, 100003ull, 600000ull}) {
    for (std::uint32_t rounds : {1u, 3u}) {
      INFO("count=" << count << " rounds=" << rounds);
      const auto g = cuda::run_geometry(count, 1, rounds);  // one SM: few lanes, several chunks each
      const std::uint64_t chunk = g.outputs_per_chunk(), lanes = g.grid.threads();
      const ar::Mrg32k3aJump stride = ar::to_words(mrg32k3a::jump_by(mrg32k3a::Steps{lanes - 1} * chunk));
      std::vector<std::uint32_t> got(count, 0), want(count);
      std::vector<int> stores(count, 0);
      for (std::uint64_t warp_first = 0; warp_first < lanes; warp_first += 32) {
        std::uint32_t tile[32][33];
        ar::Mrg32k3aWords s[32];
        for (std::uint32_t lane = 0; lane < 32; ++lane) {
          s[lane] = ar::to_words(before);
          if ((warp_first + lane) * chunk < count) ar::jump_base8(table.data(), (warp_first + lane) * chunk, s[lane]);
        }
        for (std::uint64_t c = 0; c < g.chunks && (c * lanes + warp_first) * chunk < count; ++c) {
          if (c != 0)
            for (auto& lane_state : s) ar::apply(stride, lane_state);
          for (std::uint32_t r = 0; r < g.rounds && (c * lanes + warp_first) * chunk + 32ull * r < count; ++r) {
            for (std::uint32_t lane = 0; lane < 32; ++lane)
              for (int i = 0; i < 32; ++i) tile[lane][i] = ar::step(s[lane]);
            for (std::uint32_t i = 0; i < 32; ++i)
              for (std::uint32_t lane = 0; lane < 32; ++lane) {
                const std::uint64_t n = cuda::run_store_index(warp_first, lane, c, r, i, lanes, chunk);
                if (n < count) got[n] = tile[i][lane], ++stores[n];
              }
          }
        }
      }
      REQUIRE(std::all_of(stores.begin(), stores.end(), [](int k) { return k == 1; }));
      mrg32k3a::generate_ints(before, want, 1);
      require_same_words(got, want);
    }
  }
}
