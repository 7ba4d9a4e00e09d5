// SPDX-License-Identifier: MIT
#pragma once
// The GL side of the scatter and compute profiles: a generator's stream program
// (shaders/scatter/NAME.frag or shaders/compute/NAME.comp, around shaders/streams/NAME.glsl)
// and how a pass runs it over P substreams. Needs a current OpenGL 4.3 context.
#include <cstdint>
#include <memory>
#include <string_view>

#include "gl/resources.hpp"
#include "stream/profile.hpp"

namespace glrand::stream {

// Storage-buffer binding points of shaders/common/stream_buffers.glsl.
inline constexpr unsigned kStateBinding = 0;
inline constexpr unsigned kOutputBinding = 1;

class StreamProgram {
 public:
  // `stream`: "park_miller", "ceicg", ... or "write" (the write-rate ceiling). Throws
  // InvalidArgument for the ps30 profile, which has engines of its own.
  StreamProgram(Profile profile, std::string_view stream);

  Profile profile() const { return profile_; }
  // In use after this; set the generator's uniforms on it, then run().
  const gl::Program& use() const;
  // One pass: substream s < P writes outputs j·P + s, j < L, into the buffer bound at
  // kOutputBinding and updates its state at kStateBinding. Returns after the commands are
  // issued; a memory barrier orders them before later buffer reads and passes.
  void run(std::uint64_t substreams, std::uint32_t outputs_per_substream);
  // The same pass by `program`, a variant of this compute stream's own (one that packs its
  // outputs: gl::WordPacker::PassSource), in use, its generator's uniforms set.
  void run(const gl::Program& program, std::uint64_t substreams, std::uint32_t outputs_per_substream);

 private:
  Profile profile_;
  gl::Program program_;
  gl::VertexArray vertex_array_;                        // scatter
  std::unique_ptr<gl::EmptyFramebuffer> framebuffer_;   // scatter, sized for the last P
  std::uint64_t framebuffer_substreams_ = 0;
};

// The most bytes one shader storage block may span on this context
// (GL_MAX_SHADER_STORAGE_BLOCK_SIZE), capped at 2^31 so that float indices fit an int.
std::uint64_t max_storage_block_bytes();

}  // namespace glrand::stream
