// SPDX-License-Identifier: MIT
#pragma once
// CEICG outputs whose double d = frac(x_0/m_0 + x_1/m_1 + x_2/m_2) lies next to a float's edge:
// the outputs where a quick estimate of d cannot tell which float d gives, and an exact path
// must decide. Two components are matched, beside a random third, so that the quotients' sum
// falls within a hair of a multiple of 2^-24 (a float, and an edge of the float below it);
// plus sums next to a whole number (d near 0 or 1).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "generators/ceicg.hpp"
#include "generators/float_conversion.hpp"

namespace glrand::test {

// Whether Σ x_k·(1/m_k), its products and sums rounded in turn or fused, is a double whose
// fraction gives another float than the host's d: an estimate used with no margin would be
// wrong there.
inline bool estimates_cross_an_edge(const std::uint32_t* x) {
  const float want = ceicg::to_f32(ceicg::Output{x[0], x[1], x[2]});
  double r[3];
  for (int k = 0; k < 3; ++k) r[k] = 1.0 / static_cast<double>(ceicg::kComponents[static_cast<std::size_t>(k)].modulus);
  volatile double product[3];  // rounded, not fused
  for (int k = 0; k < 3; ++k) product[k] = static_cast<double>(x[k]) * r[k];
  volatile double sum = product[0];
  sum = sum + product[1];
  sum = sum + product[2];
  double fused = static_cast<double>(x[0]) * r[0];
  for (int k = 1; k < 3; ++k) fused = std::fma(static_cast<double>(x[k]), r[k], fused);
  for (const double s : {static_cast<double>(sum), fused})
    if (float_not_above(s - std::floor(s)) != want) return true;
  return false;
}

// Outputs of three words: for each pair of components, the third at a random residue, the
// `per_pair` whose sum lies nearest an edge among 2^18 × 2^18 candidates, and those where an
// estimate of d with no margin would give another float (estimates_cross_an_edge).
inline std::vector<std::uint32_t> ceicg_words_near_float_edges(std::size_t per_pair, std::uint32_t seed) {
  constexpr std::size_t kCandidates = std::size_t{1} << 18;
  const auto modulus = [](int k) { return ceicg::kComponents[static_cast<std::size_t>(k)].modulus; };
  // x·2^24/m's fraction, the place of x/m within its multiple of 2^-24.
  const auto place = [](std::uint32_t x, std::uint32_t m) {
    return static_cast<long double>((std::uint64_t{x} << 24) % m) / static_cast<long double>(m);
  };
  std::mt19937 random(seed);
  std::vector<std::uint32_t> words;
  for (const auto& [a, b] : {std::pair{0, 1}, std::pair{0, 2}, std::pair{1, 2}}) {
    const int c = 3 - a - b;  // the third component, fixed for the pair's candidates
    const std::uint32_t xc = 1 + random() % (modulus(c) - 1);
    const long double third = place(xc, modulus(c));
    std::vector<std::pair<long double, std::uint32_t>> second(kCandidates);
    for (auto& [f, x] : second) {
      x = 1 + random() % (modulus(b) - 1);
      f = place(x, modulus(b));
    }
    std::sort(second.begin(), second.end());
    // (distance of the sum's place from a whole number, x_a, x_b)
    struct Match {
      long double distance;
      std::uint32_t xa, xb;
    };
    std::vector<Match> matches;
    for (std::size_t i = 0; i < kCandidates; ++i) {
      const std::uint32_t xa = 1 + random() % (modulus(a) - 1);
      long double want = 2.0L - place(xa, modulus(a)) - third;
      if (want >= 1.0L) want -= 1.0L;
      const auto at = std::lower_bound(second.begin(), second.end(), std::pair{want, std::uint32_t{0}});
      if (at != second.end()) matches.push_back({at->first - want, xa, at->second});
      if (at != second.begin()) matches.push_back({want - (at - 1)->first, xa, (at - 1)->second});
    }
    std::sort(matches.begin(), matches.end(), [](const Match& l, const Match& r) { return l.distance < r.distance; });
    for (std::size_t i = 0; i < matches.size(); ++i) {
      std::uint32_t x[3];
      x[a] = matches[i].xa;
      x[b] = matches[i].xb;
      x[c] = xc;
      if (i < per_pair || estimates_cross_an_edge(x)) words.insert(words.end(), x, x + 3);
    }
  }
  // Sums next to a whole number: one component at 1, another at m − 1, or every one at m − 1.
  for (int one = 0; one < 3; ++one)
    for (int high = 0; high < 3; ++high) {
      std::uint32_t x[3] = {0, 0, 0};
      x[high] = modulus(high) - 1;
      if (one != high) x[one] = 1;
      words.insert(words.end(), x, x + 3);
    }
  for (int k = 0; k < 3; ++k) words.push_back(modulus(k) - 1);
  return words;
}

}  // namespace glrand::test
