// SPDX-License-Identifier: MIT
// Device-buffer and host-buffer output for any generator of the CUDA path.
#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <vector>

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

namespace {

// generate_host's buffers: two device and two pinned buffers and two streams. Pinning a few
// hundred MB takes longer than copying them, so a set is kept between calls, one per device,
// and reused by the next call that fits in it (a call running meanwhile makes its own).
struct HostOutputBuffers {
  int device = 0;
  std::size_t words = 0;
  std::array<DeviceBuffer<std::uint32_t>, 2> on_device;
  std::array<PinnedBuffer<std::uint32_t>, 2> on_host;
  std::array<StreamHandle, 2> streams;
  // generate_host_values' device values, `words` words each, made by its first call.
  std::array<DeviceBuffer<std::uint32_t>, 2> values;
  HostOutputBuffers(int device, std::size_t words)
      : device(device),
        words(words),
        on_device{DeviceBuffer<std::uint32_t>(words), DeviceBuffer<std::uint32_t>(words)},
        on_host{PinnedBuffer<std::uint32_t>(words), PinnedBuffer<std::uint32_t>(words)} {}
};

class BufferPool {
 public:
  std::unique_ptr<HostOutputBuffers> take(std::size_t words) {
    int device = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    {
      const std::lock_guard lock(mutex_);
      for (auto& kept : kept_)
        if (kept && kept->device == device && kept->words >= words) return std::move(kept);
    }
    return std::make_unique<HostOutputBuffers>(device, words);
  }
  // Keeps `buffers` for the next call unless a set as large is kept for its device already.
  void give_back(std::unique_ptr<HostOutputBuffers> buffers) {
    const std::lock_guard lock(mutex_);
    for (auto& kept : kept_)
      if (!kept || (kept->device == buffers->device && kept->words <= buffers->words)) {
        kept = std::move(buffers);
        return;
      }
    kept_.push_back(std::move(buffers));
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<HostOutputBuffers>> kept_;
};

// Never destroyed: at exit the CUDA runtime may be gone before static destructors run, and the
// process's end releases the memory anyway.
BufferPool& pool() {
  static auto* p = new BufferPool;
  return *p;
}

}  // namespace

// Chunk i is generated and copied on stream i mod 2 while the host consumes chunk i − 1.
void generate_host(const Generator& generator, std::uint64_t count,
                   const std::function<void(std::span<const std::uint32_t>)>& consume, std::uint64_t chunk_outputs,
                   std::uint32_t* destination) {
  if (count == 0) return;
  const std::uint64_t chunk = std::min(chunk_outputs, count);
  const std::size_t words = static_cast<std::size_t>(chunk) * generator.words_per_output;
  std::unique_ptr<HostOutputBuffers> buffers = pool().take(words);
  auto& device = buffers->on_device;
  auto& host = buffers->on_host;
  auto& streams = buffers->streams;
  std::array<std::size_t, 2> filled{};
  std::array<std::uint32_t*, 2> copied_to{};
  const auto finish = [&](int b) {
    check(cudaStreamSynchronize(streams[b].get()), "cudaStreamSynchronize");
    consume(std::span<const std::uint32_t>(copied_to[b], filled[b]));
  };
  std::uint64_t index = 0;
  for (std::uint64_t first = 0; first < count; first += chunk, ++index) {
    const int b = static_cast<int>(index % 2);
    const std::uint64_t n = std::min(chunk, count - first);
    filled[b] = static_cast<std::size_t>(n) * generator.words_per_output;
    copied_to[b] = destination ? destination + first * generator.words_per_output : host[b].data();
    generator.fill(first, device[b].span().first(filled[b]), streams[b].get());
    check(cudaMemcpyAsync(copied_to[b], device[b].data(), filled[b] * sizeof(std::uint32_t), cudaMemcpyDeviceToHost,
                          streams[b].get()),
          "cudaMemcpyAsync");
    if (index > 0) finish(1 - b);
  }
  finish(static_cast<int>((index - 1) % 2));
  // Kept only after a clean run: an exception (a failed call, or one from `consume`) drops
  // the set, whose streams may still hold work.
  pool().give_back(std::move(buffers));
}

// As generate_host, with the conversion on each chunk's stream before the copy.
void generate_host_values(const Generator& generator, const DeviceConversion& conversion, std::uint64_t count,
                          const std::function<void(std::span<const std::byte>)>& consume,
                          std::uint64_t chunk_outputs, std::byte* destination) {
  if (count == 0) return;
  const std::uint64_t chunk = std::min(chunk_outputs, count);
  const std::size_t value_words = (static_cast<std::size_t>(chunk) * conversion.bytes_per_output + 3) / 4;
  const std::size_t words = std::max(static_cast<std::size_t>(chunk) * generator.words_per_output, value_words);
  std::unique_ptr<HostOutputBuffers> buffers = pool().take(words);
  for (auto& v : buffers->values)
    if (v.size() < buffers->words) v = DeviceBuffer<std::uint32_t>(buffers->words);
  auto& streams = buffers->streams;
  std::array<std::size_t, 2> filled{};  // bytes
  std::array<std::byte*, 2> copied_to{};
  const auto finish = [&](int b) {
    check(cudaStreamSynchronize(streams[b].get()), "cudaStreamSynchronize");
    consume(std::span<const std::byte>(copied_to[b], filled[b]));
  };
  std::uint64_t index = 0;
  for (std::uint64_t first = 0; first < count; first += chunk, ++index) {
    const int b = static_cast<int>(index % 2);
    const std::uint64_t n = std::min(chunk, count - first);
    const cudaStream_t stream = streams[b].get();
    generator.fill(first, buffers->on_device[b].span().first(static_cast<std::size_t>(n) * generator.words_per_output),
                   stream);
    conversion.launch(buffers->on_device[b].data(), n, buffers->values[b].data(), stream);
    filled[b] = static_cast<std::size_t>(n) * conversion.bytes_per_output;
    copied_to[b] = destination ? destination + first * conversion.bytes_per_output
                               : reinterpret_cast<std::byte*>(buffers->on_host[b].data());
    check(cudaMemcpyAsync(copied_to[b], buffers->values[b].data(), filled[b], cudaMemcpyDeviceToHost, stream),
          "cudaMemcpyAsync");
    if (index > 0) finish(1 - b);
  }
  finish(static_cast<int>((index - 1) % 2));
  pool().give_back(std::move(buffers));
}

bool is_pinned(const void* data, std::size_t bytes) {
  if (bytes == 0) return false;
  const auto pinned = [](const void* p) {
    cudaPointerAttributes attributes{};
    if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess) {
      cudaGetLastError();  // not an error to keep: the memory is simply not the runtime's
      return false;
    }
    return attributes.type == cudaMemoryTypeHost;
  };
  return pinned(data) && pinned(static_cast<const std::byte*>(data) + bytes - 1);
}

}  // namespace glrand::cuda
