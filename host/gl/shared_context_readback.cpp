// SPDX-License-Identifier: MIT
#include "gl/shared_context_readback.hpp"

#include <GL/glew.h>

#include <algorithm>
#include <limits>
#include <string>

#include <glrand/error.hpp>
#include "gl/check.hpp"
#include "gl/egl_context.hpp"
#include "gl/reader_thread.hpp"
#include "gl/shader_library.hpp"

namespace glrand::gl {
namespace {

constexpr std::size_t kTexelBytes = 16;  // RGBA32UI
constexpr std::uint32_t kMostWidth = 8192;

std::uint32_t image_width() {
  GLint most = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &most);
  return std::min<std::uint32_t>(kMostWidth, static_cast<std::uint32_t>(std::max(most, 1)));
}

std::uint64_t texels_of(std::size_t bytes) { return (bytes + kTexelBytes - 1) / kTexelBytes; }

}  // namespace

bool SharedContextReadback::available(std::size_t bytes) {
  if (!GLEW_VERSION_4_5 || !PixelPackBuffer::persistent_available() || !SharedContext::possible()) return false;
  GLint most = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &most);
  const std::uint64_t width = image_width(), rows = (texels_of(bytes) + width - 1) / width;
  // A pixel read's size is a GLsizei.
  return rows <= static_cast<std::uint64_t>(most) &&
         rows * width * kTexelBytes <= static_cast<std::uint64_t>(std::numeric_limits<GLsizei>::max());
}

std::size_t SharedContextReadback::checked_bytes(std::size_t bytes, int slots) {
  if (!available(bytes)) throw DeviceError("this context cannot read passes back from a shared context");
  if (slots < 2) throw InvalidArgument("a shared-context readback needs at least 2 slots");
  return texels_of(bytes) * kTexelBytes;
}

SharedContextReadback::SharedContextReadback(std::size_t bytes, std::shared_ptr<ReaderThread> reader, int slots)
    : reader_(std::move(reader)),
      bytes_(checked_bytes(bytes, slots)),
      width_(image_width()),
      rows_(static_cast<std::uint32_t>((texels_of(bytes) + width_ - 1) / width_)),
      to_image_(Program::compute(embedded_shader("readback/words_to_image.comp"))) {
  const std::size_t image_bytes = std::size_t{width_} * rows_ * kTexelBytes;
  for (int s = 0; s < slots; ++s)
    slots_.push_back(Slot{StorageBuffer(bytes_), Texture(width_, rows_, TexelFormat{4, true}), PixelPackBuffer(image_bytes, true)});
  glFinish();  // the slots exist before the other context uses them
  // A reader whose context did not start fails here, not at the first pass.
  reader_->wait_started();
}

SharedContextReadback::~SharedContextReadback() { drain(); }

bool SharedContextReadback::broken() const {
  const std::lock_guard lock(mutex_);
  return error_ != nullptr;
}

void SharedContextReadback::read(std::uint64_t sequence, int slot, void* ready) noexcept {
  const auto fence = static_cast<GLsync>(ready);
  std::exception_ptr error;
  {
    const std::lock_guard lock(mutex_);
    error = error_;
  }
  if (!error) {
    try {
      // The GPU waits for the first context's pass; this thread only for the read's landing.
      glWaitSync(fence, 0, GL_TIMEOUT_IGNORED);
      const Slot& s = slots_[static_cast<std::size_t>(slot)];
      glBindBuffer(GL_PIXEL_PACK_BUFFER, s.host.id());
      glPixelStorei(GL_PACK_ALIGNMENT, 4);
      glGetTextureSubImage(s.image.id(), 0, 0, 0, 0, static_cast<GLsizei>(width_), static_cast<GLsizei>(rows_), 1,
                           GL_RGBA_INTEGER, GL_UNSIGNED_INT, static_cast<GLsizei>(s.host.bytes()), nullptr);
      glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
      check_errors("reading a pass back in the shared context");
      GLsync landed = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      try {
        wait_for_fence(landed);
      } catch (...) {
        glDeleteSync(landed);
        throw;
      }
      glDeleteSync(landed);
    } catch (...) {
      glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);  // the reader's context lives on for other readbacks
      error = std::current_exception();
    }
  }
  glDeleteSync(fence);  // a shared object: deleted here whether read or not
  {
    const std::lock_guard lock(mutex_);
    if (error && !error_) error_ = error;
    if (!error_) read_ = sequence + 1;
    --in_flight_;
    // Under the lock: once in_flight_ is 0 the readback may be destroyed, its condition too.
    changed_.notify_all();
  }
}

