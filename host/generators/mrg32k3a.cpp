// SPDX-License-Identifier: MIT
#include "generators/mrg32k3a.hpp"

#include <array>

#include <algorithm>
#include <cmath>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include <glrand/error.hpp>

namespace glrand::mrg32k3a {

namespace {

// A^(2^i) for i = 0..127, both components. Made at compile time: entry 0 is the step
// matrix, entry i + 1 = entry i squared mod m (exact integer arithmetic, 254 squarings);
// no generated file to keep in sync. jump_by multiplies the entries of the set bits of the
// step count, at most 128 products per component instead of ~256 for square-and-multiply.
inline constexpr unsigned kTableBits = 128;

struct PowerTable {
  std::array<Matrix, kTableBits> a1;
  std::array<Matrix, kTableBits> a2;
};

constexpr PowerTable make_power_table() {
  PowerTable t{};
  t.a1[0] = kA1;
  t.a2[0] = kA2;
  for (unsigned i = 1; i < kTableBits; ++i) {
    t.a1[i] = multiply(t.a1[i - 1], t.a1[i - 1], kM1);
    t.a2[i] = multiply(t.a2[i - 1], t.a2[i - 1], kM2);
  }
  return t;
}

constexpr PowerTable kPowers = make_power_table();

Matrix power_from_table(const std::array<Matrix, kTableBits>& table, std::uint64_t m, Steps exponent) {
  Matrix r = kIdentity;
  for (unsigned i = 0; exponent != 0; ++i, exponent >>= 1)
    if (exponent & 1) r = multiply(r, table[i], m);
  return r;
}

std::string triple_text(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  return "(" + std::to_string(a) + ", " + std::to_string(b) + ", " + std::to_string(c) + ")";
}

}  // namespace

Jump jump_by(Steps steps) {
  return Jump{power_from_table(kPowers.a1, kM1, steps), power_from_table(kPowers.a2, kM2, steps)};
}

Jump jump_back(Steps steps) {
  // A^P = I for each component's period P, so A^-k = A^(P - k mod P); the two components
  // have different periods and are handled separately.
  return Jump{power_from_table(kPowers.a1, kM1, (kPeriod1 - steps % kPeriod1) % kPeriod1),
              power_from_table(kPowers.a2, kM2, (kPeriod2 - steps % kPeriod2) % kPeriod2)};
}

State advance(const State& s, Steps steps) { return apply(jump_by(steps), s); }

State retreat(const State& s, Steps steps) { return apply(jump_back(steps), s); }

State stream_start(const State& package_seed, std::uint64_t stream) {
  // 2^127·stream overflows 128 bits for stream ≥ 2, so raise A^(2^127) to the power instead.
  const Jump j{matrix_power(kPowers.a1[kStreamLog2], kM1, stream),
               matrix_power(kPowers.a2[kStreamLog2], kM2, stream)};
  return apply(j, package_seed);
}

State substream_start(const State& stream_start, std::uint64_t substream) {
  const Jump j{matrix_power(kPowers.a1[kSubstreamLog2], kM1, substream),
               matrix_power(kPowers.a2[kSubstreamLog2], kM2, substream)};
  return apply(j, stream_start);
}

State curand_state(std::uint64_t seed, std::uint64_t subsequence, std::uint64_t offset) {
  State s = default_seed();
  if (seed != 0) {
    const std::uint64_t x1 = static_cast<std::uint32_t>(seed) ^ kCurandSeedXorLow;
    const std::uint64_t x2 = static_cast<std::uint32_t>(seed >> 32) ^ kCurandSeedXorHigh;
    // Both factors are below 2^32, so each product fits 64 bits.
    s.s1 = {x1 * s.s1[0] % kM1, x2 * s.s1[1] % kM1, x1 * s.s1[2] % kM1};
    s.s2 = {x2 * s.s2[0] % kM2, x1 * s.s2[1] % kM2, x2 * s.s2[2] % kM2};
  }
  s = substream_start(s, subsequence & kCurandSubsequenceMask);
  return advance(s, offset);
}

State seed_from_words(const std::array<std::uint64_t, 6>& words) {
  static constexpr const char* kNames[6] = {"s1[0]", "s1[1]", "s1[2]", "s2[0]", "s2[1]", "s2[2]"};
  for (int i = 0; i < 6; ++i) {
    const bool first = i < 3;
    const std::uint64_t m = first ? kM1 : kM2;
    if (words[i] >= m)
      throw InvalidArgument("mrg32k3a seed word " + std::to_string(i + 1) + " (" + kNames[i] + ") = " +
                            std::to_string(words[i]) + " is out of range: " + (first ? "s1" : "s2") +
                            " words must be in [0, " + std::to_string(m - 1) + "] (below " +
                            (first ? "m1 = " : "m2 = ") + std::to_string(m) + ")");
  }
  const State s{{words[0], words[1], words[2]}, {words[3], words[4], words[5]}};
  if (s.s1 == std::array<std::uint64_t, 3>{})
    throw InvalidArgument("mrg32k3a seed: s1 = " + triple_text(0, 0, 0) +
                          " is all zero; at least one of words 1-3 must be in [1, " + std::to_string(kM1 - 1) + "]");
  if (s.s2 == std::array<std::uint64_t, 3>{})
    throw InvalidArgument("mrg32k3a seed: s2 = " + triple_text(0, 0, 0) +
                          " is all zero; at least one of words 4-6 must be in [1, " + std::to_string(kM2 - 1) + "]");
  return s;
}

GLRAND_VECTOR_CLONES void to_f32(std::span<const std::uint32_t> z, std::span<float> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return to_f32(*w); });
}

