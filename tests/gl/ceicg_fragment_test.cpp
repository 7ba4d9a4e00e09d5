// SPDX-License-Identifier: MIT
// The CEICG fragment shader against the CPU reference: every integer equal, whatever the
// texture size, pass count, seed, offset or substream.
#include <catch2/catch.hpp>

#include <GL/glew.h>

#include <cmath>
#include <random>
#include <vector>

#include <glrand/error.hpp>
#include "fragment/ceicg_fragment.hpp"
#include "gl/glfw_window.hpp"
#include "support/gl_test_context.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;

namespace {

std::vector<std::uint32_t> on_gpu(fragment::CeicgFragment& generator, const ceicg::Residues& start, std::uint64_t count,
                                  std::size_t* chunks = nullptr) {
  std::vector<std::uint32_t> words;
  generator.generate_ints(start, count, [&](std::span<const std::uint32_t> chunk) {
    words.insert(words.end(), chunk.begin(), chunk.end());
    if (chunks) ++*chunks;
  });
  return words;
}

std::vector<std::uint32_t> on_cpu(const ceicg::Residues& start, std::uint64_t count) {
  std::vector<std::uint32_t> words(3 * count);
  ceicg::generate_ints(start, words);
  return words;
}

}  // namespace

TEST_CASE("shader integers equal the reference for texture sizes and pass counts", "[ceicg][gl]") {
  test_context();
  std::mt19937_64 random(2006);
  const fragment::TargetSize sizes[] = {{1, 1}, {3, 5}, {17, 13}, {64, 1}, {1, 64}, {255, 257}};
  for (const auto size : sizes) {
    fragment::CeicgFragment generator(size);
    const std::uint64_t per_pass = generator.outputs_per_pass();
    for (const std::uint64_t count : {std::uint64_t{1}, per_pass - 1, per_pass, 3 * per_pass + 2}) {
      ceicg::Seed seed;
      for (int k = 0; k < 3; ++k) seed[k] = static_cast<std::uint32_t>(random() % ceicg::kComponents[k].modulus);
      const ceicg::Residues start = ceicg::residues_at(seed, random() % (1 << 24), random());
      INFO("size " << size.width << "x" << size.height << " count " << count);
      std::size_t chunks = 0;
      require_same_words(on_gpu(generator, start, count, &chunks), on_cpu(start, count));
      CHECK(chunks == (count + per_pass - 1) / per_pass);
    }
  }
}

TEST_CASE("a full 1024x1024 pass equals the reference", "[ceicg][gl]") {
  test_context();
  fragment::CeicgFragment generator({1024, 1024});
  const ceicg::Residues start = ceicg::residues_at({12345, 678, 9}, (1 << 24) - 1, (1ull << 40) + 17);
  require_same_words(on_gpu(generator, start, generator.outputs_per_pass() + 5),
                on_cpu(start, generator.outputs_per_pass() + 5));
}

TEST_CASE("edge residues: arguments 0, 1 and m-1, and wrap-around past m", "[ceicg][gl]") {
  test_context();
  fragment::CeicgFragment generator({61, 7});
  std::vector<ceicg::Residues> starts;
  // Residue r with a·r ≡ t (mod m): r = t·a⁻¹.
  for (const std::uint64_t target : {0ull, 1ull, 2ull}) {
    ceicg::Residues r{};
    for (int k = 0; k < 3; ++k) {
      const auto& c = ceicg::kComponents[k];
      const std::uint64_t argument = (c.modulus - target) % c.modulus;  // -target: m-1, m-2 ...
      r[k] = static_cast<std::uint32_t>(argument * ceicg::inverse_mod(c.multiplier, c.modulus) % c.modulus);
    }
    starts.push_back(r);
    starts.push_back(ceicg::advanced_by(r, 0));
  }
  // Residues just below m: every pixel's block wraps around the modulus.
  starts.push_back({ceicg::kComponents[0].modulus - 1, ceicg::kComponents[1].modulus - 2,
                    ceicg::kComponents[2].modulus - 3});
  starts.push_back({ceicg::kComponents[0].modulus - 1000, ceicg::kComponents[1].modulus - 777, 5});
  for (const auto& start : starts) {
    INFO("start residues " << start[0] << "," << start[1] << "," << start[2]);
    require_same_words(on_gpu(generator, start, 3000), on_cpu(start, 3000));
  }
}

