// SPDX-License-Identifier: MIT
// The public API's texture fills, devices and Table 3 (on CI Mesa's llvmpipe): a
// glrand::TextureFiller continuing CEICG's sequence over fills of 1 to 4 textures, against the
// CPU reference's floats within the shader's documented bound; the self-tests through
// run_self_tests(); substream_table() for each GL generator.
#include <GL/glew.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <glrand/glrand.hpp>
#include <vector>

#include "generators/ceicg.hpp"
#include "gl/resources.hpp"
#include "selftest/known_answers.hpp"

using namespace glrand;

namespace {

// The texels of an RGBA32F texture (bottom row first), read back.
std::vector<float> read_texels(const gl::Texture& texture) {
  const unsigned id = texture.id();
  const gl::Framebuffer framebuffer({&id, 1});
  framebuffer.bind();
  std::vector<float> texels(std::size_t{4} * texture.width() * texture.height());
  glReadPixels(0, 0, static_cast<GLsizei>(texture.width()), static_cast<GLsizei>(texture.height()), GL_RGBA, GL_FLOAT,
               texels.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return texels;
}

// Distance on the circle [0, 1): a float just below 1 and one just above 0 are close.
double circle_distance(double a, double b) {
  const double d = std::abs(a - b);
  return std::min(d, 1.0 - d);
}

}  // namespace

TEST_CASE("TextureFiller continues CEICG's sequence over fills of 1 to 4 textures, within the shader's bound",
          "[api][gl][texture]") {
  const GlContext context;
  Settings settings;
  settings.seed = {1, 2, 3};
  settings.offset = 977;
  TextureFiller filler(settings);
  constexpr std::uint32_t kWidth = 24, kHeight = 10;
  std::uint64_t expected_position = 0;
  for (const std::uint32_t count : {1u, 3u, 2u, 4u}) {
    INFO(count << " textures from output " << expected_position);
    std::vector<gl::Texture> textures;
    textures.reserve(count);
    std::vector<unsigned> ids;
    for (std::uint32_t t = 0; t < count; ++t) ids.push_back(textures.emplace_back(kWidth, kHeight).id());
    REQUIRE(filler.position() == expected_position);
    filler.fill(ids, kWidth, kHeight);
    const std::uint64_t outputs = std::uint64_t{4} * count * kWidth * kHeight;
    // The CPU reference's floats for the same outputs.
    std::vector<std::uint32_t> words(3 * outputs);
    ceicg::generate_ints(ceicg::residues_at({1, 2, 3}, 0, 977 + expected_position), words);
    std::uint64_t checked = 0;
    for (std::uint32_t t = 0; t < count; ++t) {
      const std::vector<float> texels = read_texels(textures[t]);
      for (std::uint64_t p = 0; p < std::uint64_t{kWidth} * kHeight; ++p)
        for (std::uint32_t c = 0; c < 4; ++c) {
          const std::uint64_t n = p * 4 * count + 4 * t + c;  // the documented texel order
          const float want = ceicg::to_f32({words[3 * n], words[3 * n + 1], words[3 * n + 2]});
          const float got = texels[4 * p + c];
          if (!(circle_distance(got, want) <= selftest::kCeicgFloatTolerance))
            FAIL("texture " << t << " texel " << p << " channel " << c << ": " << got << ", expected " << want);
          ++checked;
        }
    }
    CHECK(checked == outputs);
    expected_position += outputs;
  }
  CHECK(filler.position() == expected_position);
}

TEST_CASE("TextureFiller refuses what it cannot fill, before any device opens", "[api][texture]") {
  Settings settings;
  settings.algorithm = Algorithm::park_miller;
  CHECK_THROWS_AS(TextureFiller(settings), InvalidArgument);
  settings = {};
  settings.profile = Profile::compute;
  CHECK_THROWS_AS(TextureFiller(settings), InvalidArgument);
  settings = {};
  settings.seed = {16777213, 0, 0};  // n1 must be below m1
  CHECK_THROWS_AS(TextureFiller(settings), InvalidArgument);
  CHECK(fills_textures(Algorithm::ceicg, Profile::ps30));
  CHECK_FALSE(fills_textures(Algorithm::mrg32k3a, Profile::ps30));
}

TEST_CASE("the devices: a context, its limits, and every generator's self-test in every profile", "[api][gl]") {
  const auto devices = gl_devices();
  REQUIRE_FALSE(devices.empty());
  const GlContext context;
  CHECK(context.device().label == devices.at(static_cast<std::size_t>(context.device().index)).label);
  const GlContextInfo info = current_gl_context();
  CHECK_FALSE(info.renderer.empty());
  CHECK(info.max_texture_size >= 4096);
  std::size_t expected = 0;
  for (const auto& row : generators()) expected += row.has_gl_path ? 3 : 0;
  const auto results = run_self_tests();
  CHECK(results.size() == expected);
  for (const auto& r : results) {
    INFO(info.renderer << ": " << glrand::info(r.algorithm).name << " " << name_of(r.profile) << ": " << r.failure);
    CHECK(r.passed);
  }
  CHECK_NOTHROW(require_self_test(Algorithm::wichmann_hill, Profile::compute));
}

TEST_CASE("substream_table describes each GL generator's layout and refuses the others", "[api]") {
  Settings settings;
  settings.algorithm = Algorithm::park_miller;
  settings.layout.substreams = 4096;
  const SubstreamTable pm = substream_table(settings);
  CHECK(pm.substreams == "4096 (leapfrog)");
  CHECK(pm.length.find("2^19.00 (period 2^31.00 / 4096 substreams)") != std::string::npos);
  CHECK(pm.host_memory.find("4096 states x 4 B") != std::string::npos);
  settings.algorithm = Algorithm::wichmann_hill;
  settings.layout = {4, Split::parameterisation, StateUpdate::gpu};
  CHECK(substream_table(settings).length.find("sets 0..3") != std::string::npos);
  settings = {};
  settings.algorithm = Algorithm::mt19937;
  settings.backend = Backend::cpu;
  CHECK_THROWS_WITH(substream_table(settings), Catch::Contains("has no GL path"));
}
