// SPDX-License-Identifier: MIT
#pragma once
// A generator in the scatter or compute profile: P substreams split each pass's P·L outputs
// of the serial sequence, by leapfrog (output j of substream s at place j·P + s, each step
// P positions) or, where the traits say kStreamBlocks, in blocks (place s·L + j, L − 1 steps
// of the generator's own recurrence, cheaper than a jump, and then one jump to the next
// pass's block); their states live in a storage buffer on the GPU, initialised once by
// skip-ahead on the host and then only advanced by the shader, which writes its outputs
// straight into their serial places. Each pass's outputs become words on the GPU, which
// checks that every value is an exact integer in range (gl::WordPacker; in the compute
// profile the pass itself packs them where it can, set_pack_in_pass); the words are read
// back and handed on, in order, while the GPU runs the next passes: in the scatter profile on
// a GPU by a shared context on its own thread (gl::SharedContextReadback), else through two
// alternating buffers (gl::OverlappedReadback).
//
// G is a generator's traits class, as for the ps30 engine (fragment/stateful_fragment.hpp):
// kName, State, Jump, jump(k), apply(jump, state), encode_state(state, floats),
// decode(floats, words), pack_rule(), set_step(program, jump), kStateVec4s, kWordsPerOutput, plus
//   kStream            shaders/streams/<kStream>.glsl
//   kFloatsPerOutput   floats the shader writes per output (optional: 4 / kOutputsPerVec4)
//   kStreamBlocks      true: the stream shader runs blocks, stepping by the recurrence and
//                      then by set_step's jump (optional: leapfrog)
//   kStreamOutputsPerSubstream  L by default (optional: kDefaultOutputsPerSubstream)
//   kValuesAfterPass   true: on a GPU a compute pass packs only words in the pass; its floats
//                      and doubles are packed by a dispatch after it and, where the readback
//                      kind is the engine's choice, read by a shared context (optional: false;
//                      a software renderer packs them in the pass all the same)
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <glrand/distribution.hpp>
#include <glrand/error.hpp>
#include "fragment/distribution_pass.hpp"
#include "fragment/encoded_states.hpp"
#include "fragment/packings.hpp"
#include "fragment/substreams.hpp"
#include "fragment/traits.hpp"
#include "gl/context_info.hpp"
#include "gl/overlapped_readback.hpp"
#include "gl/resources.hpp"
#include "gl/state_guard.hpp"
#include "gl/upload_staging.hpp"
#include "gl/word_packer.hpp"
#include "stream/stream_program.hpp"

namespace glrand::stream {

template <class G>
constexpr int floats_per_output() {
  if constexpr (requires { G::kFloatsPerOutput; })
    return G::kFloatsPerOutput;
  else
    return 4 / G::kOutputsPerVec4;
}

template <class G>
constexpr bool streams_in_blocks() {
  if constexpr (requires { G::kStreamBlocks; })
    return G::kStreamBlocks;
  else
    return false;
}

template <class G>
constexpr bool values_after_pass() {
  if constexpr (requires { G::kValuesAfterPass; })
    return G::kValuesAfterPass;
  else
    return false;
}

// Outputs per substream per pass unless the storage-block limit says fewer.
inline constexpr std::uint32_t kDefaultOutputsPerSubstream = 64;

// A generator's L by default.
template <class G>
constexpr std::uint32_t default_outputs_per_substream() {
  if constexpr (requires { G::kStreamOutputsPerSubstream; })
    return G::kStreamOutputsPerSubstream;
  else
    return kDefaultOutputsPerSubstream;
}
// Keeps a pass's output buffer within 256 MiB, however large the device's limit.
inline constexpr std::uint64_t kMaxOutputBytes = 1ull << 28;

template <fragment::StreamTraits G>
class StreamGenerator {
 public:
  using State = typename G::State;
  using Consumer = std::function<void(std::span<const std::uint32_t>)>;
  static constexpr int kFloats = floats_per_output<G>();
  static constexpr int kStateFloats = 4 * G::kStateVec4s;
  static constexpr bool kBlocks = streams_in_blocks<G>();

