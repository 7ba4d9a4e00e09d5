// SPDX-License-Identifier: MIT
#include "gl/upload_staging.hpp"

namespace glrand::gl {

UploadStaging::UploadStaging() : persistent_(PixelPackBuffer::persistent_available()) {}

std::span<float> UploadStaging::begin(std::size_t floats) {
  if (!persistent_) {
    host_.resize(floats);
    return host_;
  }
  if (!buffer_ || buffer_->bytes() < floats * sizeof(float)) {
    buffer_.reset();  // the old mapping first
    buffer_ = std::make_unique<PixelUnpackBuffer>(floats * sizeof(float));
  }
  buffer_->wait_until_read();  // the last call's uploads
  return {buffer_->mapped(), floats};
}

void UploadStaging::end() {
  if (buffer_) buffer_->mark_read();
}

}  // namespace glrand::gl
