// SPDX-License-Identifier: MIT
// glrand view: a window showing a random texture, regenerated every frame on the GPU with no
// readback, the graphics programmer's use. With --distribution each frame shows the next
// distribution values instead: with --distribution-on gpu made in the texture fill's shader
// and drawn by a picture pass, with no readback; else made on the host (the CPU reference's
// integers, the same bits as every path gives) and uploaded.
#include <GL/glew.h>

#include <array>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include <glrand/error.hpp>
#include <glrand/generator.hpp>
#include <glrand/texture.hpp>

#include "cli/commands.hpp"
#include "cli/distribution_options.hpp"
#include "cli/float_texture.hpp"
#include "cli/options.hpp"
#include "cli/picture.hpp"
#include "fragment/distribution_pass.hpp"
#include "gl/glfw_window.hpp"
#include "gl/resources.hpp"
#include "gl/shader_library.hpp"
#include "output/png_writer.hpp"

namespace glrand::cli {
namespace {

struct ViewOptions {
  SourceOptions source;
  DistributionOptions distribution;
  std::vector<double> display_range;  // empty: the distribution's own (display_range())
  std::string size = "512x512";
  std::string frames = "0";
  std::string screenshot;
};

std::vector<std::uint8_t> read_screen(TargetSize size) {
  std::vector<std::uint8_t> rgb(std::size_t{3} * size.width * size.height);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, static_cast<GLsizei>(size.width), static_cast<GLsizei>(size.height), GL_RGB, GL_UNSIGNED_BYTE,
               rgb.data());
  if (glGetError() != GL_NO_ERROR) throw DeviceError("cannot read the window for a screenshot");
  std::vector<std::uint8_t> top_first(rgb.size());
  const std::size_t row = std::size_t{3} * size.width;
  for (std::uint32_t y = 0; y < size.height; ++y)
    std::copy_n(rgb.begin() + y * row, row, top_first.begin() + (size.height - 1 - y) * row);
  return top_first;
}

// The values of `texture` mapped from `shown` onto [0, 1], drawn over the window.
void draw_picture(const gl::Program& picture, const gl::VertexArray& vertex_array, const FloatTexture& texture,
                  TargetSize size, std::pair<double, double> shown) {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  vertex_array.bind();
  picture.use();
  picture.set_int("uValues", 0);
  picture.set("uSize", std::array<float, 2>{static_cast<float>(size.width), static_cast<float>(size.height)});
  picture.set("uShown", std::array<float, 2>{static_cast<float>(shown.first), static_cast<float>(shown.second)});
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture.id());
  gl::draw_fullscreen(size.width, size.height);
  glBindTexture(GL_TEXTURE_2D, 0);
  if (glGetError() != GL_NO_ERROR) throw DeviceError("cannot draw the distribution's picture to the window");
}

void run_view(const ViewOptions& options, const CLI::App& command) {
  options.source.check_applicable();
  const Settings settings = options.source.settings();
  const std::optional<Distribution> distribution = options.distribution.distribution(command, options.source.path);
  const auto shown = display_range(distribution, options.display_range);
  if (options.source.device) throw InvalidArgument("--device applies to headless commands; view uses the desktop's GPU");
  if (!fills_textures(settings.algorithm, Profile::ps30))
    throw InvalidArgument("`glrand view` fills textures with the GL generators (ceicg, pm, wh, mrg32k3a), not -g " +
                          options.source.generator + "; `glrand render -g " + options.source.generator +
                          "` makes a picture of any generator");
  if (options.source.path != "gl") throw InvalidArgument("view renders with OpenGL: --path " + options.source.path + " is not available here");
  if (!fills_textures(settings.algorithm, settings.profile))
    throw InvalidArgument("`glrand view` fills textures in the ps30 and compute profiles, not -g " +
                          options.source.generator + " in " + options.source.profile + "; `glrand render --profile " +
                          options.source.profile + "` makes a picture");
  static_cast<void>(TextureFiller{settings});  // checks the settings before the window opens
  if (distribution && distribution->on == DistributionOn::gpu) fragment::check_texture_distribution(*distribution, 4);
  const auto size = parse_size(options.size, "--size");
  const std::uint64_t frames = parse_count(options.frames, "--frames");
  if (!options.screenshot.empty() && frames == 0)
    throw InvalidArgument("--screenshot needs --frames N: the picture is taken after the last frame");
  if (!options.screenshot.empty() && !options.screenshot.ends_with(".png"))
    throw InvalidArgument("--screenshot must name a .png file, not '" + options.screenshot + "'");

  // The distribution's values made on the host: the same sequence from the CPU reference.
  const bool values_on_gpu = distribution && distribution->on == DistributionOn::gpu;
  std::optional<Generator> values_source;
  std::vector<float> values;
  if (distribution && !values_on_gpu) {
    Settings cpu = settings;
    cpu.backend = Backend::cpu;
    if (cpu.algorithm == Algorithm::ceicg) cpu.ceicg_target = size;
    values_source.emplace(cpu);
    values.resize(std::size_t{4} * size.width * size.height);
  }
  gl::Window window(size.width, size.height, "glrand view: " + options.source.generator);
  // After the window: the filler's and the picture's programs go while its context is current.
  // Values made on the host are uploaded instead, so those frames need no filler.
  std::optional<TextureFiller> filler;
  if (!distribution || values_on_gpu) filler.emplace(settings);
  std::optional<gl::Program> picture;
  if (values_on_gpu) picture.emplace(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader("display_range.frag"));
  const gl::VertexArray vertex_array;
  const FloatTexture texture(size.width, size.height);
  for (std::uint64_t frame = 0; frames == 0 || frame < frames; ++frame) {
    if (window.should_close()) break;
    if (values_on_gpu) {
      filler->fill({&texture.id(), 1}, size.width, size.height, *distribution);
      draw_picture(*picture, vertex_array, texture, size, shown);
    } else if (distribution) {
      values_source->generate(std::span(values), *distribution);
      to_display_unit(values, shown);
      texture.upload(values);
      texture.blit_to_window();
    } else {
      filler->fill({&texture.id(), 1}, size.width, size.height);
      texture.blit_to_window();
    }
    if (frames != 0 && frame + 1 == frames && !options.screenshot.empty())
      output::write_png_rgb8(options.screenshot, size.width, size.height, read_screen(size));
    window.swap_buffers();
    gl::Window::poll_events();
  }
}

}  // namespace

void add_view_command(CLI::App& app) {
  auto options = std::make_shared<ViewOptions>();
  auto* command = app.add_subcommand("view", "Show a random texture in a window, regenerated every frame");
  options->source.add_to(*command);
  options->source.add_self_test_option(*command);
  options->distribution.add_to(*command, DistributionOptions::GpuValues::textures);
  add_display_range_option(*command, options->display_range);
  command->add_option("--size", options->size, "Window and texture size WIDTHxHEIGHT")->capture_default_str();
  command->add_option("--frames", options->frames, "Close after this many frames (0: when the window is closed)")
      ->capture_default_str();
  command->add_option("--screenshot", options->screenshot, "Save the last frame as a PNG file (needs --frames)");
  command->callback([options, command] { run_view(*options, *command); });
}

}  // namespace glrand::cli
