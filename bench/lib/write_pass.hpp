// SPDX-License-Identifier: MIT
#pragma once
// The scatter and compute ceilings' pass: the write-only stream program
// (shaders/streams/write.glsl) writing P x L outputs of `floats_per_output` floats each into a
// storage buffer, as a generator's pass writes them. Needs a current GL context.
#include <cstdint>

#include "gl/resources.hpp"
#include "stream/profile.hpp"
#include "stream/stream_program.hpp"

namespace glrand::bench {

class WritePass {
 public:
  WritePass(stream::Profile profile, std::uint64_t substreams, std::uint32_t outputs_per_substream,
            int floats_per_output);

  std::uint64_t floats() const {
    return substreams_ * outputs_per_substream_ * static_cast<std::uint64_t>(floats_per_output_);
  }
  const gl::StorageBuffer& outputs() const { return outputs_; }

  void run();

 private:
  stream::StreamProgram program_;
  std::uint64_t substreams_;
  std::uint32_t outputs_per_substream_;
  int floats_per_output_;
  gl::StorageBuffer states_, outputs_;
};

}  // namespace glrand::bench
