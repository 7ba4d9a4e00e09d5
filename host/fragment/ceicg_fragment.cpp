// SPDX-License-Identifier: MIT
#include "fragment/ceicg_fragment.hpp"

#include <GL/glew.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <glrand/error.hpp>
#include "gl/check.hpp"
#include "gl/shader_library.hpp"
#include "gl/state_guard.hpp"

namespace glrand::fragment {
namespace {

using ceicg::kComponents;

std::array<float, 4> per_component(auto value_of) {
  return {static_cast<float>(value_of(kComponents[0])), static_cast<float>(value_of(kComponents[1])),
          static_cast<float>(value_of(kComponents[2])), 1.0f};
}

}  // namespace

void set_ceicg_constants(const gl::Program& program) {
  program.set("uModulus", per_component([](const auto& c) { return c.modulus; }));
  program.set("uMultiplier", per_component([](const auto& c) { return c.multiplier; }));
  program.set("uIncrement", per_component([](const auto& c) { return c.increment; }));
  program.set("uMultiplierQ", per_component([](const auto& c) { return c.modulus / c.multiplier; }));
  program.set("uMultiplierR", per_component([](const auto& c) { return c.modulus % c.multiplier; }));
}

namespace {

// The uniforms of shaders/ceicg.frag. Every value but the reciprocals is an integer below
// 2^24, hence exact in float.
void set_uniforms(const gl::Program& program, const ceicg::Residues& start, std::uint32_t width,
                  std::uint32_t outputs_per_pixel) {
  set_ceicg_constants(program);
  program.set("uStrideQ", per_component([&](const auto& c) { return c.modulus / outputs_per_pixel; }));
  program.set("uStrideR", per_component([&](const auto& c) { return c.modulus % outputs_per_pixel; }));
  program.set("uPassStart", {static_cast<float>(start[0]), static_cast<float>(start[1]),
                             static_cast<float>(start[2]), 0.0f});
  program.set("uWidth", static_cast<float>(width));
  program.set("uOutputsPerPixel", static_cast<float>(outputs_per_pixel));
  // Float outputs only: 1/m_k correctly rounded to float (through double: m_k < 2^24).
  if (program.has_uniform("uInverseModulus"))
    program.set("uInverseModulus", per_component([](const auto& c) { return 1.0 / c.modulus; }));
}

}  // namespace

int max_texture_size() {
  GLint size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &size);
  return size;
}

void check_target_size(TargetSize size, int max_size) {
  const std::string text = std::to_string(size.width) + "x" + std::to_string(size.height);
  if (size.width == 0 || size.height == 0) throw InvalidArgument("texture size " + text + " is empty");
  if (size.width > static_cast<std::uint32_t>(max_size) || size.height > static_cast<std::uint32_t>(max_size))
    throw InvalidArgument("texture size " + text + " exceeds this device's limit of " + std::to_string(max_size) +
                          " per side");
  if (std::uint64_t{size.width} * size.height > kMaxPixelsPerPass)
    throw InvalidArgument("texture size " + text + " has more than 2^24 = 16777216 pixels, the most a float pixel "
                          "index can count exactly (4096x4096 is the largest square)");
}

CeicgFragment::CeicgFragment(TargetSize size)
    : size_((check_target_size(size, max_texture_size()), size)),
      program_(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader("ceicg.frag"),
               {{"CEICG_FLOAT_TARGETS", "0"}}),
      targets_{gl::Texture(size.width, size.height), gl::Texture(size.width, size.height),
               gl::Texture(size.width, size.height)} {
  const gl::StateGuard guard;
  const std::array<unsigned, 3> ids{targets_[0].id(), targets_[1].id(), targets_[2].id()};
  framebuffer_ = std::make_unique<gl::Framebuffer>(ids);
}

void CeicgFragment::render_pass(const ceicg::Residues& start, std::uint32_t rows) {
  const gl::StateGuard guard;
  render(start, rows);
}