  // P substreams (1 .. 2^24), each writing up to `outputs_per_substream` outputs per pass.
  // `readback`: how packed passes are read back (set_readback).
  StreamGenerator(Profile profile, std::uint64_t substreams,
                  std::uint32_t outputs_per_substream = default_outputs_per_substream<G>(), G generator = G{},
                  gl::ReadbackKind readback = gl::ReadbackKind::automatic)
      : packings_(profile_readback(profile, readback),  // one float an engine output at the fewest
                  checked_substreams(substreams) * fitting_outputs(substreams, outputs_per_substream) * sizeof(float)),
        generator_(std::move(generator)),
        substreams_(checked_substreams(substreams)),
        program_(profile, G::kStream),
        outputs_per_substream_(fitting_outputs(substreams, outputs_per_substream)),
        states_(substreams_ * kStateFloats * sizeof(float)),
        passes_{outputs_per_substream_, generator_.jump(next_block(substreams_, outputs_per_substream_))},
        asked_readback_(readback),
        values_after_pass_(values_after_pass<G>() && !gl::software_renderer()) {}

  std::uint64_t substreams() const { return substreams_; }
  std::uint32_t outputs_per_substream() const { return passes_.outputs_per_substream; }
  std::uint64_t outputs_per_pass() const { return substreams_ * passes_.outputs_per_substream; }
  // The longest pass the engine runs (generate_from's may be shorter), which sizes its buffers.
  std::uint64_t most_outputs_per_pass() const { return substreams_ * outputs_per_substream_; }
  Profile profile() const { return program_.profile(); }

  // How packed passes are read back (tests and benchmarks compare the kinds); automatic is
  // the profile's choice: scatter gl::make_pass_readback's (on a GPU a shared context beside
  // the next passes, which the fragment passes leave the link idle for), compute the rendering
  // context, whose packer writes into host memory at the link's rate. There a shared context
  // gains only in long runs of a generator slower than the link (MRG32k3a's 10^9 outputs 10–15%
  // faster), and its start costs a command of 2^27 outputs into /dev/null three quarters of
  // its rate (docs/performance.md). A generator whose values are packed after its compute
  // passes (kValuesAfterPass) has them read as the scatter profile's are: there the packing
  // dispatch's writes into device memory are fast, and the copy engine moves them beside
  // the next passes.
  void set_readback(gl::ReadbackKind kind) {
    asked_readback_ = kind;
    packings_.set_readback_kind(profile_readback(profile(), kind));
  }
  static gl::ReadbackKind profile_readback(Profile profile, gl::ReadbackKind kind) {
    return kind == gl::ReadbackKind::automatic && profile == Profile::compute ? gl::ReadbackKind::one_context : kind;
  }
  // Whether a compute pass packs its own outputs (gl::WordPacker::PassSource): words, and
  // values where the generator does not pack them after the pass (kValuesAfterPass), without
  // a distribution. Else a packing dispatch follows each pass. On by default; the self-test
  // runs both, and tests and benchmarks compare them.
  void set_pack_in_pass(bool on) { pack_in_pass_ = on; }
  bool packs_in_pass(gl::PackFormat format = gl::PackFormat::words,
                     const fragment::PackedDistribution& distribution = {}) const {
    return pack_in_pass_ && profile() == Profile::compute && distribution.variant == 0 &&
           (format == gl::PackFormat::words || !values_after_pass_);
  }
  // Whether this engine's compute passes leave floats and doubles to a packing dispatch
  // (kValuesAfterPass, on a GPU).
  bool packs_values_after_pass() const { return values_after_pass_; }

  // Whether the last run's passes packed their own outputs.
  bool last_packed_in_pass() const { return last_in_pass_; }

