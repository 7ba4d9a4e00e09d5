// SPDX-License-Identifier: MIT
// glrand view: a window showing a random texture, regenerated every frame on the GPU with no
// readback, the graphics programmer's use. With --distribution each frame shows the next
// distribution values instead, made on the host (the CPU reference's integers, the same bits
// as every path gives) and uploaded: the GL path makes no distribution values yet.
#include <GL/glew.h>

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
#include "gl/glfw_window.hpp"
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
  const auto size = parse_size(options.size, "--size");
  const std::uint64_t frames = parse_count(options.frames, "--frames");
  if (!options.screenshot.empty() && frames == 0)
    throw InvalidArgument("--screenshot needs --frames N: the picture is taken after the last frame");
  if (!options.screenshot.empty() && !options.screenshot.ends_with(".png"))
    throw InvalidArgument("--screenshot must name a .png file, not '" + options.screenshot + "'");

  // The distribution's values: the same sequence from the CPU reference.
  std::optional<Generator> values_source;
  std::vector<float> values;
  if (distribution) {
    Settings cpu = settings;
    cpu.backend = Backend::cpu;
    if (cpu.algorithm == Algorithm::ceicg) cpu.ceicg_target = size;
    values_source.emplace(cpu);
    values.resize(std::size_t{4} * size.width * size.height);
  }
  gl::Window window(size.width, size.height, "glrand view: " + options.source.generator);
  // After the window: the filler's programs go while its context is current. Distribution
  // values are uploaded instead, so those frames need none.
  std::optional<TextureFiller> filler;
  if (!distribution) filler.emplace(settings);
  const FloatTexture texture(size.width, size.height);
  for (std::uint64_t frame = 0; frames == 0 || frame < frames; ++frame) {
    if (window.should_close()) break;
    if (distribution) {
      values_source->generate(std::span(values), *distribution);
      to_display_unit(values, shown);
      texture.upload(values);
    } else {
      filler->fill({&texture.id(), 1}, size.width, size.height);
    }
    texture.blit_to_window();
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
  options->distribution.add_to(*command, false);
  add_display_range_option(*command, options->display_range);
  command->add_option("--size", options->size, "Window and texture size WIDTHxHEIGHT")->capture_default_str();
  command->add_option("--frames", options->frames, "Close after this many frames (0: when the window is closed)")
      ->capture_default_str();
  command->add_option("--screenshot", options->screenshot, "Save the last frame as a PNG file (needs --frames)");
  command->callback([options, command] { run_view(*options, *command); });
}

}  // namespace glrand::cli
