// SPDX-License-Identifier: MIT
#pragma once
// The fragment path of the linear generators (2006 paper, Figure 2): the host initialises P
// substream states by skip-ahead and keeps them in state textures, one texel per substream;
// each pass, every pixel generates L outputs from its state in float arithmetic, and the
// state moves on either on the GPU (written as render targets, ping-pong) or on the host
// (skip-ahead while the GPU renders, uploaded for the next pass). With leapfrog and
// parameterisation, where a context has compute shaders, a pass's outputs become words in
// their serial places on the GPU, checked there (gl::WordPacker), and the host hands on the
// read-back words as they are: on a GPU read by a shared context on its own thread, beside
// the next passes (gl::SharedContextReadback), else through two alternating buffers behind
// them. Otherwise, and with blocking, each pass's output targets are read back and decoded
// and assembled on the host, through two alternating buffers (gl::OverlappedReadback), the
// GPU rendering the next pass meanwhile.
//
// A generator plugs in through a traits class G with:
//   State, Jump                      exact state and a precomputed skip-ahead
//   kName, kShader                   for messages; shaders/<kShader>
//   kStateVec4s                      state texels per substream (state render targets)
//   kWordsPerOutput, kOutputsPerVec4 exact words per output; outputs per RGBA texel
//   Jump jump(uint64 k)              skip-ahead by k positions
//   State apply(const Jump&, const State&)
//   void encode_state(const State&, float* vec4s)        state -> 4·kStateVec4s floats
//   bool decode(const float* floats, uint32_t* words)    one output's floats -> words; false
//                                                         unless they are exact integers in range
//   void set_step(const gl::Program&, const Jump& step)  the shader's one-step transformation
//   optionally defines(const StreamLayout&)              extra shader #defines
// The functions may be static or members: the engine holds a G (WH keeps its set there).
//
// Layout: substream s is texel (s mod W, s div W) of a W x H texture, W = min(P, 4096).
// Leapfrog: output j of pixel s in pass k is serial position k·L·P + j·P + s.
// Blocking: rounds of P·B positions; output j of pixel s in pass k of a round is position
// s·B + k·L + j of the round. Either way the assembled output is the serial sequence.
#include <GL/glew.h>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include <glrand/distribution.hpp>
#include <glrand/error.hpp>
#include "fragment/ceicg_fragment.hpp"
#include "fragment/distribution_pass.hpp"
#include "fragment/packings.hpp"
#include "fragment/state_chains.hpp"
#include "fragment/substreams.hpp"
#include "fragment/traits.hpp"
#include "generators/parallel_fill.hpp"
#include "gl/check.hpp"
#include "gl/overlapped_readback.hpp"
#include "gl/resources.hpp"
#include "gl/shader_library.hpp"
#include "gl/state_guard.hpp"
#include "gl/upload_staging.hpp"
#include "gl/word_packer.hpp"

namespace glrand::fragment {

inline constexpr int kMaxRenderTargets = 4;  // ps_3_0: four colour outputs per pass

template <Ps30Traits G>
class StatefulFragment {
 public:
  using State = typename G::State;
  using Consumer = std::function<void(std::span<const std::uint32_t>)>;

