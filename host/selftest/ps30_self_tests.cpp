// SPDX-License-Identifier: MIT
#include "selftest/ps30_self_tests.hpp"

#include <GL/glew.h>

#include <string>

#include "fragment/ceicg_fragment.hpp"
#include "gl/check.hpp"
#include "gl/resources.hpp"
#include "selftest/self_test.hpp"

namespace glrand::selftest {

std::vector<std::uint32_t> run_ceicg_ps30(std::span<const ceicg::Residues> starts) {
  // One row of 4 pixels: kCeicgOutputsPerInput = 16 outputs, one pass per start.
  static_assert(kCeicgOutputsPerInput == 16);
  fragment::CeicgFragment engine({4, 1});
  std::vector<std::uint32_t> words;
  for (const auto& start : starts)
    engine.generate_ints(start, kCeicgOutputsPerInput, [&](std::span<const std::uint32_t> chunk) {
      words.insert(words.end(), chunk.begin(), chunk.end());
    });
  return words;
}

std::vector<float> run_ceicg_fill_ps30(std::span<const ceicg::Residues> starts, std::uint32_t textures) {
  // Texture t, texel p, channel c holds output 4T·p + 4t + c: T textures of 4/T texels.
  const std::uint32_t width = static_cast<std::uint32_t>(kCeicgOutputsPerInput) / (4 * textures);
  fragment::CeicgTextureFiller filler(textures);
  std::vector<gl::Texture> targets;
  std::vector<unsigned> ids;
  for (std::uint32_t t = 0; t < textures; ++t) ids.push_back(targets.emplace_back(width, 1).id());
  std::vector<float> floats, texels(4 * width);
  for (const auto& start : starts) {
    filler.fill(start, ids, width, 1);
    const std::size_t first = floats.size();
    floats.resize(first + kCeicgOutputsPerInput);
    for (std::uint32_t t = 0; t < textures; ++t) {
      gl::Framebuffer framebuffer({&ids[t], 1});
      framebuffer.bind();
      glReadBuffer(GL_COLOR_ATTACHMENT0);
      glReadPixels(0, 0, static_cast<GLsizei>(width), 1, GL_RGBA, GL_FLOAT, texels.data());
      for (std::uint32_t p = 0; p < width; ++p)
        for (std::uint32_t c = 0; c < 4; ++c) floats[first + 4 * textures * p + 4 * t + c] = texels[4 * p + c];
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    gl::check_errors("reading back a CEICG self-test fill");
  }
  return floats;
}

void ceicg_ps30_self_test() {
  check_ceicg(kPs30, run_ceicg_ps30);
  // Fills of one texture per pass (render, view) and of two (applications' fills of 2-4).
  for (const std::uint32_t textures : {1u, 2u})
    check_ceicg_floats(kPs30, "float fill of " + std::to_string(textures) + " texture(s)",
                       [&](std::span<const ceicg::Residues> starts) { return run_ceicg_fill_ps30(starts, textures); });
}

void park_miller_ps30_self_test() {
  check_stateful<fragment::ParkMillerTraits>("pm", kPs30, park_miller_cases(), run_ps30<fragment::ParkMillerTraits>);
}

void wichmann_hill_ps30_self_test() {
  check_stateful<fragment::WichmannHillTraits>("wh", kPs30, wichmann_hill_cases(), run_ps30<fragment::WichmannHillTraits>);
}

void mrg32k3a_ps30_self_test() {
  check_stateful<fragment::Mrg32k3aTraits>("mrg32k3a", kPs30, mrg32k3a_cases(), run_ps30<fragment::Mrg32k3aTraits>);
}

}  // namespace glrand::selftest
