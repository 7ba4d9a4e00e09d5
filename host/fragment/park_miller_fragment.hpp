// SPDX-License-Identifier: MIT
#pragma once
// Park–Miller on the fragment path (shaders/park_miller.frag): the state is z as four bytes
// in one RGBA texel; an output is z as two 16-bit halves, two outputs per texel.
#include <array>
#include <cstdint>

#include "fragment/stateful_fragment.hpp"
#include "generators/park_miller.hpp"

namespace glrand::fragment {

struct ParkMillerTraits {
  static constexpr const char* kName = "Park-Miller";
  static constexpr const char* kShader = "park_miller.frag";
  static constexpr const char* kStream = "park_miller";  // the scatter and compute profiles
  // Texture fills (fragment/state_texture_filler.hpp): a texel's four consecutive outputs in
  // one pass, within 1 ulp of pm::to_f32 (shaders/park_miller_texture.frag), by one product
  // from the base and three by a, in 11-bit limbs (common/limb_arithmetic.glsl), of which a
  // has two.
  static constexpr const char* kTextureShader = "park_miller_texture.frag";
  static constexpr int kTextureOutputsPerPass = 4;
  static_assert(pm::kMultiplier < 65536, "the generation shaders step by a as two bytes");
  static constexpr const char* kComputeTextureShader = "compute/park_miller_texture.comp";
  static constexpr int kStateVec4s = 1;
  static constexpr int kWordsPerOutput = 1;
  static constexpr int kOutputsPerVec4 = 2;
  using State = pm::State;
  using Jump = std::uint32_t;  // a^k mod m

  static Jump jump(std::uint64_t k) { return pm::multiplier_power(k); }
  static State apply(Jump multiplier, State z) { return pm::mul_mod(z, multiplier); }
  // `first` then `second`: the product of the multipliers.
  static Jump compose(Jump first, Jump second) { return pm::mul_mod(first, second); }

  static std::array<float, 4> bytes(std::uint32_t v) {
    return {static_cast<float>(v & 0xFF), static_cast<float>(v >> 8 & 0xFF), static_cast<float>(v >> 16 & 0xFF),
            static_cast<float>(v >> 24)};
  }
  static void encode_state(State z, float* vec4) {
    const auto b = bytes(z);
    std::copy(b.begin(), b.end(), vec4);
  }
  // A state texel back (bytes); false unless exact bytes of a z in 1..m − 1.
  static bool decode_state(const float* vec4, State& z) {
    bool ok = true;
    z = 0;
    for (int k = 3; k >= 0; --k) z = (z << 8) | exact_integer(vec4[k], 256.0f, ok);
    return ok & (z >= 1) & (z < pm::kModulus);
  }
  static bool decode(const float* halves, std::uint32_t* word) {
    bool ok = true;
    const std::uint32_t low = exact_integer(halves[0], 65536.0f, ok), high = exact_integer(halves[1], 32768.0f, ok);
    *word = low + (high << 16);
    return ok & (*word >= 1) & (*word < pm::kModulus);
  }
  // decode's words and checks on the GPU.
  static gl::PackRule pack_rule() {
    return {{65536.0f, 32768.0f},
            true,
            16,
            1,
            pm::kModulus - 1,
            {gl::UnitFormula::Kind::mersenne31_quotient, 0, false, [](const std::uint32_t* z) { return pm::to_f32(*z); },
             [](const std::uint32_t* z) { return pm::to_f64(*z); }}};
  }
  static std::array<float, 3> limbs(std::uint32_t v) {
    return {static_cast<float>(v & 0x7FF), static_cast<float>(v >> 11 & 0x7FF), static_cast<float>(v >> 22)};
  }
  // The generation shaders' step in bytes, the texture shaders' (a, below 2^22) in two limbs;
  // neither in 1-output passes.
  static void set_step(const gl::Program& program, Jump multiplier) {
    if (program.has_uniform("uStepMultiplier")) program.set("uStepMultiplier", bytes(multiplier));
    if (program.has_uniform("uStepLimbs")) {
      const auto l = limbs(multiplier);
      if (l[2] != 0) throw InvalidArgument("the Park-Miller texture shaders step by a multiplier below 2^22");
      program.set("uStepLimbs", std::array<float, 2>{l[0], l[1]});
    }
  }
  // The texture shaders' multiplier from a texel's base state to a pass's first output.
  static void set_base_jump(const gl::Program& program, Jump multiplier) {
    program.set("uBaseJumpLimbs", limbs(multiplier));
  }
};

static_assert(Ps30Traits<ParkMillerTraits> && StreamTraits<ParkMillerTraits>);

using ParkMillerFragment = StatefulFragment<ParkMillerTraits>;

}  // namespace glrand::fragment
