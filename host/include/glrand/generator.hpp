// SPDX-License-Identifier: MIT
#pragma once
// One generator handle for every generator and backend, in the spirit of cuRAND's host API:
// settings in, then generate() into the caller's buffers as often as needed, each call
// continuing the sequence where the last one ended. Every backend gives the same integers
// (the CPU reference's, bit for bit); floats are the generator's documented formula applied
// to those integers, with the host's bits wherever they are computed (docs/library.md).
//
//   glrand::Settings settings;
//   settings.algorithm = glrand::Algorithm::mrg32k3a;
//   settings.backend = glrand::Backend::cpu;
//   settings.seed64 = 42;
//   glrand::Generator generator(settings);
//   std::vector<float> u(1000);
//   generator.generate(std::span(u));
//
// Errors are glrand::InvalidArgument (bad settings, from the constructor, before any device
// opens) and glrand::DeviceError (no device, a device that fails its self-test).
#include <cstdint>
#include <functional>
#include <glrand/distribution.hpp>
#include <glrand/registry.hpp>
#include <glrand/types.hpp>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace glrand {

// The scatter and compute profiles' invocations when Settings::invocations is unset (fewer for a
// short run): enough to keep a GPU busy, while a pass's read-back buffers stay small enough
// that a command's allocating them costs less than the longer passes would save
// (docs/performance.md).
inline constexpr std::uint64_t kDefaultInvocations = 1ull << 16;

struct Settings {
  Algorithm algorithm = Algorithm::ceicg;
  Backend backend = Backend::gl;
  // The GPU: an EGL device index on the GL path (glrand info lists them), a CUDA ordinal on
  // the CUDA path; default: the first GPU, else (GL) Mesa's software renderer.
  std::optional<int> device;
  Profile profile = Profile::ps30;  // GL path only

  // The native seed as the generator's own words (GeneratorInfo::seed_syntax); empty: the
  // default seed. Or one 64-bit seed that every generator but Sobol32 accepts, mapped to a
  // native seed by native_seed(). At most one of the two.
  std::vector<std::uint64_t> seed;
  std::optional<std::uint64_t> seed64;

  std::uint64_t offset = 0;                  // outputs skipped (Sobol32: the first point of every dimension)
  std::uint64_t substream = 0;               // CEICG: substream P (N = P·B); MRG32k3a: RngStreams substream
  std::uint64_t stream = 0;                  // MRG32k3a: RngStreams stream (2^127 apart)
  std::optional<std::uint64_t> curand_seed;  // MRG32k3a: cuRAND's curand_init(seed, substream, offset)
  int wh_set = 0;                            // Wichmann–Hill: parameter set 0..272 (MKL's VSL_BRNG_WH + i)
  int dimensions = 1;                        // Sobol32: 1..21201, dimension-major

  // The GL path's layout: ps30's substreams, split and state update (Park–Miller,
  // Wichmann–Hill, MRG32k3a); the scatter and compute profiles' invocations (default
  // kDefaultInvocations, fewer for a short run). A Wichmann–Hill parameterisation keeps its
  // substreams on every backend: it is another sequence.
  StreamLayout layout;
  std::optional<std::uint64_t> invocations;
  TargetSize ceicg_target;  // CEICG's ps30 pass size, at most 2^24 pixels
  GlReadback gl_readback = GlReadback::automatic;  // how the GL path reads its passes back

  // The ps30 known-answer self-test before the shaders first run on a device (docs/self-test.md).
  bool self_test = true;
  // Where the GL path says it fell back to a software renderer; nullptr: nowhere.
  std::ostream* notices = nullptr;

  bool operator==(const Settings&) const = default;
};

// The native seed a 64-bit seed maps to (docs/library.md, "One 64-bit seed"): SplitMix64's
// outputs w0, w1, ... from `seed`, each reduced into the generator's range; MTGP32's native
// seed is the 64-bit seed itself. Throws InvalidArgument for Sobol32, which takes no seed.
std::vector<std::uint64_t> native_seed(Algorithm algorithm, std::uint64_t seed);

// A warning for a valid but weak seed (CEICG: seeds whose outputs relate, docs/generators.md),
// or nothing.
std::optional<std::string> seed_warning(const Settings& settings);

// Everything needed to continue a sequence later: copy it, keep it, and make a Generator
// from it (on any backend that has the generator).
struct GeneratorState {
  Settings settings;
  std::uint64_t position = 0;  // outputs generated since the settings' start
};

class Generator {
 public:
  using Consumer = std::function<void(std::span<const std::uint32_t> words)>;
  using FloatConsumer = std::function<void(std::span<const float> values)>;
  using DoubleConsumer = std::function<void(std::span<const double> values)>;

  // Checks every setting; opens no device (the first generate() does).
  explicit Generator(const Settings& settings);
  explicit Generator(const GeneratorState& state);
  Generator(Generator&&) noexcept;
  Generator& operator=(Generator&&) noexcept;
  ~Generator();

