// SPDX-License-Identifier: MIT
#include "gl/overlapped_readback.hpp"

#include <GL/glew.h>

#include <string>

#include <glrand/error.hpp>
#include "gl/check.hpp"

namespace glrand::gl {
namespace {

// Unbinds GL_PIXEL_PACK_BUFFER on every way out, so that later glReadPixels calls write to
// host memory again.
struct PackBufferUnbinder {
  ~PackBufferUnbinder() { glBindBuffer(GL_PIXEL_PACK_BUFFER, 0); }
};

// Holds a readback buffer mapped for one take; unmaps it on every way out.
class MappedForTake {
 public:
  explicit MappedForTake(const PixelPackBuffer& buffer) : id_(buffer.id()) {
    glBindBuffer(GL_PIXEL_PACK_BUFFER, id_);
    floats_ = static_cast<const float*>(
        glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(buffer.bytes()), GL_MAP_READ_BIT));
    if (!floats_) {
      check_errors("mapping a readback buffer");
      throw DeviceError("mapping a readback buffer failed");
    }
    count_ = buffer.bytes() / sizeof(float);
  }
  ~MappedForTake() {
    glBindBuffer(GL_PIXEL_PACK_BUFFER, id_);  // take may have bound another
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
  }
  MappedForTake(const MappedForTake&) = delete;
  MappedForTake& operator=(const MappedForTake&) = delete;
  std::span<const float> floats() const { return {floats_, count_}; }

 private:
  unsigned id_;
  const float* floats_ = nullptr;
  std::size_t count_ = 0;
};

OverlappedReadback::Mapping best_mapping() {
  return PixelPackBuffer::persistent_available() ? OverlappedReadback::Mapping::persistent
                                                 : OverlappedReadback::Mapping::each_pass;
}

}  // namespace

OverlappedReadback::OverlappedReadback(std::size_t bytes) : OverlappedReadback(bytes, best_mapping()) {}

OverlappedReadback::OverlappedReadback(std::size_t bytes, Mapping mapping)
    : mapping_(mapping),
      buffers_{PixelPackBuffer(bytes, mapping == Mapping::persistent),
               PixelPackBuffer(bytes, mapping == Mapping::persistent)} {}

OverlappedReadback::~OverlappedReadback() { forget_fences(); }

void OverlappedReadback::forget_fences() noexcept {
  for (auto& fence : fences_) {
    if (fence) glDeleteSync(static_cast<GLsync>(fence));
    fence = nullptr;
  }
}

void OverlappedReadback::run(std::uint64_t passes, const Issue& issue, const Take& take) {
  const PackBufferUnbinder unbind;
  forget_fences();  // an earlier run that threw may have left some
  for (std::uint64_t k = 0; k <= passes; ++k) {
    if (k < passes) {
      glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers_[k % 2].id());
      glPixelStorei(GL_PACK_ALIGNMENT, 4);
      issuing_ = static_cast<int>(k % 2);
      struct Issued {
        int& issuing;
        ~Issued() { issuing = -1; }
      } issued{issuing_};
      issue(k);
      glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
      if (mapping_ == Mapping::persistent) {
        fences_[k % 2] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        glFlush();  // the GPU starts the pass while the host reads the last
      }
      check_errors("queueing the readback of a pass");
    }
    if (k == 0) continue;
    const PixelPackBuffer& buffer = buffers_[(k - 1) % 2];
    if (mapping_ == Mapping::persistent) {
      auto& fence = fences_[(k - 1) % 2];
      wait_for_fence(fence);
      glDeleteSync(static_cast<GLsync>(fence));
      fence = nullptr;
      take(k - 1, std::span<const float>(buffer.mapped(), buffer.bytes() / sizeof(float)));
    } else {
      const MappedForTake mapped(buffer);
      take(k - 1, mapped.floats());
    }
  }
}

void OverlappedReadback::copy_from(const StorageBuffer& source, std::size_t bytes, std::size_t offset) const {
  check_copy(source, bytes, offset);
  glBindBuffer(GL_COPY_READ_BUFFER, source.id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_PIXEL_PACK_BUFFER, 0, static_cast<GLintptr>(offset),
                      static_cast<GLsizeiptr>(bytes));
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
}

bool OverlappedReadback::binds_storage_at(std::size_t offset) {
  if (!GLEW_VERSION_4_3) return false;
  GLint alignment = 0;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  return alignment > 0 && offset % static_cast<std::size_t>(alignment) == 0;
}

void OverlappedReadback::bind_storage(unsigned binding, std::size_t offset, std::size_t bytes) const {
  if (issuing_ < 0) throw InvalidArgument("a readback buffer is bound for a shader only while its pass is issued");
  check_range(offset, bytes);
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, buffers_[issuing_].id(), static_cast<GLintptr>(offset),
                    static_cast<GLsizeiptr>(bytes));
}

}  // namespace glrand::gl
