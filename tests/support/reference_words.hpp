// SPDX-License-Identifier: MIT
#pragma once
// Each generator's words straight from its CPU reference (host/generators/), for a native
// seed and an offset: what glrand::Generator must give on every backend.
#include <array>
#include <cstdint>
#include <glrand/registry.hpp>
#include <vector>

#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"
#include "generators/mtgp32.hpp"
#include "generators/park_miller.hpp"
#include "generators/sobol32.hpp"
#include "generators/wichmann_hill.hpp"

// `count` outputs (Sobol32: points of dimension 0) of `algorithm` with native seed `seed`
// (empty: the default seed), from output `offset` on.
inline std::vector<std::uint32_t> reference_words(glrand::Algorithm algorithm, const std::vector<std::uint64_t>& seed,
                                                  std::uint64_t offset, std::size_t count) {
  using namespace glrand;
  const auto word = [&](std::size_t k, std::uint64_t fallback) { return seed.empty() ? fallback : seed[k]; };
  std::vector<std::uint32_t> words(count * static_cast<std::size_t>(info(algorithm).words_per_output));
  switch (algorithm) {
    case Algorithm::ceicg: {
      const ceicg::Seed s = seed.empty()
                                ? ceicg::kDefaultSeed
                                : ceicg::Seed(static_cast<std::uint32_t>(seed[0]), static_cast<std::uint32_t>(seed[1]),
                                              static_cast<std::uint32_t>(seed[2]));
      ceicg::generate_ints(ceicg::residues_at(s, 0, offset), words);
      break;
    }
    case Algorithm::park_miller:
      pm::generate_ints(pm::state_at(static_cast<std::uint32_t>(word(0, 1)), offset), words);
      break;
    case Algorithm::wichmann_hill: {
      const wh::Parameters& p = wh::parameters(0);
      const wh::State first = seed.size() == 4
                                  ? wh::seed_state(0, std::array<std::uint32_t, 4>{static_cast<std::uint32_t>(seed[0]),
                                                                                   static_cast<std::uint32_t>(seed[1]),
                                                                                   static_cast<std::uint32_t>(seed[2]),
                                                                                   static_cast<std::uint32_t>(seed[3])})
                                  : wh::seed_state(0, static_cast<std::uint32_t>(word(0, 1)));
      wh::generate_ints(p, wh::state_at(p, first, offset), words);
      break;
    }
    case Algorithm::mrg32k3a: {
      const mrg32k3a::State package =
          seed.empty() ? mrg32k3a::default_seed()
                       : mrg32k3a::seed_from_words({seed[0], seed[1], seed[2], seed[3], seed[4], seed[5]});
      mrg32k3a::generate_ints(mrg32k3a::advance(package, offset), words);
      break;
    }
    case Algorithm::mt19937: {
      mt19937::State state = mt19937::state_at(static_cast<std::uint32_t>(word(0, 5489)), offset);
      mt19937::generate_ints(state, words);
      break;
    }
    case Algorithm::sobol32:
      sobol32::generate_dimension(0, offset, words);
      break;
    case Algorithm::mtgp32:
      mtgp32::HostApiStream(word(0, 0), offset).generate(words);
      break;
  }
  return words;
}
