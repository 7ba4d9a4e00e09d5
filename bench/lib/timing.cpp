// SPDX-License-Identifier: MIT
#include "bench/lib/timing.hpp"

#include <GL/glew.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <span>

#include "gl/check.hpp"
#include "gl/context_info.hpp"
#include "gl/overlapped_readback.hpp"
#include "gl/resources.hpp"
#include "gl/shader_library.hpp"

namespace glrand::bench {
bool software_renderer() {
  const std::string renderer = gl::query_context_info().renderer;
  return renderer.find("llvmpipe") != std::string::npos || renderer.find("softpipe") != std::string::npos;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  if (n == 0) return 0.0;
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::string clock_name() { return software_renderer() ? "wall clock" : "GPU timer"; }

double seconds_per_pass(const std::function<void(int)>& pass, int passes, int repeats) {
  pass(0);  // warm-up: compilation, allocation
  glFinish();
  const bool wall = software_renderer();
  gl::GpuTimer timer;
  std::vector<double> samples;
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    if (!wall) timer.begin();
    for (int i = 0; i < passes; ++i) pass(i);
    if (!wall) timer.end();
    glFinish();
    const double seconds =
        wall ? std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() : timer.seconds();
    samples.push_back(seconds / passes);
  }
  return median(samples);
}

namespace {

// The ceiling's pass: the trivial fill shader into `targets` RGBA32F targets of `size`.
class FillPass {
 public:
  FillPass(fragment::TargetSize size, int targets)
      : size_(size),
        textures_(make_textures(size, targets)),
        framebuffer_(ids(textures_)),
        program_(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader("fill.frag")) {}

  void draw(int i) {
    framebuffer_.bind();
    program_.use();
    vertex_array_.bind();
    program_.set("uValue", static_cast<float>(i));
    gl::draw_fullscreen(size_.width, size_.height);
  }

 private:
  static std::vector<gl::Texture> make_textures(fragment::TargetSize size, int targets) {
    std::vector<gl::Texture> textures;
    for (int t = 0; t < targets; ++t) textures.emplace_back(size.width, size.height);
    return textures;
  }
  static std::vector<unsigned> ids(const std::vector<gl::Texture>& textures) {
    std::vector<unsigned> result;
    for (const auto& t : textures) result.push_back(t.id());
    return result;
  }

  fragment::TargetSize size_;
  std::vector<gl::Texture> textures_;
  gl::Framebuffer framebuffer_;
  gl::Program program_;
  gl::VertexArray vertex_array_;
};

}  // namespace

double fill_seconds(fragment::TargetSize size, int targets, int passes, int repeats) {
  FillPass fill(size, targets);
  return seconds_per_pass([&](int i) { fill.draw(i); }, passes, repeats);
}

namespace {

// Seconds per pass on the wall clock, median over `repeats` of `passes` passes through
// `readback` after a warm-up pass: issue(k) renders pass k and queues its readback; a pass
// is taken once its bytes are in host memory, unread, as the generators' readback rows hand
// on their words unread (what a consumer does with them is the sink rows' business).
double readback_seconds(gl::OverlappedReadback& readback, const gl::OverlappedReadback::Issue& issue,
                        int passes, int repeats) {
  const auto take = [](std::uint64_t, std::span<const float>) {};
  readback.run(1, issue, take);  // warm-up
  std::vector<double> samples;
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    readback.run(static_cast<std::uint64_t>(passes), issue, take);
    samples.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / passes);
  }
  return median(samples);
}

}  // namespace

double fill_readback_seconds(fragment::TargetSize size, int targets, int passes, int repeats) {
  FillPass fill(size, targets);
  const std::size_t plane = std::size_t{4} * size.width * size.height;  // floats per target
  gl::OverlappedReadback readback(plane * targets * sizeof(float));
  const auto issue = [&](std::uint64_t pass) {
    fill.draw(static_cast<int>(pass));
    for (int t = 0; t < targets; ++t) {
      glReadBuffer(GL_COLOR_ATTACHMENT0 + t);
      glReadPixels(0, 0, static_cast<GLsizei>(size.width), static_cast<GLsizei>(size.height), GL_RGBA, GL_FLOAT,
                   reinterpret_cast<void*>(t * plane * sizeof(float)));
    }
    gl::check_errors("the fill-and-readback ceiling");
  };
  return readback_seconds(readback, issue, passes, repeats);
}

}  // namespace glrand::bench

#include "bench/lib/write_pass.hpp"

namespace glrand::bench {

double write_seconds(stream::Profile profile, std::uint64_t substreams, std::uint32_t outputs_per_substream,
                     int floats_per_output, int passes, int repeats) {
  WritePass write(profile, substreams, outputs_per_substream, floats_per_output);
  return seconds_per_pass([&](int) { write.run(); }, passes, repeats);
}

double write_readback_seconds(stream::Profile profile, std::uint64_t substreams, std::uint32_t outputs_per_substream,
                              int floats_per_output, int passes, int repeats) {
  WritePass write(profile, substreams, outputs_per_substream, floats_per_output);
  const std::size_t bytes = write.floats() * sizeof(float);
  gl::OverlappedReadback readback(bytes);
  const auto issue = [&](std::uint64_t) {
    write.run();
    readback.copy_from(write.outputs(), bytes);
  };
  return readback_seconds(readback, issue, passes, repeats);
}

}  // namespace glrand::bench
