// SPDX-License-Identifier: MIT
#pragma once
// Wichmann–Hill on the fragment path (shaders/wichmann_hill.frag): the state (x, y, z, w) is
// one RGBA texel, and so is an output: MKL's integer output is the state itself.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fragment/modular_uniforms.hpp"
#include "fragment/stateful_fragment.hpp"
#include "generators/wichmann_hill.hpp"

namespace glrand::fragment {

struct WichmannHillTraits {
  static constexpr const char* kName = "Wichmann-Hill";
  static constexpr const char* kShader = "wichmann_hill.frag";
  static constexpr const char* kStream = "wichmann_hill";  // the scatter and compute profiles
  // Texture fills (fragment/state_texture_filler.hpp): a texel's four consecutive outputs in
  // one pass, within 2^-20 of wh::to_f32 on the circle (shaders/wichmann_hill_texture.frag).
  static constexpr const char* kTextureShader = "wichmann_hill_texture.frag";
  static constexpr int kTextureOutputsPerPass = 4;
  static constexpr const char* kComputeTextureShader = "compute/wichmann_hill_texture.comp";
  static constexpr int kStateVec4s = 1;
  static constexpr int kWordsPerOutput = 4;
  static constexpr int kOutputsPerVec4 = 1;
  using State = wh::State;
  using Jump = std::array<std::uint32_t, 4>;  // a_k^n mod m_k

  wh::Parameters parameters = wh::parameters(0);
  // Parameterisation: substream s runs set substream_sets[s] (empty otherwise).
  std::vector<wh::Parameters> substream_sets{};
  std::array<std::shared_ptr<gl::Texture>, 4> parameter_textures{};  // m, a, m div a, m mod a

  Jump jump(std::uint64_t n) const { return wh::jump_multipliers(parameters, n); }
  State apply(const Jump& multipliers, const State& s) const { return wh::apply_jump(parameters, multipliers, s); }
  // `first` then `second`: the multipliers' products, component by component.
  Jump compose(const Jump& first, const Jump& second) const { return wh::apply_jump(parameters, first, second); }

  // Schrage's method needs c_k² < m_k: true of the set's own multipliers (one step, as in
  // blocking), not of a^P (leapfrog), which takes the 12-bit-split product instead.
  std::map<std::string, std::string> defines(const StreamLayout& layout) const {
    if (layout.split == Split::parameterisation) return {{"STEP_SCHRAGE", "1"}, {"PER_TEXEL_PARAMETERS", "1"}};
    return {{"STEP_SCHRAGE", layout.split == Split::blocking || layout.substreams == 1 ? "1" : "0"}};
  }

  void advance_substream(std::uint64_t s, std::uint64_t steps, State& state) const {
    state = wh::state_at(substream_sets[s], state, steps);
  }

  // Parameterisation: the four parameter textures, made on first use, bound from `unit` on.
  void bind_parameters(const gl::Program& program, int unit, TargetSize size) {
    if (substream_sets.empty()) return;
    if (!parameter_textures[0]) {
      const std::size_t texels = std::size_t{size.width} * size.height;
      for (int t = 0; t < 4; ++t) {
        std::vector<float> values(4 * texels, 1.0f);
        for (std::size_t s = 0; s < substream_sets.size(); ++s)
          for (int k = 0; k < 4; ++k) {
            const std::uint32_t m = substream_sets[s].modulus[k], a = substream_sets[s].multiplier[k];
            const std::uint32_t value[4] = {m, a, m / a, m % a};
            values[4 * s + k] = static_cast<float>(value[t]);
          }
        parameter_textures[t] = std::make_shared<gl::Texture>(size.width, size.height);
        glBindTexture(GL_TEXTURE_2D, parameter_textures[t]->id());
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(size.width), static_cast<GLsizei>(size.height),
                        GL_RGBA, GL_FLOAT, values.data());
      }
      gl::check_errors("uploading Wichmann-Hill parameter sets");
    }
    for (int t = 0; t < 4; ++t) {
      glActiveTexture(GL_TEXTURE0 + unit + t);
      glBindTexture(GL_TEXTURE_2D, parameter_textures[t]->id());
      program.set_int(("uParameters" + std::to_string(t)).c_str(), unit + t);
    }
  }

