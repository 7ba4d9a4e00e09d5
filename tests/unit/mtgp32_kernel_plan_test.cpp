// SPDX-License-Identifier: MIT
// The host side of the MTGP32 kernel (host/cuda/mtgp32_kernel.hpp), without a GPU: the
// segmented layout, the jumped start states against plain stepping, and a model of the
// kernel (each block's rounds, its (g, s, k, t) → output index and its stores, unchecked in
// the rounds between its first and last) that must give cuRAND's host-API stream as the CPU
// reference makes it, every output written once. How the kernel keeps the state in shared
// memory is left to the GPU tests (tests/gpu/cuda_gpu_test.cpp).
#include <catch2/catch.hpp>

#include <vector>

#include <glrand/error.hpp>
#include "cuda/mtgp32_kernel.hpp"
#include "generators/mtgp32.hpp"
#include "kat/kat.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;
using mtgp32::kN;

namespace {

constexpr std::uint32_t kUnwritten = 0xdeadbeefu;

// The kernel's rounds, block by block: all of a round's 256 words computed, then written
// (word t is thread t mod 128's, its output at first_offset + k·256G + t). With `saved`, a
// one-segment plan's blocks run mtgp32_saving_run's rounds and save each generator's window at
// round mtgp32_save_round, as the kernel does for host output's next chunk.
std::vector<std::uint32_t> model_kernel(const cuda::Mtgp32Plan& plan, std::vector<std::uint32_t>* saved = nullptr) {
  const cuda::Mtgp32Layout& l = plan.layout;
  std::vector<std::uint32_t> out(l.count, kUnwritten);
  std::vector<unsigned> writes(l.count, 0);
  const std::int64_t count = static_cast<std::int64_t>(l.count);
  if (saved) {
    REQUIRE(l.segments == 1);
    saved->assign(std::size_t{l.sequences} * kN, kUnwritten);
  }
  for (unsigned s = 0; s < l.segments; ++s) {
    for (unsigned g = 0; g < l.sequences; ++g) {
      const cuda::Mtgp32BlockRun run = saved ? cuda::mtgp32_saving_run(l, g) : cuda::mtgp32_block_run(l, g, s);
      const std::uint64_t b = std::uint64_t{s} * l.sequences + g;
      std::array<std::uint32_t, 1024> ring{};
      std::copy_n(plan.states.begin() + static_cast<std::ptrdiff_t>(b * kN), kN, ring.begin());
      const std::uint64_t save_after = cuda::mtgp32_save_round(l) - l.first_round;
      const auto save = [&](std::uint32_t done) {
        if (!saved || done != save_after) return;
        for (unsigned i = 0; i < kN; ++i) (*saved)[std::size_t{g} * kN + i] = ring[(256 * done + i) & 1023u];
      };
      if (saved) {
        INFO("generator " << g << " saves after " << save_after << " of its " << run.rounds << " rounds");
        REQUIRE(save_after <= run.rounds);
      }
      save(0);
      const cuda::Mtgp32KernelSet& p = plan.sets[g];
      unsigned base = 0;
      for (std::uint32_t k = 0; k < run.rounds; ++k) {
        std::array<std::uint32_t, 256> made{}, tempered{};
        for (unsigned t = 0; t < 256; ++t) {
          auto at = [&](unsigned j) { return ring[(base + t + j) & 1023u]; };
          made[t] = mtgp32::recurrence(p.mask, p.sh1, p.sh2, p.tbl, at(0), at(1), at(p.pos));
          tempered[t] = mtgp32::temper(p.tmp_tbl, made[t], at(p.pos - 1));
        }
        for (unsigned t = 0; t < 256; ++t) {
          ring[(base + t + kN) & 1023u] = made[t];
          const std::int64_t i = run.first_offset + static_cast<std::int64_t>(k * l.round_outputs() + t);
          const bool inside = i >= 0 && i < count;
          if (k != 0 && k + 1 != run.rounds) {
            INFO("block (" << g << ", " << s << ") round " << k << " thread " << t);
            REQUIRE(inside);  // the kernel stores there unchecked
          }
          if (inside) {
            out[static_cast<std::size_t>(i)] = tempered[t];
            ++writes[static_cast<std::size_t>(i)];
          }
        }
        base = (base + 256) & 1023u;
        save(k + 1);
      }
    }
  }
  REQUIRE(std::all_of(writes.begin(), writes.end(), [](unsigned w) { return w == 1; }));
  return out;
}

std::vector<std::uint32_t> reference(std::uint64_t seed, std::uint64_t first, std::uint64_t count, unsigned sequences) {
  std::vector<std::uint32_t> out(count);
  mtgp32::host_api_outputs(seed, first, out, sequences);
  return out;
}

}  // namespace