  // `readback`: how packed passes are read back (set_readback).
  explicit StatefulFragment(StreamLayout layout, G generator = G{},
                            gl::ReadbackKind readback = gl::ReadbackKind::automatic)
      : packings_(readback, least_pass_bytes(layout)),
        generator_(std::move(generator)),
        layout_(checked(layout)),
        size_{static_cast<std::uint32_t>(std::min<std::uint64_t>(layout.substreams, 4096)),
              static_cast<std::uint32_t>((layout.substreams + 4095) / 4096)},
        output_targets_(fitting_output_targets(layout, generator_)),
        program_(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader(G::kShader), defines(layout)) {
    const gl::StateGuard guard;  // making framebuffers binds them
    for (auto& set : states_)
      for (int v = 0; v < G::kStateVec4s; ++v) set.emplace_back(size_.width, size_.height);
    for (int t = 0; t < output_targets_; ++t) outputs_.emplace_back(size_.width, size_.height);
    for (int i = 0; i < 2; ++i) {
      std::vector<unsigned> attachments;
      for (const auto& t : outputs_) attachments.push_back(t.id());
      if (writes_state(layout))
        for (const auto& t : states_[1 - i]) attachments.push_back(t.id());
      framebuffers_[i] = std::make_unique<gl::Framebuffer>(attachments);
    }
    if constexpr (kAdvancePasses) {
      if (layout.update == StateUpdate::gpu)
        for (int v = 0; v < G::kStateVec4s; ++v) {
          advance_programs_.emplace_back(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader(G::kAdvanceShader),
                                         std::map<std::string, std::string>{{"STATE_TEXEL", std::to_string(v)}});
          for (int i = 0; i < 2; ++i) {
            const unsigned next = states_[1 - i][v].id();
            advance_framebuffers_[i].push_back(std::make_unique<gl::Framebuffer>(std::span<const unsigned>(&next, 1)));
          }
        }
    }
  }

  // Generators whose state step is too big for one pass bring a shader of separate advance
  // passes (G::kAdvanceShader, one pass per state texel); their output pass writes no state.
  static constexpr bool kAdvancePasses = requires { G::kAdvanceShader; };

  // Whether the output pass also writes the next state (GPU update in one pass).
  static bool writes_state(const StreamLayout& layout) {
    return layout.update == StateUpdate::gpu && !kAdvancePasses;
  }

  // The #defines of the shader variant with `output_targets` output targets (no GL needed).
  static std::map<std::string, std::string> shader_defines(const StreamLayout& layout, const G& generator,
                                                           int output_targets) {
    std::map<std::string, std::string> result{{"OUTPUT_TARGETS", std::to_string(output_targets)},
                                              {"WRITE_STATE", writes_state(layout) ? "1" : "0"}};
    if constexpr (requires { generator.defines(layout); }) result.merge(generator.defines(layout));
    return result;
  }

  // ps_3_0's limits: at most four render targets (the state's among them with GPU update)
  // and 512 instruction slots per pass. A pass over budget is split into more passes of
  // fewer outputs: the most output targets whose build-time count fits (the 2006 paper's
  // multi-pass). If not even one fits, one output target, and instructions_per_pass()
  // reports the excess.
  static int fitting_output_targets(const StreamLayout& layout, const G& generator) {
    const int most = kMaxRenderTargets - (writes_state(layout) ? G::kStateVec4s : 0);
    for (int targets = most; targets >= 1; --targets) {
      const int count = gl::instruction_count(G::kShader, shader_defines(layout, generator, targets));
      if (count >= 0 && count <= gl::kPs30InstructionSlots) return targets;
    }
    return 1;
  }

  // Instructions of the largest pass a layout uses, by the build's count (-1 if
  // unmeasured); ps_3_0 allows 512.
  static int instructions_per_pass(const StreamLayout& layout, const G& generator) {
    int most = gl::instruction_count(G::kShader, shader_defines(layout, generator, fitting_output_targets(layout, generator)));
    if constexpr (kAdvancePasses)
      if (layout.update == StateUpdate::gpu)
        for (int v = 0; v < G::kStateVec4s; ++v) {
          const int advance = gl::instruction_count(G::kAdvanceShader, {{"STATE_TEXEL", std::to_string(v)}});
          most = advance < 0 || most < 0 ? -1 : std::max(most, advance);
        }
    return most;
  }

