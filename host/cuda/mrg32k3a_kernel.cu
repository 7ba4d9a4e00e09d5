// SPDX-License-Identifier: MIT
// MRG32k3a on the CUDA path: short contiguous chunks per lane written through a shared-memory
// tile (cuda/layout.hpp), 16 bytes per lane per store where the warp's chunks are whole. Each
// lane reaches its first chunk by one skip-ahead through a table in constant memory (base 2
// or base 8, cuda/jump_tables.hpp) and its next ones by one fixed jump each, and steps with
// cuda/arithmetic.hpp, no 64-bit division: by default the first component folded in integers
// and the second in doubles, kept lazily in (−m2, m2) (Mrg32k3aMixed); integers only on request.
#include <algorithm>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

#include "cuda/arithmetic.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"
#include "cuda/output_stores.hpp"
#include "cuda/value_formulas.hpp"

namespace glrand::cuda {
namespace {

__constant__ arithmetic::Mrg32k3aJump base2_table[kBase2Entries];
__constant__ arithmetic::Mrg32k3aJump base8_table[kBase8Entries];

constexpr int kWarpsPerBlock = kThreadsPerBlock / 32;
// Tile rows padded to 36 words: a quarter-warp's 16-byte stores into 8 rows hit 8 distinct
// 4-bank groups, and 16-byte loads of one row are contiguous.
constexpr int kRowWords = 36;

// A lane's place: its state, and the first lane of its warp counted in chunks of the whole
// grid, so that the warp's current chunks are first .. first + 31 (cuda/layout.hpp).
template <class State>  // arithmetic::Mrg32k3aWords or Mrg32k3aMixed
struct LaneRun {
  State state;
  std::uint64_t warp_first;  // chunk index of the warp's first lane in the current pass
  std::uint32_t lane;
};

__device__ inline void set(arithmetic::Mrg32k3aWords& state, const arithmetic::Mrg32k3aWords& words) { state = words; }
__device__ inline void set(arithmetic::Mrg32k3aMixed& state, const arithmetic::Mrg32k3aWords& words) {
  state = arithmetic::to_mixed(words);
}
__device__ inline arithmetic::Mrg32k3aWords words_of(const arithmetic::Mrg32k3aWords& state) { return state; }
__device__ inline arithmetic::Mrg32k3aWords words_of(const arithmetic::Mrg32k3aMixed& state) {
  return arithmetic::to_words(state);
}

template <JumpBase base, class State>
__device__ LaneRun<State> start_run(arithmetic::Mrg32k3aWords start, std::uint64_t chunk, std::uint64_t count) {
  const std::uint64_t g = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (g * chunk < count) {
    if constexpr (base == JumpBase::base2) arithmetic::jump_base2(base2_table, g * chunk, start);
    else arithmetic::jump_base8(base8_table, g * chunk, start);
  }
  LaneRun<State> r{{}, g - threadIdx.x % 32, threadIdx.x % 32};
  set(r.state, start);
  return r;
}

// How many of a round's stores (and of checked_warp's) are unrolled: eight, but one for the
// normal and log-normal, whose quantiles (in float four side by side in each store) unrolled
// eight times made the kernel's code large enough to wait on the instruction cache: unrolled
// once, 1.23× the float normals and 1.47× the double normals on an H200
// (bench/results/2026-11-29-h200-cuda-lean-value-kernels).
template <class Store>
constexpr int kStoreUnroll = 8;
template <class Formula, class T, Made kMade, DistributionKind kKind, bool kFloat>
constexpr int kStoreUnroll<ValueStore<ValueOf<Formula, T, kMade, kKind, kFloat>>> =
    kMade == Made::distribution && (kKind == DistributionKind::normal || kKind == DistributionKind::lognormal) ? 1 : 8;

// The common case: the warp's 32 chunks lie wholly inside `count` and the store is 16-byte
// aligned. A round's 32 outputs per lane go to the tile as 8 uint4; each store instruction
// then takes 4 outputs per lane, four chunks' 128 contiguous outputs at once, with no bounds check.
template <class State, class Store>
__device__ void whole_warp(LaneRun<State>& r, std::uint32_t (&tile)[32][kRowWords], const Store& store,
                           std::uint64_t chunk, std::uint32_t rounds) {
  const std::uint32_t row = r.lane / 8, column = r.lane % 8 * 4;
  // Store k of a round takes chunk warp_first + 4k + row at output 32·round + column.
  std::uint64_t at = (r.warp_first + row) * chunk + column;
  for (std::uint32_t round = 0; round < rounds; ++round) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      uint4 v;
      v.x = arithmetic::step(r.state);
      v.y = arithmetic::step(r.state);
      v.z = arithmetic::step(r.state);
      v.w = arithmetic::step(r.state);
      *reinterpret_cast<uint4*>(&tile[r.lane][4 * k]) = v;
    }
    __syncwarp();
#pragma unroll (kStoreUnroll<Store>)
    for (int k = 0; k < 8; ++k) store.four(at + 4 * k * chunk, *reinterpret_cast<const uint4*>(&tile[4 * k + row][column]));
    __syncwarp();
    at += 32;
  }
}