GLRAND_VECTOR_CLONES void to_f64(std::span<const std::uint32_t> z, std::span<double> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return to_f64(*w); });
}

GLRAND_VECTOR_CLONES void to_u32(std::span<const std::uint32_t> z, std::span<std::uint32_t> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return to_u32(*w); });
}

GLRAND_VECTOR_CLONES void curand_f32(std::span<const std::uint32_t> z, std::span<float> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return curand_f32(*w); });
}

GLRAND_VECTOR_CLONES void curand_f64(std::span<const std::uint32_t> z, std::span<double> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return curand_f64(*w); });
}

GLRAND_VECTOR_CLONES void curand_u32(std::span<const std::uint32_t> z, std::span<std::uint32_t> out) {
  convert_each<1>(z, out, [](const std::uint32_t* w) { return curand_u32(*w); });
}

namespace {

using Doubles = double __attribute__((vector_size(32)));

// Lanes stepped side by side: three vectors of four, whose chains of dependent arithmetic (s2's
// is one step long) interleave.
constexpr int kVectors = 3;
constexpr std::size_t kLanes = 4 * kVectors;

// step() and combine() of kLanes states side by side, one vector of doubles per state word and
// four lanes (GCC's vector extension): each product below 2^21·2^32 = 2^53 and their
// difference exact; the quotient from a rounded reciprocal, rounded to the nearest integer by
// 1.5·2^52, so the remainder p − q·m is exact and within (−m, m), one compare from its residue.
// Lane j's output i goes to out[j·lane_stride + i]; `lanes` are left after their `stretch` steps.
GLRAND_VECTOR_CLONES void step_lanes(std::array<State, kLanes>& lanes, std::uint32_t* __restrict out,
                                    std::uint64_t stretch, std::uint64_t lane_stride) {
  // Lambdas take and give vectors by reference: passed by value they would change the
  // baseline clone's ABI (GCC's -Wpsabi), though everything here is inlined.
  Doubles x10[kVectors], x11[kVectors], x12[kVectors], x20[kVectors], x21[kVectors], x22[kVectors];
  for (int v = 0; v < kVectors; ++v)
    for (int k = 0; k < 4; ++k) {
      const State& lane = lanes[4 * v + k];
      x10[v][k] = static_cast<double>(lane.s1[0]), x11[v][k] = static_cast<double>(lane.s1[1]),
      x12[v][k] = static_cast<double>(lane.s1[2]);
      x20[v][k] = static_cast<double>(lane.s2[0]), x21[v][k] = static_cast<double>(lane.s2[1]),
      x22[v][k] = static_cast<double>(lane.s2[2]);
    }
  const Doubles zero{}, m1 = zero + static_cast<double>(kM1), m2 = zero + static_cast<double>(kM2);
  const Doubles reciprocal1 = 1.0 / m1, reciprocal2 = 1.0 / m2, round = zero + 0x1.8p52;
  const auto reduce = [&](Doubles& p, const Doubles& m, const Doubles& reciprocal) {
    const Doubles q = (p * reciprocal + round) - round;
    const Doubles r = p - q * m;
    p = r < 0.0 ? r + m : r;
  };
  for (std::uint64_t i = 0; i < stretch; ++i) {
#pragma GCC unroll 3
    for (int v = 0; v < kVectors; ++v) {
      Doubles p1 = static_cast<double>(kA12) * x11[v] - static_cast<double>(kA13n) * x10[v];
      Doubles p2 = static_cast<double>(kA21) * x22[v] - static_cast<double>(kA23n) * x20[v];
      reduce(p1, m1, reciprocal1);
      reduce(p2, m2, reciprocal2);
      x10[v] = x11[v], x11[v] = x12[v], x12[v] = p1;
      x20[v] = x21[v], x21[v] = x22[v], x22[v] = p2;
      const Doubles z = p1 > p2 ? p1 - p2 : p1 - p2 + m1;
      for (int k = 0; k < 4; ++k) out[(4 * v + k) * lane_stride + i] = static_cast<std::uint32_t>(z[k]);
    }
  }
  for (int v = 0; v < kVectors; ++v)
    for (int k = 0; k < 4; ++k)
      lanes[4 * v + k] =
          State{{static_cast<std::uint64_t>(x10[v][k]), static_cast<std::uint64_t>(x11[v][k]), static_cast<std::uint64_t>(x12[v][k])},
                {static_cast<std::uint64_t>(x20[v][k]), static_cast<std::uint64_t>(x21[v][k]), static_cast<std::uint64_t>(x22[v][k])}};
}

// `fill(begin, end)` over `threads` consecutive ranges of [0, count) (0: all cores), one a thread.
template <class Fill>
void on_threads(std::size_t count, unsigned threads, Fill fill) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  // Below ~64k outputs a thread costs more than it saves.
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, count / 65536 + 1));
  std::vector<std::jthread> workers;
  const std::size_t per = (count + threads - 1) / threads;
  for (unsigned t = 1; t < threads; ++t)
    workers.emplace_back(fill, std::min(count, t * per), std::min(count, (t + 1) * per));
  fill(0, std::min(count, per));
}