  // How the last run was read back (none before the first).
  std::optional<gl::ReadbackKind> last_readback() const { return packings_.last_readback(); }

  // `count` outputs of the serial sequence whose output 0 has state `start`, as
  // G::kWordsPerOutput words each, handed to `consume` in order, a pass at a time.
  void generate(const State& start, std::uint64_t count, const Consumer& consume) {
    const gl::StateGuard guard;
    upload_states(start);
    run_passes(count, consume);
  }

  // Substream s starts at starts[s] (one per substream) and leapfrogs: output n is output
  // n div P of substream n mod P, each P positions after the last (the start-up self-test's
  // inputs). A blocked engine does it in passes of one output per substream, each then
  // jumping P: its jump's arithmetic, with the leapfrog step's entries.
  void generate_from(std::span<const State> starts, std::uint64_t count, const Consumer& consume) {
    upload_starts(starts);
    if constexpr (kBlocks) {
      const PassesAs leapfrog(*this, {1, generator_.jump(substreams_)});
      run_passes(count, consume);
    } else {
      run_passes(count, consume);
    }
  }

  // A blocked engine's blocks from independent starts: substream s runs consecutive positions
  // from starts[s], output k of it (k = pass·L + j) at place pass·P·L + s·L + j (the
  // self-test's inputs for the recurrence's own step).
  void generate_blocks_from(std::span<const State> starts, std::uint64_t count, const Consumer& consume)
    requires kBlocks
  {
    upload_starts(starts);
    const PassesAs blocks(*this, {passes_.outputs_per_substream, generator_.jump(1)});
    run_passes(count, consume);
  }

  // Passes from the uploaded states until `count` outputs have been handed on; pass k + 1
  // runs on the GPU while the host hands on pass k's words from its readback buffer.
  void run_passes(std::uint64_t count, const Consumer& consume) { run_packed(count, gl::PackFormat::words, consume); }

  // Whether the GPU makes this generator's floats and doubles (its traits give the packer
  // the host formula).
  bool makes_values() const { return generator_.pack_rule().values.kind != gl::UnitFormula::Kind::none; }

  // `count` outputs of the sequence from `start` as the host formula's floats (f32) or
  // doubles (f64), made on the GPU from the checked words (makes_values()), handed to
  // `consume` in order a pass at a time, each chunk valid during the call only. With a
  // `distribution` (f32 only), its values of those floats, made on the GPU in float
  // (docs/distributions.md); Box–Muller's pairs are outputs 2k and 2k + 1 from `start`.
  void generate_values(const State& start, std::uint64_t count, gl::PackFormat format,
                       const std::function<void(std::span<const std::byte>)>& consume,
                       const Distribution* distribution = nullptr) {
    const gl::StateGuard guard;
    const fragment::PackedDistribution packed = fragment::packed_distribution(distribution, format);
    // Box–Muller pairs places 2k and 2k + 1 of a pass; an output of several values (CEICG's
    // groups) pairs them within itself.
    if (packed.pairs && generator_.pack_rule().values.values_per_output == 1 && outputs_per_pass() % 2 != 0)
      throw InvalidArgument(std::string(G::kName) + ": Box-Muller on the GPU needs an even number of outputs a pass, not " +
                            std::to_string(outputs_per_pass()) + ": use an even number of substreams (--substreams)");
    upload_states(start);
    run_packed(count, format, [&](std::span<const std::uint32_t> words) { consume(std::as_bytes(words)); }, packed);
  }

  // Sets the substreams to split the sequence from `start` (for run_pass() alone, as
  // benchmarks do): a position apart with leapfrog, L with blocks. The states are encoded
  // where gl::UploadStaging says, and copied into the state buffer on the GPU from there.
  void upload_states(const State& start) {
    const std::size_t floats = substreams_ * kStateFloats;
    const std::uint64_t stride = kBlocks ? passes_.outputs_per_substream : 1;
    const std::span<float> encoded = staging_.begin(floats);
    fragment::encode_states(generator_, start, substreams_, stride, encoded);
    if (const gl::PixelUnpackBuffer* buffer = staging_.buffer())
      states_.upload_from(*buffer, floats * sizeof(float));
    else
      states_.upload(encoded);
    staging_.end();
  }

