// SPDX-License-Identifier: MIT
// shaders/common/byte_arithmetic.glsl (Park–Miller's byte-split product, Langdon 2008),
// translated to C++, under hostile arithmetic; reference host/generators/park_miller.hpp.
// Bytes travel as host/fragment/park_miller_fragment.hpp encodes them.
#include <catch2/catch.hpp>

#include <cmath>

#include "generators/park_miller.hpp"
#include "hostile/hostile_support.hpp"
#include "kat/kat.hpp"

namespace {

using namespace glrand::hostile;
using namespace glrand::hostile::testing;
namespace shaders = glrand::hostile::shaders;
using U64 = std::uint64_t;
using glrand::pm::kModulus;

vec4 bytes(U64 v) { return v4(v & 0xFF, v >> 8 & 0xFF, v >> 16 & 0xFF, v >> 24); }

// The integer of a byte vector, or -1 if a lane is not a byte (the top one below 2^7).
std::int64_t integer_of_bytes(const vec4& b) {
  std::int64_t value = 0;
  for (int k = 3; k >= 0; --k) {
    const auto byte = integer_of(b.lane[k]);
    if (byte < 0 || byte > (k == 3 ? 127 : 255)) return -1;
    value = value * 256 + byte;
  }
  return value;
}

// Residues with every byte at 0, 1, 0x7F/0x80 or 0xFF in every position (carries across
// every byte), 1, 2, m - 1, m - 2, powers of two and their neighbours.
std::vector<U64> byte_edges() {
  std::vector<U64> v;
  const U64 low[] = {0x00, 0x01, 0x7F, 0x80, 0xFF};
  const U64 top[] = {0x00, 0x01, 0x3F, 0x40, 0x7F};
  for (const U64 b3 : top)
    for (const U64 b2 : low)
      for (const U64 b1 : low)
        for (const U64 b0 : low) {
          const U64 x = b0 | b1 << 8 | b2 << 16 | b3 << 24;
          if (x < kModulus) v.push_back(x);
        }
  for (int bits = 1; bits < 31; ++bits) add_around(v, U64{1} << bits, 0, kModulus);
  add_around(v, kModulus - 2, 0, kModulus);
  return v;
}

struct Case {
  U64 x, c;
};

// `product` (a byte-split modular product of shaders/common/byte_arithmetic.glsl) of every case,
// four lanes at a time, in every hostile policy, against x·c mod m in 64-bit integers.
void check_products(const char* name, const std::vector<Case>& cases, vec4 (*product)(vec4, vec4)) {
  U64 checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    in_lanes(
        cases, [&](const std::array<Case, 4>& c) {
          std::array<vec4, 4> out;
          for (int k = 0; k < 4; ++k) out[k] = product(bytes(c[k].x), bytes(c[k].c));
          return out;
        },
        [&](const Case& c, const vec4& r) {
          const U64 expected = c.x * c.c % kModulus;
          m.check(integer_of_bytes(r) == static_cast<std::int64_t>(expected), [&](auto& o) {
            o << c.x << " * " << c.c << " mod m -> bytes (" << r.lane[0].v << ", " << r.lane[1].v << ", " << r.lane[2].v
              << ", " << r.lane[3].v << "), not " << expected;
          });
        });
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked(name, checked);
}

TEST_CASE("mulModMersenne31: byte edges in every position, Park-Miller multipliers, random", "[hostile]") {
  const auto edges = byte_edges();
  std::vector<Case> cases;
  for (std::size_t i = 0; i < edges.size(); i += 5)  // a fifth of the edge pairs: every position still varies
    for (const U64 c : edges) cases.push_back({edges[i], c});
  for (const U64 leap : {U64{1}, U64{2}, U64{1000}, U64{1} << 20, U64{1} << 31, U64{123456789012}}) {
    const U64 c = glrand::pm::multiplier_power(leap);
    for (const U64 x : edges) cases.push_back({x, c});
    for (int i = 0; i < 2000; ++i) cases.push_back({uniform(1, kModulus), c});
  }
  for (int i = 0; i < 20000; ++i) cases.push_back({uniform(0, kModulus), uniform(0, kModulus)});
  check_products("mulModMersenne31", cases, shaders::mulModMersenne31);
}

// The texture shaders' step by a: every byte edge and random residues times multipliers below
// 2^16 (Park–Miller's a, MINSTD's 48271, 2^16 − 1, 1, 2 and random ones), against 64-bit
// integer arithmetic.
TEST_CASE("mulModMersenne31By16: byte edges in every position, multipliers below 2^16, random", "[hostile]") {
  const auto edges = byte_edges();
  std::vector<U64> multipliers{glrand::pm::kMultiplier, 48271, 65535, 65534, 32768, 256, 255, 2, 1};
  for (int i = 0; i < 40; ++i) multipliers.push_back(uniform(1, 65536));
  std::vector<Case> cases;
  for (const U64 c : multipliers) {
    for (const U64 x : edges) cases.push_back({x, c});
    for (int i = 0; i < 2000; ++i) cases.push_back({uniform(1, kModulus), c});
  }
  check_products("mulModMersenne31By16", cases, shaders::mulModMersenne31By16);
}

// park_miller_texture.frag's floats: within 1 ulp of pm::to_f32, below 1, at every byte edge,
// at m − 1 (which rounds to 1 without the cap) and at random words.
TEST_CASE("unitFloatOfBytes stays within 1 ulp of pm::to_f32, below 1, under hostile arithmetic", "[hostile]") {
  std::vector<U64> cases;
  for (const U64 z : byte_edges())
    if (z >= 1) cases.push_back(z);
  for (U64 back = 1; back <= 64; ++back) cases.push_back(kModulus - back);
  for (int i = 0; i < 40000; ++i) cases.push_back(uniform(1, kModulus));
  check_unit_floats_within_one_ulp(
      "unitFloatOfBytes", cases, [](U64 z) { return shaders::unitFloatOfBytes(bytes(z)); },
      [](U64 z) { return glrand::pm::to_f32(static_cast<std::uint32_t>(z)); });
}

// park_miller.frag's stepping: z_10000 from z_0 = 1 as published (tests/kat/park_miller.txt), each
// output read back through halvesOfBytes.
TEST_CASE("Park-Miller stepped 10000 times by mulModMersenne31 under hostile arithmetic", "[hostile]") {
  const std::int64_t z_10000 = glrand_test::kat::load("park_miller").one("seed=1 n=10000").u32("z");
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    vec4 z = bytes(1);
    const vec4 a = bytes(glrand::pm::kMultiplier);
    std::uint32_t expected = 1;
    Mismatches m;
    for (int n = 1; n <= 10000; ++n) {
      z = shaders::mulModMersenne31(z, a);
      expected = glrand::pm::step(expected);
      const vec2 halves = shaders::halvesOfBytes(z);
      const auto low = integer_of(halves.lane[0]), high = integer_of(halves.lane[1]);
      m.check(low == (expected & 0xFFFF) && high == (expected >> 16),
              [&](auto& o) { o << "z_" << n << " -> halves " << low << ", " << high << ", not " << expected; });
    }
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
    CHECK(integer_of_bytes(z) == z_10000);
  }
}

}  // namespace
