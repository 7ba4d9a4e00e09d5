// SPDX-License-Identifier: MIT
// The MTGP32 CPU reference: its parameter table against cuRAND's header
// (curand_mtgp32dc_p_11213.h, CUDA 13.0), cuRAND's seed-1234 check values, values
// cross-checked with an independent Python
// prototype written from the headers, the host-API ordering's internal consistency, and the
// skip-ahead against plain stepping (characteristic polynomials against the header's weights).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <glrand/error.hpp>
#include "generators/mtgp32.hpp"
#include "kat/kat.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;

namespace {

// The kernel's formulation (host/cuda/mtgp32_kernel.cu) on the CPU: a 1024-word ring, 256
// words computed per round from the words before them only, then written.
std::vector<std::uint32_t> block_rounds(const mtgp32::Parameters& p, std::uint32_t seed, unsigned rounds) {
  std::array<std::uint32_t, 1024> ring{};
  const mtgp32::State s = mtgp32::seed_state(p, seed);
  std::copy(s.x.begin(), s.x.end(), ring.begin());
  std::vector<std::uint32_t> out;
  unsigned offset = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    std::array<std::uint32_t, 256> made{}, tempered{};
    for (unsigned t = 0; t < 256; ++t) {
      auto at = [&](unsigned j) { return ring[(offset + t + j) & 1023u]; };
      made[t] = mtgp32::recurrence(p.mask, p.sh1, p.sh2, p.tbl.data(), at(0), at(1), at(p.pos));
      tempered[t] = mtgp32::temper(p.tmp_tbl.data(), made[t], at(p.pos - 1));
    }
    for (unsigned t = 0; t < 256; ++t) ring[(offset + t + mtgp32::kN) & 1023u] = made[t];
    out.insert(out.end(), tempered.begin(), tempered.end());
    offset = (offset + 256) & 1023u;
  }
  return out;
}

}  // namespace

TEST_CASE("MTGP32 parameter table matches cuRAND's header", "[mtgp32]") {
  const auto& table = mtgp32::parameter_table();
  REQUIRE(table.size() == 200);
  const mtgp32::Parameters& p0 = table[0];  // "No.0 delta:1599 weight:665"
  CHECK(p0.pos == 88);
  CHECK(p0.sh1 == 19);
  CHECK(p0.sh2 == 5);
  CHECK(p0.mask == 0xfff80000u);
  CHECK(p0.tbl[1] == 0xaba4d62cu);
  CHECK(p0.tbl[15] == 0x32a32c11u);
  CHECK(p0.tmp_tbl[1] == 0x06100000u);
  CHECK(p0.tmp_tbl[15] == 0x38e6de00u);
  CHECK(p0.flt_tmp_tbl[1] == 0x3f830800u);
  CHECK(table[1].pos == 84);
  CHECK(table[1].sh1 == 15);
  CHECK(table[1].sh2 == 12);
  CHECK(table[1].tbl[1] == 0x9a975707u);
  const mtgp32::Parameters& p199 = table[199];
  CHECK(p199.pos == 49);
  CHECK(p199.sh1 == 3);
  CHECK(p199.sh2 == 15);
  CHECK(p199.tbl[1] == 0xbb75ffa8u);
  CHECK(p199.tmp_tbl[1] == 0x45540800u);
  CHECK(p199.flt_tmp_tbl[1] == 0x3fa2aa04u);
  for (unsigned i = 0; i < table.size(); ++i) {
    INFO("set " << i);
    CHECK(table[i].mask == 0xfff80000u);  // cuRAND uses set 0's mask for every set
    CHECK(table[i].pos >= 2);
    CHECK(table[i].pos <= mtgp32::kMaxPos);
    CHECK(table[i].tbl[0] == 0u);  // linear maps: 0 ↦ 0
    CHECK(table[i].tmp_tbl[0] == 0u);
    CHECK(table[i].flt_tmp_tbl[0] == 0x3f800000u);
  }
}

TEST_CASE("MTGP32 host API reproduces cuRAND's seed-1234 check values", "[mtgp32]") {
  const std::vector<std::uint32_t> published = kat::load("mtgp32").u32_sequence("seed=1234", "word");
  REQUIRE(published.size() == 4);
  std::vector<std::uint32_t> out(published.size());
  mtgp32::host_api_outputs(1234, 0, out);
  CHECK(out == published);
}

