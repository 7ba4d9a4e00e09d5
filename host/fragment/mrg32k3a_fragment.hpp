// SPDX-License-Identifier: MIT
#pragma once
// MRG32k3a on the fragment path (shaders/mrg32k3a.frag) and the scatter and compute
// profiles. A state given to the engines is, as everywhere in glrand and in RngStreams, the
// state before the first output: output n = combine(step^(n+1)(start)). The shaders hold a
// position's state after its step (output = combine(held state)), so encode_state() uploads
// step(state). A state is six
// 32-bit words as (x0, x1) = (low 24 bits, high 8 bits) pairs in three RGBA texels; an
// output z is one such pair, two per texel.
#include <array>
#include <cstdint>
#include <string>

#include "fragment/stateful_fragment.hpp"
#include "generators/mrg32k3a.hpp"

namespace glrand::fragment {

struct Mrg32k3aTraits {
  static constexpr const char* kName = "MRG32k3a";
  static constexpr const char* kShader = "mrg32k3a.frag";
  static constexpr const char* kStream = "mrg32k3a";  // the scatter and compute profiles
  // Their substreams run blocks (stream/stream_generator.hpp): A is sparse and a step by it a
  // few times cheaper than by A^P.
  static constexpr bool kStreamBlocks = true;
  // Blocks long enough that each pass's dense jump to the next block weighs little beside the
  // outputs (docs/performance.md).
  static constexpr std::uint32_t kStreamOutputsPerSubstream = 256;
  // A step of both components does not fit one ps_3_0 pass: with GPU update the state
  // advances in three passes of this shader, one per state texel.
  static constexpr const char* kAdvanceShader = "mrg32k3a_advance.frag";
  // Texture fills (fragment/state_texture_filler.hpp): two consecutive outputs a pass, within
  // 1 ulp of mrg32k3a::to_f32, the state moved on by the advance passes
  // (shaders/mrg32k3a_texture.frag).
  static constexpr const char* kTextureShader = "mrg32k3a_texture.frag";
  static constexpr int kTextureOutputsPerPass = 2;
  static constexpr const char* kComputeTextureShader = "compute/mrg32k3a_texture.comp";
  static constexpr int kStateVec4s = 3;
  static constexpr int kWordsPerOutput = 1;
  static constexpr int kOutputsPerVec4 = 2;
  using State = mrg32k3a::State;
  using Jump = mrg32k3a::Jump;

  static Jump jump(std::uint64_t k) { return mrg32k3a::jump_by(k); }
  static State apply(const Jump& j, const State& s) { return mrg32k3a::apply(j, s); }

  static void encode_state(const State& before, float* texels) {
    const State s = mrg32k3a::step(before);
    const std::array<std::uint64_t, 6> words{s.s1[0], s.s1[1], s.s1[2], s.s2[0], s.s2[1], s.s2[2]};
    for (int i = 0; i < 6; ++i) {
      texels[2 * i] = static_cast<float>(words[i] & 0xFFFFFF);
      texels[2 * i + 1] = static_cast<float>(words[i] >> 24);
    }
  }
  // Three state texels back, as the state before their position (encode_state's inverse); false
  // unless every word is an exact pair below its modulus.
  static bool decode_state(const float* texels, State& before) {
    bool ok = true;
    std::array<std::uint64_t, 6> words{};
    for (int i = 0; i < 6; ++i)
      words[i] = exact_integer(texels[2 * i], 16777216.0f, ok) +
                 (static_cast<std::uint64_t>(exact_integer(texels[2 * i + 1], 256.0f, ok)) << 24);
    for (int i = 0; i < 6; ++i) ok &= words[i] < (i < 3 ? mrg32k3a::kM1 : mrg32k3a::kM2);
    if (!ok) return false;
    const State held{{words[0], words[1], words[2]}, {words[3], words[4], words[5]}};
    before = mrg32k3a::apply(mrg32k3a::jump_back(1), held);
    return true;
  }
  static bool decode(const float* pair, std::uint32_t* z) {
    bool ok = true;
    const std::uint64_t value = exact_integer(pair[0], 16777216.0f, ok) +
                                (static_cast<std::uint64_t>(exact_integer(pair[1], 256.0f, ok)) << 24);
    *z = static_cast<std::uint32_t>(value);
    return ok & (value >= 1) & (value <= mrg32k3a::kM1);
  }

