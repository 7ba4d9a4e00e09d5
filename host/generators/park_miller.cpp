// SPDX-License-Identifier: MIT
#include "generators/park_miller.hpp"

#include <array>

#include "generators/parallel_fill.hpp"

namespace glrand::pm {

GLRAND_VECTOR_CLONES void to_f32(std::span<const std::uint32_t> z, std::span<float> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return to_f32(*w); });
}

GLRAND_VECTOR_CLONES void to_f64(std::span<const std::uint32_t> z, std::span<double> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return to_f64(*w); });
}

GLRAND_VECTOR_CLONES void to_u32(std::span<const std::uint32_t> z, std::span<std::uint32_t> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return to_u32(*w); });
}

namespace {

// A thread's lanes: lane k makes its range's outputs k, k + kLanes, k + 2·kLanes, ..., each
// step a product by a^kLanes, so that one step's words are consecutive and stored together,
// and the lanes' chains of dependent arithmetic run side by side.
constexpr std::size_t kLanes = 16;

using Words64 = std::uint64_t __attribute__((vector_size(32)));
static_assert(kLanes % 4 == 0, "whole vectors of four lanes");
constexpr std::size_t kVectors = kLanes / 4;

// `steps` steps of the lanes from their states in `lanes`, step i's words into
// out[i·kLanes .. i·kLanes + kLanes − 1]; `lanes` are left at the next step's states. Four lanes
// a vector of 64-bit words (GCC's vector extension). z·c mod m without a division: with
// m = 2^31 − 1, 2^31 ≡ 1, so the product hi·2^31 + lo ≡ hi + lo; z, c ≤ m − 1 give hi ≤ 2^31 − 4,
// so hi + lo ≤ 2m − 3, and m, a prime, divides no z·c, so the sum is not m and one subtraction
// of m leaves [1, m − 1].
GLRAND_VECTOR_CLONES void step_lanes(std::array<std::uint32_t, kLanes>& lanes, std::uint32_t jump,
                                    std::uint32_t* __restrict out, std::uint64_t steps) {
  Words64 z[kVectors];
  for (std::size_t v = 0; v < kVectors; ++v)
    for (std::size_t k = 0; k < 4; ++k) z[v][k] = lanes[4 * v + k];
  const Words64 none{}, c = none + jump, m = none + kModulus;
  for (std::uint64_t i = 0; i < steps; ++i, out += kLanes)
    for (std::size_t v = 0; v < kVectors; ++v) {
      for (std::size_t k = 0; k < 4; ++k) out[4 * v + k] = static_cast<std::uint32_t>(z[v][k]);
      const Words64 p = z[v] * c;
      const Words64 r = (p & m) + (p >> 31);
      z[v] = r >= m ? r - m : r;
    }
  for (std::size_t v = 0; v < kVectors; ++v)
    for (std::size_t k = 0; k < 4; ++k) lanes[4 * v + k] = static_cast<std::uint32_t>(z[v][k]);
}

}  // namespace

void generate_ints(State start, std::span<std::uint32_t> out, unsigned threads) {
  constexpr std::uint32_t jump = multiplier_power(kLanes);
  parallel_fill(out.size(), threads, [&](std::uint64_t begin, std::uint64_t end) {
    std::array<std::uint32_t, kLanes> lanes;
    lanes[0] = advanced_by(start, begin);
    for (std::size_t k = 1; k < kLanes; ++k) lanes[k] = step(lanes[k - 1]);
    const std::uint64_t steps = (end - begin) / kLanes;
    step_lanes(lanes, jump, out.data() + begin, steps);
    // The rest, fewer than kLanes outputs: the lanes' next words.
    for (std::uint64_t i = begin + steps * kLanes, k = 0; i < end; ++i, ++k) out[i] = lanes[k];
  });
}

}  // namespace glrand::pm