  const StreamLayout& layout() const { return layout_; }
  // Whether generation packs each pass's words on the GPU (leapfrog and parameterisation, on a
  // context with compute shaders, a pass's words within one storage block); else the host
  // decodes and assembles the read-back targets.
  bool packs_words_on_gpu(gl::PackFormat format = gl::PackFormat::words) const {
    return layout_.split != Split::blocking && gl::WordPacker::available() &&
           gl::WordPacker::fits(generator_.pack_rule(), std::uint64_t{outputs_per_pixel()} * substreams(), format);
  }
  // Whether generate_values() can run: the GPU packs the words and knows the generator's float
  // formula (Park–Miller, MRG32k3a, Wichmann–Hill with one set), with leapfrog.
  bool makes_values(gl::PackFormat format) const {
    return layout_.split == Split::leapfrog && generator_.pack_rule().values.kind != gl::UnitFormula::Kind::none &&
           packs_words_on_gpu(format);
  }

  // `count` outputs of the serial sequence from `start` as the host formula's floats (f32) or
  // doubles (f64), made on the GPU from the checked words (makes_values(format)), handed to
  // `consume` in order a pass at a time, each chunk valid during the call only. With a
  // `distribution` (f32 only), its values of those floats, made on the GPU in float
  // (docs/distributions.md); Box–Muller's pairs are outputs 2k and 2k + 1 from `start`.
  void generate_values(const State& start, std::uint64_t count, gl::PackFormat format,
                       const std::function<void(std::span<const std::byte>)>& consume,
                       const Distribution* distribution = nullptr) {
    if (!makes_values(format))
      throw InvalidArgument(std::string(G::kName) + ": this layout's values are made on the host");
    const PackedDistribution packed = packed_distribution(distribution, format);
    const std::uint64_t per_pass = std::uint64_t{outputs_per_pixel()} * substreams();
    // Box–Muller pairs places 2k and 2k + 1 of a pass, j·P + s: with P even, the two are pixels
    // s and s + 1 of one output j.
    if (packed.pairs && substreams() % 2 != 0)
      throw InvalidArgument(std::string(G::kName) + ": Box-Muller on the GPU pairs neighbouring substreams: use an even "
                            "number of substreams (--substreams), not " + std::to_string(substreams()));
    const gl::StateGuard guard;
    fill_states(start, 1);
    step_ = generator_.jump(substreams());
    run_packed(count, format, per_pass, [&](std::span<const std::uint32_t> words) { consume(std::as_bytes(words)); },
               packed);
  }
  // How packed passes are read back: automatic (gl::make_pass_readback) unless set (tests and
  // benchmarks compare the kinds).
  void set_readback(gl::ReadbackKind kind) { packings_.set_readback_kind(kind); }
  // Whether the host's states are encoded into persistently mapped upload buffers (by default
  // where the context has them) or into host memory; tests run both.
  void set_persistent_uploads(bool on) { staging_ = {gl::UploadStaging(on), gl::UploadStaging(on)}; }
  TargetSize size() const { return size_; }
  // Render targets a pass writes: its outputs, and the next state with GPU update.
  int render_targets() const { return output_targets_ + (writes_state(layout_) ? G::kStateVec4s : 0); }
  // L: outputs each substream generates per pass (fewer where the instruction budget says so).
  std::uint32_t outputs_per_pixel() const { return static_cast<std::uint32_t>(output_targets_ * G::kOutputsPerVec4); }
  // How the last packed run was read back (none before the first).
  std::optional<gl::ReadbackKind> last_readback() const { return packings_.last_readback(); }

  // `count` outputs of the serial sequence whose output 0 has state `start`, as
  // G::kWordsPerOutput words each, handed to `consume` in order, in chunks.
  void generate(const State& start, std::uint64_t count, const Consumer& consume) {
    const gl::StateGuard guard;
    if (layout_.split == Split::parameterisation)
      throw InvalidArgument("parameterisation starts every substream on its own: use generate_parameterised()");
    if (layout_.split == Split::leapfrog) {
      fill_states(start, 1);
      step_ = generator_.jump(substreams());
      interleaved(count, consume, outputs_per_pixel() * substreams());
    } else {
      generate_blocking(start, count, consume);
    }
  }

