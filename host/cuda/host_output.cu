// SPDX-License-Identifier: MIT
// Device-buffer and host-buffer output for any generator of the CUDA path.
#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <mutex>
#include <vector>

#include "cuda/buffers.hpp"
#include "cuda/cuda_path.hpp"

namespace glrand::cuda {

Generator from_output(Generator generator, std::uint64_t first) {
  if (first == 0) return generator;
  auto fill = std::move(generator.fill);
  generator.fill = [fill = std::move(fill), first](std::uint64_t at, std::span<std::uint32_t> out, Stream stream) {
    fill(first + at, out, stream);
  };
  return generator;
}

ValueGenerator from_output(ValueGenerator generator, std::uint64_t first) {
  if (first == 0) return generator;
  auto fill = std::move(generator.fill);
  generator.fill = [fill = std::move(fill), first](std::uint64_t at, std::uint64_t count, void* out, Stream stream) {
    fill(first + at, count, out, stream);
  };
  return generator;
}

void generate_device(const Generator& generator, std::span<std::uint32_t> out, Stream stream) {
  if (out.size() % generator.words_per_output != 0)
    throw InvalidArgument("a " + generator.name + " device buffer holds " + std::to_string(generator.words_per_output) +
                          " words per output, not " + std::to_string(out.size()) + " words");
  generator.fill(0, out, stream);
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
}

namespace {

// generate_host's buffers: two streams and, each made on first need and grown when a call
// needs more, two device buffers for the generator's words, two for a conversion's values and
// two pinned host buffers (not made when the caller's memory receives the copies). Pinning takes
// longer than copying, so a set is kept between calls, one per device, and reused by the next
// call (a call running meanwhile makes its own).
struct HostOutputBuffers {
  int device = 0;
  std::array<DeviceBuffer<std::uint32_t>, 2> on_device;
  std::array<DeviceBuffer<std::uint32_t>, 2> values;
  std::array<PinnedBuffer<std::uint32_t>, 2> on_host;
  std::array<StreamHandle, 2> streams;
  std::array<EventHandle, 2> made;  // after each stream's last chunk was made
  explicit HostOutputBuffers(int device) : device(device) {}

