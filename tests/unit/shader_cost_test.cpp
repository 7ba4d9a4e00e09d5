// SPDX-License-Identifier: MIT
// The build measures every shader variant the library can compile (shaders/tools/
// instruction_count.hpp), and the passes that fit ps_3_0's 512 instruction slots keep fitting.
#include <catch2/catch.hpp>

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "gl/shader_library.hpp"

using namespace glrand;

namespace {

template <class Traits>
int count(fragment::Split split, fragment::StateUpdate update, const Traits& traits = Traits{}) {
  return fragment::StatefulFragment<Traits>::instructions_per_pass({4096, split, update}, traits);
}

}  // namespace

TEST_CASE("every variant the library compiles has a build-time instruction count", "[shaders]") {
  for (const auto update : {fragment::StateUpdate::gpu, fragment::StateUpdate::cpu}) {
    INFO("state update " << fragment::name_of(update));
    for (const auto split : {fragment::Split::leapfrog, fragment::Split::blocking}) {
      CHECK(count<fragment::ParkMillerTraits>(split, update) > 0);
      CHECK(count<fragment::WichmannHillTraits>(split, update) > 0);
      CHECK(count<fragment::Mrg32k3aTraits>(split, update) > 0);
    }
    CHECK(count<fragment::WichmannHillTraits>(fragment::Split::parameterisation, update) > 0);
  }
  for (int targets = 0; targets <= 4; ++targets)
    CHECK(gl::instruction_count("ceicg.frag", {{"CEICG_FLOAT_TARGETS", std::to_string(targets)}}) > 0);
  CHECK(gl::instruction_count("ceicg.frag", {{"CEICG_FLOAT_TARGETS", "9"}}) == -1);
}

TEST_CASE("the passes the engine picks fit ps_3_0's 512 slots wherever a variant can", "[shaders]") {
  const int ceicg = gl::instruction_count("ceicg.frag", {{"CEICG_FLOAT_TARGETS", "0"}});
  CHECK(ceicg <= gl::kPs30InstructionSlots);
  // The trivial fill shader costs next to nothing: the count measures work, not size.
  CHECK(gl::instruction_count("fill.frag", {}) < 10);
  CHECK(gl::instruction_count("fill.frag", {}) < ceicg);
  for (const auto update : {fragment::StateUpdate::gpu, fragment::StateUpdate::cpu}) {
    INFO("state update " << fragment::name_of(update));
    for (const auto split : {fragment::Split::leapfrog, fragment::Split::blocking}) {
      CHECK(count<fragment::ParkMillerTraits>(split, update) <= gl::kPs30InstructionSlots);
      CHECK(count<fragment::WichmannHillTraits>(split, update) <= gl::kPs30InstructionSlots);
    }
    CHECK(count<fragment::WichmannHillTraits>(fragment::Split::parameterisation, update) <= gl::kPs30InstructionSlots);
  }
  // MRG32k3a: one output target per pass; with GPU update the state advances in three
  // further passes, one per state texel, each within the budget too.
  for (const auto update : {fragment::StateUpdate::gpu, fragment::StateUpdate::cpu})
    for (const auto split : {fragment::Split::leapfrog, fragment::Split::blocking})
      CHECK(count<fragment::Mrg32k3aTraits>(split, update) <= gl::kPs30InstructionSlots);
  for (const char* texel : {"0", "1", "2"})
    CHECK(gl::instruction_count("mrg32k3a_advance.frag", {{"STATE_TEXEL", texel}}) <= gl::kPs30InstructionSlots);
  // Splitting a pass means fewer outputs per pass, never none.
  const fragment::StreamLayout pm_gpu{4096, fragment::Split::leapfrog, fragment::StateUpdate::gpu};
  CHECK(fragment::StatefulFragment<fragment::ParkMillerTraits>::fitting_output_targets(pm_gpu, {}) == 1);
}