TEST_CASE("MTGP32 seeding follows mtgp32_init_state", "[mtgp32]") {
  const auto& table = mtgp32::parameter_table();
  CHECK(mtgp32::sequence_seed(1234, 0) == 1235u);
  CHECK(mtgp32::sequence_seed(0x100000001ull, 0) == 1u);  // seed ⊕ seed >> 32 = 0
  CHECK(mtgp32::sequence_seed(0xffffffffull, 0) == 0u);   // wraps mod 2^32
  const mtgp32::State s = mtgp32::seed_state(table[0], 1235);
  CHECK(s.x[0] == 1235u);
  CHECK(s.x[1] == 0x9fe1d240u);  // Python prototype
  CHECK(s.x[2] == 0xf41a377du);
  mtgp32::State t = mtgp32::seed_state(table[199], 0xdeadbeefu);
  CHECK(mtgp32::next(t, table[199]) == 1844180876u);  // Python prototype
}

TEST_CASE("MTGP32 host-API ordering interleaves generators in rounds of 256", "[mtgp32]") {
  const std::uint64_t seed = 42;
  const std::uint64_t n = 256 * 192 + 7;  // round 1, generator 0, thread 7
  std::vector<std::uint32_t> one(1);
  mtgp32::host_api_outputs(seed, n, one);
  CHECK(one[0] == 3340406266u);  // Python prototype: output 263 of generator 0
  mtgp32::host_api_outputs(seed, 5 * 256 + 3, one);
  CHECK(one[0] == 2514067655u);  // output 3 of generator 5

  const auto& table = mtgp32::parameter_table();
  mtgp32::State g7 = mtgp32::seed_state(table[7], mtgp32::sequence_seed(seed, 7));
  std::vector<std::uint32_t> own(512);
  mtgp32::generate_ints(g7, table[7], own);
  std::vector<std::uint32_t> host(256);
  mtgp32::host_api_outputs(seed, 192 * 256 + 7 * 256, host);
  CHECK(std::equal(host.begin(), host.end(), own.begin() + 256));
}

TEST_CASE("MTGP32 host-API ranges equal slices of one run", "[mtgp32]") {
  const std::uint64_t total = 2 * 192 * 256 + 1000;
  std::vector<std::uint32_t> all(total);
  mtgp32::host_api_outputs(7, 0, all);
  for (std::uint64_t first : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{255}, std::uint64_t{49151},
                              std::uint64_t{49152}, std::uint64_t{60000}}) {
    INFO("first=" << first);
    std::vector<std::uint32_t> part(std::min<std::uint64_t>(total - first, 40000));
    mtgp32::host_api_outputs(7, first, part);
    CHECK(std::equal(part.begin(), part.end(), all.begin() + static_cast<std::ptrdiff_t>(first)));
  }
  CHECK_THROWS_AS(mtgp32::host_api_outputs(7, 0, all, 0), InvalidArgument);
  CHECK_THROWS_AS(mtgp32::host_api_outputs(7, 0, all, 201), InvalidArgument);
}

TEST_CASE("MTGP32 block rounds of 256 equal the sequential recurrence", "[mtgp32]") {
  const auto& table = mtgp32::parameter_table();
  for (unsigned set : {0u, 1u, 99u, 199u}) {
    INFO("set " << set);
    const auto blocks = block_rounds(table[set], 1000u + set, 10);  // past the 1024-word ring's wrap
    mtgp32::State s = mtgp32::seed_state(table[set], 1000u + set);
    std::vector<std::uint32_t> seq(blocks.size());
    mtgp32::generate_ints(s, table[set], seq);
    CHECK(blocks == seq);
  }
}

// --- skip-ahead --------------------------------------------------------------------------

namespace {

mtgp32::State stepped(mtgp32::State s, const mtgp32::Parameters& p, std::uint64_t steps) {
  for (std::uint64_t i = 0; i < steps; ++i) mtgp32::next(s, p);
  return s;
}

// The next `n` outputs of two states agree.
bool same_outputs(mtgp32::State a, mtgp32::State b, const mtgp32::Parameters& p, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    if (mtgp32::next(a, p) != mtgp32::next(b, p)) return false;
  return true;
}

bool is_zero(const std::array<std::uint32_t, mtgp32::kN>& w) {
  return std::all_of(w.begin(), w.end(), [](std::uint32_t x) { return x == 0; });
}

}  // namespace

TEST_CASE("MTGP32 characteristic polynomials have degree 11213 and cuRAND's weights", "[mtgp32]") {
  // "No.i delta:… weight:w" in curand_mtgp32dc_p_11213.h (CUDA 13.0): w is the number of
  // non-zero coefficients of set i's characteristic polynomial.
  struct Weight { unsigned set, weight; };
  for (const Weight w : {Weight{0, 665}, Weight{1, 1129}, Weight{2, 755}, Weight{3, 1261}, Weight{4, 1871},
                         Weight{7, 825}, Weight{42, 1153}, Weight{99, 807}, Weight{150, 975}, Weight{199, 921}}) {
    INFO("set " << w.set);
    const gf2::Polynomial& phi = mtgp32::characteristic_polynomial(w.set);
    CHECK(phi.degree() == static_cast<long>(mtgp32::kMexp));
    CHECK(phi.coefficient(0));
    CHECK(phi.term_count() == w.weight);
    CHECK(&phi == &mtgp32::characteristic_polynomial(w.set));  // kept
  }
  CHECK_THROWS_AS(mtgp32::characteristic_polynomial(200), InvalidArgument);
}