void CeicgFragment::render(const ceicg::Residues& start, std::uint32_t rows) {
  framebuffer_->bind();
  program_.use();
  vertex_array_.bind();
  set_uniforms(program_, start, size_.width, 4);
  gl::draw_fullscreen(size_.width, rows);
  gl::check_errors("rendering a CEICG pass");
}

namespace {

// Checks and interleaves three planes of floats (component k of output i at planes[k][i])
// into words (x1, x2, x3) per output, on all cores: at 10^8 outputs per second and more,
// this is the host's share of the work.
void planes_to_words(const std::array<const float*, 3>& planes, std::uint64_t count, std::span<std::uint32_t> out) {
  const unsigned threads =
      static_cast<unsigned>(std::min<std::uint64_t>(std::max(1u, std::thread::hardware_concurrency()), count / 65536 + 1));
  struct Fault {
    int component;
    float value;
  };
  std::vector<std::optional<Fault>> faults(threads);
  auto convert = [&](unsigned t) {
    const std::uint64_t begin = count * t / threads, end = count * (t + 1) / threads;
    for (int k = 0; k < 3; ++k) {
      const float modulus = static_cast<float>(kComponents[k].modulus);
      const float* plane = planes[k];
      for (std::uint64_t i = begin; i < end; ++i) {
        const float v = plane[i];
        // Exact arithmetic yields integers in [0, m_k); anything else means the GPU's float
        // arithmetic broke the algorithm's assumptions, and the numbers must not be used.
        if (!(v >= 0.0f && v < modulus && v == std::floor(v))) {
          faults[t] = Fault{k, v};
          return;
        }
        out[3 * i + k] = static_cast<std::uint32_t>(v);
      }
    }
  };
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 1; t < threads; ++t) workers.emplace_back(convert, t);
    convert(0);
  }
  for (const auto& fault : faults)
    if (fault)
      throw DeviceError("the GPU computed CEICG component " + std::to_string(fault->component + 1) + " as " +
                        std::to_string(fault->value) + ", not an integer in [0, " +
                        std::to_string(kComponents[fault->component].modulus) +
                        "): its float arithmetic is not exact enough for glrand");
}

}  // namespace

void CeicgFragment::read_pass(std::uint32_t rows, std::uint64_t count, std::span<std::uint32_t> out) {
  const std::size_t plane = std::size_t{4} * size_.width * rows;
  staging_.resize(3 * plane);
  const gl::StateGuard guard;
  framebuffer_->bind();
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  for (int k = 0; k < 3; ++k) {
    glReadBuffer(GL_COLOR_ATTACHMENT0 + k);
    glReadPixels(0, 0, static_cast<GLsizei>(size_.width), static_cast<GLsizei>(rows), GL_RGBA, GL_FLOAT,
                 staging_.data() + k * plane);
  }
  gl::check_errors("reading back a CEICG pass");
  planes_to_words({staging_.data(), staging_.data() + plane, staging_.data() + 2 * plane}, count, out);
}

ceicg::Residues CeicgFragment::generate_ints(ceicg::Residues start, std::uint64_t count,
                                             const IntegerConsumer& consume) {
  const std::size_t plane = std::size_t{4} * size_.width * size_.height;  // floats
  if (!readback_) readback_ = std::make_unique<gl::OverlappedReadback>(3 * plane * sizeof(float));
  const std::uint64_t per_pass = outputs_per_pass(), per_row = 4ull * size_.width;
  const auto outputs_of = [&](std::uint64_t pass) { return std::min(count - pass * per_pass, per_pass); };
  std::vector<std::uint32_t> chunk;
  const gl::StateGuard guard;
  readback_->run(
      (count + per_pass - 1) / per_pass,
      [&](std::uint64_t pass) {
        const std::uint64_t outputs = outputs_of(pass);
        const auto rows = static_cast<std::uint32_t>((outputs + per_row - 1) / per_row);
        render(start, rows);
        for (int k = 0; k < 3; ++k) {
          glReadBuffer(GL_COLOR_ATTACHMENT0 + k);
          glReadPixels(0, 0, static_cast<GLsizei>(size_.width), static_cast<GLsizei>(rows), GL_RGBA, GL_FLOAT,
                       reinterpret_cast<void*>(k * plane * sizeof(float)));
        }
        gl::check_errors("queueing the readback of a CEICG pass");
        start = ceicg::advanced_by(start, outputs);
      },
      [&](std::uint64_t pass, std::span<const float> floats) {
        chunk.resize(3 * outputs_of(pass));
        planes_to_words({floats.data(), floats.data() + plane, floats.data() + 2 * plane}, outputs_of(pass), chunk);
        consume(chunk);
      });
  return start;
}

