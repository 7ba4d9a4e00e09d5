// SPDX-License-Identifier: MIT
// Device-buffer and host-buffer output for any generator of the CUDA path.
#include <algorithm>
#include <array>

#include "cuda/buffers.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {

void generate_device(const Generator& generator, std::span<std::uint32_t> out, Stream stream) {
  if (out.size() % generator.words_per_output != 0)
    throw InvalidArgument("a " + generator.name + " device buffer holds " + std::to_string(generator.words_per_output) +
                          " words per output, not " + std::to_string(out.size()) + " words");
  generator.fill(0, out, stream);
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
}

// Two device and two pinned buffers: chunk i is generated and copied on stream i mod 2
// while the host consumes chunk i − 1.
void generate_host(const Generator& generator, std::uint64_t count,
                   const std::function<void(std::span<const std::uint32_t>)>& consume, std::uint64_t chunk_outputs) {
  if (count == 0) return;
  const std::uint64_t chunk = std::min(chunk_outputs, count);
  const std::size_t words = static_cast<std::size_t>(chunk) * generator.words_per_output;
  std::array<DeviceBuffer<std::uint32_t>, 2> device{DeviceBuffer<std::uint32_t>(words), DeviceBuffer<std::uint32_t>(words)};
  std::array<PinnedBuffer<std::uint32_t>, 2> host{PinnedBuffer<std::uint32_t>(words), PinnedBuffer<std::uint32_t>(words)};
  std::array<StreamHandle, 2> streams;
  std::array<std::size_t, 2> filled{};
  const auto finish = [&](int b) {
    check(cudaStreamSynchronize(streams[b].get()), "cudaStreamSynchronize");
    consume(std::span<const std::uint32_t>(host[b].data(), filled[b]));
  };
  std::uint64_t index = 0;
  for (std::uint64_t first = 0; first < count; first += chunk, ++index) {
    const int b = static_cast<int>(index % 2);
    const std::uint64_t n = std::min(chunk, count - first);
    filled[b] = static_cast<std::size_t>(n) * generator.words_per_output;
    generator.fill(first, device[b].span().first(filled[b]), streams[b].get());
    check(cudaMemcpyAsync(host[b].data(), device[b].data(), filled[b] * sizeof(std::uint32_t), cudaMemcpyDeviceToHost,
                          streams[b].get()),
          "cudaMemcpyAsync");
    if (index > 0) finish(1 - b);
  }
  finish(static_cast<int>((index - 1) % 2));
}

}  // namespace glrand::cuda
