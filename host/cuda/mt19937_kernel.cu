// SPDX-License-Identifier: MIT
#include "cuda/mt19937_kernel.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <glrand/error.hpp>
#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"
#include "cuda/mt19937_jump.hpp"
#include "cuda/mt19937_twist.hpp"
#include "cuda/output_stores.hpp"
#include "cuda/value_formulas.hpp"

namespace glrand::cuda {

namespace {

using mt19937::kM;
using mt19937::kN;

// The blocks kernel's ring and rounds: cuda/mt19937_kernel.hpp.
constexpr unsigned kRing = kMt19937Ring;
constexpr unsigned kWarpsPerBlock = 4;  // the warps kernel's blocks
constexpr unsigned kWarpsBlocksPerSm = 16;  // 64 warps: a full SM (2,496 bytes of shared memory each)

__device__ std::uint32_t word(const std::uint32_t* ring, unsigned j) { return ring[j & (kRing - 1)]; }

// One segment for a group of `width` threads (a warp or a block), rank `rank` in it: load the
// start state into the ring, store its unread words x_{first_index} .. x_623 (output `at`
// on), then rounds of `round_words` new words, each made, tempered and stored by one thread
// (consecutive outputs), then `sync` so that the next round reads them.
template <class Sync, class Store>
__device__ void run_segment(std::uint32_t* ring, const std::uint32_t* state, unsigned first_index,
                            std::uint64_t remaining, const Store& store, std::uint64_t at, unsigned rank, unsigned width,
                            unsigned round_words, Sync sync) {
  for (unsigned i = rank; i < kN; i += width) ring[i] = state[i];
  sync();
  const unsigned head = remaining < kN - first_index ? static_cast<unsigned>(remaining) : kN - first_index;
  for (unsigned i = rank; i < head; i += width) store.single(at + i, mt19937::temper(ring[first_index + i]));
  at += head;
  remaining -= head;
  // No sync before the first round: it writes slots 624 and up, which the head does not read.
  const bool maker = rank < round_words;
  unsigned j = kN + rank;  // the word this thread makes in the coming round
  // Whole rounds first, with nothing to check but the end...
  const std::uint64_t whole_end = at + remaining / round_words * round_words;
  for (; at != whole_end; at += round_words, j += round_words) {
    if (maker) {
      const std::uint32_t x = mt19937::recurrence(word(ring, j - kN), word(ring, j - kN + 1), word(ring, j - kN + kM));
      ring[j & (kRing - 1)] = x;
      store.single(at + rank, mt19937::temper(x));
    }
    sync();
  }
  // ...then the last, partial one, which no later round reads.
  if (rank < remaining % round_words)
    store.single(at + rank, mt19937::temper(mt19937::recurrence(word(ring, j - kN), word(ring, j - kN + 1),
                                                                word(ring, j - kN + kM))));
}

struct Segments {
  const std::uint32_t* states;
  unsigned first_index;
  std::uint64_t count, per_segment, segments;
  __device__ std::uint64_t remaining(std::uint64_t s) const {
    const std::uint64_t begin = s * per_segment;
    return (begin + per_segment < count ? begin + per_segment : count) - begin;
  }
};

// The warps kernel's twist of the block in place (cuda/mt19937_twist.hpp): batches of slots,
// all loads, __syncwarp, all stores. `mt` and `out` are the lane's own bases (+ lane), so every
// address below is a constant of the slot; only slot 7 (words 224..255 straddle k = 227) and
// the last word's wrap to mt[0] choose per lane. The block's word k is output at + k; stores
// outputs k < limit when kChecked.
template <bool kChecked, class Store>
__device__ __forceinline__ void twist_block(std::uint32_t* mt, const Store& store, std::uint64_t at, unsigned lane,
                                            unsigned limit) {
  using namespace mt19937_twist;
  constexpr unsigned kSplit = kN - kM;  // 227: the partner is old below, new from here
#pragma unroll
  for (unsigned batch = 0; batch < kSlots; batch += kBatchSlots) {
    std::uint32_t x[kBatchSlots], x_next[kBatchSlots], x_partner[kBatchSlots];
#pragma unroll
    for (unsigned s = 0; s < kBatchSlots; ++s) {
      const unsigned base = (batch + s) * kLanes;  // the slot's first word
      if (base + kLanes <= kN || lane < kN - base) {
        x[s] = mt[base];
        const bool wraps = base + kLanes >= kN && lane == kN - 1 - base;  // word 623 reads the new mt[0]
        x_next[s] = wraps ? mt[-static_cast<int>(lane)] : mt[base + 1];
        if (base + kLanes <= kSplit) x_partner[s] = mt[base + kM];
        else if (base >= kSplit) x_partner[s] = mt[base - kSplit];
        else x_partner[s] = lane < kSplit - base ? mt[base + kM] : mt[static_cast<int>(base) - static_cast<int>(kSplit)];
      }
    }
    __syncwarp();
#pragma unroll
    for (unsigned s = 0; s < kBatchSlots; ++s) {
      const unsigned base = (batch + s) * kLanes;
      if (base + kLanes <= kN || lane < kN - base) {
        const std::uint32_t w = mt19937::recurrence(x[s], x_next[s], x_partner[s]);
        mt[base] = w;
        if (!kChecked || base + lane < limit) store.single(at + base + lane, mt19937::temper(w));
      }
    }
    __syncwarp();
  }
}

// A segment per warp: the start state's unread words, then whole blocks twisted in place, then
// the last, partial block.
template <class Store>
__global__ void __launch_bounds__(32 * kWarpsPerBlock, kWarpsBlocksPerSm) mt19937_warps(Segments p, Store store) {
  __shared__ std::uint32_t blocks[kWarpsPerBlock][kN];
  const std::uint64_t s = std::uint64_t{blockIdx.x} * kWarpsPerBlock + threadIdx.x / 32;
  if (s >= p.segments) return;
  std::uint32_t* const mt = blocks[threadIdx.x / 32];
  const unsigned lane = threadIdx.x % 32;
  const std::uint32_t* state = p.states + s * kN;
  for (unsigned i = lane; i < kN; i += 32) mt[i] = state[i];
  __syncwarp();
  std::uint64_t remaining = p.remaining(s);
  std::uint64_t at = s * p.per_segment;
  const unsigned head = remaining < kN - p.first_index ? static_cast<unsigned>(remaining) : kN - p.first_index;
  for (unsigned i = lane; i < head; i += 32) store.single(at + i, mt19937::temper(mt[p.first_index + i]));
  at += head;
  remaining -= head;
  // The head's reads come before the first batch's stores: its __syncwarp orders them.
  for (; remaining >= kN; remaining -= kN, at += kN) twist_block<false>(mt + lane, store, at, lane, kN);
  if (remaining > 0) twist_block<true>(mt + lane, store, at, lane, static_cast<unsigned>(remaining));
}

// A segment per block (Bradley et al.): blocks of 224..256 threads, 224 words per round.
template <class Store>
__global__ void __launch_bounds__(256) mt19937_blocks(Segments p, Store store) {
  __shared__ std::uint32_t ring[kRing];
  const std::uint64_t s = blockIdx.x;
  run_segment(ring, p.states + s * kN, p.first_index, p.remaining(s), store, s * p.per_segment, threadIdx.x,
              blockDim.x, kMt19937RoundWords, [] { __syncthreads(); });
}

template <class Store>
void launch(const std::uint32_t* device_states, const Mt19937Plan& plan, std::uint64_t count, Store store,
            const Mt19937Launch& launch, Stream stream) {
  if (plan.segments == 0) return;
  const Segments p{device_states, plan.first_index, count, plan.per_segment, plan.segments};
  if (launch.kernel == Mt19937Kernel::warps) {
    const auto blocks = static_cast<unsigned>((plan.segments + kWarpsPerBlock - 1) / kWarpsPerBlock);
    mt19937_warps<<<blocks, 32 * kWarpsPerBlock, 0, stream>>>(p, store);
  } else {
    mt19937_blocks<<<static_cast<unsigned>(plan.segments), launch.threads_per_block, 0, stream>>>(p, store);
  }
  check(cudaGetLastError(), "mt19937 kernel launch");
}

}  // namespace

unsigned mt19937_wave_segments(const Mt19937Launch& launch) {
  int device = 0, multiprocessors = 0, per_multiprocessor = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  const bool warps = launch.kernel == Mt19937Kernel::warps;
  check(warps ? cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, mt19937_warps<WordStore>,
                                                              32 * kWarpsPerBlock, 0)
              : cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, mt19937_blocks<WordStore>,
                                                              static_cast<int>(launch.threads_per_block), 0),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return static_cast<unsigned>(std::max(multiprocessors * per_multiprocessor, 1)) * (warps ? kWarpsPerBlock : 1);
}