gl::TexelFormat check_texture(unsigned texture, std::uint32_t width, std::uint32_t height) {
  if (!glIsTexture(texture)) throw InvalidArgument("GL name " + std::to_string(texture) + " is not a texture");
  GLint format = 0, w = 0, h = 0, previous = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous);
  glBindTexture(GL_TEXTURE_2D, texture);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &h);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previous));
  gl::check_errors("inspecting texture " + std::to_string(texture));
  std::optional<gl::TexelFormat> found;
  for (const bool words : {false, true})
    for (const std::uint32_t channels : {4u, 2u, 1u})
      if (static_cast<GLint>(gl::TexelFormat{channels, words}.gl_format()) == format)
        found = gl::TexelFormat{channels, words};
  if (!found)
    throw InvalidArgument("texture " + std::to_string(texture) +
                          " is not GL_RGBA32F, GL_RG32F or GL_R32F (the float render targets glrand fills), nor "
                          "GL_RGBA32UI, GL_RG32UI or GL_R32UI (the words the compute profile writes)");
  if (static_cast<std::uint32_t>(w) != width || static_cast<std::uint32_t>(h) != height)
    throw InvalidArgument("texture " + std::to_string(texture) + " is " + std::to_string(w) + "x" + std::to_string(h) +
                          ", not " + std::to_string(width) + "x" + std::to_string(height));
  return *found;
}

gl::TexelFormat check_textures(std::span<const unsigned> textures, std::uint32_t width, std::uint32_t height) {
  std::optional<gl::TexelFormat> shared;
  for (const unsigned t : textures) {
    const gl::TexelFormat format = check_texture(t, width, height);
    if (shared && format != *shared)
      throw InvalidArgument("the textures of one fill share one format: texture " + std::to_string(t) + " is " +
                            format.name() + ", texture " + std::to_string(textures[0]) + " " + shared->name());
    shared = format;
  }
  if (!shared) throw InvalidArgument("a texture fill writes 1 to 4 textures, not 0");
  return *shared;
}

void check_image_texture(unsigned texture) {
  GLint previous = 0, filter = 0, immutable = 0, base = 0, most = 0, next_width = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous);
  glBindTexture(GL_TEXTURE_2D, texture);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &filter);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, &base);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &most);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, base + 1, GL_TEXTURE_WIDTH, &next_width);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previous));
  gl::check_errors("inspecting texture " + std::to_string(texture));
  const bool mipmapped = filter != GL_NEAREST && filter != GL_LINEAR;
  if (mipmapped && !immutable && most > base && next_width == 0)
    throw InvalidArgument("texture " + std::to_string(texture) +
                          " uses mipmaps in its minifying filter but has only its base level: the compute profile "
                          "writes it as an image, which needs a complete texture (set GL_TEXTURE_MIN_FILTER to "
                          "GL_NEAREST or GL_LINEAR, or give it its levels)");
}

namespace {

// The most textures per pass (1..wanted) whose float variant fits the instruction budget.
std::uint32_t textures_per_pass(std::uint32_t wanted) {
  for (std::uint32_t n = wanted; n > 1; --n) {
    const int count = gl::instruction_count("ceicg.frag", {{"CEICG_FLOAT_TARGETS", std::to_string(n)}});
    if (count >= 0 && count <= gl::kPs30InstructionSlots) return n;
  }
  return 1;
}

}  // namespace

