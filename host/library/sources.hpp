// SPDX-License-Identifier: MIT
#pragma once
// Behind glrand::Generator: each generator on each backend as a run that hands over outputs
// first .. first + count − 1 of the settings' sequence in order, chunk by chunk, and the
// conversions of its exact words.
#include <cstdint>
#include <functional>
#include <glrand/distribution.hpp>
#include <glrand/generator.hpp>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <typeinfo>

#include "gl/egl_context.hpp"

namespace glrand::library {

using Consumer = Generator::Consumer;

// How many GL engines this process has made (Devices::gl_engine's `make`), for the tests that
// check a call reuses the engine it should.
std::uint64_t gl_engines_made();
void count_gl_engine();

// The devices a generator's runs open and keep from call to call: the GL path's headless
// context (made current on the calling thread at each run).
class Devices {
 public:
  explicit Devices(const Settings& settings) : settings_(settings) {}
  ~Devices() { forget_engine(); }
  Devices(const Devices&) = delete;
  Devices& operator=(const Devices&) = delete;
  // Opens the context on first use, makes it current, and runs the generator's ps30
  // self-test there once (unless Settings::self_test is false).
  void open_gl();
  // Whether the open GL context runs on a software renderer (llvmpipe).
  bool software_renderer() const { return context_ && context_->device().software; }
  // Where the current or last run generates: "NVIDIA H100 ..., CUDA kernels", ...
  std::string where;

  // The GL engine of a run (after open_gl()): the last one made, if its `key` (what it was
  // made for: its type and layout) is the same, else a new one from `make()`, which replaces
  // it. Keeping it saves each further call the engine's shader compiles, targets and
  // read-back buffers (and a value packer's known-answer check), which per-frame or
  // per-batch calls would otherwise pay every time; one at a time bounds the memory.
  template <class Engine, class Make>
  Engine& gl_engine(const std::string& key, Make make) {
    const std::string typed = typeid(Engine).name() + (":" + key);
    if (!engine_ || engine_key_ != typed) {
      forget_engine();
      engine_ = std::shared_ptr<void>(make());
      engine_key_ = typed;
      count_gl_engine();
    }
    return *static_cast<Engine*>(engine_.get());
  }
  // Destroys the kept engine with its context current (its names are that context's), the
  // thread's current context kept; where that context cannot be made current, leaves the
  // engine to die with the context rather than delete names in another's.
  void forget_engine() noexcept;

 private:
  const Settings& settings_;
  std::optional<gl::HeadlessContext> context_;
  std::shared_ptr<void> engine_;  // destroyed before the context
  std::string engine_key_;
};

// Converts exact outputs (words per output each; the first is output `first` of the
// sequence) into one value per output.
template <class T>
using ValueConsumer = std::function<void(std::span<const T> values)>;

// Outputs first .. first + count − 1 as values, made where the words are.
template <class T>
using ValueRun =
    std::function<void(Devices& devices, std::uint64_t first, std::uint64_t count, const ValueConsumer<T>& consume)>;

// Outputs first .. first + count − 1 (their words, or one value each) straight into `out`:
// copied there by the device where it is pinned host memory (the CUDA path; true), false, and
// nothing done, where it is not; made there on all cores (the CPU path's values; true).
template <class T>
using IntoRun = std::function<bool(Devices& devices, std::uint64_t first, std::uint64_t count, std::span<T> out)>;

template <class T>
using Conversion = std::function<void(std::span<const std::uint32_t> words, std::span<T> out, std::uint64_t first)>;

struct Source {
  int words_per_output = 1;
  Conversion<float> to_f32;
  Conversion<double> to_f64;
  Conversion<std::uint32_t> to_u32;  // one word per output for test batteries
  std::string u32_formula;
  // Throws InvalidArgument if outputs first .. first + count − 1 do not exist; empty when
  // any will do.
  std::function<void(std::uint64_t first, std::uint64_t count)> check_count;
  // Generates outputs first .. first + count − 1, having said where (Devices::where) before
  // the first chunk.
  std::function<void(Devices& devices, std::uint64_t first, std::uint64_t count, const Consumer& consume)> run;
  // Where the device makes the floats (the CUDA backend; the GL path's Park–Miller and
  // MRG32k3a, ps30 with leapfrog), the same bits as to_f32 / to_f64 of run's words; empty
  // elsewhere.
  ValueRun<float> run_f32;
  ValueRun<double> run_f64;
  // The values of a distribution made on the GPU (Distribution::on gpu): the CUDA backend's
  // floats and doubles; the GL path's where it makes the generator's floats on the GPU
  // (run_f32 above, and CEICG in the scatter and compute profiles: floats, and the Poisson's
  // doubles, the engines refusing other doubles); empty elsewhere.
  std::function<ValueRun<float>(const Distribution&)> gpu_distribution_f32;
  std::function<ValueRun<double>(const Distribution&)> gpu_distribution_f64;
  // The CUDA backend's copies into a caller's pinned buffer (words, f32, f64); the CPU path's
  // values made in a caller's buffer (f32, f64: Park–Miller's, Wichmann–Hill's, CEICG's,
  // Sobol32's and MRG32k3a's); empty elsewhere.
  IntoRun<std::uint32_t> into_words;
  IntoRun<float> into_f32;
  IntoRun<double> into_f64;
};

// The source of checked settings (library::check_settings); opens nothing.
Source make_source(const Settings& settings);

}  // namespace glrand::library
