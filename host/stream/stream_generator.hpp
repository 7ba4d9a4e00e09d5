// SPDX-License-Identifier: MIT
#pragma once
// A generator in the scatter or compute profile: P substreams split the serial sequence by
// leapfrog; their states live in a storage buffer on the GPU, initialised once by skip-ahead
// on the host and then only advanced by the shader, which writes L outputs per substream per
// pass straight into their serial places. Each pass's outputs are copied into one of two
// alternating readback buffers and mapped while the GPU runs the next pass
// (gl::OverlappedReadback); the host checks that every value is an exact integer in range and
// hands the words on in order.
//
// G is a generator's traits class, as for the ps30 engine (fragment/stateful_fragment.hpp):
// kName, State, Jump, jump(k), apply(jump, state), encode_state(state, floats),
// decode(floats, words), set_step(program, jump), kStateVec4s, kWordsPerOutput, plus
//   kStream            shaders/streams/<kStream>.glsl
//   kFloatsPerOutput   floats the shader writes per output (optional: 4 / kOutputsPerVec4)
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "fragment/substreams.hpp"
#include "fragment/traits.hpp"
#include "generators/float_conversion.hpp"
#include "generators/parallel_fill.hpp"
#include "gl/overlapped_readback.hpp"
#include "gl/resources.hpp"
#include "gl/state_guard.hpp"
#include "stream/stream_program.hpp"

namespace glrand::stream {

template <class G>
constexpr int floats_per_output() {
  if constexpr (requires { G::kFloatsPerOutput; })
    return G::kFloatsPerOutput;
  else
    return 4 / G::kOutputsPerVec4;
}

// Outputs per substream per pass unless the storage-block limit says fewer.
inline constexpr std::uint32_t kDefaultOutputsPerSubstream = 64;
// Keeps a pass's output buffer within 256 MiB, however large the device's limit.
inline constexpr std::uint64_t kMaxOutputBytes = 1ull << 28;

// Decodes `n` outputs of kFloats floats each into words; false if any was not exact. One
// plain loop without branches, compiled for AVX2 and for the baseline.
template <class G>
GLRAND_VECTOR_CLONES bool decode_outputs(const G& generator, const float* floats, std::uint32_t* words,
                                         std::uint64_t n) {
  bool ok = true;
  for (std::uint64_t i = 0; i < n; ++i)
    ok &= generator.decode(floats + i * floats_per_output<G>(), words + i * G::kWordsPerOutput);
  return ok;
}

template <fragment::StreamTraits G>
class StreamGenerator {
 public:
  using State = typename G::State;
  using Consumer = std::function<void(std::span<const std::uint32_t>)>;
  static constexpr int kFloats = floats_per_output<G>();
  static constexpr int kStateFloats = 4 * G::kStateVec4s;

  // P substreams (1 .. 2^24), each writing up to `outputs_per_substream` outputs per pass.
  StreamGenerator(Profile profile, std::uint64_t substreams,
                  std::uint32_t outputs_per_substream = kDefaultOutputsPerSubstream, G generator = G{})
      : generator_(std::move(generator)),
        substreams_(checked_substreams(substreams)),
        program_(profile, G::kStream),
        outputs_per_substream_(fitting_outputs(substreams, outputs_per_substream)),
        states_(substreams_ * kStateFloats * sizeof(float)),
        outputs_(outputs_per_pass() * kFloats * sizeof(float)),
        step_(generator_.jump(substreams_)) {}

  std::uint64_t substreams() const { return substreams_; }
  std::uint32_t outputs_per_substream() const { return outputs_per_substream_; }
  std::uint64_t outputs_per_pass() const { return substreams_ * outputs_per_substream_; }
  Profile profile() const { return program_.profile(); }

  // `count` outputs of the serial sequence whose output 0 has state `start`, as
  // G::kWordsPerOutput words each, handed to `consume` in order, a pass at a time.
  void generate(const State& start, std::uint64_t count, const Consumer& consume) {
    const gl::StateGuard guard;
    upload_states(start);
    run_passes(count, consume);
  }

  // Substream s starts at starts[s] (one per substream) and leapfrogs as in generate():
  // output n is output n div P of substream n mod P (the start-up self-test's inputs).
  void generate_from(std::span<const State> starts, std::uint64_t count, const Consumer& consume) {
    if (starts.size() != substreams_)
      throw InvalidArgument(std::string(G::kName) + ": generate_from needs one start per substream");
    const gl::StateGuard guard;
    std::vector<float> floats(substreams_ * kStateFloats);
    for (std::size_t s = 0; s < starts.size(); ++s) generator_.encode_state(starts[s], floats.data() + s * kStateFloats);
    states_.upload(floats);
    run_passes(count, consume);
  }

