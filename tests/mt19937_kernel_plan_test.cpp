// SPDX-License-Identifier: MIT
// The host side of the MT19937 kernel (host/cuda/mt19937_kernel.hpp), without a GPU: the
// block layout and jumped start states, and a model of the kernel (each block's three-phase
// twist, read-all-then-write as the barriers make it) that must give the serial sequence.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "common/error.hpp"
#include "cuda/mt19937_kernel.hpp"
#include "generators/mt19937.hpp"

using namespace glrand;
using mt19937::kN;

namespace {

// One phase as the threads of a block do it: all read, barrier, all write.
void model_twist(std::array<std::uint32_t, kN>& mt) {
  for (unsigned p = 0; p < 3; ++p) {
    const unsigned begin = cuda::kMt19937TwistPhases[p], end = cuda::kMt19937TwistPhases[p + 1];
    std::vector<std::uint32_t> words;
    for (unsigned k = begin; k < end; ++k) words.push_back(mt19937::recurrence(mt[k], mt[(k + 1) % kN], mt[(k + mt19937::kM) % kN]));
    for (unsigned k = begin; k < end; ++k) mt[k] = words[k - begin];
  }
}

// The kernel's loop, block by block.
std::vector<std::uint32_t> model_kernel(const cuda::Mt19937Plan& plan, std::uint64_t count) {
  std::vector<std::uint32_t> out(count, 0xdeadbeefu);
  for (std::uint64_t b = 0; b < plan.blocks; ++b) {
    std::array<std::uint32_t, kN> mt;
    std::copy_n(plan.states.begin() + static_cast<std::ptrdiff_t>(b * kN), kN, mt.begin());
    std::uint64_t pos = b * plan.per_block;
    const std::uint64_t end = std::min(pos + plan.per_block, count);
    unsigned index = plan.first_index;
    while (pos < end) {
      if (index == kN) {
        model_twist(mt);
        index = 0;
      }
      const unsigned n = static_cast<unsigned>(std::min<std::uint64_t>(kN - index, end - pos));
      for (unsigned j = 0; j < n; ++j) out[pos + j] = mt19937::temper(mt[index + j]);
      pos += n;
      index += n;
    }
  }
  return out;
}

std::vector<std::uint32_t> reference(std::uint32_t seed, std::uint64_t offset, std::uint64_t count) {
  std::vector<std::uint32_t> out(count);
  mt19937::State s = mt19937::state_at(seed, offset);
  mt19937::generate_ints(s, out);
  return out;
}

}  // namespace

TEST_CASE("mt19937 kernel: the three-phase twist equals the serial twist", "[mt19937]") {
  std::mt19937 random(3);
  for (int trial = 0; trial < 20; ++trial) {
    std::array<std::uint32_t, kN> a;
    for (auto& w : a) w = static_cast<std::uint32_t>(random());
    auto b = a;
    mt19937::twist(a);
    model_twist(b);
    REQUIRE(a == b);
  }
}

TEST_CASE("mt19937 kernel: the block layout reproduces the serial sequence", "[mt19937]") {
  struct Case {
    std::uint32_t seed;
    std::uint64_t offset, count;
    unsigned blocks;
  };
  for (const Case& c : {Case{5489, 0, 200000, 0}, Case{5489, 0, 200000, 1}, Case{1, 12345, 100001, 7},
                        Case{2, 624 * 10, 62400, 10}, Case{3, 623, 5000, 3}, Case{4, 1000003, 70000, 333},
                        Case{7, 100, 300, 0}, Case{8, 5, 1, 0}}) {
    INFO("seed=" << c.seed << " offset=" << c.offset << " count=" << c.count << " blocks=" << c.blocks);
    const auto plan = cuda::plan_mt19937(mt19937::state_at(c.seed, c.offset), c.count, {c.blocks, 256});
    CHECK(plan.per_block % kN == 0);
    CHECK(plan.blocks * plan.per_block >= c.count);
    CHECK((plan.blocks - 1) * plan.per_block < c.count);
    CHECK(plan.blocks <= (c.blocks != 0 ? c.blocks : cuda::kMt19937MaxBlocks));
    CHECK(model_kernel(plan, c.count) == reference(c.seed, c.offset, c.count));
  }
  const auto first = model_kernel(cuda::plan_mt19937(mt19937::seed_state(), 10000), 10000);
  CHECK(first[0] == 3499211612u);
  CHECK(first[9999] == 4123659995u);
}

TEST_CASE("mt19937 kernel: the plan refuses bad launches and states", "[mt19937]") {
  CHECK_THROWS_AS(cuda::plan_mt19937(mt19937::seed_state(), 100, {0, 226}), InvalidArgument);
  CHECK_THROWS_AS(cuda::plan_mt19937(mt19937::seed_state(), 100, {0, 1025}), InvalidArgument);
  mt19937::State s = mt19937::seed_state();
  s.index = 0;
  CHECK_THROWS_AS(cuda::plan_mt19937(s, 100), InvalidArgument);
  CHECK(cuda::plan_mt19937(mt19937::seed_state(), 0).blocks == 0);
}