TEST_CASE("pixel indices beyond m3 in a 4096x4096 pass", "[ceicg][gl]") {
  // p = x + 4096·y reaches 2^24 - 1 > m3 = 16777183 in the top row: the shader reduces p
  // modulo m_k before multiplying. Only the top row is rasterised (scissor) to stay quick.
  test_context();
  fragment::CeicgFragment generator({4096, 4096});
  const ceicg::Residues start = ceicg::residues_at({1, 2, 3}, 77, 88);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 4095, 4096, 1);
  generator.render_pass(start, 4096);
  glDisable(GL_SCISSOR_TEST);
  std::vector<float> row(4 * 4096);
  for (int k = 0; k < 3; ++k) {
    const unsigned target = generator.target(k);
    gl::Framebuffer framebuffer({&target, 1});
    framebuffer.bind();
    glReadPixels(0, 4095, 4096, 1, GL_RGBA, GL_FLOAT, row.data());
    REQUIRE(glGetError() == GL_NO_ERROR);
    const auto expected = on_cpu(ceicg::advanced_by(start, 4ull * 4095 * 4096), 4 * 4096);
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < row.size(); ++i)
      if (row[i] != static_cast<float>(expected[3 * i + k])) ++mismatches;
    INFO("component " << k + 1);
    CHECK(mismatches == 0);
  }
}

TEST_CASE("texture fill: floats of 1 to 4 targets in the documented order", "[ceicg][gl]") {
  test_context();
  const std::uint32_t width = 33, height = 9;
  const ceicg::Residues start = ceicg::residues_at({3, 1, 4}, 15, 92653);
  for (std::uint32_t targets = 1; targets <= 4; ++targets) {
    INFO(targets << " target(s)");
    std::vector<gl::Texture> textures;
    std::vector<unsigned> ids;
    for (std::uint32_t t = 0; t < targets; ++t) {
      textures.emplace_back(width, height);
      ids.push_back(textures.back().id());
    }
    fragment::CeicgTextureFiller filler(targets);
    const auto after = filler.fill(start, ids, width, height);
    CHECK(after == ceicg::advanced_by(start, 4ull * targets * width * height));
    const auto expected = on_cpu(start, 4ull * targets * width * height);
    double worst = 0;
    for (std::uint32_t t = 0; t < targets; ++t) {
      gl::Framebuffer framebuffer({&ids[t], 1});
      framebuffer.bind();
      std::vector<float> texels(4 * width * height);
      glReadPixels(0, 0, width, height, GL_RGBA, GL_FLOAT, texels.data());
      for (std::size_t p = 0; p < width * height; ++p)
        for (std::size_t c = 0; c < 4; ++c) {
          const std::size_t n = p * 4 * targets + 4 * t + c;
          const float u = texels[4 * p + c];
          const float reference = ceicg::to_f32({expected[3 * n], expected[3 * n + 1], expected[3 * n + 2]});
          REQUIRE(u >= 0.0f);
          REQUIRE(u < 1.0f);
          // Circular distance: a sum just below an integer may round up to it and wrap.
          const double d = std::fabs(static_cast<double>(u) - reference);
          worst = std::max(worst, std::min(d, 1.0 - d));
        }
    }
    // Three rounded quotients and two rounded sums below 3: a few units of 2^-23.
    CHECK(worst <= std::ldexp(1.0, -21));
  }
}

TEST_CASE("adopting the application's context leaves its bindings alone", "[ceicg][gl]") {
  test_context();
  gl::adopt_current_context();
  gl::Texture app_texture(16, 16);
  const unsigned app_id = app_texture.id();
  gl::Framebuffer app_framebuffer({&app_id, 1});
  app_framebuffer.bind();
  glViewport(1, 2, 3, 4);

  gl::Texture random_texture(8, 8);
  const unsigned id = random_texture.id();
  fragment::CeicgTextureFiller filler(1);
  filler.fill(ceicg::residues_at({}, 0, 0), {&id, 1}, 8, 8);

  GLint framebuffer = 0, viewport[4] = {};
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &framebuffer);
  glGetIntegerv(GL_VIEWPORT, viewport);
  CHECK(static_cast<unsigned>(framebuffer) == app_framebuffer.id());
  CHECK((viewport[0] == 1 && viewport[1] == 2 && viewport[2] == 3 && viewport[3] == 4));
}

TEST_CASE("texture fill refuses textures of the wrong format or size", "[ceicg][gl]") {
  test_context();
  fragment::CeicgTextureFiller filler(1);
  gl::Texture right(8, 8);
  unsigned id = right.id();
  CHECK_THROWS_WITH(filler.fill({}, {&id, 1}, 9, 8), Catch::Contains("not 9x8"));
  GLuint bytes = 0;
  glGenTextures(1, &bytes);
  glBindTexture(GL_TEXTURE_2D, bytes);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  CHECK_THROWS_WITH(filler.fill({}, {&bytes, 1}, 8, 8), Catch::Contains("GL_RGBA32F, GL_RG32F or GL_R32F"));
  glDeleteTextures(1, &bytes);
  unsigned missing = 424242;
  CHECK_THROWS_WITH(filler.fill({}, {&missing, 1}, 8, 8), Catch::Contains("not a texture"));
  CHECK_THROWS_AS(fragment::CeicgTextureFiller(5), InvalidArgument);
  CHECK_THROWS_AS(fragment::CeicgFragment({5000, 5000}), InvalidArgument);
}
