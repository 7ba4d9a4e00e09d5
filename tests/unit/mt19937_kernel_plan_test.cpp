// SPDX-License-Identifier: MIT
// The host side of the MT19937 kernel (host/cuda/mt19937_kernel.hpp), without a GPU: the
// block layout and jumped start states, and models of both kernels that must give the serial
// sequence: the blocks kernel's rounds of 224 words in a ring, and the warps kernel's in-place
// twist in batches of slots (cuda/mt19937_twist.hpp), each read-all-then-write as the
// barriers make it.
#include <catch2/catch.hpp>

#include <vector>

#include <glrand/error.hpp>
#include "cuda/mt19937_kernel.hpp"
#include "cuda/mt19937_twist.hpp"
#include "generators/mt19937.hpp"
#include "kat/kat.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;
using mt19937::kN;

namespace {

// The blocks kernel's loop, segment by segment: the start state's unread words, then rounds
// of `round_words` words (224 per block) in a 1024-slot ring, each round all-read-then-write.
std::vector<std::uint32_t> model_ring_kernel(const cuda::Mt19937Plan& plan, std::uint64_t count, unsigned round_words) {
  constexpr unsigned ring_mask = cuda::kMt19937Ring - 1;
  std::vector<std::uint32_t> out(count, 0xdeadbeefu);
  for (std::uint64_t b = 0; b < plan.segments; ++b) {
    std::vector<std::uint32_t> ring(cuda::kMt19937Ring, 0x5a5a5a5au);
    std::copy_n(plan.states.begin() + static_cast<std::ptrdiff_t>(b * kN), kN, ring.begin());
    std::uint64_t pos = b * plan.per_segment;
    const std::uint64_t end = std::min(pos + plan.per_segment, count);
    for (unsigned i = plan.first_index; i < kN && pos < end; ++i) out[pos++] = mt19937::temper(ring[i]);
    for (unsigned j = kN; pos < end; j += round_words) {
      const auto n = static_cast<unsigned>(std::min<std::uint64_t>(round_words, end - pos));
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

// The warps kernel, segment by segment: the unread words, then the block twisted in place,
// `batch_slots` slots of 32 words at a time, every word of a batch read before any is written.
std::vector<std::uint32_t> model_warp_kernel(const cuda::Mt19937Plan& plan, std::uint64_t count, unsigned batch_slots) {
  namespace twist = cuda::mt19937_twist;
  std::vector<std::uint32_t> out(count, 0xdeadbeefu);
  for (std::uint64_t b = 0; b < plan.segments; ++b) {
    std::vector<std::uint32_t> mt(plan.states.begin() + static_cast<std::ptrdiff_t>(b * kN),
                                  plan.states.begin() + static_cast<std::ptrdiff_t>((b + 1) * kN));
    std::uint64_t pos = b * plan.per_segment;
    const std::uint64_t end = std::min(pos + plan.per_segment, count);
    for (unsigned i = plan.first_index; i < kN && pos < end; ++i) out[pos++] = mt19937::temper(mt[i]);
    while (pos < end) {
      const std::uint64_t block = pos;
      for (unsigned first = 0; first < kN; first += batch_slots * twist::kLanes) {
        const unsigned last = std::min(kN, first + batch_slots * twist::kLanes);
        std::vector<std::uint32_t> words;
        for (unsigned k = first; k < last; ++k)
          words.push_back(mt19937::recurrence(mt[k], mt[twist::next_of(k)], mt[twist::partner_of(k)]));
        for (unsigned k = first; k < last; ++k) {
          mt[k] = words[k - first];
          if (block + k < end) out[block + k] = mt19937::temper(mt[k]);
        }
      }
      pos = std::min<std::uint64_t>(block + kN, end);
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

TEST_CASE("mt19937 kernel: the segment layout reproduces the serial sequence, per block and per warp", "[mt19937]") {
  struct Case {
    std::uint32_t seed;
    std::uint64_t offset, count;
    unsigned segments;
  };
  for (const Case& c : {Case{5489, 0, 200000, 0}, Case{5489, 0, 200000, 1}, Case{1, 12345, 100001, 7},
                        Case{2, 624 * 10, 62400, 10}, Case{3, 623, 5000, 3}, Case{4, 1000003, 70000, 333},
                        Case{7, 100, 300, 0}, Case{8, 5, 1, 0}}) {
    INFO("seed=" << c.seed << " offset=" << c.offset << " count=" << c.count << " segments=" << c.segments);
    const auto plan = cuda::plan_mt19937(mt19937::state_at(c.seed, c.offset), c.count, {.segments = c.segments});
    CHECK(plan.per_segment % kN == 0);
    CHECK(plan.segments * plan.per_segment >= c.count);
    CHECK((plan.segments - 1) * plan.per_segment < c.count);
    CHECK(plan.segments <= (c.segments != 0 ? c.segments : cuda::kMt19937MaxSegments));
    const auto want = reference(c.seed, c.offset, c.count);
    CHECK(model_ring_kernel(plan, c.count, cuda::kMt19937RoundWords) == want);
    CHECK(model_warp_kernel(plan, c.count, cuda::mt19937_twist::kBatchSlots) == want);
  }
  const auto plan = cuda::plan_mt19937(mt19937::seed_state(), 10000);
  const kat::File& published = kat::load("mt19937");
  for (const auto& first : {model_ring_kernel(plan, 10000, cuda::kMt19937RoundWords),
                            model_warp_kernel(plan, 10000, cuda::mt19937_twist::kBatchSlots)}) {
    CHECK(first[0] == published.one("seed=5489 output=0").u32("word"));
    CHECK(first[9999] == published.one("seed=5489 output=9999").u32("word"));
  }
}

TEST_CASE("mt19937 kernel: the warps kernel's batches are as long as the in-place twist allows", "[mt19937]") {
  // Up to 7 slots a batch (cuda/mt19937_twist.hpp) every read sees the serial order's value;
  // 8 slots read some new words before their batch has made them.
  const auto plan = cuda::plan_mt19937(mt19937::seed_state(), 5000, {.segments = 1});
  const auto want = reference(mt19937::kDefaultSeed, 0, 5000);
  for (unsigned batch_slots = 1; batch_slots <= cuda::mt19937_twist::kLongestBatch; ++batch_slots) {
    INFO("batch_slots=" << batch_slots);
    CHECK(model_warp_kernel(plan, 5000, batch_slots) == want);
  }
  CHECK(model_warp_kernel(plan, 5000, cuda::mt19937_twist::kLongestBatch + 1) != want);
}

TEST_CASE("mt19937 kernel: the plan refuses bad launches and states", "[mt19937]") {
  CHECK_THROWS_AS(cuda::plan_mt19937(mt19937::seed_state(), 100, {.threads_per_block = 223}), InvalidArgument);
  CHECK_THROWS_AS(cuda::plan_mt19937(mt19937::seed_state(), 100, {.threads_per_block = 257}), InvalidArgument);
  mt19937::State s = mt19937::seed_state();
  s.index = 0;
  CHECK_THROWS_AS(cuda::plan_mt19937(s, 100), InvalidArgument);
  CHECK(cuda::plan_mt19937(mt19937::seed_state(), 0).segments == 0);
}
