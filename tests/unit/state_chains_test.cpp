// SPDX-License-Identifier: MIT
// fragment::for_each_jumped_state: the states first + i·stride of a range, made by chains side
// by side (or one), each visited once and equal to the generator's plain steps, for ranges
// shorter than, equal to and longer than the chains, ending mid-round.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/state_chains.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "stream/ceicg_stream.hpp"

using namespace glrand;

namespace {

// Each i in [begin, end) visited once, with the state `stepped(i)`.
template <class G, class Stepped>
void check_range(const G& generator, const typename G::State& first, std::uint64_t stride, std::uint64_t begin,
                 std::uint64_t end, Stepped stepped) {
  INFO("stride " << stride << ", range [" << begin << ", " << end << ")");
  std::vector<int> visits(end, 0);
  std::vector<typename G::State> states(end);
  fragment::for_each_jumped_state(generator, first, stride, generator.jump(stride), begin, end,
                                  [&](std::uint64_t i, const typename G::State& s) {
                                    REQUIRE(i >= begin);
                                    REQUIRE(i < end);
                                    ++visits[i];
                                    states[i] = s;
                                  });
  for (std::uint64_t i = begin; i < end; ++i) {
    INFO("state " << i);
    REQUIRE(visits[i] == 1);
    REQUIRE(states[i] == stepped(i));
  }
}

// Ranges around the chains' count and rounds, for each stride: `step(state)` the plain step.
template <class G, class Step>
void check_generator(const G& generator, const typename G::State& first, Step step) {
  for (const std::uint64_t stride : {1u, 3u}) {
    std::vector<typename G::State> stepped{first};  // stepped[i]: first moved on by i·stride
    while (stepped.size() < 1200) {
      typename G::State s = stepped.back();
      for (std::uint64_t k = 0; k < stride; ++k) s = step(s);
      stepped.push_back(s);
    }
    for (const std::uint64_t begin : {0u, 5u})
      for (const std::uint64_t length : {0u, 1u, 2u, 7u, 8u, 9u, 15u, 16u, 17u, 63u, 64u, 65u, 1001u})
        check_range(generator, first, stride, begin, begin + length, [&](std::uint64_t i) { return stepped[i]; });
  }
}

}  // namespace

TEST_CASE("states made by chains side by side are each generator's plain steps", "[unit][states]") {
  STATIC_REQUIRE(fragment::state_chains<fragment::ParkMillerTraits>() > 1);
  STATIC_REQUIRE(fragment::state_chains<fragment::WichmannHillTraits>() > 1);
  STATIC_REQUIRE(fragment::state_chains<fragment::Mrg32k3aTraits>() == 1);
  STATIC_REQUIRE(fragment::state_chains<stream::CeicgStreamTraits>() > 1);
  SECTION("Park-Miller") {
    check_generator(fragment::ParkMillerTraits{}, pm::State{12345}, [](pm::State s) { return pm::step(s); });
  }
  SECTION("Wichmann-Hill") {
    const wh::Parameters p = wh::parameters(17);
    check_generator(fragment::WichmannHillTraits{p}, wh::State{1, 2, 3, 4}, [&](const wh::State& s) { return wh::step(p, s); });
  }
  SECTION("CEICG (a jump of groups of outputs, its residues moved on by positions)") {
    check_generator(stream::CeicgStreamTraits{}, ceicg::residues_at({1, 2, 3}, 7, 11), [](const ceicg::Residues& r) {
      return ceicg::advanced_by(r, stream::CeicgStreamTraits::kOutputsPerGroup);
    });
  }
  SECTION("MRG32k3a") {
    check_generator(fragment::Mrg32k3aTraits{}, mrg32k3a::default_seed(),
                    [](const mrg32k3a::State& s) { return mrg32k3a::step(s); });
  }
}