void SharedContextReadback::stage(int slot) {
  const Slot& s = slots_[static_cast<std::size_t>(slot)];
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the packer's writes, before the copy reads them
  to_image_.use();
  const std::uint64_t texels = texels_of(bytes_);
  to_image_.set_int("uTexels", static_cast<int>(texels));
  to_image_.set_int("uWidth", static_cast<int>(width_));
  s.device.bind_base(0);
  glBindImageTexture(0, s.image.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
  glDispatchCompute(static_cast<GLuint>(std::min<std::uint64_t>((texels + 255) / 256, 65535)), 1, 1);
  glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
  check_errors("queueing a pass for the shared-context readback");
  GLsync ready = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  glFlush();  // the other context's wait needs the fence on its way to the GPU
  const std::uint64_t sequence = next_sequence_++;
  {
    const std::lock_guard lock(mutex_);
    ++in_flight_;
  }
  try {
    reader_->post([this, sequence, slot, ready] { read(sequence, slot, ready); });
  } catch (...) {
    glDeleteSync(ready);
    const std::lock_guard lock(mutex_);
    --in_flight_;
    throw;
  }
}

void SharedContextReadback::wait_read(std::uint64_t sequence) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return read_ > sequence || error_; });
  if (read_ <= sequence) std::rethrow_exception(error_);
}

void SharedContextReadback::drain() noexcept {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return in_flight_ == 0; });
}

void SharedContextReadback::run(std::uint64_t passes, const Issue& issue, const Take& take) {
  {
    const std::lock_guard lock(mutex_);
    if (error_) std::rethrow_exception(error_);  // a read failed in an earlier run
  }
  const std::uint64_t first = next_sequence_;
  const auto S = static_cast<std::uint64_t>(slots_.size());
  const auto take_pass = [&](std::uint64_t k) {
    wait_read(first + k);
    const Slot& slot = slots_[k % S];
    take(k, std::span<const float>(slot.host.mapped(), bytes_ / sizeof(float)));
  };
  try {
    std::uint64_t taken = 0;
    for (std::uint64_t k = 0; k < passes; ++k) {
      issuing_ = static_cast<int>(k % S);
      struct Issued {
        int& issuing;
        ~Issued() { issuing = -1; }
      } issued{issuing_};
      issue(k);
      stage(static_cast<int>(k % S));
      // Slot (k + 1) mod S is pass k + 1 − S's: taken before it is issued again.
      for (; taken + S <= k + 1; ++taken) take_pass(taken);
    }
    for (; taken < passes; ++taken) take_pass(taken);
  } catch (...) {
    drain();
    throw;
  }
}

void SharedContextReadback::copy_from(const StorageBuffer& source, std::size_t bytes, std::size_t offset) const {
  if (issuing_ < 0) throw InvalidArgument("a readback copy is queued only while its pass is issued");
  check_copy(source, bytes, offset);
  glCopyNamedBufferSubData(source.id(), slots_[static_cast<std::size_t>(issuing_)].device.id(), 0,
                           static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes));
}

void SharedContextReadback::bind_storage(unsigned binding, std::size_t offset, std::size_t bytes) const {
  if (issuing_ < 0) throw InvalidArgument("a readback buffer is bound for a shader only while its pass is issued");
  check_range(offset, bytes);
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, slots_[static_cast<std::size_t>(issuing_)].device.id(),
                    static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes));
}

}  // namespace glrand::gl
