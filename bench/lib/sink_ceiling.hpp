// SPDX-License-Identifier: MIT
#pragma once
// The ceilings of `glrand bench`'s sink rows: the bytes a `glrand generate` run writes, moved
// over the same link as the row's path moves them and handed to the same sink, without
// generating. Each mover keeps its buffers from one call to the next, as a generator does.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "output/sink.hpp"
#include "stream/profile.hpp"

namespace glrand::bench {

// Takes the next piece of the bytes (a whole number of 8-byte units but for the last piece).
using TakeBytes = std::function<void(std::span<const std::byte>)>;
// Moves `bytes` bytes to `take`, piece by piece.
using MoveBytes = std::function<void(std::uint64_t bytes, const TakeBytes& take)>;

// The CPU path's link: none. Pieces of one host buffer, filled once.
MoveBytes memory_bytes();

// The GL path's link, on the current context: write-only passes of `profile`
// (shaders/streams/write.glsl, 2^22 floats a pass) read back through two alternating buffers,
// each mapped and taken while the next pass runs (gl::OverlappedReadback), as a stream
// generator's passes are read back.
MoveBytes gl_readback_bytes(stream::Profile profile);

#if GLRAND_HAVE_CUDA
// The CUDA path's link: a device buffer copied into two pinned host buffers in chunks of
// cuda::kHostChunkBytes, each taken while the next copies (as cuda::generate_host moves its chunks).
MoveBytes cuda_copied_bytes();
#endif

// Writes raw bytes into a sink of any element type (the bytes' length a whole number of its
// elements).
void write_bytes(output::OutputSink& sink, std::span<const std::byte> bytes);

}  // namespace glrand::bench
