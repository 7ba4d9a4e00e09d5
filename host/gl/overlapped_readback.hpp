// SPDX-License-Identifier: MIT
#pragma once
// Readback overlapped with the next pass (the 2006 paper's Figure 2, the pixel-buffer idiom):
// each pass's outputs are queued into one of two alternating buffers (glReadPixels into a
// pixel-pack buffer, or a copy out of a shader storage buffer), and a pass's buffer is read
// only after the next pass has been issued, so the GPU computes pass k + 1 while the host
// reads pass k. The buffers are mapped persistently where the context allows (a fence per
// pass says when its copy has landed), else mapped for each read. The one copy of this loop: the fragment and stream generators and the
// benchmarks' readback ceilings all go through it. Needs a current GL context.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "gl/resources.hpp"

namespace glrand::gl {

class OverlappedReadback {
 public:
  enum class Mapping { persistent, each_pass };
  // Two buffers of `bytes` bytes, the most one pass queues; persistent where available.
  explicit OverlappedReadback(std::size_t bytes);
  OverlappedReadback(std::size_t bytes, Mapping mapping);
  ~OverlappedReadback();
  OverlappedReadback(const OverlappedReadback&) = delete;
  OverlappedReadback& operator=(const OverlappedReadback&) = delete;
  std::size_t bytes() const { return buffers_[0].bytes(); }
  Mapping mapping() const { return mapping_; }

  // issue(k): renders pass k and queues its readback into the pass's buffer, which is bound
  // to GL_PIXEL_PACK_BUFFER meanwhile: glReadPixels at byte offsets, or copy_from().
  using Issue = std::function<void(std::uint64_t pass)>;
  // take(k, floats): pass k's buffer, mapped for reading (bytes() / 4 floats, of which the
  // pass wrote what its issue queued), called after pass k + 1 was issued.
  using Take = std::function<void(std::uint64_t pass, std::span<const float> floats)>;

  // Passes 0 .. passes - 1 in order: issue(0), then issue(k + 1) before take(k). An
  // exception from either leaves no buffer mapped or bound and propagates.
  void run(std::uint64_t passes, const Issue& issue, const Take& take);

  // Inside issue: queues a copy of the first `bytes` bytes of `source` into the pass's buffer
  // at byte `offset`.
  void copy_from(const StorageBuffer& source, std::size_t bytes, std::size_t offset = 0) const;
  // Inside issue: binds bytes [offset, offset + bytes) of the pass's buffer to shader storage
  // binding `binding`, so that a compute shader writes the read-back itself: no copy, and the
  // words cross the link once. The shader's writes must be followed by
  // glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT).
  void bind_storage(unsigned binding, std::size_t offset, std::size_t bytes) const;
  // Whether bind_storage() can place a range at byte `offset` on this context
  // (GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, OpenGL 4.3).
  static bool binds_storage_at(std::size_t offset);

 private:
  void forget_fences() noexcept;

  Mapping mapping_;
  std::array<PixelPackBuffer, 2> buffers_;
  std::array<void*, 2> fences_{};  // GLsync of each buffer's last queued pass (persistent)
  int issuing_ = -1;               // the buffer of the pass being issued, inside issue
};

}  // namespace glrand::gl