  static void encode_state(const State& s, float* texel) {
    for (int k = 0; k < 4; ++k) texel[k] = static_cast<float>(s[k]);
  }
  bool decode(const float* texel, std::uint32_t* words) const {
    bool ok = true;
    // Parameterised substreams have moduli of their own, all below 2^24.
    for (int k = 0; k < 4; ++k)
      words[k] = exact_integer(texel[k], substream_sets.empty() ? static_cast<float>(parameters.modulus[k]) : 16777216.0f, ok);
    return ok;
  }
  // decode's words and checks on the GPU; with one parameter set, the values too (each
  // output's own set would need its own reciprocals).
  gl::PackRule pack_rule() const {
    gl::PackRule rule;
    for (int k = 0; k < 4; ++k)
      rule.bounds.push_back(substream_sets.empty() ? static_cast<float>(parameters.modulus[k]) : 16777216.0f);
    if (substream_sets.empty()) {
      rule.values.kind = gl::UnitFormula::Kind::wichmann_hill;
      rule.values.float_nearest = true;
      for (int k = 0; k < 4; ++k) rule.values.reciprocals[static_cast<std::size_t>(k)] = 1.0 / parameters.modulus[k];
      rule.values.host_f32 = [p = parameters](const std::uint32_t* x) { return wh::to_f32(p, {x[0], x[1], x[2], x[3]}); };
      rule.values.host_f64 = [p = parameters](const std::uint32_t* x) { return wh::to_f64(p, {x[0], x[1], x[2], x[3]}); };
    }
    return rule;
  }
  // A state texel back; false unless exact components below the set's moduli.
  bool decode_state(const float* texel, State& s) const {
    bool ok = true;
    for (int k = 0; k < 4; ++k) s[k] = exact_integer(texel[k], static_cast<float>(parameters.modulus[k]), ok);
    return ok;
  }
  // The texture shaders' multipliers from a texel's base state to a pass's first output, as
  // mulMod24Balanced takes them (shaders/common/balanced_residues.glsl).
  void set_base_jump(const gl::Program& program, const Jump& c) const { set_halves(program, "uBaseJump", c); }
  // mulMod24ByHalves's and mulMod24Balanced's multiplier c_k mod m_k as NAMEHigh, NAMELow
  // (c_k's halves), NAMEShiftedHigh, NAMEShiftedLow (those of c'_k = c_k·2^12 mod m_k), and
  // NAMEOverModulus, NAMEShiftedOverModulus (c_k/m_k, c'_k/m_k), where the program uses them.
  void set_halves(const gl::Program& program, const std::string& name, const Jump& c) const {
    std::array<float, 4> high{}, low{}, shifted_high{}, shifted_low{}, over{}, shifted_over{};
    for (int k = 0; k < 4; ++k) {
      const auto multiplier = mul_mod24_multiplier(c[k], parameters.modulus[k]);
      high[k] = multiplier.c.high;
      low[k] = multiplier.c.low;
      shifted_high[k] = multiplier.shifted.high;
      shifted_low[k] = multiplier.shifted.low;
      over[k] = multiplier.c_over_modulus;
      shifted_over[k] = multiplier.shifted_over_modulus;
    }
    const std::pair<const char*, const std::array<float, 4>*> uniforms[] = {
        {"High", &high},
        {"Low", &low},
        {"ShiftedHigh", &shifted_high},
        {"ShiftedLow", &shifted_low},
        {"OverModulus", &over},
        {"ShiftedOverModulus", &shifted_over}};
    for (const auto& [suffix, value] : uniforms)
      if (program.has_uniform((name + suffix).c_str())) program.set((name + suffix).c_str(), *value);
  }
  // The texture shaders' constant: 1/m_k rounded to float (through double: m_k < 2^24).
  void set_texture_constants(const gl::Program& program) const {
    std::array<float, 4> inverse{};
    for (int k = 0; k < 4; ++k) inverse[k] = static_cast<float>(1.0 / parameters.modulus[k]);
    if (program.has_uniform("uInverseModulus")) program.set("uInverseModulus", inverse);  // floats only
  }
  // The one-step multipliers c_k (a_k, or a_k^P for leapfrog) and the moduli, in each form a
  // variant may take: Schrage's q and r (and q's reciprocal), or the product by halves's.
  // Uniforms a variant does not use are left alone.
  void set_step(const gl::Program& program, const Jump& c) const {
    if (!program.has_uniform("uModulus")) return;  // parameterisation: per-texel parameters
    std::array<float, 4> multiplier{}, modulus{}, q{}, q_inverse{}, r{}, modulus_high{}, modulus_low{}, shift{};
    for (int k = 0; k < 4; ++k) {
      const std::uint32_t m = parameters.modulus[k];
      multiplier[k] = static_cast<float>(c[k]);
      modulus[k] = static_cast<float>(m);
      q[k] = static_cast<float>(m / c[k]);
      q_inverse[k] = biased_reciprocal(m / c[k]);
      r[k] = static_cast<float>(m % c[k]);
      modulus_high[k] = halves(m).high;
      modulus_low[k] = halves(m).low;
      shift[k] = shift_quotient(m);
    }
    const auto set_if_used = [&](const char* name, const std::array<float, 4>& value) {
      if (program.has_uniform(name)) program.set(name, value);
    };
    program.set("uModulus", modulus);
    set_if_used("uStepMultiplier", multiplier);
    set_if_used("uStepQ", q);
    set_if_used("uStepR", r);
    set_if_used("uStepQInverse", q_inverse);
    set_halves(program, "uStep", c);
    set_if_used("uModulusHigh", modulus_high);
    set_if_used("uModulusLow", modulus_low);
    set_if_used("uShiftQuotient", shift);
  }
};

static_assert(Ps30Traits<WichmannHillTraits> && StreamTraits<WichmannHillTraits>);

using WichmannHillFragment = StatefulFragment<WichmannHillTraits>;

}  // namespace glrand::fragment
