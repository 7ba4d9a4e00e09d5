// SPDX-License-Identifier: MIT
#include "gl/pass_readback.hpp"

#include <GL/glew.h>

#include <string>
#include <string_view>

#include <glrand/error.hpp>
#include "gl/context_info.hpp"
#include "gl/overlapped_readback.hpp"
#include "gl/reader_thread.hpp"
#include "gl/resources.hpp"
#include "gl/shared_context_readback.hpp"

namespace glrand::gl {

void PassReadback::check_copy(const StorageBuffer& source, std::size_t bytes, std::size_t offset) const {
  if (bytes > source.bytes() || offset > this->bytes() || bytes > this->bytes() - offset)
    throw InvalidArgument("a readback copy of " + std::to_string(bytes) + " bytes does not fit its buffers");
}

void PassReadback::check_range(std::size_t offset, std::size_t bytes) const {
  if (bytes == 0 || offset > this->bytes() || bytes > this->bytes() - offset)
    throw InvalidArgument("a readback range of " + std::to_string(bytes) + " bytes does not fit its buffers");
}

ReadbackKind resolved_readback(ReadbackKind kind, std::size_t bytes) {
  if (kind != ReadbackKind::automatic) return kind;
  return bytes >= kSharedReadbackBytes && !software_renderer() && SharedContextReadback::available(bytes)
             ? ReadbackKind::shared_context
             : ReadbackKind::one_context;
}

const char* read_description(ReadbackKind kind) {
  return kind == ReadbackKind::shared_context ? "read by a shared context" : "read on one context";
}

std::unique_ptr<PassReadback> make_pass_readback(ReadbackKind kind, std::size_t bytes,
                                                 std::shared_ptr<ReaderThread>& reader) {
  if (resolved_readback(kind, bytes) == ReadbackKind::shared_context) {
    try {
      if (!reader) reader = std::make_shared<ReaderThread>();
      return std::make_unique<SharedContextReadback>(bytes, reader);
    } catch (const DeviceError&) {
      if (reader && reader->failed()) reader.reset();  // tried afresh by the next readback made
      if (kind == ReadbackKind::shared_context) throw;
      for (int i = 0; i < 8 && glGetError() != GL_NO_ERROR; ++i) {
      }  // what the failed start left pending is not the next call's to report
    }
  }
  return std::make_unique<OverlappedReadback>(bytes);
}

}  // namespace glrand::gl
