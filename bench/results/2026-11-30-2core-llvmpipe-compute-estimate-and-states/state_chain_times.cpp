// The host's substream states on every core, 2^21 of them a stride of 1 apart, as the ps30
// engines make them: one chain a range (each state the last one's product by the step) and
// fragment::for_each_jumped_state's chains side by side, for Park-Miller, Wichmann-Hill and
// MRG32k3a, three times each; "same" says both gave the same states.
// Built against the tree's libglrand.a (see README.md).
#include <chrono>
#include <cstdio>
#include <vector>

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/state_chains.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "generators/parallel_fill.hpp"

using namespace glrand;

template <class G>
void run(const char* name, const G& g, typename G::State first) {
  const std::uint64_t P = 1ull << 21;
  std::vector<typename G::State> one(P), chains(P);
  const auto ms = [](auto from, auto to) { return std::chrono::duration<double, std::milli>(to - from).count(); };
  for (int r = 0; r < 3; ++r) {
    const auto step = g.jump(1);
    const auto t0 = std::chrono::steady_clock::now();
    parallel_fill(P, 0, [&](std::uint64_t begin, std::uint64_t end) {
      auto s = g.apply(g.jump(begin), first);
      for (std::uint64_t i = begin; i < end; ++i, s = g.apply(step, s)) one[i] = s;
    });
    const auto t1 = std::chrono::steady_clock::now();
    parallel_fill(P, 0, [&](std::uint64_t begin, std::uint64_t end) {
      fragment::for_each_jumped_state(g, first, 1, step, begin, end,
                                      [&](std::uint64_t i, const typename G::State& s) { chains[i] = s; });
    });
    const auto t2 = std::chrono::steady_clock::now();
    std::printf("%s: one chain %.2f ms, %llu chains %.2f ms, same %d\n", name, ms(t0, t1),
                static_cast<unsigned long long>(fragment::state_chains<G>()), ms(t1, t2), int(one == chains));
  }
}

int main() {
  run("wh", fragment::WichmannHillTraits{wh::parameters(0)}, wh::State{1, 2, 3, 4});
  run("pm", fragment::ParkMillerTraits{}, fragment::ParkMillerTraits::State{1});
  run("mrg32k3a", fragment::Mrg32k3aTraits{}, mrg32k3a::default_seed());
}