  // Passes from the uploaded states until `count` outputs have been handed on; pass k + 1
  // runs on the GPU while the host checks and hands on pass k.
  void run_passes(std::uint64_t count, const Consumer& consume) {
    const gl::StateGuard guard;
    const std::uint64_t per_pass = outputs_per_pass();
    const auto outputs_of = [&](std::uint64_t pass) { return std::min(count - pass * per_pass, per_pass); };
    if (!readback_) readback_ = std::make_unique<gl::OverlappedReadback>(per_pass * kFloats * sizeof(float));
    std::vector<std::uint32_t> chunk;
    readback_->run(
        (count + per_pass - 1) / per_pass,
        [&](std::uint64_t pass) {
          run_pass();
          readback_->copy_from(outputs_, outputs_of(pass) * kFloats * sizeof(float));
        },
        [&](std::uint64_t pass, std::span<const float> floats) {
          decode_pass(floats.first(outputs_of(pass) * kFloats), chunk);
          consume(chunk);
        });
  }

  // Sets the substreams to leapfrog from `start` (for run_pass() alone, as benchmarks do).
  void upload_states(const State& start) {
    const std::uint64_t P = substreams_;
    std::vector<float> floats(P * kStateFloats);
    const auto next = generator_.jump(1);
    parallel_fill(P, 0, [&](std::uint64_t begin, std::uint64_t end) {
      State s = generator_.apply(generator_.jump(begin), start);
      for (std::uint64_t i = begin; i < end; ++i, s = generator_.apply(next, s))
        generator_.encode_state(s, floats.data() + i * kStateFloats);
    });
    states_.upload(floats);
  }

  // One pass on the GPU, no readback: every substream writes its L outputs and moves on.
  // Called pass after pass by generation (inside its guard) and by benchmarks, so it keeps no
  // state of its own: a guard's queries wait for the driver, and a benchmark would time them.
  // It leaves the program and the storage bindings of the pass bound.
  void run_pass() {
    states_.bind_base(kStateBinding);
    outputs_.bind_base(kOutputBinding);
    generator_.set_step(program_.use(), step_);
    program_.run(substreams_, outputs_per_substream_);
  }

 private:
  // A pass's outputs, kFloats floats each, as words, on every core; throws DeviceError if
  // any value is not an exact integer in range (the GPU's arithmetic broke the algorithm).
  void decode_pass(std::span<const float> floats, std::vector<std::uint32_t>& words) {
    const std::uint64_t outputs = floats.size() / kFloats;
    words.resize(outputs * G::kWordsPerOutput);
    std::vector<std::uint64_t> bad;
    std::mutex guard;
    parallel_fill(outputs, 0, [&](std::uint64_t begin, std::uint64_t end) {
      if (decode_outputs(generator_, floats.data() + begin * kFloats, words.data() + begin * G::kWordsPerOutput,
                         end - begin))
        return;
      // The first bad output of the range, for the message.
      std::uint32_t scratch[G::kWordsPerOutput];
      std::uint64_t n = begin;
      while (n + 1 < end && generator_.decode(floats.data() + n * kFloats, scratch)) ++n;
      std::lock_guard lock(guard);
      bad.push_back(n);
    });
    if (!bad.empty()) refuse(floats, *std::min_element(bad.begin(), bad.end()));
  }

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

  [[noreturn]] void refuse(std::span<const float> floats, std::uint64_t n) const {
    const std::uint64_t P = substreams_;
    std::string values;
    for (int f = 0; f < kFloats; ++f) values += (f ? ", " : "") + std::to_string(floats[n * kFloats + f]);
    throw DeviceError(std::string("the GPU computed ") + G::kName + " output " + std::to_string(n / P) +
                      " of the pass in substream " + std::to_string(n % P) + " (" + name_of(profile()) +
                      " profile) as (" + values + "), not exact integers in range: its float arithmetic is "
                      "not exact enough for glrand");
  }

  G generator_;
  std::uint64_t substreams_;
  StreamProgram program_;
  std::uint32_t outputs_per_substream_;
  gl::StorageBuffer states_, outputs_;
  typename G::Jump step_;  // one leapfrog step: P positions
  std::unique_ptr<gl::OverlappedReadback> readback_;  // made by the first readback
};

}  // namespace glrand::stream
