// SPDX-License-Identifier: MIT
#include "fragment/distribution_pass.hpp"

#include <GL/glew.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <fmt/core.h>

#include <glrand/error.hpp>
#include "distributions/poisson_table.hpp"
#include "distributions/transforms.hpp"
#include "gl/check.hpp"
#include "gl/shader_library.hpp"
#include "gl/state_guard.hpp"

namespace glrand::fragment {
namespace {

// `value` as a float, refused where it is none: beyond the floats, or so small that it would
// become 0 or lose its precision (GPUs flush subnormal floats to 0).
float float_parameter(double value, const char* name) {
  const auto f = static_cast<float>(value);
  if (!std::isfinite(f) || (value != 0 && std::abs(f) < std::numeric_limits<float>::min()))
    throw InvalidArgument(fmt::format("the GL path's shaders make distributions in float: {} {} is not a finite, normal float",
                                      name, value));
  return f;
}

// The Poisson table texture's rows: a power of two (poisson_table.glsl's exact row arithmetic).
constexpr std::uint32_t kPoissonTableWidth = 4096;

}  // namespace

void check_texture_distribution(const Distribution& d, std::uint32_t channels) {
  check(d);
  if (d.kind == DistributionKind::poisson) {
    checked_poisson_table(d.lambda);
    return;
  }
  if (distributions::uses_pairs(d) && channels < 2)
    throw InvalidArgument("Box-Muller makes its pairs in a texel's channels (x, y) and (z, w): fill RG32F or RGBA32F "
                          "textures, or use the inverse CDF");
  distribution_uniforms(d);  // refuses parameters that are no floats
}

DistributionUniforms distribution_uniforms(const Distribution& d) {
  DistributionUniforms uniforms;
  switch (d.kind) {
    case DistributionKind::uniform: {
      const auto [least, greatest] = distributions::value_bounds_f32(d);
      uniforms.parameters = {float_parameter(d.a, "a"), float_parameter(d.b - d.a, "b - a"), 0, 0};
      uniforms.bounds = {least, greatest};
      break;
    }
    case DistributionKind::exponential:
      uniforms.parameters = {float_parameter(1.0 / d.lambda, "1/lambda"), 0, 0, 0};
      break;
    case DistributionKind::normal:
    case DistributionKind::lognormal:
      uniforms.parameters = {float_parameter(d.mean, "the mean"), float_parameter(d.stddev, "the stddev"), 0, 0};
      break;
    case DistributionKind::uniform_positive:
    case DistributionKind::poisson:
      break;
  }
  return uniforms;
}

int distribution_variant(const Distribution& d) {
  const bool box_muller = d.method == NormalMethod::box_muller;
  switch (d.kind) {
    case DistributionKind::uniform: return 1;
    case DistributionKind::uniform_positive: return 2;
    case DistributionKind::exponential: return 3;
    case DistributionKind::normal: return box_muller ? 6 : 4;
    case DistributionKind::lognormal: return box_muller ? 7 : 5;
    case DistributionKind::poisson: return gl::WordPacker::kPoissonVariant;
  }
  throw InvalidArgument("unknown distribution");
}

std::shared_ptr<const distributions::PoissonTable> checked_poisson_table(double lambda) {
  auto table = distributions::poisson_table(lambda);
  if (!table)
    throw InvalidArgument("the Poisson's table of this mean does not reach 1: its values are made on the host "
                          "(--distribution-on host)");
  return table;
}

// The table's values each rounded up to a float: for a float u, a value rounded so is above u
// exactly when the double is, so a search with float comparisons finds the host's k.
std::vector<float> poisson_cdf_above(const distributions::PoissonTable& table) {
  std::vector<float> above(table.cdf.size());
  for (std::size_t i = 0; i < above.size(); ++i) {
    float f = static_cast<float>(table.cdf[i]);
    if (static_cast<double>(f) < table.cdf[i]) f = std::nextafter(f, 2.0f);
    above[i] = f;
  }
  return above;
}

void PoissonTableTexture::prepare(double lambda) {
  if (texture_ && lambda == lambda_) return;
  const gl::StateGuard guard;  // callable before a fill, outside the passes' own guards
  texture_.reset();
  table_ = checked_poisson_table(lambda);
  std::vector<float> values = poisson_cdf_above(*table_);
  const auto width = std::min(kPoissonTableWidth, std::bit_ceil(static_cast<std::uint32_t>(values.size())));
  const auto height = std::bit_ceil(static_cast<std::uint32_t>((values.size() + width - 1) / width));
  values.resize(std::size_t{width} * height, 1.0f);  // never searched
  texture_.emplace(width, height, gl::TexelFormat{1, false});
  glBindTexture(GL_TEXTURE_2D, texture_->id());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height), GL_RED, GL_FLOAT,
                  values.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  lambda_ = lambda;
  gl::check_errors("uploading the Poisson's table");
}

