// SPDX-License-Identifier: MIT
// One 64-bit seed for every generator (glrand::native_seed; docs/library.md, "One 64-bit seed").
#include <array>
#include <glrand/error.hpp>
#include <glrand/generator.hpp>

#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"

namespace glrand {
namespace {

// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
// OOPSLA 2014; Vigna's splitmix64.c): the usual way to spread one 64-bit seed into many words.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : x_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (x_ += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t x_;
};

}  // namespace

std::vector<std::uint64_t> native_seed(Algorithm algorithm, std::uint64_t seed) {
  SplitMix64 words(seed);
  switch (algorithm) {
    case Algorithm::ceicg: {
      std::vector<std::uint64_t> residues;
      for (const auto& c : ceicg::kComponents) residues.push_back(words.next() % c.modulus);
      return residues;
    }
    case Algorithm::park_miller:
      return {pm::kMinSeed + words.next() % (pm::kMaxSeed - pm::kMinSeed + 1)};
    case Algorithm::wichmann_hill: {
      std::vector<std::uint64_t> four;
      for (int k = 0; k < 4; ++k) four.push_back(words.next() & 0xFFFFFFFFu);
      return four;
    }
    case Algorithm::mrg32k3a: {
      std::vector<std::uint64_t> six;
      for (int k = 0; k < 6; ++k) six.push_back(words.next() % (k < 3 ? mrg32k3a::kM1 : mrg32k3a::kM2));
      // An all-zero triple is no seed; 2^-96 likely, but then its first word is 1.
      if (six[0] == 0 && six[1] == 0 && six[2] == 0) six[0] = 1;
      if (six[3] == 0 && six[4] == 0 && six[5] == 0) six[3] = 1;
      return six;
    }
    case Algorithm::mt19937:
      return {words.next() & 0xFFFFFFFFu};
    case Algorithm::mtgp32:
      return {seed};  // its native seed is 64 bits: cuRAND's seed itself
    case Algorithm::sobol32:
      break;
  }
  throw InvalidArgument(
      "-g sobol32 is a quasirandom sequence and takes no --seed; --offset K starts every dimension at "
      "point K");
}

}  // namespace glrand
