// SPDX-License-Identifier: MIT
// glrand render: a random texture as a PNG picture (r, g, b = three of each texel's four
// consecutive outputs). Where the GL path fills textures (glrand::TextureFiller: the GL
// generators in the ps30 profile) the shader computes the floats, as a texture fill does; every other generator,
// profile and path applies the generator's float formula to the exact integers, with the
// host's bits (glrand::Generator). With --distribution the texels are a distribution's values
// (made on the host from the exact integers, the same bits on every path, or with
// --distribution-on gpu in the texture fill's shader), shown from black to full intensity
// across --display-range.
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include <glrand/devices.hpp>
#include <glrand/error.hpp>
#include <glrand/generator.hpp>
#include <glrand/texture.hpp>

#include "cli/commands.hpp"
#include "cli/distribution_options.hpp"
#include "cli/float_texture.hpp"
#include "cli/options.hpp"
#include "cli/picture.hpp"
#include "fragment/distribution_pass.hpp"
#include "output/png_writer.hpp"
#include "output/sink.hpp"

namespace glrand::cli {
namespace {

struct RenderOptions {
  SourceOptions source;
  DistributionOptions distribution;
  std::vector<double> display_range;  // empty: the distribution's own (display_range())
  std::string size = "512x512";
  std::string output;
  bool quiet = false;
};

// A texture filled in the shader (glrand::TextureFiller) on a headless context, read back; with
// a distribution, its values made there too, mapped from `shown` onto [0, 1].
std::vector<float> texture_filled_on_gpu(const Settings& settings, TargetSize size, bool quiet,
                                         const std::optional<Distribution>& distribution = {},
                                         std::pair<double, double> shown = {0.0, 1.0}) {
  static_cast<void>(TextureFiller{settings});  // checks the settings before the device opens
  const GlContext context(settings.device, quiet ? nullptr : &std::cerr);
  TextureFiller filler(settings);  // after the context: its programs go while it is current
  const FloatTexture texture(size.width, size.height);
  if (!distribution) {
    filler.fill({&texture.id(), 1}, size.width, size.height);
    return texture.read();
  }
  filler.fill({&texture.id(), 1}, size.width, size.height, *distribution);
  std::vector<float> texels = texture.read();
  to_display_unit(texels, shown);
  return texels;
}

// Texel p, channel c = output 4p + c of any generator and path, by its float formula, or the
// distribution's value of that output, mapped from `shown` onto [0, 1].
std::vector<float> texture_from_generator(Settings settings, TargetSize size,
                                          const std::optional<Distribution>& distribution = {},
                                          std::pair<double, double> shown = {0.0, 1.0}) {
  if (settings.algorithm == Algorithm::ceicg) settings.ceicg_target = size;
  Generator generator(settings);
  std::vector<float> texels(std::size_t{4} * size.width * size.height);
  if (!distribution) {
    generator.generate(std::span(texels));
    return texels;
  }
  generator.generate(std::span(texels), *distribution);
  to_display_unit(texels, shown);
  return texels;
}

void run_render(const RenderOptions& options, const CLI::App& command) {
  const auto began = std::chrono::steady_clock::now();
  options.source.check_applicable();
  const std::optional<Distribution> distribution = options.distribution.distribution(command, options.source.path);
  const auto shown = display_range(distribution, options.display_range);
  const auto size = parse_size(options.size, "--size");
  if (!output::has_extension(options.output, ".png")) throw InvalidArgument("-o must name a .png file, not '" + options.output + "'");
  const Settings settings = options.source.settings(options.quiet ? nullptr : &std::cerr);
  const bool values_on_gpu = distribution && distribution->on == DistributionOn::gpu;
  if (values_on_gpu) {
    static_cast<void>(TextureFiller{settings});  // refuses what texture fills do not take, saying why
    fragment::check_texture_distribution(*distribution, 4);
  }
  const std::vector<float> texels =
      values_on_gpu              ? texture_filled_on_gpu(settings, size, options.quiet, distribution, shown)
      : distribution             ? texture_from_generator(settings, size, distribution, shown)
      : fills_textures(settings) ? texture_filled_on_gpu(settings, size, options.quiet)
                                 : texture_from_generator(settings, size);
  output::write_png_rgb8(options.output, size.width, size.height, rgb8_top_row_first(texels, size.width, size.height));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (!options.quiet)
    std::cerr << fmt::format("glrand: wrote '{}', {}x{} pixels ({} outputs of -g {} on --path {}{}) in {:.2f} s\n",
                             options.output, size.width, size.height, std::uint64_t{4} * size.width * size.height,
                             options.source.generator, options.source.path,
                             distribution ? fmt::format(", {} from {:g} to {:g}", describe(*distribution), shown.first,
                                                        shown.second)
                                          : std::string(),
                             seconds);
}

}  // namespace

void add_render_command(CLI::App& app) {
  auto options = std::make_shared<RenderOptions>();
  auto* command = app.add_subcommand("render", "Render a random texture and save it as a PNG picture");
  options->source.add_to(*command);
  options->source.add_self_test_option(*command);
  options->distribution.add_to(*command, DistributionOptions::GpuValues::textures);
  add_display_range_option(*command, options->display_range);
  command->add_option("--size", options->size, "Picture size WIDTHxHEIGHT (at most 2^24 pixels)")->capture_default_str();
  command->add_option("-o,--output", options->output, "PNG file to write")->required();
  command->add_flag("-q,--quiet", options->quiet, "Print nothing on success");
  command->callback([options, command] { run_render(*options, *command); });
}

}  // namespace glrand::cli