void launch_mt19937(const std::uint32_t* device_states, const Mt19937Plan& plan, std::uint64_t count,
                    std::uint32_t* device_out, const Mt19937Launch& launch, Stream stream) {
  cuda::launch(device_states, plan, count, WordStore{device_out}, launch, stream);
}

namespace {

// The launch generate_mt19937_on_device uses: at most one wave of segments by default.
Mt19937Launch wave_launch(Mt19937Launch launch) {
  if (launch.segments == 0) launch.max_segments = std::min(launch.max_segments, mt19937_wave_segments(launch));
  return launch;
}

// Runs a plan: its states uploaded, the kernel, the device synchronised.
void run_plan(const Mt19937Plan& plan, std::uint64_t count, std::uint32_t* device_out, const Mt19937Launch& launch) {
  if (plan.segments == 0) return;
  DeviceBuffer<std::uint32_t> device_states(plan.states.size());
  check(cudaMemcpy(device_states.data(), plan.states.data(), plan.states.size() * sizeof(std::uint32_t),
                   cudaMemcpyHostToDevice),
        "cudaMemcpy");
  launch_mt19937(device_states.data(), plan, count, device_out, launch);
  check(cudaDeviceSynchronize(), "mt19937 kernel");
}

}  // namespace

void generate_mt19937_on_device(const mt19937::State& start, std::uint64_t count, std::uint32_t* device_out,
                                Mt19937Launch launch) {
  launch = wave_launch(launch);
  run_plan(plan_mt19937(start, count, launch), count, device_out, launch);
}

