// SPDX-License-Identifier: MIT
#pragma once
// How a generation engine reads its passes back while the GPU runs the next ones: issue(k)
// renders pass k and queues its read-back, take(k) hands the landed bytes on, in order. The
// word packer (gl::WordPacker) writes a pass's words through copy_from() and bind_storage(),
// whichever readback runs the passes: two alternating buffers on the one context
// (gl::OverlappedReadback), or a ring of buffers read by a shared context on its own thread
// (gl::SharedContextReadback).
#include <glrand/types.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>

namespace glrand::gl {

class ReaderThread;
class StorageBuffer;

// Which readback an engine runs its packed passes through (the library's setting).
using ReadbackKind = GlReadback;

class PassReadback {
 public:
  virtual ~PassReadback() = default;
  // The most bytes one pass queues.
  virtual std::size_t bytes() const = 0;
  // one_context or shared_context.
  virtual ReadbackKind kind() const = 0;
  // Whether every run() would fail (a reader thread stopped at an error): make a new one.
  virtual bool broken() const { return false; }

  using Issue = std::function<void(std::uint64_t pass)>;
  // take(k, floats): pass k's bytes in host memory (bytes() / 4 floats, of which the pass
  // wrote what its issue queued), valid during the call.
  using Take = std::function<void(std::uint64_t pass, std::span<const float> floats)>;
  // Passes 0 .. passes − 1 in order; each take(k) after issue(k), passes still in flight
  // meanwhile. An exception from either propagates once no read-back is left in flight.
  virtual void run(std::uint64_t passes, const Issue& issue, const Take& take) = 0;

  // Inside issue: queues a copy of the first `bytes` bytes of `source` into the pass's buffer
  // at byte `offset`.
  virtual void copy_from(const StorageBuffer& source, std::size_t bytes, std::size_t offset = 0) const = 0;
  // Inside issue: binds bytes [offset, offset + bytes) of the pass's buffer to shader storage
  // binding `binding`, so that a compute shader writes the read-back itself. The shader's
  // writes must be followed by glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT).
  virtual void bind_storage(unsigned binding, std::size_t offset, std::size_t bytes) const = 0;

 protected:
  // The checks of copy_from() and bind_storage(): glrand::InvalidArgument unless the copy or
  // the (non-empty) range fits a pass's buffer.
  void check_copy(const StorageBuffer& source, std::size_t bytes, std::size_t offset) const;
  void check_range(std::size_t offset, std::size_t bytes) const;
};

// The smallest passes that the automatic kind reads from a shared context: a smaller pass
// crosses the link in well under a tenth of a millisecond, and the shared context's set-up
// (its slots, its thread's start) would take hundreds of passes to pay back.
inline constexpr std::size_t kSharedReadbackBytes = std::size_t{4} << 20;

// What `kind` means for passes of up to `bytes` bytes on the current context: automatic is a
// shared context where the passes are at least kSharedReadbackBytes, the context allows one
// and runs on a GPU (on a software renderer the copy is the same cores' work either way),
// else one context.
ReadbackKind resolved_readback(ReadbackKind kind, std::size_t bytes);
// How a readback of `kind` (one_context or shared_context) reads, as the command's summary and
// the bench's rows say: "read on one context", "read by a shared context".
const char* read_description(ReadbackKind kind);
// A readback of that kind; a shared-context one is read by `reader`, which is started here
// where it is null. Throws glrand::DeviceError for shared_context where the context cannot;
// automatic falls back to one context where the shared one fails to start.
std::unique_ptr<PassReadback> make_pass_readback(ReadbackKind kind, std::size_t bytes,
                                                 std::shared_ptr<ReaderThread>& reader);

}  // namespace glrand::gl