  const GeneratorInfo& info() const;
  const Settings& settings() const;
  int words_per_output() const;
  // Outputs generated so far; the next output is output offset + position() of the sequence.
  std::uint64_t position() const;
  GeneratorState state() const;
  // Continues from `state` (whose algorithm must be this generator's); keeps the device open,
  // and with settings equal to this generator's, what it has made for them (the GL path's
  // shaders and buffers), so that returning to an earlier position costs nothing more.
  void set_state(const GeneratorState& state);

  // The next out.size() / words_per_output() outputs as exact integers (out.size() a multiple
  // of words_per_output()), as floats or as doubles (one per output). On the CUDA backend a
  // buffer of page-locked memory (cudaMallocHost, cudaHostAlloc, cudaHostRegister) is filled
  // by the device's own copies, chunk by chunk, at the link's rate; other memory through the
  // library's pinned buffers, copied on every core.
  void generate(std::span<std::uint32_t> out);
  void generate(std::span<float> out);
  void generate(std::span<double> out);
  // The next out.size() values of `distribution` (glrand/distribution.hpp,
  // docs/distributions.md): its host formula applied to this generator's doubles, one output a
  // value (Box–Muller: the pair of outputs 2k, 2k + 1 makes values 2k, 2k + 1, counted from
  // the settings' start, whatever the calls' sizes), the same bits on every backend. Throws
  // InvalidArgument for parameters out of range.
  void generate(std::span<double> out, const Distribution& distribution);
  void generate(std::span<float> out, const Distribution& distribution);
  // The next `count` values of `distribution`, handed to `consume` in order in chunks (valid
  // during the call only), from one run of the generator: the way to any number of values.
  void generate_floats(std::uint64_t count, const Distribution& distribution, const FloatConsumer& consume);
  void generate_doubles(std::uint64_t count, const Distribution& distribution, const DoubleConsumer& consume);
  // Whether generate(span<float>) and generate(span<double>) make the floats on the device
  // from the exact words, so that only the floats cross to the host and no host core
  // converts (the CUDA backend, but for Wichmann–Hill's parameterisation; on the GL path,
  // Park–Miller, MRG32k3a with RngStreams' floats and Wichmann–Hill with one parameter set,
  // ps30 with leapfrog, and CEICG in scatter and compute, where the context has OpenGL 4.3
  // and a pass fits one storage block: elsewhere the GL path still converts on the host, as
  // Generator::where() then says); the same bits either way.
  bool floats_on_device() const;
  // The next `count` outputs, handed to `consume` in order in chunks of whole outputs; the
  // way to any number of outputs without holding them all. A chunk is valid during the call
  // only (on the GL path it is the read-back buffer itself, which the GPU fills again later).
  void generate(std::uint64_t count, const Consumer& consume);
  // The next `count` outputs as floats (doubles), handed to `consume` in order in chunks; the
  // way to any number of floats without holding them all. Where floats_on_device(), each chunk
  // is the device's, copied once (a chunk's values are valid during the call only).
  void generate_floats(std::uint64_t count, const FloatConsumer& consume);
  void generate_doubles(std::uint64_t count, const DoubleConsumer& consume);

  // Throws InvalidArgument if the next `count` outputs do not exist (Sobol32: whole points,
  // within a dimension's 2^32; MTGP32: positions below 2^63).
  void check_count(std::uint64_t count) const;
  // Throws InvalidArgument unless these settings can make `distribution`'s values as floats
  // (as doubles with `doubles`): its parameters, Sobol32 in one dimension and without
  // Box–Muller, and made on the GPU only where the backend does: the CUDA path (floats and
  // doubles), and the GL path where it makes the generator's floats on the GPU (floats only
  // but the Poisson's, its parameters floats: docs/distributions.md). Opens no device;
  // generate() checks the same.
  void check_distribution(const Distribution& distribution, bool doubles = false) const;

  // The formulas applied to exact outputs (words_per_output() words each, out.size()
  // outputs) whose first is output `first` counted from the settings' start (Wichmann–Hill's
  // parameterisation gives each output its own set): f32, f64, and one 32-bit word per output
  // for test batteries (--format u32), whose formula u32_formula() says in words.
  void to_f32(std::span<const std::uint32_t> words, std::span<float> out, std::uint64_t first) const;
  void to_f64(std::span<const std::uint32_t> words, std::span<double> out, std::uint64_t first) const;
  void to_u32(std::span<const std::uint32_t> words, std::span<std::uint32_t> out, std::uint64_t first) const;
  std::string u32_formula() const;

  // Where the current or last generate() runs: "NVIDIA H100 ..., 4096 substreams, leapfrog,
  // state update gpu", "the CPU reference", ...; set once its device is open, before a
  // consumer gets the first chunk; empty before the first generate().
  const std::string& where() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace glrand