  // Whether the states are encoded into a persistently mapped upload buffer (by default where
  // the context has them) or into host memory; tests run both.
  void set_persistent_uploads(bool on) { staging_ = gl::UploadStaging(on); }

  // One pass on the GPU, no readback: every substream writes its L outputs and moves on.
  // Called pass after pass by generation (inside its guard) and by benchmarks, so it keeps no
  // state of its own: a guard's queries wait for the driver, and a benchmark would time them.
  // It leaves the program and the storage bindings of the pass bound.
  void run_pass() {
    if (!outputs_) outputs_.emplace(most_outputs_per_pass() * kFloats * sizeof(float));
    outputs_->bind_base(kOutputBinding);
    run_pass_by(program_.use());
  }

 private:
  static std::uint64_t checked_substreams(std::uint64_t substreams) {
    if (substreams < 1 || substreams > fragment::kMaxSubstreams)
      throw InvalidArgument("the number of substreams must be 1..2^24, not " + std::to_string(substreams));
    return substreams;
  }

  // L within the device's storage-block limit (and kMaxOutputBytes), at least 1.
  static std::uint32_t fitting_outputs(std::uint64_t substreams, std::uint32_t wanted) {
    const std::uint64_t bytes_per_round = substreams * kFloats * sizeof(float);
    const std::uint64_t block = max_storage_block_bytes();
    const std::uint64_t limit = std::min(block, kMaxOutputBytes);
    if (bytes_per_round > limit || substreams * kStateFloats * sizeof(float) > block)
      throw InvalidArgument(std::to_string(substreams) + " substreams of " + G::kName +
                            " need more storage-buffer space per pass than this device allows (" +
                            std::to_string(limit) + " bytes): use fewer substreams");
    return static_cast<std::uint32_t>(std::clamp<std::uint64_t>(limit / bytes_per_round, 1, std::max(1u, wanted)));
  }

  // Positions from a substream's last output of a pass to its first of the next: P with
  // leapfrog, to its next block with blocks.
  static std::uint64_t next_block(std::uint64_t substreams, std::uint32_t outputs_per_substream) {
    return kBlocks ? (substreams - 1) * outputs_per_substream + 1 : substreams;
  }

  void upload_starts(std::span<const State> starts) {
    if (starts.size() != substreams_)
      throw InvalidArgument(std::string(G::kName) + ": a run from given starts needs one start per substream");
    const gl::StateGuard guard;
    std::vector<float> floats(substreams_ * kStateFloats);
    for (std::size_t s = 0; s < starts.size(); ++s) generator_.encode_state(starts[s], floats.data() + s * kStateFloats);
    states_.upload(floats);
  }

  // What a pass runs: L outputs per substream, then the step (leapfrog) or jump (blocks).
  struct Passes {
    std::uint32_t outputs_per_substream;
    typename G::Jump step;
  };
  // Runs passes as `passes` for its lifetime (L at most the engine's own).
  class PassesAs {
   public:
    PassesAs(StreamGenerator& engine, Passes passes) : engine_(engine), saved_(std::exchange(engine.passes_, std::move(passes))) {}
    ~PassesAs() { engine_.passes_ = std::move(saved_); }
    PassesAs(const PassesAs&) = delete;
    PassesAs& operator=(const PassesAs&) = delete;

   private:
    StreamGenerator& engine_;
    Passes saved_;
  };

