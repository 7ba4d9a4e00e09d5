// SPDX-License-Identifier: MIT
#pragma once
// A generator's resident launch for the CUDA rows of `glrand bench` (bench/lib/cuda_bench.cu,
// bench/lib/cuda_distribution_bench.cu). Include from .cu files only.
#include <cstdint>
#include <functional>
#include <string>

#include <glrand/registry.hpp>

#include "cuda/cuda_path.hpp"

namespace glrand::bench {

// The bench's instance of `algorithm` on the CUDA path (seeds as bench_cuda's).
cuda::Generator cuda_generator(Algorithm algorithm, std::uint64_t outputs);

// The resident launch of `outputs` into a device buffer. MT19937 and MTGP32 start their
// segments from states the host jumps to: those are made and uploaded here, outside the
// timing (as in bench_cuda), so the row times the kernel; the other generators' launches
// include everything they do.
struct ResidentLaunch {
  std::function<void(std::uint32_t* out)> launch;
  std::string note;
};
ResidentLaunch resident_launch(Algorithm algorithm, const cuda::Generator& g, std::uint64_t outputs,
                               int multiprocessors);

}  // namespace glrand::bench