CeicgTextureFiller::CeicgTextureFiller(std::uint32_t textures, bool compute)
    : textures_((textures < 1 || textures > 4)
                    ? throw InvalidArgument("a CEICG texture fill writes 1 to 4 textures, not " + std::to_string(textures))
                    : textures),
      per_pass_(compute ? textures_ : textures_per_pass(textures_)),
      compute_profile_(compute) {
  if (compute) return;  // a program per format, on its first fill
  for (std::uint32_t done = 0; done < textures_; done += per_pass_) {
    const std::uint32_t n = std::min(per_pass_, textures_ - done);
    if (!programs_.contains(n))
      programs_.emplace(n, gl::Program(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader("ceicg.frag"),
                                       {{"CEICG_FLOAT_TARGETS", std::to_string(n)}}));
  }
}

ceicg::Residues CeicgTextureFiller::fill(const ceicg::Residues& start, std::span<const unsigned> textures,
                                         std::uint32_t width, std::uint32_t height) {
  if (textures.size() != textures_)
    throw InvalidArgument("this filler writes " + std::to_string(textures_) + " texture(s), " +
                          std::to_string(textures.size()) + " given");
  check_target_size({width, height}, max_texture_size());
  const gl::TexelFormat format = check_textures(textures, width, height);
  const std::uint32_t per_texture = format.outputs_per_texel(3, "ceicg", compute_profile_);  // outputs a texel
  if (compute_profile_)
    for (unsigned t : textures) check_image_texture(t);
  const std::uint32_t per_texel = per_texture * textures_;
  const std::uint64_t outputs = std::uint64_t{per_texel} * width * height;
  if (compute_profile_) {
    auto program = compute_.find(format);
    if (program == compute_.end())
      program = compute_
                    .emplace(format, gl::Program::compute(gl::embedded_shader("compute/ceicg_texture.comp"),
                                                       {{"CHANNELS", std::to_string(format.channels)},
                                                        {"TEXTURE_WORDS", format.words ? "1" : "0"}}))
                    .first;
    const gl::StateGuard guard;
    const gl::Program& compute = program->second;
    compute.use();
    set_uniforms(compute, start, width, per_texel);
    compute.set_int("uTextures", static_cast<int>(textures_));
    glUniform2i(glGetUniformLocation(compute.id(), "uSize"), static_cast<GLint>(width), static_cast<GLint>(height));
    for (std::uint32_t t = 0; t < textures_; ++t)
      glBindImageTexture(t, textures[t], 0, GL_FALSE, 0, GL_WRITE_ONLY, format.gl_format());
    glDispatchCompute((width + 7) / 8, (height + 7) / 8, 1);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);  // the caller may use the textures in any way next
    gl::check_errors("filling textures with CEICG outputs in the compute profile");
    return ceicg::advanced_by(start, outputs);
  }
  const gl::StateGuard guard;
  for (std::uint32_t done = 0; done < textures_; done += per_pass_) {
    const std::uint32_t n = std::min(per_pass_, textures_ - done);
    gl::Framebuffer framebuffer(textures.subspan(done, n));
    const gl::Program& program = programs_.at(n);
    program.use();
    vertex_array_.bind();
    set_uniforms(program, start, width, per_texel);
    program.set("uFirstOutput", static_cast<float>(per_texture * done));
    if (n > 1)
      program.set("uTargetOffsets", std::array<float, 3>{static_cast<float>(per_texture), static_cast<float>(2 * per_texture),
                                                         static_cast<float>(3 * per_texture)});
    gl::draw_fullscreen(width, height);
  }
  gl::check_errors("filling textures with CEICG floats");
  return ceicg::advanced_by(start, outputs);
}

}  // namespace glrand::fragment
