// SPDX-License-Identifier: MIT
// The MT19937 kernel (host/cuda/mt19937_kernel.cu) on a GPU against the CPU reference:
// 10^7 outputs of seed 5489 and several offsets, block counts and block sizes, bit for bit.
// Without a usable CUDA device it prints the reason and exits 77, which CTest reports as
// skipped (SKIP_RETURN_CODE). Standalone (no Catch2, no GL) so it runs on a bare GPU machine.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <vector>

#include "cuda/mt19937_kernel.hpp"
#include "generators/mt19937.hpp"
#include "kat/kat.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;

namespace {

int failures = 0;

void compare(const char* what, std::uint32_t seed, std::uint64_t offset, std::uint64_t count,
             cuda::Mt19937Launch launch) {
  std::vector<std::uint32_t> expected(count), got(count);
  mt19937::State s = mt19937::state_at(seed, offset);
  mt19937::generate_ints(s, expected);
  std::uint32_t* device = nullptr;
  if (cudaMalloc(&device, count * sizeof(std::uint32_t) + 4) != cudaSuccess) {
    std::printf("FAIL %s: cudaMalloc\n", what);
    ++failures;
    return;
  }
  cuda::generate_mt19937_on_device(seed, offset, count, device, launch);
  cudaMemcpy(got.data(), device, count * sizeof(std::uint32_t), cudaMemcpyDeviceToHost);
  cudaFree(device);
  std::uint64_t bad = 0, first_bad = count;
  for (std::uint64_t i = 0; i < count; ++i)
    if (got[i] != expected[i]) {
      if (bad++ == 0) first_bad = i;
    }
  if (bad == 0) {
    std::printf("ok   %s: seed %u, outputs %llu..%llu, kernel %s, segments %u (0: default), threads %u\n", what, seed,
                static_cast<unsigned long long>(offset), static_cast<unsigned long long>(offset + count - 1),
                launch.kernel == cuda::Mt19937Kernel::warps ? "warps" : "blocks", launch.segments,
                launch.threads_per_block);
  } else {
    std::printf("FAIL %s: %llu of %llu outputs differ, first at %llu (GPU %u, CPU %u)\n", what,
                static_cast<unsigned long long>(bad), static_cast<unsigned long long>(count),
                static_cast<unsigned long long>(first_bad), got[first_bad], expected[first_bad]);
    ++failures;
  }
}

}  // namespace

int main() {
  int devices = 0;
  const cudaError_t status = cudaGetDeviceCount(&devices);
  if (status != cudaSuccess || devices == 0) {
    std::printf("skipped: no CUDA device (%s)\n", status != cudaSuccess ? cudaGetErrorString(status) : "none found");
    return 77;
  }
  try {
    compare("10^7 from seed 5489", 5489, 0, 10000000, {});
    std::vector<std::uint32_t> first(10000);
    {
      std::uint32_t* device = nullptr;
      cudaMalloc(&device, first.size() * sizeof(std::uint32_t));
      cuda::generate_mt19937_on_device(5489, 0, first.size(), device);
      cudaMemcpy(first.data(), device, first.size() * sizeof(std::uint32_t), cudaMemcpyDeviceToHost);
      cudaFree(device);
      const kat::File& published = kat::load("mt19937");  // seed 5489: the first and the 10000th
      const bool ok = first[0] == published.one("seed=5489 output=0").u32("word") &&
                      first[9999] == published.one("seed=5489 output=9999").u32("word");
      std::printf("%s published values: first %u, 10000th %u\n", ok ? "ok  " : "FAIL", first[0], first[9999]);
      if (!ok) ++failures;
    }
    compare("224 threads", 1, 12345, 1000000, {cuda::Mt19937Kernel::blocks, 37, 224});
    compare("256 threads", 3, 777, 1000000, {cuda::Mt19937Kernel::blocks, 41, 256});
    for (const auto kernel : {cuda::Mt19937Kernel::warps, cuda::Mt19937Kernel::blocks}) {
      compare("10^7, one wave", 5489, 0, 10000000, {kernel});
      compare("one segment", 5489, 0, 100000, {kernel, 1});
      compare("offset a multiple of 624", 2, 624 * 1000, 1000000, {kernel, 64});
      compare("unaligned offset, many segments", 1234, 1000003, 1000017, {kernel, 333});
      compare("short run inside one segment", 7, 100, 300, {kernel});
      compare("large offset", 42, 1ull << 40, 3000001, {kernel, 4000});
    }
  } catch (const std::exception& e) {
    std::printf("FAIL: %s\n", e.what());
    return 1;
  }
  std::printf("%s\n", failures == 0 ? "all passed" : "FAILED");
  return failures == 0 ? 0 : 1;
}
