// SPDX-License-Identifier: MIT
#pragma once
// MTGP32 on the GPU in cuRAND's host-API order, each generator's run cut into segments by
// jump-ahead (Haramoto et al., "Efficient jump ahead for F2-linear random number generators",
// INFORMS J. Computing 20(3), 2008), so that the grid has enough blocks to fill the GPU.
//
// Stream layout (generators/mtgp32.hpp): round r is outputs [r·256G, (r + 1)·256G), G the
// generator count; in it generator g makes its outputs r·256 .. r·256 + 255, which land at
// n = r·256G + g·256 + t. A window [first, first + count) touches rounds first_round ..
// first_round + rounds − 1; they are cut into `segments` runs of segment_rounds rounds (the
// last may be shorter). Block b = s·G + g runs generator g through segment s, from its state
// after (first_round + s·segment_rounds)·256 outputs, which the host jumps to, and writes the
// outputs of those rounds that lie in the window: the output is the same bit for bit for any
// segment count. A block stops after the last round in which its generator writes; one that
// writes nothing exits at once and gets no start state.
#include <cstdint>
#include <optional>
#include <vector>

#include "cuda/cuda_path.hpp"
#include "generators/host_device.hpp"
#include "generators/mtgp32.hpp"

namespace glrand::cuda {

struct Mtgp32Layout {
  std::uint64_t first = 0, count = 0;  // the window
  std::uint64_t first_round = 0;       // the round that holds output `first`
  std::uint64_t rounds = 0;            // rounds the window touches
  std::uint64_t segment_rounds = 0;    // rounds per segment, below 2^31
  unsigned sequences = mtgp32::kHostSequences;  // G
  unsigned segments = 0;
  std::uint64_t blocks() const { return std::uint64_t{sequences} * segments; }
  GLRAND_HOST_DEVICE std::uint64_t round_outputs() const { return std::uint64_t{mtgp32::kBlockThreads} * sequences; }
};

// What block (g, s) does: from its generator's state at the start of round start_round it
// runs `rounds` rounds (0: it writes nothing); in its k-th round, thread t's output goes to
// out[first_offset + k·256G + t]. Only its first and last rounds can reach outside the
// window (first_offset may be negative); the rounds between lie wholly inside it.
struct Mtgp32BlockRun {
  std::uint64_t start_round = 0;
  std::uint32_t rounds = 0;
  std::int64_t first_offset = 0;
};

GLRAND_HOST_DEVICE inline Mtgp32BlockRun mtgp32_block_run(const Mtgp32Layout& l, unsigned g, unsigned s) {
  const std::uint64_t R = l.round_outputs(), o = std::uint64_t{g} * mtgp32::kBlockThreads;
  const std::uint64_t end = l.first + l.count;
  const std::uint64_t a = l.first_round + std::uint64_t{s} * l.segment_rounds;
  const std::uint64_t last = l.first_round + l.rounds;
  const std::uint64_t b = a + l.segment_rounds < last ? a + l.segment_rounds : last;
  // Generator g writes in round r when r·R + o < end and r·R + o + 256 > first.
  const std::uint64_t write_end = end > o ? (end - o + R - 1) / R : 0;
  const std::uint64_t write_begin = l.first < o + mtgp32::kBlockThreads ? 0 : (l.first - o - mtgp32::kBlockThreads) / R + 1;
  const std::uint64_t e = b < write_end ? b : write_end;
  if ((a > write_begin ? a : write_begin) >= e) return {a, 0, 0};
  return {a, static_cast<std::uint32_t>(e - a), static_cast<std::int64_t>(a * R + o - l.first)};
}

// The layout of outputs first .. first + count − 1 for G = sequences generators in up to
// `segments` segments (fewer when there are fewer rounds). Throws InvalidArgument for a
// generator count outside 1..200 or a window past 2^64.
Mtgp32Layout mtgp32_layout(std::uint64_t first, std::uint64_t count, unsigned sequences, unsigned segments);

// A block is kMtgp32Threads threads, each making four consecutive words of a round's 256.
// The default segment count: G·S ≥ 2·kMtgp32BlocksPerSm·SMs blocks (22 segments of 192
// generators on a 132-SM H200; twice as many made the kernel alone 1% faster there, but
// doubled the host's jumps, 54 → 108 ms for 2^28 outputs), and segments of at least 16
// rounds (the host's jumps cost more than shorter segments save).
inline constexpr unsigned kMtgp32Threads = 64;
inline constexpr unsigned kMtgp32BlocksPerSm = 16;
inline constexpr std::uint64_t kMtgp32MinSegmentRounds = 16;
unsigned mtgp32_segments(std::uint64_t first, std::uint64_t count, unsigned sequences, int multiprocessors);

// One parameter set as the kernel reads it.
struct Mtgp32KernelSet {
  std::uint32_t pos, sh1, sh2, mask;
  std::uint32_t tbl[16];
  std::uint32_t tmp_tbl[16];
};

// Parameter sets 0 .. sequences − 1 as the kernel reads them.
std::vector<Mtgp32KernelSet> mtgp32_kernel_sets(unsigned sequences);

// What the host hands the kernel: sets[g] for g < G, and block b's start window (oldest word
// first) at states[b·351 .. b·351 + 350]; zeros for a block that writes nothing, in a plan
// jumped from the seed.
struct Mtgp32Plan {
  Mtgp32Layout layout;
  std::vector<Mtgp32KernelSet> sets;
  std::vector<std::uint32_t> states;
};

// Host side (no CUDA needed, tested in CI): cuRAND's seeding, then the start states, each CPU
// thread taking a run of blocks in generator order: it jumps to its first block of each
// generator, then on from segment to segment with one precomputed stride polynomial.
Mtgp32Plan plan_mtgp32(std::uint64_t seed, const Mtgp32Layout& layout);

// Generator g's state at the start of round `round` (after round·256 of its own outputs) for
// cuRAND's seeding of `seed`, g < sequences, jumped to on every core.
std::vector<mtgp32::State> mtgp32_round_states(std::uint64_t seed, std::uint64_t round, unsigned sequences);

// The plan of a one-segment layout from each generator's state at layout.first_round
// (`starts`, as mtgp32_round_states gives them): no jump at all. Every generator's window is
// given, as a kernel that saves its windows needs.
Mtgp32Plan plan_mtgp32(const Mtgp32Layout& layout, const std::vector<mtgp32::State>& starts);

// Host output's chunks continue on the device, with no jump: a one-segment layout's blocks can
// also save each generator's window at the start of the round that holds output first + count
// (mtgp32_save_round), where the next chunk starts; the next chunk's blocks start from those.
// A block that writes nothing but must step a round to reach that one runs it, all of its
// outputs outside the window (mtgp32_saving_run); a block otherwise reaches it within its own
// rounds (the save falls before its last round or after it).
GLRAND_HOST_DEVICE inline std::uint64_t mtgp32_save_round(const Mtgp32Layout& l) {
  return (l.first + l.count) / l.round_outputs();
}
GLRAND_HOST_DEVICE inline Mtgp32BlockRun mtgp32_saving_run(const Mtgp32Layout& l, unsigned g) {
  const Mtgp32BlockRun run = mtgp32_block_run(l, g, 0);
  if (run.rounds > 0 || mtgp32_save_round(l) == l.first_round) return run;
  const std::uint64_t o = std::uint64_t{g} * mtgp32::kBlockThreads;
  return {run.start_round, 1, static_cast<std::int64_t>(run.start_round * l.round_outputs() + o - l.first)};
}

// The kernel alone, for a plan whose sets and states are already in device memory (bench_cuda:
// the host's jumps stay out of the timing). Asynchronous on `stream`. With `saved` (device
// memory, G windows of 351 words; a one-segment layout only), generator g's window at round
// mtgp32_save_round(layout) goes to saved[g·351 ..], oldest word first.
void launch_mtgp32_blocks(const Mtgp32KernelSet* device_sets, const std::uint32_t* device_states,
                          const Mtgp32Layout& layout, std::uint32_t* device_out, Stream stream,
                          std::uint32_t* saved = nullptr);

}  // namespace glrand::cuda
