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
class Mapping {
 public:
  Mapping(const PixelPackBuffer& buffer) : id_(buffer.id()) {
    glBindBuffer(GL_PIXEL_PACK_BUFFER, id_);
    floats_ = static_cast<const float*>(
        glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(buffer.bytes()), GL_MAP_READ_BIT));
    if (!floats_) {
      check_errors("mapping a readback buffer");
      throw DeviceError("mapping a readback buffer failed");
    }
    count_ = buffer.bytes() / sizeof(float);
  }
  ~Mapping() {
    glBindBuffer(GL_PIXEL_PACK_BUFFER, id_);  // take may have bound another
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
  }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;
  std::span<const float> floats() const { return {floats_, count_}; }

 private:
  unsigned id_;
  const float* floats_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace

OverlappedReadback::OverlappedReadback(std::size_t bytes) : buffers_{PixelPackBuffer(bytes), PixelPackBuffer(bytes)} {}

void OverlappedReadback::run(std::uint64_t passes, const Issue& issue, const Take& take) {
  const PackBufferUnbinder unbind;
  for (std::uint64_t k = 0; k <= passes; ++k) {
    if (k < passes) {
      glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers_[k % 2].id());
      glPixelStorei(GL_PACK_ALIGNMENT, 4);
      issue(k);
      glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
      check_errors("queueing the readback of a pass");
    }
    if (k > 0) {
      const Mapping mapping(buffers_[(k - 1) % 2]);
      take(k - 1, mapping.floats());
    }
  }
}

void OverlappedReadback::copy_from(const StorageBuffer& source, std::size_t bytes) const {
  if (bytes > source.bytes() || bytes > this->bytes())
    throw InvalidArgument("a readback copy of " + std::to_string(bytes) + " bytes does not fit its buffers");
  glBindBuffer(GL_COPY_READ_BUFFER, source.id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_PIXEL_PACK_BUFFER, 0, 0, static_cast<GLsizeiptr>(bytes));
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
}

}  // namespace glrand::gl