  // Parameterisation (G with per-substream parameters): substream s starts at starts[s];
  // output n is output n div P of substream n mod P.
  void generate_parameterised(std::span<const State> starts, std::uint64_t count, const Consumer& consume) {
    if (layout_.split != Split::parameterisation)
      throw InvalidArgument(std::string(G::kName) + ": generate_parameterised() needs the parameterisation split");
    generate_substreams(starts, count, consume);
  }

  // Substream s starts at starts[s], whatever the split, and moves as the layout moves it:
  // P positions per output with leapfrog, 1 with blocking and parameterisation. Output n is
  // output n div P of substream n mod P. The known-answer self-test starts substreams at
  // states chosen to hit the shader's correction branches this way, through the very
  // shader variant and state update that generation uses.
  void generate_substreams(std::span<const State> starts, std::uint64_t count, const Consumer& consume) {
    if (starts.size() != substreams())
      throw InvalidArgument(std::string(G::kName) + ": " + std::to_string(substreams()) + " substreams need as many starts, not " +
                            std::to_string(starts.size()));
    const gl::StateGuard guard;
    const std::uint64_t stride = layout_.split == Split::leapfrog ? substreams() : 1;
    host_states_.assign(starts.begin(), starts.end());
    step_ = generator_.jump(stride);
    interleaved(count, consume, outputs_per_pixel() * stride);
  }

  // One pass as generate() renders it, for benchmarks: the output pass, and with GPU update
  // by separate passes also those (leapfrog's jump). No readback. Unlike the other calls it
  // keeps no GL state (it leaves the pass's framebuffer and program bound): a guard's queries
  // wait for the driver, and the benchmark would time that in every pass.
  void render_pass_for_benchmark() {
    render();
    if (layout_.update == StateUpdate::gpu && !writes_state(layout_))
      advance_on_gpu(outputs_per_pixel() * substreams());
  }

 private:
  using Packing = Packings::Packing;

  static StreamLayout checked(const StreamLayout& layout) {
    if (layout.substreams < 1 || layout.substreams > kMaxSubstreams)
      throw InvalidArgument("the number of substreams must be 1..2^24, not " + std::to_string(layout.substreams));
    if constexpr (!requires(G g, State& state) { g.advance_substream(0, 1, state); })
      if (layout.split == Split::parameterisation)
        throw InvalidArgument(std::string(G::kName) + " has no family of parameter sets to split over: "
                              "use --split leapfrog or blocking (parameterisation is for wh)");
    if (writes_state(layout) && G::kStateVec4s >= kMaxRenderTargets)
      throw InvalidArgument(std::string(G::kName) + "'s state does not fit beside an output in 4 render targets");
    return layout;
  }

  std::map<std::string, std::string> defines(const StreamLayout& layout) const {
    return shader_defines(layout, generator_, output_targets_);
  }

  std::uint64_t substreams() const { return layout_.substreams; }

  // host_states_[s] = first advanced by s·stride, on all cores.
  void fill_states(const State& first, std::uint64_t stride) {
    host_states_.resize(substreams());
    const auto step = generator_.jump(stride);
    parallel_fill(substreams(), 0, [&](std::uint64_t begin, std::uint64_t end) {
      for_each_jumped_state(generator_, first, stride, step, begin, end,
                            [&](std::uint64_t i, const State& s) { host_states_[i] = s; });
    });
  }

  void advance_states(std::uint64_t steps) {
    if constexpr (requires(State& state) { generator_.advance_substream(0, steps, state); }) {
      if (layout_.split == Split::parameterisation) {
        parallel_fill(substreams(), 0, [&](std::uint64_t begin, std::uint64_t end) {
          for (std::uint64_t i = begin; i < end; ++i) generator_.advance_substream(i, steps, host_states_[i]);
        });
        return;
      }
    }
    const auto jump = generator_.jump(steps);
    parallel_fill(substreams(), 0, [&](std::uint64_t begin, std::uint64_t end) {
      for (std::uint64_t i = begin; i < end; ++i) host_states_[i] = generator_.apply(jump, host_states_[i]);
    });
  }