void generate_mt19937_on_device(std::uint32_t seed, std::uint64_t offset, std::uint64_t count,
                                std::uint32_t* device_out, Mt19937Launch launch) {
  generate_mt19937_on_device(mt19937::state_at(seed, offset), count, device_out, launch);
}

namespace {

// The Generator's launch for a fill of n outputs, its segments' states made on the device.
// Each fill that continues the last jumps every segment on, so a long fill takes long
// segments: n/256 outputs each, from 2^16 (host output's chunks of kHostChunkBytes, 16 or 32
// segments) to 2^19 from 2^27 outputs up (512 segments for 2^28), the fastest jump and kernel together
// of the lengths measured (docs/cuda.md). A distribution's values take a block a segment,
// whose seven warps keep the SMs busy with their arithmetic where one warp a segment would
// leave them waiting; so do the words where there are fewer than three segments an SM, too
// few warps to hide the twist's latency one warp a segment.
Mt19937Launch fill_launch(std::uint64_t n, bool distribution) {
  Mt19937Launch launch;
  launch.min_segment_outputs = std::clamp<std::uint64_t>(n / 256, kMt19937DeviceSegmentOutputs, kMt19937FillSegmentOutputs);
  const bool few_segments = n / launch.min_segment_outputs < 3 * static_cast<std::uint64_t>(multiprocessors());
  launch.kernel = distribution || few_segments ? Mt19937Kernel::blocks : Mt19937Kernel::warps;
  return wave_launch(launch);
}

}  // namespace

