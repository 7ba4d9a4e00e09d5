// SPDX-License-Identifier: MIT
#include "stream/stream_program.hpp"

#include <GL/glew.h>

#include <algorithm>
#include <string>

#include <glrand/error.hpp>
#include "gl/check.hpp"
#include "gl/shader_library.hpp"

namespace glrand::stream {
namespace {

constexpr std::uint32_t kScatterWidth = 4096;   // pixels per row of a scatter pass
constexpr std::uint64_t kComputeGroupSize = 64;  // local_size_x of shaders/compute/main.glsl

gl::Program build(Profile profile, std::string_view stream) {
  const std::string name(stream);
  switch (profile) {
    case Profile::scatter:
      return gl::Program(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader("scatter/" + name + ".frag"));
    case Profile::compute:
      return gl::Program::compute(gl::embedded_shader("compute/" + name + ".comp"));
    case Profile::ps30: break;
  }
  throw InvalidArgument("the ps30 profile has no stream programs: its passes write render targets");
}

}  // namespace

StreamProgram::StreamProgram(Profile profile, std::string_view stream)
    : profile_(profile), program_(build(profile, stream)) {}

const gl::Program& StreamProgram::use() const {
  program_.use();
  return program_;
}

void StreamProgram::run(std::uint64_t substreams, std::uint32_t outputs_per_substream) {
  run(program_, substreams, outputs_per_substream);
}

void StreamProgram::run(const gl::Program& program, std::uint64_t substreams, std::uint32_t outputs_per_substream) {
  if (&program != &program_ && profile_ != Profile::compute)
    throw InvalidArgument("only a compute pass runs by another program of its stream");
  program.use();
  program.set_int("uSubstreams", static_cast<int>(substreams));
  program.set_int("uOutputsPerSubstream", static_cast<int>(outputs_per_substream));
  if (profile_ == Profile::scatter) {
    const std::uint32_t width = static_cast<std::uint32_t>(std::min<std::uint64_t>(substreams, kScatterWidth));
    const std::uint32_t height = static_cast<std::uint32_t>((substreams + width - 1) / width);
    if (substreams != framebuffer_substreams_) {
      framebuffer_ = std::make_unique<gl::EmptyFramebuffer>(width, height);
      framebuffer_substreams_ = substreams;
    }
    framebuffer_->bind();
    vertex_array_.bind();
    program.set_int("uWidth", static_cast<int>(width));
    gl::draw_fullscreen(width, height);
  } else {
    GLint most_x = 0;
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &most_x);
    const std::uint64_t groups = (substreams + kComputeGroupSize - 1) / kComputeGroupSize;
    const std::uint64_t x = std::min<std::uint64_t>(groups, static_cast<std::uint64_t>(most_x));
    glDispatchCompute(static_cast<GLuint>(x), static_cast<GLuint>((groups + x - 1) / x), 1);
  }
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
  gl::check_errors(std::string("running a ") + name_of(profile_) + " pass");
}

std::uint64_t max_storage_block_bytes() {
  GLint64 bytes = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &bytes);
  return std::min<std::uint64_t>(static_cast<std::uint64_t>(bytes), 1ull << 31);
}

}  // namespace glrand::stream
