// SPDX-License-Identifier: MIT
// The CUDA path's sink ceiling (bench/lib/sink_ceiling.hpp).
#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <memory>

#include "bench/lib/sink_ceiling.hpp"
#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::bench {

MoveBytes cuda_copied_bytes() {
  constexpr std::size_t kChunkWords = cuda::kHostChunkBytes / 4;  // as generate_host's chunks
  struct Buffers {
    cuda::DeviceBuffer<std::uint32_t> device{kChunkWords};
    std::array<cuda::PinnedBuffer<std::uint32_t>, 2> host{cuda::PinnedBuffer<std::uint32_t>(kChunkWords),
                                                          cuda::PinnedBuffer<std::uint32_t>(kChunkWords)};
    std::array<cuda::StreamHandle, 2> streams;
  };
  auto buffers = std::make_shared<Buffers>();
  cuda::check(cudaMemset(buffers->device.data(), 0x5a, kChunkWords * 4), "cudaMemset");
  return [buffers](std::uint64_t bytes, const TakeBytes& take) {
    constexpr std::uint64_t chunk = kChunkWords * 4;
    std::array<std::size_t, 2> filled{};
    const auto finish = [&](int b) {
      cuda::check(cudaStreamSynchronize(buffers->streams[b].get()), "cudaStreamSynchronize");
      take(std::as_bytes(std::span<const std::uint32_t>(buffers->host[b].data(), kChunkWords)).first(filled[b]));
    };
    std::uint64_t index = 0;
    for (std::uint64_t done = 0; done < bytes; done += chunk, ++index) {
      const int b = static_cast<int>(index % 2);
      filled[b] = static_cast<std::size_t>(std::min(chunk, bytes - done));
      cuda::check(cudaMemcpyAsync(buffers->host[b].data(), buffers->device.data(), filled[b], cudaMemcpyDeviceToHost,
                                  buffers->streams[b].get()),
                  "cudaMemcpyAsync");
      if (index > 0) finish(1 - b);
    }
    if (index > 0) finish(static_cast<int>((index - 1) % 2));
  };
}

}  // namespace glrand::bench