TEST_CASE("MTGP32 states lie in ker phi(T) after one step, seeded states do not", "[mtgp32]") {
  // T's kernel is the 19 masked bits of the oldest word; T maps every state into U = ker φ(T),
  // but seeding fills those bits too, so a seeded state has a part outside U and t^K mod φ
  // alone would jump it wrongly: jump() steps once first.
  const auto& table = mtgp32::parameter_table();
  for (unsigned set : {0u, 1u, 199u}) {
    const mtgp32::Parameters& p = table[set];
    const gf2::Polynomial& phi = mtgp32::characteristic_polynomial(set);
    for (std::uint32_t seed : {1u, 1235u, 0xdeadbeefu}) {
      INFO("set " << set << " seed " << seed);
      const mtgp32::State seeded = mtgp32::seed_state(p, seed);
      CHECK_FALSE(is_zero(mtgp32::apply_polynomial(phi, p, mtgp32::window(seeded))));
      CHECK(is_zero(mtgp32::apply_polynomial(phi, p, mtgp32::window(stepped(seeded, p, 1)))));
      // Without the first step the jump misses: g(T)x − T^K x = g_0·n, n the seeded state's
      // part in T's kernel (t^K − g = qφ with q_0 = g_0). Take a K ≥ 11213 with g_0 = 1.
      const gf2::Modulus m(phi);
      std::uint64_t k = 100'000;
      while (!m.power_of_t(k).coefficient(0)) ++k;
      CHECK_FALSE(mtgp32::from_window(mtgp32::apply_polynomial(m.power_of_t(k), p, mtgp32::window(seeded))) ==
                  mtgp32::from_window(mtgp32::window(stepped(seeded, p, k))));
    }
  }
}

