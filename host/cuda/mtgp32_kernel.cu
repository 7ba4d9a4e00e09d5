// SPDX-License-Identifier: MIT
// MTGP32 on the CUDA path, as cuRAND's device code structures it (curand_mtgp32_kernel.h):
// one block of 256 threads per generator, its state in a 1024-word shared ring, each round
// 256 new words at once (thread t makes word k + t). Block g is cuRAND host-API generator g
// (parameter set g, seed sequence_seed(seed, g)) and writes round r's outputs to
// n = r·256·G + g·256 + t: consecutive threads, consecutive addresses (generators/mtgp32.hpp).
#include <algorithm>
#include <string>
#include <vector>

#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {
namespace {

constexpr unsigned kRing = 1024;  // a power of two ≥ 351 + 256 + 256: rounds never overlap

struct Mtgp32Set {
  std::uint32_t pos, sh1, sh2, mask;
  std::uint32_t tbl[16];
  std::uint32_t tmp_tbl[16];
};

__global__ void __launch_bounds__(mtgp32::kBlockThreads)
    mtgp32_kernel(const Mtgp32Set* sets, const std::uint32_t* states, std::uint32_t* out, std::uint64_t first,
                  std::uint64_t count, unsigned sequences) {
  __shared__ std::uint32_t ring[kRing];
  __shared__ std::uint32_t tbl[16], tmp_tbl[16];
  const unsigned g = blockIdx.x;
  const unsigned t = threadIdx.x;
  const Mtgp32Set& set = sets[g];
  if (t < 16) {
    tbl[t] = set.tbl[t];
    tmp_tbl[t] = set.tmp_tbl[t];
  }
  for (unsigned i = t; i < mtgp32::kN; i += blockDim.x) ring[i] = states[std::uint64_t{g} * mtgp32::kN + i];
  const unsigned pos = set.pos, sh1 = set.sh1, sh2 = set.sh2, mask = set.mask;
  __syncthreads();

  const std::uint64_t round = std::uint64_t{mtgp32::kBlockThreads} * sequences;
  const std::uint64_t end = first + count;
  const std::uint64_t rounds = (end + round - 1) / round;
  unsigned offset = 0;
  for (std::uint64_t r = 0; r < rounds; ++r) {
    const std::uint32_t x = mtgp32::recurrence(mask, sh1, sh2, tbl, ring[(offset + t) & (kRing - 1)],
                                               ring[(offset + t + 1) & (kRing - 1)],
                                               ring[(offset + t + pos) & (kRing - 1)]);
    const std::uint32_t v = mtgp32::temper(tmp_tbl, x, ring[(offset + t + pos - 1) & (kRing - 1)]);
    // Reads of this round lie in [offset, offset + 350], writes in [offset + 351, offset + 606]
    // (mod 1024): disjoint, so one barrier per round, before the next round reads them.
    ring[(offset + t + mtgp32::kN) & (kRing - 1)] = x;
    const std::uint64_t n = r * round + std::uint64_t{g} * mtgp32::kBlockThreads + t;
    if (n >= first && n < end) out[n - first] = v;
    offset = (offset + mtgp32::kBlockThreads) & (kRing - 1);
    __syncthreads();
  }
}

}  // namespace

void launch_mtgp32(std::uint64_t seed, std::uint64_t first, std::uint32_t* out, std::uint64_t count, Stream stream,
                   unsigned sequences) {
  if (sequences == 0 || sequences > mtgp32::kSetCount)
    throw InvalidArgument("MTGP32: the generator count must be in 1..200, not " + std::to_string(sequences));
  if (count == 0) return;
  // Host side: cuRAND's seeding (curandMakeMTGP32KernelState), one 351-word state per block.
  const auto& table = mtgp32::parameter_table();
  std::vector<Mtgp32Set> sets(sequences);
  std::vector<std::uint32_t> states(std::size_t{sequences} * mtgp32::kN);
  for (unsigned g = 0; g < sequences; ++g) {
    const mtgp32::Parameters& p = table[g];
    sets[g] = {p.pos, p.sh1, p.sh2, p.mask, {}, {}};
    for (unsigned j = 0; j < 16; ++j) {
      sets[g].tbl[j] = p.tbl[j];
      sets[g].tmp_tbl[j] = p.tmp_tbl[j];
    }
    const mtgp32::State s = mtgp32::seed_state(p, mtgp32::sequence_seed(seed, g));
    std::copy(s.x.begin(), s.x.end(), states.begin() + static_cast<std::ptrdiff_t>(std::size_t{g} * mtgp32::kN));
  }
  DeviceBuffer<Mtgp32Set> device_sets(sets.size());
  DeviceBuffer<std::uint32_t> device_states(states.size());
  check(cudaMemcpyAsync(device_sets.data(), sets.data(), sets.size() * sizeof(Mtgp32Set), cudaMemcpyHostToDevice,
                        stream),
        "cudaMemcpyAsync");
  check(cudaMemcpyAsync(device_states.data(), states.data(), states.size() * sizeof(std::uint32_t),
                        cudaMemcpyHostToDevice, stream),
        "cudaMemcpyAsync");
  // Blocks whose first output lies past the end write nothing: launch only those that write.
  const std::uint64_t blocks =
      std::min<std::uint64_t>(sequences, (first + count + mtgp32::kBlockThreads - 1) / mtgp32::kBlockThreads);
  mtgp32_kernel<<<static_cast<unsigned>(blocks), mtgp32::kBlockThreads, 0, stream>>>(
      device_sets.data(), device_states.data(), out, first, count, sequences);
  check_launch("mtgp32_kernel");
  // The host vectors and device buffers die here: wait for the copies and the kernel.
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize (mtgp32_kernel)");
}

Generator mtgp32(std::uint64_t seed) {
  return {"mtgp32", 1, [seed](std::uint64_t first, std::span<std::uint32_t> out, Stream stream) {
            launch_mtgp32(seed, first, out.data(), out.size(), stream);
          }};
}

}  // namespace glrand::cuda