void plan_mt19937_on_device(const mt19937::State& start, const Mt19937Plan& plan, std::uint32_t* states, Stream stream) {
  if (plan.segments == 0) return;
  check(cudaMemcpyAsync(states, start.mt.data(), sizeof start.mt, cudaMemcpyHostToDevice, stream), "cudaMemcpyAsync");
  const gf2::Exponent blocks = plan.per_segment / kN;  // per segment: the index stays the same
  for (std::uint64_t h = 1; h < plan.segments; h *= 2)
    jump_mt19937_states(*mt19937::block_jump(blocks * h), states, states + h * kN, std::min(h, plan.segments - h),
                        stream);
}

// generate_host fills chunk after chunk, each as long as the last: the segments' states stay
// in device memory, and after each fill one jump (cuda/mt19937_jump.hpp) moves them all on by
// the fill's length into a second buffer, on the fill's stream, so that the next fill starts
// from them with no host jump at all. A fill that does not continue the last one (the first,
// one at another position) starts from the host's jump to its first output, one that
// continues it with another length or segments of another shape (fill_launch's for its
// length and kind) from segment 0's state, read back; either makes its other segments' states
// on the device (plan_mt19937_on_device). The fills are ordered on the device
// by an event, and the mutex keeps copies of the Generator used from several threads correct.
namespace {

class Mt19937Continuation {
 public:
  Mt19937Continuation(std::uint32_t seed, std::uint64_t offset, std::uint64_t outputs)
      : seed_(seed), offset_(offset), outputs_(outputs) {}

  // `kernel(states, plan, n, stream)` runs the fill's kernel (words or values) from the states
  // with `launch`, which also shapes the plan.
  template <class Kernel>
  void fill(std::uint64_t first, std::uint64_t n, const Mt19937Launch& launch, Stream stream, Kernel kernel) {
    if (n == 0) return;
    const std::lock_guard lock(mutex_);
    int device = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    if (device != device_ || !on_) {
      next_.reset();
      on_.reset();
      on_ = std::make_unique<OnDevice>();
      device_ = device;
    }
    OnDevice& on = *on_;
    const std::optional<std::uint64_t> at = std::exchange(next_, std::nullopt);  // until this fill is queued
    check(cudaStreamWaitEvent(stream, on.done.get(), 0), "cudaStreamWaitEvent");
    mt19937::State any{};  // the shape (segments, outputs each) depends on no state
    any.index = kN;
    const Mt19937Plan shape = plan_mt19937_shape(any, n, launch);
    if (at != first || count_ != n || shape.segments != plan_.segments || shape.per_segment != plan_.per_segment) {
      mt19937::State start;
      if (at == first) {  // continues the last fill with another length or shape: segment 0's state
        check(cudaMemcpyAsync(start.mt.data(), on.states.data(), sizeof start.mt, cudaMemcpyDeviceToHost, stream),
              "cudaMemcpyAsync");
        check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
        start.index = plan_.first_index;
      } else {
        start = mt19937::state_at(seed_, offset_ + first);
      }
      const Mt19937Plan plan = plan_mt19937_shape(start, n, launch);
      if (on.states.size() < plan.segments * kN) {
        check(cudaEventSynchronize(on.done.get()), "cudaEventSynchronize");
        DeviceBuffer<std::uint32_t> states(plan.segments * kN), spare(plan.segments * kN);  // both, or neither
        on.states = std::move(states);
        on.spare = std::move(spare);
      }
      plan_mt19937_on_device(start, plan, on.states.data(), stream);
      plan_ = plan;
      count_ = n;
    }
    kernel(on.states.data(), plan_, n, stream);
    check(cudaEventRecord(on.done.get(), stream), "cudaEventRecord");
    if (outputs_ != 0 && first + n >= outputs_) return;  // nothing continues this fill
    // Every segment moved on by n outputs: t^(624·blocks) mod φ, as mt19937::jump takes it.
    const gf2::Exponent blocks = (gf2::Exponent{plan_.first_index} + n - 1) / kN;
    if (blocks > 0) {
      jump_mt19937_states(*mt19937::block_jump(blocks), on.states.data(), on.spare.data(), plan_.segments, stream);
      std::swap(on.states, on.spare);
      check(cudaEventRecord(on.done.get(), stream), "cudaEventRecord");
    }
    plan_.first_index = static_cast<unsigned>(gf2::Exponent{plan_.first_index} + n - blocks * kN);
    next_ = first + n;
  }