// Outputs a lane makes at a time in generate_values: the lanes' words, about 190 KiB, stay in
// the core's cache until they are converted.
constexpr std::size_t kValueStretch = std::size_t{1} << 12;

// A thread's range [begin, end) cut into kLanes stretches, each lane's state at its start;
// the last lane goes on past its stretch to the range's end (fewer than kLanes outputs more).
struct LaneStarts {
  std::size_t length;
  std::array<State, kLanes> lanes;
};
LaneStarts lane_starts(const State& start, std::size_t begin, std::size_t end) {
  LaneStarts s{(end - begin) / kLanes, {}};
  for (std::size_t j = 0; j < kLanes; ++j) s.lanes[j] = advance(start, begin + j * s.length);
  return s;
}

// The last lane's words past its stretch (after step_lanes): out.size() of them, the range's rest.
void step_last_lane(LaneStarts& s, std::span<std::uint32_t> out) {
  for (std::uint32_t& z : out) {
    s.lanes.back() = step(s.lanes.back());
    z = combine(s.lanes.back());
  }
}

template <class T>
void values_in_blocks(const Reference& reference, const State& start, std::span<T> out, unsigned threads) {
  const auto convert = [&](std::span<const std::uint32_t> z, std::span<T> values) {
    if constexpr (std::is_same_v<T, float>) reference.to_f32(z, values);
    else reference.to_f64(z, values);
  };
  on_threads(out.size(), threads, [&](std::size_t begin, std::size_t end) {
    LaneStarts s = lane_starts(start, begin, end);
    // The lanes' words a cache line apart beyond a power of two, so that their stores do not
    // all fall into the same sets of the cache.
    const std::size_t lane_stride = std::min(s.length, kValueStretch) + 16;
    std::vector<std::uint32_t> words(kLanes * lane_stride);
    for (std::size_t at = 0; at < s.length; at += kValueStretch) {
      const std::size_t n = std::min(kValueStretch, s.length - at);
      step_lanes(s.lanes, words.data(), n, lane_stride);
      for (std::size_t j = 0; j < kLanes; ++j)
        convert(std::span<const std::uint32_t>(words.data() + j * lane_stride, n),
                out.subspan(begin + j * s.length + at, n));
    }
    std::array<std::uint32_t, kLanes> tail{};
    const std::span<std::uint32_t> rest(tail.data(), end - begin - kLanes * s.length);
    step_last_lane(s, rest);
    convert(rest, out.subspan(begin + kLanes * s.length, rest.size()));
  });
}

}  // namespace

void generate_ints(const State& start, std::span<std::uint32_t> out, unsigned threads) {
  // Each thread steps kLanes states, each at the start of a stretch of its range, side by side
  // (step_lanes); the same words as stepping one state through the range.
  on_threads(out.size(), threads, [&](std::size_t begin, std::size_t end) {
    LaneStarts s = lane_starts(start, begin, end);
    step_lanes(s.lanes, out.data() + begin, s.length, s.length);
    step_last_lane(s, out.subspan(begin + kLanes * s.length, end - begin - kLanes * s.length));
  });
}

void generate_values(const Reference& reference, const State& start, std::span<float> out, unsigned threads) {
  values_in_blocks(reference, start, out, threads);
}

void generate_values(const Reference& reference, const State& start, std::span<double> out, unsigned threads) {
  values_in_blocks(reference, start, out, threads);
}

}  // namespace glrand::mrg32k3a
