// SPDX-License-Identifier: MIT
// The MTGP32 CPU reference: its parameter table against cuRAND's header
// (curand_mtgp32dc_p_11213.h, CUDA 13.0), cuRAND's seed-1234 check values
// (shared/reference/CHECK_VALUES.md), values cross-checked with an independent Python
// prototype written from the headers, and the host-API ordering's internal consistency.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <vector>

#include "common/error.hpp"
#include "generators/mtgp32.hpp"

using namespace glrand;

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
  std::vector<std::uint32_t> out(4);
  mtgp32::host_api_outputs(1234, 0, out);
  CHECK(out == std::vector<std::uint32_t>{2501053709u, 1991185121u, 2644103708u, 4279383218u});
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