TEST_CASE("mtgp32 kernel: the layout covers the window's rounds in whole segments", "[mtgp32]") {
  const auto l = cuda::mtgp32_layout(1000, 10 * 192 * 256, 192, 4);
  CHECK(l.first_round == 0);
  CHECK(l.rounds == 11);
  CHECK(l.segment_rounds == 3);
  CHECK(l.segments == 4);
  CHECK(l.blocks() == 4 * 192);
  const auto far = cuda::mtgp32_layout(5 * 192 * 256 + 7, 1, 192, 9);  // one output: one round, one segment
  CHECK(far.first_round == 5);
  CHECK(far.rounds == 1);
  CHECK(far.segments == 1);
  unsigned active = 0;
  for (unsigned g = 0; g < 192; ++g) active += cuda::mtgp32_block_run(far, g, 0).rounds;
  CHECK(active == 1);
  CHECK(cuda::mtgp32_block_run(far, 0, 0).rounds == 1);
  CHECK(cuda::mtgp32_block_run(far, 0, 0).first_offset == -7);
  CHECK(cuda::mtgp32_layout(0, 0, 192, 8).blocks() == 0);
  // Segments stay below 2^31 rounds whatever was asked.
  const auto huge = cuda::mtgp32_layout(0, std::uint64_t{1} << 62, 1, 1);
  CHECK(huge.segment_rounds < (std::uint64_t{1} << 31));
  CHECK(huge.segments * huge.segment_rounds >= huge.rounds);
  CHECK_THROWS_AS(cuda::mtgp32_layout(0, 10, 0, 1), InvalidArgument);
  CHECK_THROWS_AS(cuda::mtgp32_layout(0, 10, 201, 1), InvalidArgument);
  CHECK_THROWS_AS(cuda::mtgp32_layout(std::uint64_t{1} << 63, 1, 192, 1), InvalidArgument);
}

TEST_CASE("mtgp32 kernel: the default segment count fills the GPU in two waves", "[mtgp32]") {
  const std::uint64_t words = std::uint64_t{1} << 28;
  CHECK(cuda::mtgp32_segments(0, words, 192, 132) == 22);  // 4224 blocks: 2 × 16 per SM on an H200
  CHECK(cuda::mtgp32_segments(0, words, 192, 1) == 1);
  CHECK(cuda::mtgp32_segments(0, 192 * 256 * 40, 192, 132) == 2);  // segments of at least 16 rounds
  CHECK(cuda::mtgp32_segments(0, 1000, 192, 132) == 1);
  CHECK(cuda::mtgp32_segments(0, words, 1, 132) == 4224);
}

TEST_CASE("mtgp32 kernel: each block starts from its generator's state stepped to its segment", "[mtgp32]") {
  const auto& table = mtgp32::parameter_table();
  for (const std::uint64_t first : {std::uint64_t{0}, std::uint64_t{3 * 4 * 256 + 700}}) {
    const auto l = cuda::mtgp32_layout(first, 4 * 256 * 50 + 3, 4, 7);
    INFO("first " << first);
    REQUIRE(l.segments == 7);
    const auto plan = cuda::plan_mtgp32(2024, l);
    REQUIRE(plan.states.size() == l.blocks() * kN);
    for (unsigned g = 0; g < 4; ++g) {
      mtgp32::State s = mtgp32::seed_state(table[g], mtgp32::sequence_seed(2024, g));
      std::uint64_t at = 0;
      for (unsigned seg = 0; seg < l.segments; ++seg) {
        const auto run = cuda::mtgp32_block_run(l, g, seg);
        INFO("block (" << g << ", " << seg << ")");
        REQUIRE(run.rounds > 0);
        for (; at < run.start_round * 256; ++at) mtgp32::next(s, table[g]);
        const std::uint64_t b = std::uint64_t{seg} * 4 + g;
        const std::vector<std::uint32_t> got(plan.states.begin() + static_cast<std::ptrdiff_t>(b * kN),
                                             plan.states.begin() + static_cast<std::ptrdiff_t>((b + 1) * kN));
        const auto want = mtgp32::window(s);
        REQUIRE(got == std::vector<std::uint32_t>(want.begin(), want.end()));
      }
    }
  }
}