// Any warp: one output per lane per store, each checked against `count`.
template <class State, class Store>
__device__ void checked_warp(LaneRun<State>& r, std::uint32_t (&tile)[32][kRowWords], const Store& store,
                             std::uint64_t chunk, std::uint32_t rounds, std::uint64_t count) {
  for (std::uint32_t round = 0; round < rounds && r.warp_first * chunk + 32ull * round < count; ++round) {
#pragma unroll 8
    for (int i = 0; i < 32; ++i) tile[r.lane][i] = arithmetic::step(r.state);
    __syncwarp();
#pragma unroll (kStoreUnroll<Store>)
    for (int i = 0; i < 32; ++i) {
      const std::uint64_t n = (r.warp_first + i) * chunk + 32ull * round + r.lane;  // layout.hpp: run_store_index
      store.one(n, tile[i][r.lane], n < count);
    }
    __syncwarp();
  }
}

// Blocks an SM must hold at once (__launch_bounds__). One leaves nvcc free with registers (108
// for the mixed step, so two blocks fit an SM): for the words and the own values the stores
// set the pace (asking for two gave the same rate on an H200), and so they do for a uniform
// range and (0, 1], and the float normal's arithmetic (four made it 2–3% slower). The Poisson's
// search, Box–Muller's normal and the exponential wait on latency that more warps hide: four
// blocks (64 registers; the exponential spills 8 bytes) made them 1.38×, 1.05× and 1.02× as
// fast on an H200. Box–Muller's log-normal would spill 88 bytes, and for doubles four made the
// exponential and Box–Muller 7% slower (the normal 6–10% faster): they keep one
// (bench/results/2026-11-29-h200-cuda-float-normal). The float kinds' double fallbacks (kFloat
// false: parameters no normal float) keep one.
template <class Store>
constexpr int kBlocksPerMultiprocessor = 1;
template <class Formula, class T, Made kMade, DistributionKind kKind, bool kFloat>
constexpr int kBlocksPerMultiprocessor<ValueStore<ValueOf<Formula, T, kMade, kKind, kFloat>>> = [] {
  if (kMade == Made::own || sizeof(T) != 4 || !kFloat) return 1;
  if (kKind == DistributionKind::poisson || kKind == DistributionKind::exponential) return 4;
  return kMade == Made::pairs && kKind == DistributionKind::normal ? 4 : 1;
}();

// Every value kernel takes the distribution's Transform, those that never read it too: where
// the parameter grew past 128 bytes, nvcc compiled these kernels to code up to 17% slower
// (bench/results/2026-11-29-h200-cuda-poisson-guide).
static_assert(sizeof(ValueStore<ValueOf<Mrg32k3aFormula, double, Made::distribution>>) <= 128,
              "keep MRG32k3a's value kernels' parameters within 128 bytes");

// `stride`: A^((G − 1)·L), from the end of a lane's chunk to the start of its next.
template <JumpBase base, class State, class Store>
__global__ void __launch_bounds__(kThreadsPerBlock, kBlocksPerMultiprocessor<Store>) mrg32k3a_kernel(arithmetic::Mrg32k3aWords start, Store store,
                                                                   std::uint64_t count, std::uint32_t rounds,
                                                                   std::uint64_t chunks, arithmetic::Mrg32k3aJump stride) {
  __shared__ __align__(16) std::uint32_t tiles[kWarpsPerBlock][32][kRowWords];
  auto& tile = tiles[threadIdx.x / 32];
  const std::uint64_t chunk = 32ull * rounds;
  const std::uint64_t lanes = std::uint64_t{gridDim.x} * blockDim.x;
  LaneRun<State> r = start_run<base, State>(start, chunk, count);
  const bool aligned = store.aligned();
  for (std::uint64_t c = 0; c < chunks && r.warp_first * chunk < count; ++c, r.warp_first += lanes) {
    if (c != 0) {
      arithmetic::Mrg32k3aWords w = words_of(r.state);
      arithmetic::apply(stride, w);
      set(r.state, w);
    }
    if (aligned && (r.warp_first + 32) * chunk <= count) whole_warp(r, tile, store, chunk, rounds);
    else checked_warp(r, tile, store, chunk, rounds, count);
  }
}

template <class Store>
using Kernel = void (*)(arithmetic::Mrg32k3aWords, Store, std::uint64_t, std::uint32_t, std::uint64_t,
                        arithmetic::Mrg32k3aJump);

