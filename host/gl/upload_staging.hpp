// SPDX-License-Identifier: MIT
#pragma once
// Host floats that a call encodes and then queues uploads from, call after call (the GL engines'
// substream states). Where buffers can be persistent they are encoded straight into a mapped
// upload buffer that the GPU reads (each call first waits until the last call's uploads have
// read it), so that no copy of the driver's comes before the first pass; elsewhere into host
// memory that the driver copies from.
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "gl/resources.hpp"

namespace glrand::gl {

class UploadStaging {
 public:
  // `persistent`: whether to use an upload buffer (tests choose); by default, where the context
  // has persistent buffers.
  UploadStaging();
  explicit UploadStaging(bool persistent) : persistent_(persistent) {}

  // `floats` floats to encode into, once the last call's uploads have read them.
  std::span<float> begin(std::size_t floats);
  // The upload buffer to read from (bound as GL_PIXEL_UNPACK_BUFFER or copied on the GPU), or
  // null where the floats are in host memory.
  const PixelUnpackBuffer* buffer() const { return buffer_.get(); }
  // After the uploads from begin()'s floats are queued.
  void end();

 private:
  bool persistent_;
  std::unique_ptr<PixelUnpackBuffer> buffer_;  // made by begin() where persistent_
  std::vector<float> host_;
};

}  // namespace glrand::gl
