// SPDX-License-Identifier: MIT
#include "bench/lib/sink_ceiling.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "bench/lib/write_pass.hpp"
#include "gl/overlapped_readback.hpp"

namespace glrand::bench {

namespace {
constexpr std::size_t kMemoryPiece = std::size_t{1} << 24;  // bytes
constexpr std::uint64_t kPassFloats = std::uint64_t{1} << 22;
constexpr std::uint32_t kOutputsPerSubstream = 64;
}  // namespace

MoveBytes memory_bytes() {
  auto buffer = std::make_shared<std::vector<std::byte>>(kMemoryPiece, std::byte{0x5a});
  return [buffer](std::uint64_t bytes, const TakeBytes& take) {
    for (std::uint64_t done = 0; done < bytes;) {
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(buffer->size(), bytes - done));
      take(std::span<const std::byte>(buffer->data(), n));
      done += n;
    }
  };
}

MoveBytes gl_readback_bytes(stream::Profile profile) {
  struct Ceiling {
    explicit Ceiling(stream::Profile profile)
        : pass(profile, kPassFloats / kOutputsPerSubstream, kOutputsPerSubstream, 1),
          readback(kPassFloats * sizeof(float)) {}
    WritePass pass;
    gl::OverlappedReadback readback;
  };
  auto ceiling = std::make_shared<Ceiling>(profile);
  return [ceiling](std::uint64_t bytes, const TakeBytes& take) {
    const std::uint64_t pass_bytes = ceiling->readback.bytes();
    const std::uint64_t passes = (bytes + pass_bytes - 1) / pass_bytes;
    const auto size_of = [&](std::uint64_t k) { return std::min(pass_bytes, bytes - k * pass_bytes); };
    ceiling->readback.run(
        passes,
        [&](std::uint64_t k) {
          ceiling->pass.run();
          ceiling->readback.copy_from(ceiling->pass.outputs(), static_cast<std::size_t>(size_of(k)));
        },
        [&](std::uint64_t k, std::span<const float> mapped) {
          take(std::as_bytes(mapped).first(static_cast<std::size_t>(size_of(k))));
        });
  };
}

void write_bytes(output::OutputSink& sink, std::span<const std::byte> bytes) {
  const auto as = [&]<class T>(T*) {
    if (bytes.size() % sizeof(T) != 0) throw std::logic_error("write_bytes: not a whole number of elements");
    sink.write(std::span<const T>(reinterpret_cast<const T*>(bytes.data()), bytes.size() / sizeof(T)));
  };
  switch (sink.type()) {
    case output::ElementType::u32: as(static_cast<std::uint32_t*>(nullptr)); break;
    case output::ElementType::f32: as(static_cast<float*>(nullptr)); break;
    case output::ElementType::f64: as(static_cast<double*>(nullptr)); break;
  }
}

}  // namespace glrand::bench