  // Uploads host_states_ into state set `set`. Where the context has persistent buffers the
  // states are encoded straight into a mapped upload buffer that the GPU copies from (on a
  // GPU the driver's own copy of host memory took as long as 15 passes at 2^20 substreams),
  // one buffer per set, so that a CPU state update encodes the next pass's states while the
  // GPU still reads the last ones.
  void upload_states(int set) {
    const std::size_t texels = std::size_t{size_.width} * size_.height, floats = texels * 4 * G::kStateVec4s;
    gl::UploadStaging& staging = staging_[static_cast<std::size_t>(set)];
    float* encoded = staging.begin(floats).data();
    const gl::PixelUnpackBuffer* unpack = staging.buffer();
    // On every core: at 2^20 substreams a serial encode takes longer than several passes.
    parallel_fill(host_states_.size(), 0, [&](std::uint64_t begin, std::uint64_t end) {
      float one[4 * G::kStateVec4s];
      for (std::uint64_t s = begin; s < end; ++s) {
        generator_.encode_state(host_states_[s], one);
        for (int v = 0; v < G::kStateVec4s; ++v) std::copy_n(one + 4 * v, 4, encoded + (v * texels + s) * 4);
      }
    });
    for (int v = 0; v < G::kStateVec4s; ++v)  // the last row's texels past the substreams
      std::fill(encoded + (v * texels + host_states_.size()) * 4, encoded + (v + 1) * texels * 4, 0.0f);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, unpack ? unpack->id() : 0);  // the guard restores the caller's
    for (int v = 0; v < G::kStateVec4s; ++v) {
      glBindTexture(GL_TEXTURE_2D, states_[set][v].id());
      const std::size_t at = v * texels * 4;  // floats into the upload
      const void* pixels = unpack ? reinterpret_cast<const void*>(at * sizeof(float)) : encoded + at;
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(size_.width), static_cast<GLsizei>(size_.height),
                      GL_RGBA, GL_FLOAT, pixels);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    staging.end();
    gl::check_errors(std::string("uploading ") + G::kName + " substream states");
  }

  // One pass from state set `current_`; with GPU update the next states land in the other set.
  void render() {
    framebuffers_[current_]->bind();
    program_.use();
    vertex_array_.bind();
    // Parameters first: making their textures binds on the active unit.
    if constexpr (requires { generator_.bind_parameters(program_, 0, size_); })
      generator_.bind_parameters(program_, G::kStateVec4s, size_);
    bind_states(program_);
    generator_.set_step(program_, step_);
    gl::draw_fullscreen(size_.width, size_.height);
    gl::check_errors(std::string("rendering a ") + G::kName + " pass");
  }

  void bind_states(const gl::Program& program) {
    for (int v = 0; v < G::kStateVec4s; ++v) {
      glActiveTexture(GL_TEXTURE0 + v);
      glBindTexture(GL_TEXTURE_2D, states_[current_][v].id());
      const std::string sampler = "uState" + std::to_string(v);
      if (program.has_uniform(sampler.c_str())) program.set_int(sampler.c_str(), v);  // an advance pass may read fewer
    }
    program.set("uStateSize", std::array<float, 2>{static_cast<float>(size_.width), static_cast<float>(size_.height)});
  }

  // The next state set from the current one, one pass per state texel, jumping `steps`.
  void advance_on_gpu(std::uint64_t steps) {
    if (steps != advance_steps_) {
      advance_jump_ = generator_.jump(steps);
      advance_steps_ = steps;
    }
    for (int v = 0; v < G::kStateVec4s; ++v) {
      advance_framebuffers_[current_][v]->bind();
      advance_programs_[v].use();
      vertex_array_.bind();
      bind_states(advance_programs_[v]);
      generator_.set_step(advance_programs_[v], advance_jump_);
      gl::draw_fullscreen(size_.width, size_.height);
    }
    gl::check_errors(std::string("advancing ") + G::kName + " states on the GPU");
  }