TEST_CASE("mtgp32 kernel: the segmented blocks emulated give cuRAND's host-API order", "[mtgp32]") {
  struct Case {
    unsigned sequences;
    std::uint64_t first, count;
    unsigned segments;
  };
  for (const Case& c : {Case{5, 0, 5 * 256 * 40, 1}, Case{5, 0, 5 * 256 * 40, 7}, Case{5, 0, 5 * 256 * 40 + 1, 40},
                        Case{5, 0, 5 * 256 * 40, 64}, Case{7, 7, 100'000, 13}, Case{7, 255, 7 * 256 * 3, 3},
                        Case{7, 1'000'003, 7 * 256 * 20 - 300, 6}, Case{3, 3 * 256 * 10 + 256, 256, 4},
                        Case{3, 3 * 256 * 10 + 300, 3 * 256 - 100, 2}, Case{3, 3 * 256 * 10 + 300, 3 * 256 + 500, 2},
                        Case{12, 12 * 256 * 1000 - 5, 10, 8}, Case{1, 12345, 256 * 30 + 17, 9}, Case{200, 77, 200 * 256 + 1000, 2}}) {
    INFO("G=" << c.sequences << " first=" << c.first << " count=" << c.count << " segments=" << c.segments);
    const auto plan = cuda::plan_mtgp32(31337, cuda::mtgp32_layout(c.first, c.count, c.sequences, c.segments));
    require_same_words(model_kernel(plan), reference(31337, c.first, c.count, c.sequences));
  }
}

TEST_CASE("mtgp32 kernel: cuRAND's 192 generators, seed 1234, from output 0", "[mtgp32]") {
  const std::uint64_t count = 192 * 256 * 2 + 1000;
  const auto plan = cuda::plan_mtgp32(1234, cuda::mtgp32_layout(0, count, 192, 2));
  const auto out = model_kernel(plan);
  CHECK(out[0] == kat::load("mtgp32").one("seed=1234 output=0").u32("word"));  // published
  require_same_words(out, reference(1234, 0, count, 192));
}

TEST_CASE("mtgp32 kernel: host output's chunks, each from the windows the last one saved, give cuRAND's order",
          "[mtgp32]") {
  // Chunks of uneven lengths (within a round, across several, exactly on round boundaries,
  // ending where no generator writes in the round that holds the next start), each started
  // from the windows its predecessor saved; the first and a jump back from the seed.
  constexpr unsigned G = 7;
  const std::uint64_t R = std::uint64_t{G} * 256;
  for (const std::uint64_t start : {std::uint64_t{300}, std::uint64_t{0}, R - 256, 5 * R + 1000}) {
    std::uint64_t at = start;
    auto plan = cuda::plan_mtgp32(cuda::mtgp32_layout(at, 1, G, 1), cuda::mtgp32_round_states(4242, at / R, G));
    std::vector<std::uint32_t> windows;
    // 0: to the end of the round that holds `at`.
    for (const std::uint64_t c : {std::uint64_t{0}, R * 3, std::uint64_t{100}, R - 100 + 17, R * 5 + 1, std::uint64_t{1},
                                  R * 2, std::uint64_t{256}, std::uint64_t{5}, std::uint64_t{0}, R - 261, std::uint64_t{3}}) {
      const std::uint64_t count = c != 0 ? c : R - at % R;
      INFO("chunk from " << at << ", " << count << " outputs");
      plan.layout = cuda::mtgp32_layout(at, count, G, 1);
      require_same_words(model_kernel(plan, &windows), reference(4242, at, count, G));
      REQUIRE(std::none_of(windows.begin(), windows.end(), [](std::uint32_t w) { return w == kUnwritten; }));
      plan.states = windows;
      at += count;
    }
  }
  // mtgp32_round_states against plain stepping: generator g's state after r·256 outputs.
  const auto states = cuda::mtgp32_round_states(4242, 3, G);
  for (unsigned g = 0; g < G; ++g) {
    const mtgp32::Parameters& p = mtgp32::parameter_table()[g];
    mtgp32::State s = mtgp32::seed_state(p, mtgp32::sequence_seed(4242, g));
    for (int k = 0; k < 3 * 256; ++k) mtgp32::next(s, p);
    CHECK(mtgp32::window(states[g]) == mtgp32::window(s));
  }
}
