// SPDX-License-Identifier: MIT
#pragma once
// Wichmann–Hill on the fragment path (shaders/wichmann_hill.frag): the state (x, y, z, w) is
// one RGBA texel, and so is an output: MKL's integer output is the state itself.
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>

#include "fragment/stateful_fragment.hpp"
#include "generators/wichmann_hill.hpp"

namespace glrand::fragment {

struct WichmannHillTraits {
  static constexpr const char* kName = "Wichmann-Hill";
  static constexpr const char* kShader = "wichmann_hill.frag";
  static constexpr int kStateVec4s = 1;
  static constexpr int kWordsPerOutput = 4;
  static constexpr int kOutputsPerVec4 = 1;
  using State = wh::State;
  using Jump = std::array<std::uint32_t, 4>;  // a_k^n mod m_k

  wh::Parameters parameters = wh::parameters(0);

  Jump jump(std::uint64_t n) const { return wh::jump_multipliers(parameters, n); }
  State apply(const Jump& multipliers, const State& s) const { return wh::apply_jump(parameters, multipliers, s); }

  // Schrage's method needs c_k² < m_k: true of the set's own multipliers (one step, as in
  // blocking), not of a^P (leapfrog), which takes the 12-bit-split product instead.
  std::map<std::string, std::string> defines(const StreamLayout& layout) const {
    return {{"STEP_SCHRAGE", layout.split == Split::blocking || layout.substreams == 1 ? "1" : "0"}};
  }

  static void encode_state(const State& s, float* texel) {
    for (int k = 0; k < 4; ++k) texel[k] = static_cast<float>(s[k]);
  }
  bool decode(const float* texel, std::uint32_t* words) const {
    for (int k = 0; k < 4; ++k) {
      const float v = texel[k];
      if (!(v >= 0.0f && v < static_cast<float>(parameters.modulus[k]) && v == std::floor(v))) return false;
      words[k] = static_cast<std::uint32_t>(v);
    }
    return true;
  }
  void set_step(const gl::Program& program, const Jump& c) const {
    std::array<float, 4> multiplier{}, modulus{}, q{}, r{};
    for (int k = 0; k < 4; ++k) {
      multiplier[k] = static_cast<float>(c[k]);
      modulus[k] = static_cast<float>(parameters.modulus[k]);
      q[k] = static_cast<float>(parameters.modulus[k] / c[k]);
      r[k] = static_cast<float>(parameters.modulus[k] % c[k]);
    }
    program.set("uStepMultiplier", multiplier);
    program.set("uModulus", modulus);
    if (program.has_uniform("uStepQ")) {  // the Schrage variant
      program.set("uStepQ", q);
      program.set("uStepR", r);
    }
  }
};

using WichmannHillFragment = StatefulFragment<WichmannHillTraits>;

}  // namespace glrand::fragment