void PoissonTableTexture::bind(const gl::Program& program, unsigned unit) const {
  if (!texture_) throw InvalidArgument("the Poisson's table texture needs prepare() first");
  glActiveTexture(GL_TEXTURE0 + unit);
  glBindTexture(GL_TEXTURE_2D, texture_->id());
  const float width = static_cast<float>(texture_->width()), height = static_cast<float>(texture_->height());
  const std::size_t size = table_->cdf.size();
  program.set_int("uPoissonCdf", static_cast<int>(unit));
  program.set("uPoissonTexel", std::array<float, 2>{1.0f / width, 1.0f / height});
  program.set("uPoissonWidth", width);
  program.set("uPoissonSize", static_cast<float>(size));
  program.set("uPoissonSteps", static_cast<float>(std::bit_width(size)));  // ceil(log2(size + 1))
  program.set("uPoissonK0", static_cast<float>(table_->k0));
  program.set("uPoissonFloor", static_cast<float>(table_->floor));
}

void set_distribution_uniforms(const gl::Program& pass, const Distribution& distribution,
                               const PoissonTableTexture& poisson, unsigned poisson_unit) {
  const DistributionUniforms uniforms = distribution_uniforms(distribution);
  if (pass.has_uniform("uParameters")) pass.set("uParameters", uniforms.parameters);
  if (pass.has_uniform("uBounds")) pass.set("uBounds", uniforms.bounds);
  if (distribution.kind == DistributionKind::poisson) poisson.bind(pass, poisson_unit);
}

const gl::Program& DistributionPass::prepare(const Distribution& distribution) {
  if (distribution.kind == DistributionKind::poisson) poisson_.prepare(distribution.lambda);
  const int variant = distribution_variant(distribution);
  auto program = programs_.find(variant);
  if (program == programs_.end())
    program = programs_
                  .emplace(variant, gl::Program(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader("distribution.frag"),
                                                {{"DISTRIBUTION", std::to_string(variant)}}))
                  .first;
  return program->second;
}

void DistributionPass::apply(std::span<const unsigned> units, std::span<const unsigned> values, std::uint32_t width,
                             std::uint32_t height, const Distribution& distribution) {
  const gl::StateGuard guard;
  const gl::Program& pass = prepare(distribution);
  vertex_array_.bind();
  pass.use();
  pass.set_int("uUnits", 0);
  pass.set("uSize", std::array<float, 2>{static_cast<float>(width), static_cast<float>(height)});
  set_distribution_uniforms(pass, distribution, poisson_, 1);
  glActiveTexture(GL_TEXTURE0);
  for (std::size_t t = 0; t < units.size(); ++t) {
    const gl::Framebuffer framebuffer({&values[t], 1});
    framebuffer.bind();
    glBindTexture(GL_TEXTURE_2D, units[t]);
    gl::draw_fullscreen(width, height);
  }
  gl::check_errors("making " + describe(distribution) + " values in textures");
}

PackedDistribution packed_distribution(const Distribution* distribution, gl::PackFormat format) {
  if (!distribution) return {};
  check(*distribution);
  if (format == gl::PackFormat::words) throw InvalidArgument("a distribution's values are floats or doubles");
  if (distribution->kind == DistributionKind::poisson)
    return {gl::WordPacker::kPoissonVariant, {}, checked_poisson_table(distribution->lambda), false};
  if (format != gl::PackFormat::f32)
    throw InvalidArgument("the GL path makes a distribution's values on the GPU in float arithmetic (the Poisson's in "
                          "both formats): ask for floats (--format f32 or text), or make them on the host "
                          "(--distribution-on host)");
  return {distribution_variant(*distribution), distribution_uniforms(*distribution), nullptr,
          distributions::uses_pairs(*distribution)};
}

}  // namespace glrand::fragment
