// SPDX-License-Identifier: MIT
// glrand render: a random texture as a PNG picture (r, g, b = three of each texel's four
// consecutive outputs). CEICG in the ps30 profile computes the floats in the shader, as a
// texture fill does; every other generator and profile generates the exact integers and
// converts them on the host with the generator's float formula.
#include <GL/glew.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/picture.hpp"
#include <glrand/error.hpp>
#include "fragment/ceicg_fragment.hpp"
#include "gl/check.hpp"
#include "gl/egl_context.hpp"
#include "output/png_writer.hpp"
#include "output/sink.hpp"

namespace glrand::cli {
namespace {

struct RenderOptions {
  SourceOptions source;
  std::string size = "512x512";
  std::string output;
  bool quiet = false;
};

// Texel p, channel c = output 4p + c from `start`, as floats.
std::vector<float> texture_on_cpu(const ceicg::Residues& start, fragment::TargetSize size) {
  const std::size_t outputs = std::size_t{4} * size.width * size.height;
  std::vector<std::uint32_t> words(3 * outputs);
  ceicg::generate_ints(start, words);
  std::vector<float> texels(outputs);
  for (std::size_t i = 0; i < outputs; ++i) texels[i] = ceicg::to_f32({words[3 * i], words[3 * i + 1], words[3 * i + 2]});
  return texels;
}

std::vector<float> texture_on_gl(const ceicg::Residues& start, fragment::TargetSize size, const SourceOptions& source,
                                 bool quiet) {
  gl::HeadlessContext context(source.device, quiet ? nullptr : &std::cerr);
  source.require_self_test();
  gl::Texture texture(size.width, size.height);
  fragment::CeicgTextureFiller filler(1);
  const unsigned id = texture.id();
  filler.fill(start, {&id, 1}, size.width, size.height);
  gl::Framebuffer framebuffer({&id, 1});
  framebuffer.bind();
  std::vector<float> texels(std::size_t{4} * size.width * size.height);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glReadPixels(0, 0, static_cast<GLsizei>(size.width), static_cast<GLsizei>(size.height), GL_RGBA, GL_FLOAT,
               texels.data());
  gl::check_errors("reading back the rendered texture");
  return texels;
}

// Texel p, channel c = output 4p + c of any generator's source, converted on the host.
std::vector<float> texture_from_source(const SourceOptions& options, fragment::TargetSize size, bool quiet) {
  Settings settings = options.settings(quiet ? nullptr : &std::cerr);
  if (settings.algorithm == Algorithm::ceicg) settings.ceicg_target = size;
  Generator generator(settings);
  std::vector<float> texels(std::size_t{4} * size.width * size.height);
  generator.generate(std::span(texels));
  return texels;
}

void run_render(const RenderOptions& options) {
  const auto began = std::chrono::steady_clock::now();
  options.source.check_applicable();
  const auto size = parse_size(options.size, "--size");
  if (!output::has_extension(options.output, ".png")) throw InvalidArgument("-o must name a .png file, not '" + options.output + "'");
  std::vector<float> texels;
  if (options.source.generator != "ceicg" || options.source.profile_value() != stream::Profile::ps30 ||
      options.source.path == "cuda")
    texels = texture_from_source(options.source, size, options.quiet);
  else if (options.source.path == "cpu")
    texels = texture_on_cpu(ceicg_start(options.source.settings()), size);
  else
    texels = texture_on_gl(ceicg_start(options.source.settings()), size, options.source, options.quiet);
  output::write_png_rgb8(options.output, size.width, size.height, rgb8_top_row_first(texels, size.width, size.height));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (!options.quiet)
    std::cerr << fmt::format("glrand: wrote '{}', {}x{} pixels ({} outputs of -g {} on --path {}) in {:.2f} s\n",
                             options.output, size.width, size.height, std::uint64_t{4} * size.width * size.height,
                             options.source.generator, options.source.path, seconds);
}

}  // namespace

void add_render_command(CLI::App& app) {
  auto options = std::make_shared<RenderOptions>();
  auto* command = app.add_subcommand("render", "Render a random texture and save it as a PNG picture");
  options->source.add_to(*command);
  options->source.add_self_test_option(*command);
  command->add_option("--size", options->size, "Picture size WIDTHxHEIGHT (at most 2^24 pixels)")->capture_default_str();
  command->add_option("-o,--output", options->output, "PNG file to write")->required();
  command->add_flag("-q,--quiet", options->quiet, "Print nothing on success");
  command->callback([options] { run_render(*options); });
}

}  // namespace glrand::cli