 private:
  // What lives on one device: the segments' states.
  struct OnDevice {
    DeviceBuffer<std::uint32_t> states;  // `plan_`'s segment states
    DeviceBuffer<std::uint32_t> spare;   // as large: where the states are jumped to
    EventHandle done;                    // after the last work on them
    ~OnDevice() { cudaEventSynchronize(done.get()); }
  };
  const std::uint32_t seed_;
  const std::uint64_t offset_, outputs_;
  std::mutex mutex_;
  int device_ = -1;                    // where `on_` lives
  std::unique_ptr<OnDevice> on_;
  Mt19937Plan plan_;                   // the states' shape (the states are on the device)
  std::uint64_t count_ = 0;            // the outputs `plan_` is for
  std::optional<std::uint64_t> next_;  // where the device states stand, if anywhere
};

}  // namespace

Mt19937Sequence mt19937_sequence(std::uint32_t seed, std::uint64_t offset, std::uint64_t outputs) {
  auto kept = std::make_shared<Mt19937Continuation>(seed, offset, outputs);
  Mt19937Sequence sequence;
  sequence.words = {"mt19937", 1, [kept](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
                      const Mt19937Launch launch = fill_launch(out.size(), false);
                      kept->fill(first, out.size(), launch, stream,
                                 [&](const std::uint32_t* states, const Mt19937Plan& plan, std::uint64_t n, Stream s) {
                                   launch_mt19937(states, plan, n, out.data(), launch, s);
                                 });
                    }};
  sequence.values = [kept](ValueFormat format, const Distribution* distribution) -> ValueGenerator {
    std::optional<PreparedTransform> prepared = prepare_transform(distribution, format);
    if (prepared && prepared->pairs)
      throw std::logic_error("MT19937's kernel makes no Box-Muller pairs: make them from its words");
    return {bytes_per_value(format), [kept, format, prepared](std::uint64_t first, std::uint64_t count, void* out,
                                                              Stream stream) {
              const Mt19937Launch launch = fill_launch(count, prepared.has_value());
              with_value_of(MidpointFormula{}, format, prepared, [&](auto value) {
                using Store = ValueStore<decltype(value)>;
                if constexpr (!decltype(value)::kPairs)
                  kept->fill(first, count, launch, stream,
                             [&](const std::uint32_t* states, const Mt19937Plan& plan, std::uint64_t n, Stream s) {
                               cuda::launch(states, plan, n, Store{static_cast<typename Store::T*>(out), value},
                                            launch, s);
                             });
              });
            }};
  };
  return sequence;
}

Generator mt19937(std::uint32_t seed, std::uint64_t offset, std::uint64_t outputs) {
  return mt19937_sequence(seed, offset, outputs).words;
}

ValueGenerator mt19937_values(std::uint32_t seed, std::uint64_t offset, std::uint64_t outputs, ValueFormat format,
                              const Distribution* distribution) {
  return mt19937_sequence(seed, offset, outputs).values(format, distribution);
}

}  // namespace glrand::cuda
