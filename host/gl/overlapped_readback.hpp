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

#include "gl/pass_readback.hpp"
#include "gl/resources.hpp"

namespace glrand::gl {

class OverlappedReadback final : public PassReadback {
 public:
  enum class Mapping { persistent, each_pass };
  // Two buffers of `bytes` bytes, the most one pass queues; persistent where available.
  explicit OverlappedReadback(std::size_t bytes);
  OverlappedReadback(std::size_t bytes, Mapping mapping);
  ~OverlappedReadback() override;
  OverlappedReadback(const OverlappedReadback&) = delete;
  OverlappedReadback& operator=(const OverlappedReadback&) = delete;
  std::size_t bytes() const override { return buffers_[0].bytes(); }
  ReadbackKind kind() const override { return ReadbackKind::one_context; }
  Mapping mapping() const { return mapping_; }

  // Passes 0 .. passes - 1 in order: issue(0), then issue(k + 1) before take(k). While
  // issue(k) runs, the pass's buffer is bound to GL_PIXEL_PACK_BUFFER: glReadPixels at byte
  // offsets, copy_from() or bind_storage() (the words cross the link once, no copy) fill it.
  // take(k) gets it mapped for reading. An exception from either leaves no buffer mapped or
  // bound and propagates.
  void run(std::uint64_t passes, const Issue& issue, const Take& take) override;

  void copy_from(const StorageBuffer& source, std::size_t bytes, std::size_t offset = 0) const override;
  void bind_storage(unsigned binding, std::size_t offset, std::size_t bytes) const override;
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
