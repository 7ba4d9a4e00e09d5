// SPDX-License-Identifier: MIT
#pragma once
// A generation engine's word packers (gl::WordPacker), one per read-back format, distribution
// variant and kind (after the pass or in it), each made by the first run in them, and the
// readback of a whole pass per format (gl::make_pass_readback), which the variants share
// (their values take the same words), with the one reader thread its shared-context readbacks
// share: the ps30 engine's and the scatter and compute engines'.
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>

#include "fragment/distribution_pass.hpp"
#include <glrand/error.hpp>
#include "gl/pass_readback.hpp"
#include "gl/reader_thread.hpp"
#include "gl/word_packer.hpp"

namespace glrand::fragment {

class Packings {
 public:
  // `pass_bytes`: the fewest bytes an engine's pass reads back (one float an output), or 0
  // where it packs no pass on the GPU. Where such a pass is read from a shared context, the
  // reader starts now, beside the engine's own set-up (made with the engine's context current).
  explicit Packings(gl::ReadbackKind kind = gl::ReadbackKind::automatic, std::size_t pass_bytes = 0)
      : kind_(kind), pass_bytes_(pass_bytes) {
    start_reader();
  }

  struct Packing {
    gl::WordPacker* packer;
    gl::PassReadback* readback;
  };

  // The kind of the readback the last packing was read through (none before the first).
  std::optional<gl::ReadbackKind> last_readback() const { return last_; }
  // The readbacks made from now on are of `kind` (the ones made are dropped).
  void set_readback_kind(gl::ReadbackKind kind) {
    if (kind == kind_) return;
    kind_ = kind;
    for (auto& readback : readbacks_) readback.first.reset();
    if (!reads_shared()) reader_.reset();
    start_reader();
  }

  // The packing of `format` and `distribution`, its parameters set: the packer made where
  // there is none by make(format, variant), the buffers for passes of `outputs` outputs.
  // `in_pass`: a packer of the pass itself (gl::WordPacker::PassSource), kept apart from the
  // one that packs after the pass. `kind`: this format's readback kind where the engine
  // chooses one of its own for it (else set_readback_kind's); a readback asked for as
  // another kind is made anew.
  template <class Make>
  Packing get(gl::PackFormat format, const PackedDistribution& distribution, std::uint64_t outputs, Make make,
              bool in_pass = false, std::optional<gl::ReadbackKind> kind = std::nullopt) {
    auto& packer = packers_[{format, distribution.variant, in_pass}];
    if (!packer) packer = make(format, distribution.variant);
    if (distribution.variant)
      packer->set_distribution(distribution.uniforms.parameters, distribution.uniforms.bounds, distribution.poisson);
    const gl::ReadbackKind asked = kind.value_or(kind_);
    auto& [readback, asked_for] = readbacks_[static_cast<std::size_t>(format)];
    if (readback && readback->broken()) {
      readback.reset();
      reader_.reset();  // whatever broke the read may have broken the reader's context: a new one
    }
    if (readback && asked_for != asked) readback.reset();
    if (!readback) {
      readback = gl::make_pass_readback(asked, packer->readback_bytes(outputs), reader_);
      asked_for = asked;
    }
    last_ = readback->kind();
    return {packer.get(), readback.get()};
  }

 private:
  // Whether the engine's smallest pass is read from a shared context.
  bool reads_shared() const {
    return pass_bytes_ != 0 && gl::resolved_readback(kind_, pass_bytes_) == gl::ReadbackKind::shared_context;
  }
  void start_reader() {
    if (reader_ || !reads_shared()) return;
    try {
      reader_ = std::make_shared<gl::ReaderThread>();
    } catch (const DeviceError&) {
      // Left to the first readback, which says why where the kind was asked for.
    }
  }

  std::map<std::tuple<gl::PackFormat, int, bool>, std::unique_ptr<gl::WordPacker>> packers_;
  gl::ReadbackKind kind_;
  std::size_t pass_bytes_;
  std::shared_ptr<gl::ReaderThread> reader_;  // the shared-context readbacks' (each holds it too)
  // By gl::PackFormat: the readback, and the kind it was asked for.
  std::array<std::pair<std::unique_ptr<gl::PassReadback>, gl::ReadbackKind>, 3> readbacks_;
  std::optional<gl::ReadbackKind> last_;
};

}  // namespace glrand::fragment
