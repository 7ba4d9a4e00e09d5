// SPDX-License-Identifier: MIT
#pragma once
// A generation engine's word packers (gl::WordPacker), one per read-back format and
// distribution variant, each made by the first run in them, and the readback of a whole pass
// per format (gl::make_pass_readback), which the variants share (their values take the same
// words): the ps30 engine's and the scatter and compute engines'.
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <utility>

#include "fragment/distribution_pass.hpp"
#include "gl/pass_readback.hpp"
#include "gl/word_packer.hpp"

namespace glrand::fragment {

class Packings {
 public:
  explicit Packings(gl::ReadbackKind kind = gl::ReadbackKind::automatic) : kind_(kind) {}

  struct Packing {
    gl::WordPacker* packer;
    gl::PassReadback* readback;
  };

  gl::ReadbackKind readback_kind() const { return kind_; }
  // The readbacks made from now on are of `kind` (the ones made are dropped).
  void set_readback_kind(gl::ReadbackKind kind) {
    if (kind == kind_) return;
    kind_ = kind;
    for (auto& readback : readbacks_) readback.reset();
  }

  // The packing of `format` and `distribution`, its parameters set: the packer made where
  // there is none by make(format, variant), the buffers for passes of `outputs` outputs.
  template <class Make>
  Packing get(gl::PackFormat format, const PackedDistribution& distribution, std::uint64_t outputs, Make make) {
    auto& packer = packers_[{format, distribution.variant}];
    if (!packer) packer = make(format, distribution.variant);
    if (distribution.variant)
      packer->set_distribution(distribution.uniforms.parameters, distribution.uniforms.bounds, distribution.poisson);
    auto& readback = readbacks_[static_cast<std::size_t>(format)];
    if (!readback || readback->broken()) readback = gl::make_pass_readback(kind_, packer->readback_bytes(outputs));
    return {packer.get(), readback.get()};
  }

 private:
  std::map<std::pair<gl::PackFormat, int>, std::unique_ptr<gl::WordPacker>> packers_;
  gl::ReadbackKind kind_;
  std::array<std::unique_ptr<gl::PassReadback>, 3> readbacks_;  // by gl::PackFormat
};

}  // namespace glrand::fragment
