// SPDX-License-Identifier: MIT
// The host's check of what the GPU wrote (fragment/traits.hpp's exact_integer and each
// generator's decode; the GPU's own check, gl::WordPacker, in tests/gl/word_packer_test.cpp):
// exact integers in range become the words; anything else (a fraction, a negative, NaN, an
// infinity, the bound itself, an integer beyond the generator's range) is refused. The floats
// are made here from chosen words, as the shaders lay them out.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "stream/ceicg_stream.hpp"

using namespace glrand;

namespace {

const std::vector<float> kNotExact{0.5f,  -1.0f, std::nanf(""), std::numeric_limits<float>::infinity(),
                                   -std::numeric_limits<float>::infinity(), 16777216.0f, 3.0e9f, 1.0e-30f};

// Every float of `floats` replaced in turn by every value of kNotExact is refused.
template <class G>
void refuses_every_bad_float(const G& traits, std::vector<float> floats, int words_per_output) {
  std::vector<std::uint32_t> words(static_cast<std::size_t>(words_per_output));
  for (std::size_t i = 0; i < floats.size(); ++i)
    for (const float bad : kNotExact) {
      const float kept = floats[i];
      floats[i] = bad;
      INFO("float " << i << " = " << bad);
      CHECK_FALSE(traits.decode(floats.data(), words.data()));
      floats[i] = kept;
    }
}

}  // namespace

TEST_CASE("exact_integer takes exact integers below its bound and nothing else", "[unit][gl-decode]") {
  for (const float v : {0.0f, -0.0f, 1.0f, 30268.0f, 16777215.0f}) {
    bool ok = true;
    CHECK(fragment::exact_integer(v, 16777216.0f, ok) == static_cast<std::uint32_t>(v));
    CHECK(ok);
  }
  for (const float v : kNotExact) {
    bool ok = true;
    fragment::exact_integer(v, 16777216.0f, ok);
    INFO(v);
    CHECK_FALSE(ok);
  }
  bool ok = true;
  fragment::exact_integer(30269.0f, 30269.0f, ok);  // the bound itself
  CHECK_FALSE(ok);
  ok = false;
  fragment::exact_integer(5.0f, 30269.0f, ok);  // a failure stays a failure
  CHECK_FALSE(ok);
}

TEST_CASE("Park-Miller's halves decode to the word, within 1..m-1", "[unit][gl-decode]") {
  for (const std::uint32_t z : {1u, 16807u, 65535u, 65536u, 2147483646u}) {
    const float halves[2] = {static_cast<float>(z & 0xFFFF), static_cast<float>(z >> 16)};
    std::uint32_t word = 0;
    CHECK(fragment::ParkMillerTraits::decode(halves, &word));
    CHECK(word == z);
  }
  for (const std::uint32_t z : {0u, 2147483647u}) {  // 0 and m: exact floats, out of the range
    const float halves[2] = {static_cast<float>(z & 0xFFFF), static_cast<float>(z >> 16)};
    std::uint32_t word = 0;
    CHECK_FALSE(fragment::ParkMillerTraits::decode(halves, &word));
  }
  const float above[2] = {0.0f, 32768.0f};  // the high half's bound
  std::uint32_t word = 0;
  CHECK_FALSE(fragment::ParkMillerTraits::decode(above, &word));
  refuses_every_bad_float(fragment::ParkMillerTraits{}, {7.0f, 3.0f}, 1);
}

TEST_CASE("MRG32k3a's two floats decode to z, within 1..m1", "[unit][gl-decode]") {
  for (const std::uint64_t z : {std::uint64_t{1}, std::uint64_t{16777216}, mrg32k3a::kM1}) {
    const float pair[2] = {static_cast<float>(z & 0xFFFFFF), static_cast<float>(z >> 24)};
    std::uint32_t word = 0;
    CHECK(fragment::Mrg32k3aTraits::decode(pair, &word));
    CHECK(word == z);
  }
  for (const std::uint64_t z : {std::uint64_t{0}, mrg32k3a::kM1 + 1}) {
    const float pair[2] = {static_cast<float>(z & 0xFFFFFF), static_cast<float>(z >> 24)};
    std::uint32_t word = 0;
    CHECK_FALSE(fragment::Mrg32k3aTraits::decode(pair, &word));
  }
  refuses_every_bad_float(fragment::Mrg32k3aTraits{}, {12.0f, 5.0f}, 1);
}

TEST_CASE("Wichmann-Hill's four floats decode below each modulus", "[unit][gl-decode]") {
  const fragment::WichmannHillTraits traits;
  std::vector<float> texel(4);
  std::vector<std::uint32_t> words(4);
  for (int k = 0; k < 4; ++k) texel[k] = static_cast<float>(traits.parameters.modulus[k] - 1);
  CHECK(traits.decode(texel.data(), words.data()));
  for (int k = 0; k < 4; ++k) CHECK(words[k] == traits.parameters.modulus[k] - 1);
  for (int k = 0; k < 4; ++k) {
    std::vector<float> at_modulus = texel;
    at_modulus[k] = static_cast<float>(traits.parameters.modulus[k]);
    CHECK_FALSE(traits.decode(at_modulus.data(), words.data()));
  }
  refuses_every_bad_float(traits, texel, 4);
}