  // Inside an OverlappedReadback issue: queues the reading of the output targets of the
  // pass just rendered into the bound pixel-pack buffer, target t at byte offset t·plane.
  void queue_outputs() {
    const std::size_t plane = std::size_t{4} * size_.width * size_.height;
    framebuffers_[current_]->bind();
    for (int t = 0; t < output_targets_; ++t) {
      glReadBuffer(GL_COLOR_ATTACHMENT0 + t);
      glReadPixels(0, 0, static_cast<GLsizei>(size_.width), static_cast<GLsizei>(size_.height), GL_RGBA, GL_FLOAT,
                   reinterpret_cast<void*>(t * plane * sizeof(float)));
    }
    gl::check_errors(std::string("queueing the readback of a ") + G::kName + " pass");
  }

  // The floats of output j of pixel s in a pass's read-back targets.
  const float* output_floats(std::span<const float> floats, std::uint64_t s, std::uint32_t j) const {
    const std::size_t plane = std::size_t{4} * size_.width * size_.height;
    const std::uint32_t target = j / G::kOutputsPerVec4;
    const std::uint32_t channel = (j % G::kOutputsPerVec4) * (4 / G::kOutputsPerVec4);
    return floats.data() + target * plane + s * 4 + channel;
  }

  [[noreturn]] void refuse(std::span<const float> floats, std::uint64_t s, std::uint32_t j) const {
    refuse_output(s, j, std::span<const float>(output_floats(floats, s, j), 4 / G::kOutputsPerVec4));
  }
  [[noreturn]] void refuse_output(std::uint64_t s, std::uint64_t j, std::span<const float> output) const {
    std::string text;
    for (std::size_t c = 0; c < output.size(); ++c) text += (c ? ", " : "") + fmt::format("{}", output[c]);
    throw DeviceError(std::string("the GPU computed ") + G::kName + " output " + std::to_string(j) + " of the pass in substream " +
                      std::to_string(s) + " as (" + text + "), not an exact integer in range: its float "
                      "arithmetic is not exact enough for glrand");
  }

  // Inside an OverlappedReadback issue: renders a pass, moves the states on (the host's
  // share overlaps the GPU's) and queues the pass's readback: its output targets, or with
  // `packed` outputs of a leapfrog pass their words, packed on the GPU.
  void issue_pass(std::uint64_t host_advance, std::uint64_t packed = 0, const Packing* packing = nullptr) {
    render();
    if (packed) pack_outputs(packed, *packing);  // before the next pass renders over them
    if (layout_.update == StateUpdate::gpu && !writes_state(layout_)) advance_on_gpu(host_advance);
    if (layout_.update == StateUpdate::cpu) {
      advance_states(host_advance);
      upload_states(1 - current_);
    }
    if (!packed) queue_outputs();
    current_ = 1 - current_;
  }

  // The first `outputs` outputs of the pass just rendered (output j of pixel s at j·P + s) as
  // words on the GPU, queued into the pass's readback buffer.
  void pack_outputs(std::uint64_t outputs, const Packing& p) {
    std::vector<unsigned> targets;
    for (const auto& t : outputs_) targets.push_back(t.id());
    p.packer->pack(targets, size_.width, substreams(), outputs_per_pixel(), outputs, *p.readback);
  }