  // decode's words and checks on the GPU.
  static gl::PackRule pack_rule() {
    return {{16777216.0f, 256.0f},
            true,
            24,
            1,
            static_cast<std::uint32_t>(mrg32k3a::kM1),
            {gl::UnitFormula::Kind::product, mrg32k3a::kNorm, false, [](const std::uint32_t* z) { return mrg32k3a::to_f32(*z); },
             [](const std::uint32_t* z) { return mrg32k3a::to_f64(*z); }}};
  }

  static std::array<float, 3> digits(std::uint64_t v) {
    return {static_cast<float>(v & 0xFFF), static_cast<float>(v >> 12 & 0xFFF), static_cast<float>(v >> 24)};
  }
  // 2^bits mod m.
  static std::uint64_t power_of_two_mod(unsigned bits, std::uint64_t m) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(1) << bits) % m);
  }
  // Uniforms a pass does not use (an advance pass touches one component, or part of one)
  // are left out by the compiler, and skipped here.
  template <typename Value>
  static void set_used(const gl::Program& program, const std::string& name, const Value& value) {
    if (program.has_uniform(name.c_str())) program.set(name.c_str(), value);
  }
  static void set_modulus(const gl::Program& program, std::uint64_t m, const std::string& digits_name,
                          const std::string& suffix) {
    set_used(program, digits_name, digits(m));
    set_used(program, "uR36" + suffix, digits(power_of_two_mod(36, m)));
    set_used(program, "uR48" + suffix, digits(power_of_two_mod(48, m)));
    set_used(program, "uR60" + suffix, digits(power_of_two_mod(60, m)));
  }
  static void set_step(const gl::Program& program, const Jump& step) {
    for (int i = 0; i < 9; ++i) {
      set_used(program, "uStep1[" + std::to_string(i) + "]", digits(step.a1[i / 3][i % 3]));
      set_used(program, "uStep2[" + std::to_string(i) + "]", digits(step.a2[i / 3][i % 3]));
    }
    set_modulus(program, mrg32k3a::kM1, "uModulusDigits1", "First");
    set_modulus(program, mrg32k3a::kM2, "uModulusDigits2", "Second");
    // The recurrence's multipliers as two digits each, for stepOnce (whose bounds need them below 2^21).
    const auto pairs = [](std::uint64_t a, std::uint64_t b) {
      const auto da = digits(a), db = digits(b);
      return std::array<float, 4>{da[0], da[1], db[0], db[1]};
    };
    static_assert(mrg32k3a::kA12 < (1u << 21) && mrg32k3a::kA13n < (1u << 21) && mrg32k3a::kA21 < (1u << 21) &&
                  mrg32k3a::kA23n < (1u << 21));
    set_used(program, "uRecurrence1", pairs(mrg32k3a::kA12, mrg32k3a::kA13n));
    set_used(program, "uRecurrence2", pairs(mrg32k3a::kA21, mrg32k3a::kA23n));
    set_used(program, "uFoldC", std::array<float, 2>{static_cast<float>((1ull << 32) - mrg32k3a::kM1),
                                                     static_cast<float>((1ull << 32) - mrg32k3a::kM2)});
  }
};

static_assert(Ps30Traits<Mrg32k3aTraits> && StreamTraits<Mrg32k3aTraits>);

using Mrg32k3aFragment = StatefulFragment<Mrg32k3aTraits>;

}  // namespace glrand::fragment