  // A pass by `program`, in use: the stream program, or a variant of it that packs its own
  // outputs (its words' bindings already made).
  void run_pass_by(const gl::Program& program) {
    states_.bind_base(kStateBinding);
    generator_.set_step(program, passes_.step);
    program_.run(program, substreams_, passes_.outputs_per_substream);
  }

  // The GPU found output n of a pass not an exact integer in range (its arithmetic broke the
  // algorithm).
  [[noreturn]] void refuse(const gl::PackFailure& failure) const {
    const std::uint64_t n = failure.output, L = passes_.outputs_per_substream;
    const std::uint64_t substream = kBlocks ? n / L : n % substreams_, output = kBlocks ? n % L : n / substreams_;
    std::string values;
    for (std::size_t f = 0; f < failure.floats.size(); ++f) values += (f ? ", " : "") + std::to_string(failure.floats[f]);
    throw DeviceError(std::string("the GPU computed ") + G::kName + " output " + std::to_string(output) +
                      " of the pass in substream " + std::to_string(substream) + " (" + name_of(profile()) +
                      " profile) as (" + values + "), not exact integers in range: its float arithmetic is "
                      "not exact enough for glrand");
  }

  // Passes until `count` outputs have been handed on as `format` (words, or values), a pass's
  // read-back at a time.
  void run_packed(std::uint64_t count, gl::PackFormat format, const Consumer& consume,
                  const fragment::PackedDistribution& distribution = {}) {
    const gl::StateGuard guard;
    const std::uint64_t per_pass = outputs_per_pass();
    const auto outputs_of = [&](std::uint64_t pass) { return std::min(count - pass * per_pass, per_pass); };
    // The readback is kept from run to run: sized for the engine's longest pass, not this run's.
    const bool in_pass = packs_in_pass(format, distribution);
    last_in_pass_ = in_pass;
    // Values packed after a compute pass by the generator's choice are read as the scatter
    // profile reads (set_readback).
    std::optional<gl::ReadbackKind> kind;
    if (values_after_pass_ && format != gl::PackFormat::words && profile() == Profile::compute)
      kind = asked_readback_;
    const auto p = packings_.get(
        format, distribution, most_outputs_per_pass(),
        [&](gl::PackFormat f, int variant) {
          if (in_pass) return std::make_unique<gl::WordPacker>(generator_.pack_rule(), gl::WordPacker::PassSource{G::kStream}, f);
          return std::make_unique<gl::WordPacker>(generator_.pack_rule(), gl::WordPacker::StorageSource{}, f, variant);
        },
        in_pass, kind);
    p.readback->run(
        (count + per_pass - 1) / per_pass,
        [&](std::uint64_t pass) {
          if (in_pass) {
            p.packer->pack_in_pass(outputs_of(pass), *p.readback,
                                   [&](const gl::Program& program) { run_pass_by(program); });
          } else {
            run_pass();
            p.packer->pack(*outputs_, outputs_of(pass), *p.readback);
          }
        },
        [&](std::uint64_t pass, std::span<const float> mapped) {
          if (const auto failure = p.packer->failure(mapped)) refuse(*failure);
          consume(gl::WordPacker::words(mapped, outputs_of(pass) * p.packer->output_words()));
        });
  }


  // First, so that a shared-context reader starts beside the rest of the set-up.
  fragment::Packings packings_;
  G generator_;
  std::uint64_t substreams_;
  StreamProgram program_;
  std::uint32_t outputs_per_substream_;  // L, as the buffers are sized
  gl::StorageBuffer states_;
  std::optional<gl::StorageBuffer> outputs_;  // the pass's floats, made by the first pass not packed in it
  gl::UploadStaging staging_;  // upload_states's encoded states, kept for the next call
  Passes passes_;
  gl::ReadbackKind asked_readback_;  // set_readback's, before the profile's choice
  bool values_after_pass_;           // kValuesAfterPass, on a GPU
  bool pack_in_pass_ = true;
  bool last_in_pass_ = false;
};

}  // namespace glrand::stream
