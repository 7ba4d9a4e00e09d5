// SPDX-License-Identifier: MIT
// The host side of the MT19937 kernel (host/cuda/mt19937_kernel.hpp), without a GPU: the
// block layout and jumped start states, and a model of the kernel (each block's rounds of 224
// words in a ring, read-all-then-write as the barriers make it) that must give the serial sequence.
#include <catch2/catch.hpp>

#include <vector>

#include "common/error.hpp"
#include "cuda/mt19937_kernel.hpp"
#include "generators/mt19937.hpp"

using namespace glrand;
using mt19937::kN;

namespace {

// The kernel's loop, block by block: the start state's unread words, then rounds of 224 words
// in a 1024-slot ring, each round all-read-then-write as its barrier makes it.
std::vector<std::uint32_t> model_kernel(const cuda::Mt19937Plan& plan, std::uint64_t count) {
  constexpr unsigned ring_mask = cuda::kMt19937Ring - 1;
  std::vector<std::uint32_t> out(count, 0xdeadbeefu);
  for (std::uint64_t b = 0; b < plan.blocks; ++b) {
    std::vector<std::uint32_t> ring(cuda::kMt19937Ring, 0x5a5a5a5au);
    std::copy_n(plan.states.begin() + static_cast<std::ptrdiff_t>(b * kN), kN, ring.begin());
    std::uint64_t pos = b * plan.per_block;
    const std::uint64_t end = std::min(pos + plan.per_block, count);
    for (unsigned i = plan.first_index; i < kN && pos < end; ++i) out[pos++] = mt19937::temper(ring[i]);
    for (unsigned j = kN; pos < end; j += cuda::kMt19937RoundWords) {
      const auto n = static_cast<unsigned>(std::min<std::uint64_t>(cuda::kMt19937RoundWords, end - pos));
      std::vector<std::uint32_t> words;
      for (unsigned t = 0; t < n; ++t)
        words.push_back(mt19937::recurrence(ring[(j + t - kN) & ring_mask], ring[(j + t - kN + 1) & ring_mask],
                                            ring[(j + t - kN + mt19937::kM) & ring_mask]));
      for (unsigned t = 0; t < n; ++t) {
        ring[(j + t) & ring_mask] = words[t];
        out[pos++] = mt19937::temper(words[t]);
      }
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
    const auto plan = cuda::plan_mt19937(mt19937::state_at(c.seed, c.offset), c.count, {c.blocks, 224});
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
  CHECK_THROWS_AS(cuda::plan_mt19937(mt19937::seed_state(), 100, {0, 223}), InvalidArgument);
  CHECK_THROWS_AS(cuda::plan_mt19937(mt19937::seed_state(), 100, {0, 257}), InvalidArgument);
  mt19937::State s = mt19937::seed_state();
  s.index = 0;
  CHECK_THROWS_AS(cuda::plan_mt19937(s, 100), InvalidArgument);
  CHECK(cuda::plan_mt19937(mt19937::seed_state(), 0).blocks == 0);
}