  // Leapfrog and parameterisation passes packed on the GPU (output j of pixel s at j·P + s)
  // and read back as `format`, from the uploaded host states. `host_advance`: the steps a CPU
  // state update moves each substream by.
  void run_packed(std::uint64_t count, gl::PackFormat format, std::uint64_t host_advance, const Consumer& consume,
                  const PackedDistribution& distribution = {}) {
    const std::uint64_t P = substreams(), per_pass = outputs_per_pixel() * P;
    upload_states(current_);
    const auto outputs_of = [&](std::uint64_t pass) { return std::min(count - pass * per_pass, per_pass); };
    const Packing p = packings_.get(format, distribution, per_pass, [&](gl::PackFormat f, int variant) {
      return std::make_unique<gl::WordPacker>(generator_.pack_rule(), gl::WordPacker::TextureSource{G::kOutputsPerVec4},
                                              f, variant);
    });
    p.readback->run(
        (count + per_pass - 1) / per_pass, [&](std::uint64_t pass) { issue_pass(host_advance, outputs_of(pass), &p); },
        [&](std::uint64_t pass, std::span<const float> mapped) {
          if (const auto failure = p.packer->failure(mapped))
            refuse_output(failure->output % P, failure->output / P, failure->floats);
          consume(gl::WordPacker::words(mapped, outputs_of(pass) * p.packer->output_words()));
        });
  }

  // Two buffers of a whole pass's output targets, made by the first generation.
  gl::OverlappedReadback& readback() {
    if (!readback_)
      readback_ = std::make_unique<gl::OverlappedReadback>(std::size_t{4} * size_.width * size_.height *
                                                           output_targets_ * sizeof(float));
    return *readback_;
  }

  // Decodes a pass from its read-back `floats` into `out` (whose size says how many outputs
  // it holds): output j of substream s goes to position(s, j), which grows with j; positions
  // past the end are skipped. Refuses the pass if any value is not an exact integer in range.
  // In tiles of substreams, each tile output by output, so that a leapfrog pass (position
  // j·P + s) writes runs of consecutive outputs instead of one word every P.
  template <class Position>
  void assemble(std::span<const float> floats, std::span<std::uint32_t> out, Position position) const {
    constexpr std::uint64_t kTile = 256;
    const std::uint64_t P = substreams(), L = outputs_per_pixel(), outputs = out.size() / G::kWordsPerOutput;
    std::vector<std::uint32_t> bad(P, 0);  // 1 + the first bad output of each substream
    parallel_fill(
        (P + kTile - 1) / kTile, 0,
        [&](std::uint64_t first_tile, std::uint64_t end_tile) {
          for (std::uint64_t tile = first_tile; tile < end_tile; ++tile) {
            const std::uint64_t begin = tile * kTile, end = std::min(P, begin + kTile);
            bool ok = true;
            for (std::uint32_t j = 0; j < L; ++j)
              for (std::uint64_t s = begin; s < end; ++s) {
                const std::uint64_t at = position(s, j);
                if (at < outputs) ok &= generator_.decode(output_floats(floats, s, j), out.data() + at * G::kWordsPerOutput);
              }
            if (ok) continue;
            std::uint32_t scratch[G::kWordsPerOutput];
            for (std::uint64_t s = begin; s < end; ++s)
              for (std::uint32_t j = 0; j < L && position(s, j) < outputs && !bad[s]; ++j)
                if (!generator_.decode(output_floats(floats, s, j), scratch)) bad[s] = j + 1;
          }
        },
        std::max<std::uint64_t>(1, 65536 / (kTile * L)));
    for (std::uint64_t s = 0; s < P; ++s)
      if (bad[s]) refuse(floats, s, bad[s] - 1);
  }

  // Leapfrog and parameterisation: each pass yields a contiguous chunk, output j of pixel s
  // at j·P + s. `host_advance`: the steps a CPU state update moves each substream by.
  void interleaved(std::uint64_t count, const Consumer& consume, std::uint64_t host_advance) {
    if (packs_words_on_gpu()) return run_packed(count, gl::PackFormat::words, host_advance, consume);
    const std::uint64_t P = substreams(), per_pass = outputs_per_pixel() * P;
    upload_states(current_);
    std::vector<std::uint32_t> chunk;
    readback().run(
        (count + per_pass - 1) / per_pass, [&](std::uint64_t) { issue_pass(host_advance); },
        [&](std::uint64_t pass, std::span<const float> floats) {
          chunk.resize(std::min(count - pass * per_pass, per_pass) * G::kWordsPerOutput);
          assemble(floats, chunk, [&](std::uint64_t s, std::uint64_t j) { return j * P + s; });
          consume(chunk);
        });
  }

