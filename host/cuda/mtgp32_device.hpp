// SPDX-License-Identifier: MIT
#pragma once
// An MTGP32 plan's parameter sets and start states in device memory (CUDA sources only), so
// that the kernel runs on them alone, as often as wanted: launch_mtgp32, bench_cuda (the
// host's jumps outside the timing) and the GPU tests.
#include <algorithm>
#include <utility>

#include "cuda/buffers.hpp"
#include "cuda/mtgp32_kernel.hpp"

namespace glrand::cuda {

class Mtgp32DevicePlan {
 public:
  // Copies to the device on `stream` (from pageable memory: `plan` may go when this returns).
  explicit Mtgp32DevicePlan(Mtgp32Plan plan, Stream stream = nullptr)
      : plan_(std::move(plan)),
        sets_(std::max<std::size_t>(plan_.sets.size(), 1)),
        states_(std::max<std::size_t>(plan_.states.size(), 1)) {
    check(cudaMemcpyAsync(sets_.data(), plan_.sets.data(), plan_.sets.size() * sizeof(Mtgp32KernelSet),
                          cudaMemcpyHostToDevice, stream),
          "cudaMemcpyAsync");
    check(cudaMemcpyAsync(states_.data(), plan_.states.data(), plan_.states.size() * sizeof(std::uint32_t),
                          cudaMemcpyHostToDevice, stream),
          "cudaMemcpyAsync");
  }

  const Mtgp32Layout& layout() const { return plan_.layout; }

  // The plan's outputs into device memory `out` (layout().count words), asynchronously.
  void launch(std::uint32_t* out, Stream stream) const {
    launch_mtgp32_blocks(sets_.data(), states_.data(), plan_.layout, out, stream);
  }

 private:
  Mtgp32Plan plan_;
  DeviceBuffer<Mtgp32KernelSet> sets_;
  DeviceBuffer<std::uint32_t> states_;
};

}  // namespace glrand::cuda