TEST_CASE("MTGP32 jump(J) equals J steps: state, index and outputs", "[mtgp32]") {
  const auto& table = mtgp32::parameter_table();
  for (unsigned set : {0u, 1u, 77u, 199u}) {
    const mtgp32::Parameters& p = table[set];
    for (std::uint32_t seed : {1235u, 0xdeadbeefu}) {
      // From the seeded state and from states part-way round the ring.
      for (std::uint64_t before : {std::uint64_t{0}, std::uint64_t{350}, std::uint64_t{100'000}}) {
        const mtgp32::State start = stepped(mtgp32::seed_state(p, seed), p, before);
        mtgp32::State walk = start;
        std::uint64_t walked = 0;
        for (std::uint64_t j : {0ull, 1ull, 2ull, 94ull, 255ull, 256ull, 350ull, 351ull, 352ull, 702ull, 12345ull,
                                256ull * 1000, 1'000'003ull}) {
          INFO("set " << set << " seed " << seed << " from " << before << " J=" << j);
          walk = stepped(walk, p, j - walked);
          walked = j;
          const mtgp32::State jumped = mtgp32::jump(start, set, j);
          REQUIRE(jumped == walk);  // the masked bits too
          REQUIRE(same_outputs(jumped, walk, p, 1000));
        }
      }
    }
  }
}

TEST_CASE("MTGP32 precomputed jumps compose and repeat", "[mtgp32]") {
  const unsigned set = 5;
  const mtgp32::Parameters& p = mtgp32::parameter_table()[set];
  const gf2::Modulus m(mtgp32::characteristic_polynomial(set));
  const mtgp32::Jump stride = mtgp32::make_jump(set, 256 * 370, &m);
  mtgp32::State s = mtgp32::seed_state(p, 99), walk = s;
  for (int i = 0; i < 5; ++i) {
    s = mtgp32::jump(s, stride);
    walk = stepped(walk, p, 256 * 370);
    REQUIRE(s == walk);
  }
  const mtgp32::State start = mtgp32::seed_state(p, 7);
  const std::uint64_t far = (std::uint64_t{1} << 62) + 12345;
  CHECK(mtgp32::jump(mtgp32::jump(start, set, far), set, 1000) == mtgp32::jump(start, set, far + 1000));
  CHECK(mtgp32::jump(mtgp32::jump(start, set, 3), set, 5) == stepped(start, p, 8));
  CHECK_THROWS_AS(mtgp32::make_jump(set + 1, 100'000, &m), InvalidArgument);  // another set's modulus
  // Short jumps need no φ: t^(J − 1) as it is.
  CHECK(mtgp32::make_jump(set, 11213).polynomial.degree() == 11212);
  CHECK(mtgp32::make_jump(set, 11214).polynomial.degree() < 11213);
  CHECK_THROWS_AS(mtgp32::jump(start, 200, 10), InvalidArgument);
}

TEST_CASE("MTGP32 HostApiStream read in pieces equals host_api_outputs", "[mtgp32]") {
  const std::uint64_t round = 192 * 256;
  const std::uint64_t total = 3 * round + 12345;
  std::vector<std::uint32_t> all(total);
  mtgp32::host_api_outputs(1234, 0, all);
  REQUIRE(all[0] == kat::load("mtgp32").one("seed=1234 output=0").u32("word"));  // published, seed 1234
  // Pieces inside a round, across round ends, of whole rounds, and starting anywhere.
  for (std::uint64_t first : {std::uint64_t{0}, std::uint64_t{3}, round - 1, round, round + 700}) {
    for (std::uint64_t piece : {std::uint64_t{1}, std::uint64_t{255}, std::uint64_t{40000}, round, 2 * round + 1}) {
      INFO("first " << first << ", pieces of " << piece);
      mtgp32::HostApiStream stream(1234, first);
      REQUIRE(stream.position() == first);
      std::vector<std::uint32_t> got;
      while (got.size() < total - first) {
        std::vector<std::uint32_t> part(std::min<std::uint64_t>(piece, total - first - got.size()));
        stream.generate(part);
        got.insert(got.end(), part.begin(), part.end());
      }
      REQUIRE(stream.position() == total);
      REQUIRE(std::equal(got.begin(), got.end(), all.begin() + static_cast<std::ptrdiff_t>(first)));
    }
  }
  // Long enough for run_rounds to share the generators among threads, skipping and making.
  std::vector<std::uint32_t> far(23 * round), far_want(far.size());
  mtgp32::host_api_outputs(1234, 25 * round + 5, far_want);
  mtgp32::HostApiStream far_stream(1234, 25 * round + 5);
  far_stream.generate(far);
  CHECK(far == far_want);
  // Another generator count, as host_api_outputs takes it.
  std::vector<std::uint32_t> want(5000), got(5000);
  mtgp32::host_api_outputs(99, 777, want, 200);
  mtgp32::HostApiStream stream(99, 777, 200);
  stream.generate(got);
  CHECK(got == want);
  CHECK_THROWS_AS(mtgp32::HostApiStream(1, 0, 0), InvalidArgument);
  CHECK_THROWS_AS(mtgp32::HostApiStream(1, 0, 201), InvalidArgument);
}

TEST_CASE("MTGP32 HostApiStream's long runs, made rounds at a time on laid-out words, equal stepping",
          "[mtgp32]") {
  // run_rounds lays a generator's words out in a line for up to 1024 rounds at a time; a run of
  // more rounds than that lays them out again from the state the last stretch left. One and two
  // generators keep the plain stepping (host_api_outputs) cheap.
  for (const unsigned sequences : {1u, 2u}) {
    const std::uint64_t round = 256ull * sequences;
    const std::uint64_t first = 3 * round + 17;
    std::vector<std::uint32_t> want(2100 * round + 5), got(want.size());
    mtgp32::host_api_outputs(4321, first, want, sequences);
    mtgp32::HostApiStream stream(4321, first, sequences);
    stream.generate(got);
    INFO(sequences << " generators");
    const auto diff = std::mismatch(got.begin(), got.end(), want.begin());
    INFO("first difference at output " << (diff.first - got.begin()));
    CHECK(diff.first == got.end());
  }
}

TEST_CASE("MTGP32 floats are x*2^-32 + 2^-33 and the float not above it", "[mtgp32]") {
  CHECK(mtgp32::to_f64(0) == 0x1p-33);
  CHECK(mtgp32::to_f64(0xFFFFFFFFu) == 1.0 - 0x1p-33);
  CHECK(mtgp32::to_f32(0) > 0.0f);
  CHECK(mtgp32::to_f32(0xFFFFFFFFu) < 1.0f);
  CHECK(mtgp32::to_f32(0xFFFFFFFFu) == std::nextafter(1.0f, 0.0f));
  for (std::uint32_t x : {1u, 12345u, 2501053709u, 0x80000000u, 0xFFFFFF7Fu}) {
    INFO("x = " << x);
    CHECK(static_cast<double>(mtgp32::to_f32(x)) <= mtgp32::to_f64(x));
    CHECK(static_cast<double>(std::nextafter(mtgp32::to_f32(x), 2.0f)) > mtgp32::to_f64(x));
  }
}
