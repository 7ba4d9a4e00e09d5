// SPDX-License-Identifier: MIT
// The MTGP32 kernel's host side (cuda/mtgp32_kernel.hpp): layout and jumped start states.
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

#include <glrand/error.hpp>
#include "cuda/mtgp32_kernel.hpp"
#include "generators/parallel_fill.hpp"

namespace glrand::cuda {

Mtgp32Layout mtgp32_layout(std::uint64_t first, std::uint64_t count, unsigned sequences, unsigned segments) {
  if (sequences == 0 || sequences > mtgp32::kSetCount)
    throw InvalidArgument("MTGP32: the generator count must be in 1..200, not " + std::to_string(sequences));
  constexpr std::uint64_t kLimit = std::uint64_t{1} << 63;
  if (first > kLimit || count > kLimit - first)
    throw InvalidArgument("MTGP32: outputs " + std::to_string(first) + " + " + std::to_string(count) +
                          " reach past 2^63");
  Mtgp32Layout l;
  l.first = first;
  l.count = count;
  l.sequences = sequences;
  if (count == 0) return l;
  const std::uint64_t R = l.round_outputs();
  l.first_round = first / R;
  l.rounds = (first + count - 1) / R + 1 - l.first_round;
  // Segments below 2^31 rounds (the kernel counts them in 32 bits), never empty.
  constexpr std::uint64_t kMostRounds = (std::uint64_t{1} << 31) - 1;
  const std::uint64_t wanted =
      std::clamp<std::uint64_t>(segments, (l.rounds + kMostRounds - 1) / kMostRounds, l.rounds);
  l.segment_rounds = (l.rounds + wanted - 1) / wanted;
  l.segments = static_cast<unsigned>((l.rounds + l.segment_rounds - 1) / l.segment_rounds);
  return l;
}

unsigned mtgp32_segments(std::uint64_t first, std::uint64_t count, unsigned sequences, int multiprocessors) {
  const Mtgp32Layout l = mtgp32_layout(first, count, sequences, 1);
  const std::uint64_t blocks = 2 * kMtgp32BlocksPerSm * static_cast<std::uint64_t>(std::max(multiprocessors, 1));
  const std::uint64_t wanted = (blocks + sequences - 1) / sequences;
  return static_cast<unsigned>(std::clamp<std::uint64_t>(l.rounds / kMtgp32MinSegmentRounds, 1, wanted));
}

std::vector<Mtgp32KernelSet> mtgp32_kernel_sets(unsigned sequences) {
  std::vector<Mtgp32KernelSet> sets;
  const auto& table = mtgp32::parameter_table();
  for (unsigned g = 0; g < sequences; ++g) {
    const mtgp32::Parameters& p = table[g];
    Mtgp32KernelSet& k = sets.emplace_back(Mtgp32KernelSet{p.pos, p.sh1, p.sh2, p.mask, {}, {}});
    std::copy(p.tbl.begin(), p.tbl.end(), k.tbl);
    std::copy(p.tmp_tbl.begin(), p.tmp_tbl.end(), k.tmp_tbl);
  }
  return sets;
}

namespace {

// The plan's parameter sets and zeroed start windows.
Mtgp32Plan empty_plan(const Mtgp32Layout& layout) {
  Mtgp32Plan plan;
  plan.layout = layout;
  plan.sets = mtgp32_kernel_sets(layout.sequences);
  plan.states.assign(layout.blocks() * mtgp32::kN, 0);
  return plan;
}

}  // namespace

std::vector<mtgp32::State> mtgp32_round_states(std::uint64_t seed, std::uint64_t round, unsigned sequences) {
  const auto& table = mtgp32::parameter_table();
  std::vector<mtgp32::State> states(sequences);
  parallel_fill(
      sequences, 0,
      [&](std::uint64_t begin, std::uint64_t end) {
        for (std::uint64_t g = begin; g < end; ++g) {
          const auto set = static_cast<unsigned>(g);
          states[g] = mtgp32::seed_state(table[set], mtgp32::sequence_seed(seed, set));
          if (round > 0) states[g] = mtgp32::jump(states[g], set, round * mtgp32::kBlockThreads);
        }
      },
      1);
  return states;
}

Mtgp32Plan plan_mtgp32(const Mtgp32Layout& layout, const std::vector<mtgp32::State>& starts) {
  if (layout.segments > 1 || starts.size() != layout.sequences)
    throw std::logic_error("plan_mtgp32 from states: one segment and a state per generator");
  Mtgp32Plan plan = empty_plan(layout);
  for (unsigned g = 0; g < layout.sequences; ++g) {
    const auto w = mtgp32::window(starts[g]);
    std::copy(w.begin(), w.end(), plan.states.begin() + static_cast<std::ptrdiff_t>(std::uint64_t{g} * mtgp32::kN));
  }
  return plan;
}

Mtgp32Plan plan_mtgp32(std::uint64_t seed, const Mtgp32Layout& layout) {
  using mtgp32::kN;
  Mtgp32Plan plan = empty_plan(layout);
  const unsigned G = layout.sequences;
  const auto& table = mtgp32::parameter_table();
  const unsigned S = layout.segments;
  const std::uint64_t stride = layout.segment_rounds * mtgp32::kBlockThreads;
  // Blocks in generator order, i = g·S + s, a run of them per CPU thread.
  parallel_fill(
      layout.blocks(), 0,
      [&](std::uint64_t begin, std::uint64_t end) {
        unsigned g = G;  // the generator whose modulus and stride are at hand
        std::optional<gf2::Modulus> modulus;
        std::optional<mtgp32::Jump> step;
        auto make_jump = [&](std::uint64_t outputs) {
          if (outputs > mtgp32::kMexp && !modulus) modulus.emplace(mtgp32::characteristic_polynomial(g));
          return mtgp32::make_jump(g, outputs, modulus ? &*modulus : nullptr);
        };
        mtgp32::State s;
        unsigned at = S;  // the segment s holds the start of (S: none)
        for (std::uint64_t i = begin; i < end; ++i) {
          const unsigned gi = static_cast<unsigned>(i / S), si = static_cast<unsigned>(i % S);
          const Mtgp32BlockRun run = mtgp32_block_run(layout, gi, si);
          if (run.rounds == 0) continue;
          if (gi != g) {
            g = gi;
            modulus.reset();
            step.reset();
            at = S;
          }
          if (at + 1 == si) {
            if (!step) step = make_jump(stride);
            s = mtgp32::jump(s, *step);
          } else {
            const mtgp32::State seeded = mtgp32::seed_state(table[g], mtgp32::sequence_seed(seed, g));
            s = mtgp32::jump(seeded, make_jump(run.start_round * mtgp32::kBlockThreads));
          }
          at = si;
          const std::uint64_t b = std::uint64_t{si} * G + gi;
          const auto w = mtgp32::window(s);
          std::copy(w.begin(), w.end(), plan.states.begin() + static_cast<std::ptrdiff_t>(b * kN));
        }
      },
      1);
  return plan;
}

}  // namespace glrand::cuda