  template <class Buffer>
  static void at_least(std::array<Buffer, 2>& pair, std::size_t words) {
    for (auto& buffer : pair)
      if (buffer.size() < words) {
        buffer = Buffer();  // the old one freed before the larger one is made
        buffer = Buffer(words);
      }
  }
  std::size_t words() const {
    return 2 * (on_device[0].size() + values[0].size() + on_host[0].size());
  }
};

// Words that hold `outputs` outputs of `bytes_per_output` bytes.
std::size_t words_for(std::uint64_t outputs, std::size_t bytes_per_output) {
  return (static_cast<std::size_t>(outputs) * bytes_per_output + sizeof(std::uint32_t) - 1) / sizeof(std::uint32_t);
}

class BufferPool {
 public:
  std::unique_ptr<HostOutputBuffers> take() {
    int device = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    {
      const std::lock_guard lock(mutex_);
      for (auto& kept : kept_)
        if (kept && kept->device == device) return std::move(kept);
    }
    return std::make_unique<HostOutputBuffers>(device);
  }
  // Keeps `buffers` for the next call unless a set as large is kept for its device already.
  void give_back(std::unique_ptr<HostOutputBuffers> buffers) {
    const std::lock_guard lock(mutex_);
    for (auto& kept : kept_)
      if (kept && kept->device == buffers->device) {
        if (kept->words() < buffers->words()) kept = std::move(buffers);
        return;
      }
    for (auto& kept : kept_)
      if (!kept) {
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

namespace {

// The loop both host outputs share: chunk i of `chunk` outputs is made on stream b = i mod 2,
// after chunk i − 1 is made (an event of the other stream), by `make(b, first, n, stream)`,
// which returns the device memory holding its bytes, and copied into pinned buffer b (or to
// destination + first·bytes_per_output) while the host consumes chunk i − 1. The buffer set
// goes back to the pool only after a clean run: an exception (a failed call, or one from
// `consume`) drops it, whose streams may still hold work.
template <class Make>
void in_chunks(std::unique_ptr<HostOutputBuffers> buffers, std::uint64_t count, std::uint64_t chunk,
               std::size_t bytes_per_output, std::byte* destination, Make make,
               const std::function<void(std::span<const std::byte>)>& consume) {
  if (!destination)
    HostOutputBuffers::at_least(buffers->on_host, words_for(chunk, bytes_per_output));
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
    // A chunk is made after the one before it, not beside it: two chunks' kernels sharing the
    // GPU would each take twice as long, and both copies would wait for both; in turn, each
    // runs on the whole GPU while the chunk before is copied.
    if (index > 0) check(cudaStreamWaitEvent(stream, buffers->made[1 - b].get(), 0), "cudaStreamWaitEvent");
    const void* bytes = make(b, first, n, stream);
    check(cudaEventRecord(buffers->made[b].get(), stream), "cudaEventRecord");
    filled[b] = static_cast<std::size_t>(n) * bytes_per_output;
    copied_to[b] = destination ? destination + first * bytes_per_output
                               : reinterpret_cast<std::byte*>(buffers->on_host[b].data());
    check(cudaMemcpyAsync(copied_to[b], bytes, filled[b], cudaMemcpyDeviceToHost, stream), "cudaMemcpyAsync");
    if (index > 0) finish(1 - b);
  }
  finish(static_cast<int>((index - 1) % 2));
  pool().give_back(std::move(buffers));
}

}  // namespace

std::uint64_t host_chunk_outputs(std::size_t bytes_per_output) {
  return std::bit_floor(std::max<std::size_t>(kHostChunkBytes / std::max<std::size_t>(bytes_per_output, 1), 1));
}

namespace {

// A call's chunk: the one asked for, else host_chunk_outputs's; never more than `count`.
std::uint64_t chunk_of(std::uint64_t chunk_outputs, std::size_t bytes_per_output, std::uint64_t count) {
  return std::min(chunk_outputs ? chunk_outputs : host_chunk_outputs(bytes_per_output), count);
}

}  // namespace

void generate_host(const Generator& generator, std::uint64_t count,
                   const std::function<void(std::span<const std::uint32_t>)>& consume, std::uint64_t chunk_outputs,
                   std::uint32_t* destination) {
  if (count == 0) return;
  const std::size_t width = generator.words_per_output;
  const std::uint64_t chunk = chunk_of(chunk_outputs, width * sizeof(std::uint32_t), count);
  std::unique_ptr<HostOutputBuffers> buffers = pool().take();
  HostOutputBuffers::at_least(buffers->on_device, static_cast<std::size_t>(chunk) * width);
  HostOutputBuffers& set = *buffers;
  in_chunks(
      std::move(buffers), count, chunk, width * sizeof(std::uint32_t), reinterpret_cast<std::byte*>(destination),
      [&](int b, std::uint64_t first, std::uint64_t n, cudaStream_t stream) {
        generator.fill(first, set.on_device[b].span().first(static_cast<std::size_t>(n) * width), stream);
        return set.on_device[b].data();
      },
      [&](std::span<const std::byte> bytes) {
        consume(std::span<const std::uint32_t>(reinterpret_cast<const std::uint32_t*>(bytes.data()),
                                               bytes.size() / sizeof(std::uint32_t)));
      });
}

void generate_host_values(const Generator& generator, const DeviceConversion& conversion, std::uint64_t count,
                          const std::function<void(std::span<const std::byte>)>& consume,
                          std::uint64_t chunk_outputs, std::byte* destination) {
  if (count == 0) return;
  const std::uint64_t chunk = chunk_of(chunk_outputs, conversion.bytes_per_output, count);
  const std::size_t width = generator.words_per_output;
  std::unique_ptr<HostOutputBuffers> buffers = pool().take();
  HostOutputBuffers::at_least(buffers->on_device, static_cast<std::size_t>(chunk) * width);
  HostOutputBuffers::at_least(buffers->values, words_for(chunk, conversion.bytes_per_output));
  HostOutputBuffers& set = *buffers;
  in_chunks(
      std::move(buffers), count, chunk, conversion.bytes_per_output, destination,
      [&](int b, std::uint64_t first, std::uint64_t n, cudaStream_t stream) {
        generator.fill(first, set.on_device[b].span().first(static_cast<std::size_t>(n) * width), stream);
        conversion.launch(set.on_device[b].data(), n, set.values[b].data(), stream);
        return set.values[b].data();
      },
      consume);
}

void generate_host_values(const ValueGenerator& generator, std::uint64_t count,
                          const std::function<void(std::span<const std::byte>)>& consume,
                          std::uint64_t chunk_outputs, std::byte* destination) {
  if (count == 0) return;
  const std::uint64_t chunk = chunk_of(chunk_outputs, generator.bytes_per_output, count);
  std::unique_ptr<HostOutputBuffers> buffers = pool().take();
  HostOutputBuffers::at_least(buffers->on_device, words_for(chunk, generator.bytes_per_output));
  HostOutputBuffers& set = *buffers;
  in_chunks(
      std::move(buffers), count, chunk, generator.bytes_per_output, destination,
      [&](int b, std::uint64_t first, std::uint64_t n, cudaStream_t stream) {
        generator.fill(first, n, set.on_device[b].data(), stream);
        return set.on_device[b].data();
      },
      consume);
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