  // Rounds of P·B outputs, each consumed whole. The passes of all rounds go through one
  // overlapped readback: a round's first pass sets the substreams' states B apart (host
  // states and upload), which only the GPU reads, and is issued while the previous round's
  // last pass is still to be taken.
  void generate_blocking(const State& start, std::uint64_t count, const Consumer& consume) {
    const std::uint64_t P = substreams(), L = outputs_per_pixel();
    // Block length B per round: a multiple of L, with rounds of about 2^24 outputs or one
    // pass, whichever is more.
    const std::uint64_t passes_per_round = std::max<std::uint64_t>(1, (1ull << 24) / (L * P));
    const std::uint64_t block = L * passes_per_round, per_round = P * block;
    const auto outputs_of_round = [&](std::uint64_t r) { return std::min(count - r * per_round, per_round); };
    // Every round but the last is full; the last has the passes its outputs need.
    const std::uint64_t rounds = (count + per_round - 1) / per_round;
    const std::uint64_t passes =
        rounds == 0 ? 0
                    : (rounds - 1) * passes_per_round +
                          std::min(passes_per_round, (outputs_of_round(rounds - 1) + L - 1) / L);
    step_ = generator_.jump(1);
    State round_start = start;
    const auto next_round = generator_.jump(per_round);
    std::vector<std::uint32_t> round;
    readback().run(
        passes,
        [&](std::uint64_t pass) {
          if (pass % passes_per_round == 0) {
            fill_states(round_start, block);
            upload_states(current_);
            round_start = generator_.apply(next_round, round_start);
          }
          issue_pass(L);
        },
        [&](std::uint64_t pass, std::span<const float> floats) {
          const std::uint64_t r = pass / passes_per_round, k = pass % passes_per_round;
          if (k == 0) round.resize(outputs_of_round(r) * G::kWordsPerOutput);
          assemble(floats, round, [&](std::uint64_t s, std::uint64_t j) { return s * block + k * L + j; });
          if (k + 1 == passes_per_round || pass + 1 == passes) consume(round);
        });
  }

  // The fewest bytes a packed pass reads back: one float an output with one output target; 0
  // where passes are not packed (blocking, or no compute shaders).
  static std::size_t least_pass_bytes(const StreamLayout& layout) {
    if (layout.split == Split::blocking || !gl::WordPacker::available()) return 0;
    return layout.substreams * G::kOutputsPerVec4 * sizeof(float);
  }

  // First, so that a shared-context reader starts beside the rest of the set-up.
  Packings packings_;
  G generator_;
  StreamLayout layout_;
  TargetSize size_;
  int output_targets_;
  gl::Program program_;
  gl::VertexArray vertex_array_;
  std::array<std::vector<gl::Texture>, 2> states_;
  // One set of output targets: a second set, so that pass k + 1 need not wait for pass k's
  // packing, gained nothing on the H100 (the driver runs them in turn on one queue).
  std::vector<gl::Texture> outputs_;
  std::array<std::unique_ptr<gl::Framebuffer>, 2> framebuffers_;
  std::vector<gl::Program> advance_programs_;                                 // one per state texel
  std::array<std::vector<std::unique_ptr<gl::Framebuffer>>, 2> advance_framebuffers_;  // [set][texel]
  std::uint64_t advance_steps_ = 0;
  typename G::Jump advance_jump_{};
  int current_ = 0;
  typename G::Jump step_{};
  std::vector<State> host_states_;
  std::array<gl::UploadStaging, 2> staging_;  // the encoded states of each set
  std::unique_ptr<gl::OverlappedReadback> readback_;
};

}  // namespace glrand::fragment
