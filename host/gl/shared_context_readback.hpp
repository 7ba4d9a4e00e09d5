// SPDX-License-Identifier: MIT
#pragma once
// Read-back beside rendering: on one context a pass's read-back waits its turn behind the
// passes (the GPU runs a context's commands in order), so a pass and its copy to host memory
// take the sum of their times. Here each pass's bytes are gathered in device memory (the word
// packer writes them there at the memory's rate), copied into an image, and a second context
// in the same share group reads that image into host memory from its own thread: the NVIDIA
// driver runs such pixel reads on a copy engine, beside the first context's next passes (a
// buffer copy or a compute shader in the second context would wait its turn;
// docs/performance.md has the probes). A ring of slots (device buffer, image, persistently
// mapped host buffer) keeps a few passes in flight; the reader is the engine's
// gl::ReaderThread, which its readbacks of every format share.
//
// Needs a current EGL context that can be shared surfacelessly, OpenGL 4.5
// (glGetTextureSubImage) and persistent buffers: available().
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <vector>

#include "gl/pass_readback.hpp"
#include "gl/resources.hpp"

namespace glrand::gl {

class ReaderThread;

class SharedContextReadback final : public PassReadback {
 public:
  // Whether the current context can run one of passes of up to `bytes` bytes.
  static bool available(std::size_t bytes);
  // `slots` (≥ 2) slots of `bytes` bytes (rounded up to whole texels), read by `reader`:
  // while one pass is issued, up to slots − 1 are being read; two
  // overlap the reads with the passes as fully as more (docs/performance.md). Throws
  // glrand::DeviceError where the context cannot (available()) or the reader did not start.
  SharedContextReadback(std::size_t bytes, std::shared_ptr<ReaderThread> reader, int slots = 2);
  ~SharedContextReadback() override;
  SharedContextReadback(const SharedContextReadback&) = delete;
  SharedContextReadback& operator=(const SharedContextReadback&) = delete;

  std::size_t bytes() const override { return bytes_; }
  ReadbackKind kind() const override { return ReadbackKind::shared_context; }
  // The reader stopped at an error, which every run() rethrows: make a new readback.
  bool broken() const override;
  // Passes in order: issue(k) fills slot k mod S's device buffer (copy_from, bind_storage),
  // then the slot's image is written and handed to the reader; take(k) runs once the
  // reader has the pass in host memory, after issue(k + S − 1).
  void run(std::uint64_t passes, const Issue& issue, const Take& take) override;
  void copy_from(const StorageBuffer& source, std::size_t bytes, std::size_t offset = 0) const override;
  void bind_storage(unsigned binding, std::size_t offset, std::size_t bytes) const override;

 private:
  struct Slot {
    StorageBuffer device;
    Texture image;
    PixelPackBuffer host;
  };
  static std::size_t checked_bytes(std::size_t bytes, int slots);
  void stage(int slot);            // the device buffer into the image, then the reader's task
  // On the reader: the slot's image into its host buffer once `ready` (a GLsync) is
  // signalled, or after an earlier read's error only the fence deleted.
  void read(std::uint64_t sequence, int slot, void* ready) noexcept;
  void wait_read(std::uint64_t sequence);  // until the reader has `sequence` in host memory
  void drain() noexcept;           // waits out the reads in flight

  std::shared_ptr<ReaderThread> reader_;
  std::size_t bytes_;
  std::uint32_t width_, rows_;
  std::vector<Slot> slots_;
  Program to_image_;
  int issuing_ = -1;
  std::uint64_t next_sequence_ = 0;  // sequence numbers run on across run() calls

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t in_flight_ = 0;  // reads posted and not yet done
  std::uint64_t read_ = 0;       // sequences below this are in host memory
  std::exception_ptr error_;     // a read's, after which none is made
};

}  // namespace glrand::gl