Kernel<WordStore> kernel_for(JumpBase base, Mrg32k3aArithmetic arithmetic) {
  const bool mixed = arithmetic == Mrg32k3aArithmetic::mixed;
  if (base == JumpBase::base2)
    return mixed ? mrg32k3a_kernel<JumpBase::base2, arithmetic::Mrg32k3aMixed, WordStore>
                 : mrg32k3a_kernel<JumpBase::base2, arithmetic::Mrg32k3aWords, WordStore>;
  return mixed ? mrg32k3a_kernel<JumpBase::base8, arithmetic::Mrg32k3aMixed, WordStore>
               : mrg32k3a_kernel<JumpBase::base8, arithmetic::Mrg32k3aWords, WordStore>;
}

// The default geometry for `kernel`: as many lanes as the device holds at once with it.
template <class Store>
RunGeometry geometry_of(Kernel<Store> kernel, std::uint64_t count) {
  int per_multiprocessor = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel, static_cast<int>(kThreadsPerBlock), 0),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return run_geometry(count, multiprocessors(), kChunkRounds,
                      static_cast<std::uint64_t>(std::max(per_multiprocessor, 1)) * kThreadsPerBlock);
}

// Uploads both tables to the current device once.
void upload_tables() {
  static std::mutex mutex;
  static std::vector<int> done;  // device ordinals
  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  const std::lock_guard lock(mutex);
  for (int d : done)
    if (d == device) return;
  const auto base2 = mrg32k3a_jump_table(JumpBase::base2);
  const auto base8 = mrg32k3a_jump_table(JumpBase::base8);
  check(cudaMemcpyToSymbol(base2_table, base2.data(), sizeof(arithmetic::Mrg32k3aJump) * base2.size()),
        "cudaMemcpyToSymbol(base2_table)");
  check(cudaMemcpyToSymbol(base8_table, base8.data(), sizeof(arithmetic::Mrg32k3aJump) * base8.size()),
        "cudaMemcpyToSymbol(base8_table)");
  done.push_back(device);
}

}  // namespace

namespace {

template <class Store>
void launch(Kernel<Store> kernel, const mrg32k3a::State& before_first, Store store, std::uint64_t count,
            const RunGeometry& geometry, Stream stream) {
  if (count == 0) return;
  upload_tables();
  const arithmetic::Mrg32k3aWords start = arithmetic::to_words(before_first);
  const Geometry& grid = geometry.grid;
  const arithmetic::Mrg32k3aJump stride =
      arithmetic::to_words(mrg32k3a::jump_by(mrg32k3a::Steps{grid.threads() - 1} * geometry.outputs_per_chunk()));
  kernel<<<grid.blocks, grid.threads_per_block, 0, stream>>>(start, store, count, geometry.rounds, geometry.chunks,
                                                             stride);
  check_launch("mrg32k3a_kernel");
}

}  // namespace

void launch_mrg32k3a(const mrg32k3a::State& before_first, std::uint32_t* out, std::uint64_t count, RunGeometry geometry,
                     JumpBase base, Stream stream, Mrg32k3aArithmetic arithmetic) {
  launch(kernel_for(base, arithmetic), before_first, WordStore{out}, count, geometry, stream);
}

RunGeometry mrg32k3a_geometry(std::uint64_t count, JumpBase base, Mrg32k3aArithmetic arithmetic) {
  return geometry_of(kernel_for(base, arithmetic), count);
}

Generator mrg32k3a(const mrg32k3a::State& before_start, JumpBase base) {
  return {"mrg32k3a", 1, [before_start, base](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            launch_mrg32k3a(mrg32k3a::advance(before_start, first), out.data(), out.size(),
                            mrg32k3a_geometry(out.size(), base), base, stream);
          }};
}

ValueGenerator mrg32k3a_values(const mrg32k3a::State& before_start, bool curand, ValueFormat format,
                               const Distribution* distribution) {
  return {bytes_per_value(format), [before_start, curand, format, prepared = prepare_transform(distribution, format)](
                                       std::uint64_t first, std::uint64_t count, void* out, Stream stream) {
            with_value_of(Mrg32k3aFormula{curand}, format, prepared, [&](auto value) {
              using Store = ValueStore<decltype(value)>;
              if (decltype(value)::kPairs && (first % 2 != 0 || count % 2 != 0))
                throw std::logic_error("Box-Muller values on the GPU come in whole pairs");
              const Kernel<Store> kernel = mrg32k3a_kernel<JumpBase::base8, arithmetic::Mrg32k3aMixed, Store>;
              launch(kernel, mrg32k3a::advance(before_start, first),
                     Store{static_cast<typename Store::T*>(out), value}, count, geometry_of(kernel, count), stream);
            });
          }};
}

}  // namespace glrand::cuda
