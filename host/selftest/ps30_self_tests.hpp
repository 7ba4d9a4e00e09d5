// SPDX-License-Identifier: MIT
#pragma once
// The ps30 profile's self-tests: the known answers run through the engines that generation
// uses (fragment::CeicgFragment and CeicgTextureFiller, fragment::StatefulFragment), with
// the same shader variants, on tiny layouts: a few substreams, two passes.
#include <cstdint>
#include <span>
#include <vector>

#include "generators/ceicg.hpp"
#include "selftest/known_answers.hpp"

namespace glrand::selftest {

// Each throws glrand::DeviceError at the first wrong value; needs a current GL context.
void ceicg_ps30_self_test();
void park_miller_ps30_self_test();
void wichmann_hill_ps30_self_test();
void mrg32k3a_ps30_self_test();

// The engine runs the self-tests check, exposed so that tests can corrupt what they return.
// A stateful case: the interleaved words of two passes (the second reads the state that
// the first left, on the GPU or uploaded).
template <class Traits>
std::vector<std::uint32_t> run_ps30(const StatefulCase<Traits>& c) {
  fragment::StatefulFragment<Traits> engine(c.layout, c.traits);
  std::vector<typename Traits::State> starts;
  for (const auto& input : c.inputs) starts.push_back(input.start);
  std::vector<std::uint32_t> words;
  engine.generate_substreams(starts, 2 * engine.outputs_per_pixel() * c.layout.substreams,
                             [&](std::span<const std::uint32_t> chunk) { words.insert(words.end(), chunk.begin(), chunk.end()); });
  return words;
}

// CEICG integers (ceicg.frag with CEICG_FLOAT_TARGETS=0, as glrand generate renders it).
std::vector<std::uint32_t> run_ceicg_ps30(std::span<const ceicg::Residues> starts);
// CEICG floats from a texture fill of `textures` textures (the variants glrand render and
// view, and applications' fills, use).
std::vector<float> run_ceicg_fill_ps30(std::span<const ceicg::Residues> starts, std::uint32_t textures);

}  // namespace glrand::selftest
