// SPDX-License-Identifier: MIT
#pragma once
// CEICG in the scatter and compute profiles (shaders/streams/ceicg.glsl). CEICG has no state
// but its position; a substream holds the residues of its next group of four outputs, the
// unit the float4 leapfrog computes at once, so to the engine an "output" here is a group:
// 12 words, (x1, x2, x3) for each of four consecutive positions.
#include <array>
#include <cstdint>

#include "fragment/ceicg_fragment.hpp"
#include "fragment/traits.hpp"
#include "generators/ceicg.hpp"
#include "gl/resources.hpp"

namespace glrand::stream {

struct CeicgStreamTraits {
  static constexpr const char* kName = "CEICG";
  static constexpr const char* kStream = "ceicg";
  static constexpr int kStateVec4s = 1;
  static constexpr int kFloatsPerOutput = 12;
  static constexpr int kWordsPerOutput = 12;
  static constexpr int kOutputsPerGroup = 4;
  // The compute pass that packs only words takes two groups' inverses together; on a GPU, with
  // the values' arithmetic beside that in one pass it ran several times slower, and a pass that
  // took each group's alone was barely faster than the link. A packing dispatch after the
  // pass, read by a shared context beside the next passes, is the faster there. A software
  // renderer, whose passes and packing share the same cores, keeps the values in the pass,
  // each group alone (docs/performance.md).
  static constexpr bool kValuesAfterPass = true;
  using State = ceicg::Residues;
  using Jump = std::uint64_t;  // positions

  static Jump jump(std::uint64_t groups) { return kOutputsPerGroup * groups; }
  static State apply(Jump positions, const State& r) { return ceicg::advanced_by(r, positions); }
  static void encode_state(const State& r, float* texel) {
    for (int k = 0; k < 3; ++k) texel[k] = static_cast<float>(r[k]);
    texel[3] = 0.0f;  // lane w: modulus 1
  }
  static bool decode(const float* floats, std::uint32_t* words) {
    bool ok = true;
    for (int i = 0; i < kFloatsPerOutput; ++i)
      words[i] = fragment::exact_integer(floats[i], static_cast<float>(ceicg::kComponents[i % 3].modulus), ok);
    return ok;
  }
  // decode's words and checks on the GPU, and each group's four floats or doubles.
  static gl::PackRule pack_rule() {
    gl::PackRule rule;
    for (int i = 0; i < kFloatsPerOutput; ++i) rule.bounds.push_back(static_cast<float>(ceicg::kComponents[i % 3].modulus));
    rule.values.kind = gl::UnitFormula::Kind::ceicg;
    rule.values.values_per_output = kOutputsPerGroup;
    for (int k = 0; k < 3; ++k) rule.values.moduli[static_cast<std::size_t>(k)] = ceicg::kComponents[static_cast<std::size_t>(k)].modulus;
    rule.values.host_f32 = [](const std::uint32_t* x) { return ceicg::to_f32(ceicg::Output{x[0], x[1], x[2]}); };
    rule.values.host_f64 = [](const std::uint32_t* x) { return ceicg::to_f64(ceicg::Output{x[0], x[1], x[2]}); };
    return rule;
  }
  // The leapfrog stride of a substream, 4P positions, as residues.
  static void set_step(const gl::Program& program, Jump positions) {
    fragment::set_ceicg_constants(program);
    std::array<float, 4> stride{0.0f, 0.0f, 0.0f, 0.0f};
    for (int k = 0; k < 3; ++k) stride[k] = static_cast<float>(positions % ceicg::kComponents[k].modulus);
    program.set("uGroupStride", stride);
  }
};

static_assert(fragment::StreamTraits<CeicgStreamTraits>);

}  // namespace glrand::stream
