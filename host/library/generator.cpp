// SPDX-License-Identifier: MIT
// glrand::Generator: checked settings, a position in the sequence, and the source that
// generates from any position (library/sources.hpp).
#include <algorithm>
#include <glrand/error.hpp>
#include <glrand/generator.hpp>
#include <optional>
#include <vector>

#include "distributions/transforms.hpp"
#include "fragment/distribution_pass.hpp"
#include "generators/parallel_fill.hpp"
#include "library/sources.hpp"
#include "library/starts.hpp"

namespace glrand {

struct Generator::Impl {
  explicit Impl(const GeneratorState& state)
      : settings((library::check_settings(state.settings), state.settings)),
        position(state.position),
        source(library::make_source(settings)),
        devices(settings) {}

  Settings settings;
  std::uint64_t position;
  library::Source source;
  library::Devices devices;
};

Generator::Generator(const Settings& settings) : Generator(GeneratorState{settings, 0}) {}
Generator::Generator(const GeneratorState& state) : impl_(std::make_unique<Impl>(state)) {}
Generator::Generator(Generator&&) noexcept = default;
Generator& Generator::operator=(Generator&&) noexcept = default;
Generator::~Generator() = default;

const GeneratorInfo& Generator::info() const { return glrand::info(impl_->settings.algorithm); }
const Settings& Generator::settings() const { return impl_->settings; }
int Generator::words_per_output() const { return impl_->source.words_per_output; }
std::uint64_t Generator::position() const { return impl_->position; }
GeneratorState Generator::state() const { return {impl_->settings, impl_->position}; }
const std::string& Generator::where() const { return impl_->devices.where; }
std::string Generator::u32_formula() const { return impl_->source.u32_formula; }

void Generator::set_state(const GeneratorState& state) {
  if (state.settings.algorithm != impl_->settings.algorithm)
    throw InvalidArgument("set_state: the state is -g " + std::string(glrand::info(state.settings.algorithm).name) +
                          "'s, this generator is -g " + std::string(info().name) + "'s");
  const Settings& now = impl_->settings;
  if (state.settings == now) {
    impl_->position = state.position;
    return;
  }
  if (state.settings.backend != now.backend || state.settings.device != now.device) {
    impl_ = std::make_unique<Impl>(state);
    return;
  }
  // The same device stays open; its engine was made for the old settings.
  library::check_settings(state.settings);
  impl_->devices.forget_engine();
  impl_->settings = state.settings;
  impl_->position = state.position;
  impl_->source = library::make_source(impl_->settings);
}

void Generator::check_count(std::uint64_t count) const {
  if (impl_->source.check_count) impl_->source.check_count(impl_->position, count);
}

void Generator::generate(std::uint64_t count, const Consumer& consume) {
  if (count == 0) return;
  check_count(count);
  impl_->source.run(impl_->devices, impl_->position, count, consume);
  impl_->position += count;
}

namespace {

// A chunk into `out` from `at`, on every core: one core copies a GPU's chunk at a fraction of
// the link's rate.
template <class T>
void copy_on_all_cores(std::span<const T> chunk, std::span<T> out, std::size_t at) {
  parallel_fill(
      chunk.size(), 0,
      [&](std::uint64_t begin, std::uint64_t end) {
        std::copy(chunk.begin() + static_cast<std::ptrdiff_t>(begin), chunk.begin() + static_cast<std::ptrdiff_t>(end),
                  out.begin() + static_cast<std::ptrdiff_t>(at + begin));
      },
      std::uint64_t{1} << 18);
}

// The next `count` outputs as values, in chunks: made on the device where the source has them
// there (`run`), else the exact words converted on the host (`convert`, on every core) into a
// buffer of the call's.
template <class T>
void generate_values(Generator& generator, library::Devices& devices, std::uint64_t& position,
                     const library::ValueRun<T>& run, const library::Conversion<T>& convert, std::uint64_t count,
                     const library::ValueConsumer<T>& consume) {
  if (count == 0) return;
  if (run) {
    generator.check_count(count);
    run(devices, position, count, consume);
    position += count;
    return;
  }
  const auto width = static_cast<std::size_t>(generator.words_per_output());
  std::uint64_t next = generator.position();
  std::vector<T> values;
  generator.generate(count, [&](std::span<const std::uint32_t> words) {
    values.resize(words.size() / width);
    convert(words, values, next);
    next += values.size();
    consume(values);
  });
}

// The next `count` outputs straight into `out` where the source can (`into`: the device's copy
// into pinned memory, the CPU path's values); false, and nothing done, otherwise.
template <class T>
bool straight_into(Generator& generator, library::Devices& devices, std::uint64_t& position,
                 const library::IntoRun<T>& into, std::uint64_t count, std::span<T> out) {
  if (count == 0 || !into) return false;
  generator.check_count(count);
  if (!into(devices, position, count, out)) return false;
  position += count;
  return true;
}

// Into a caller's span: copied there by the device where it is pinned memory, made there by
// the CPU path, converted straight into it where the host converts.
template <class T>
void generate_into(Generator& generator, library::Devices& devices, std::uint64_t& position,
                   const library::ValueRun<T>& run, const library::IntoRun<T>& into,
                   const library::Conversion<T>& convert, std::span<T> out) {
  if (straight_into(generator, devices, position, into, out.size(), out)) return;
  std::size_t at = 0;
  if (run) {
    generate_values<T>(generator, devices, position, run, convert, out.size(), [&](std::span<const T> chunk) {
      copy_on_all_cores(chunk, out, at);
      at += chunk.size();
    });
    return;
  }
  if (out.empty()) return;
  const auto width = static_cast<std::size_t>(generator.words_per_output());
  const std::uint64_t first = generator.position();
  generator.generate(out.size(), [&](std::span<const std::uint32_t> words) {
    const std::size_t n = words.size() / width;
    convert(words, out.subspan(at, n), first + at);
    at += n;
  });
}

// Throws InvalidArgument unless the generator's settings can make the distribution (made on
// the GPU: Generator::check_distribution also checks that the source can).
void check_distribution(const Generator& generator, const Distribution& distribution) {
  check(distribution);
  const Settings& settings = generator.settings();
  if (settings.algorithm == Algorithm::sobol32 && settings.dimensions > 1)
    throw InvalidArgument(
        "a distribution of -g sobol32 takes one dimension: its outputs are dimension-major, "
        "so its values would mix the dimensions");
  if (settings.algorithm == Algorithm::sobol32 && distributions::uses_pairs(distribution))
    throw InvalidArgument(
        "Box-Muller pairs consecutive outputs, which Sobol32's points relate (their first "
        "direction number is 1/2): use --normal-method inverse-cdf");
}

// The run that makes a distribution's values on the GPU (Distribution::on gpu): the CUDA
// path's, or the GL path's; InvalidArgument where the settings make them on the host.
template <class T>
library::ValueRun<T> gpu_distribution_run(const Generator& generator, const library::Source& source,
                                          const Distribution& distribution) {
  generator.check_distribution(distribution, sizeof(T) == 8);  // the source has the run
  library::ValueRun<T> run;
  if constexpr (sizeof(T) == 4)
    run = source.gpu_distribution_f32(distribution);
  else
    run = source.gpu_distribution_f64(distribution);
  if (!distributions::uses_pairs(distribution)) return run;
  // Box–Muller: the device makes whole pairs, from the first value's pair to the last one's
  // partner; the values outside first .. first + count − 1 are dropped here.
  return [run, check = source.check_count](library::Devices& devices, std::uint64_t first, std::uint64_t count,
                                           const library::ValueConsumer<T>& consume) {
    const std::uint64_t end = first + count, begin = first - first % 2, stop = end + end % 2;
    if (check) check(begin, stop - begin);
    std::uint64_t at = begin;  // the output of the chunk's first value
    run(devices, begin, stop - begin, [&](std::span<const T> values) {
      const std::uint64_t lo = std::max(at, first), hi = std::min(at + values.size(), end);
      if (hi > lo) consume(values.subspan(static_cast<std::size_t>(lo - at), static_cast<std::size_t>(hi - lo)));
      at += values.size();
    });
  };
}

// `count` values of a distribution from the position on, in one run of the generator's
// doubles: `emit(u, base, lo, n)` makes values lo .. lo + n − 1 from u, the doubles of outputs
// base .. (with Box–Muller their pair partners: the run starts at the first value's pair and
// ends with the last one's partner, and a chunk that ends inside a pair keeps its last double
// for the next).
template <class Emit>
void run_distribution(Generator& generator, std::uint64_t& position, std::uint64_t count,
                      const Distribution& distribution, Emit emit) {
  check_distribution(generator, distribution);
  if (count == 0) return;
  const bool pairs = distributions::uses_pairs(distribution);
  const std::uint64_t from = position, end = from + count;
  const std::uint64_t begin = pairs ? from - from % 2 : from, stop = pairs ? end + end % 2 : end;
  std::uint64_t base = begin;  // the output of the next double
  std::vector<double> joined;  // a kept double and the next chunk
  std::optional<double> kept;
  position = begin;
  // A failure leaves the position where the call found it, as the other calls do.
  struct Restore {
    std::uint64_t& position;
    std::uint64_t from;
    bool done = false;
    ~Restore() {
      if (!done) position = from;
    }
  } restore{position, from};
  generator.generate_doubles(stop - begin, [&](std::span<const double> chunk) {
    std::span<const double> u = chunk;
    if (kept) {
      joined.assign(1, *kept);
      joined.insert(joined.end(), chunk.begin(), chunk.end());
      u = joined;
      kept.reset();
    }
    std::size_t usable = u.size();
    if (pairs && usable % 2 != 0) {
      kept = u.back();
      --usable;
    }
    const std::uint64_t lo = std::max(base, from), hi = std::min(base + usable, end);
    if (hi > lo) emit(u.first(usable), base, lo, static_cast<std::size_t>(hi - lo));
    base += usable;
  });
  position = end;
  restore.done = true;
}

// The values of a distribution into `out`: made on the GPU where it asks (copied in from the
// device's chunks), else by the host's formulas writing there straight.
template <class T>
void distribute(Generator& generator, library::Devices& devices, const library::Source& source,
                std::uint64_t& position, std::span<T> out, const Distribution& distribution) {
  if (distribution.on == DistributionOn::gpu) {
    generate_into<T>(generator, devices, position, gpu_distribution_run<T>(generator, source, distribution), {}, {},
                     out);
    return;
  }
  const std::uint64_t from = position;
  run_distribution(generator, position, out.size(), distribution,
                   [&](std::span<const double> u, std::uint64_t base, std::uint64_t lo, std::size_t n) {
                     distributions::apply(distribution, u, base, lo, out.subspan(lo - from, n));
                   });
}

// The values of a distribution handed on in chunks: the device's where made on the GPU, else
// each made into a buffer of the call's.
template <class T>
void stream_distribution(Generator& generator, library::Devices& devices, const library::Source& source,
                         std::uint64_t& position, std::uint64_t count, const Distribution& distribution,
                         const std::function<void(std::span<const T>)>& consume) {
  if (distribution.on == DistributionOn::gpu) {
    generate_values<T>(generator, devices, position, gpu_distribution_run<T>(generator, source, distribution), {},
                       count, consume);
    return;
  }
  std::vector<T> values;
  run_distribution(generator, position, count, distribution,
                   [&](std::span<const double> u, std::uint64_t base, std::uint64_t lo, std::size_t n) {
                     values.resize(n);
                     distributions::apply(distribution, u, base, lo, std::span<T>(values));
                     consume(values);
                   });
}

}  // namespace

void Generator::check_distribution(const Distribution& distribution, bool doubles) const {
  glrand::check_distribution(*this, distribution);
  if (distribution.on != DistributionOn::gpu) return;
  const library::Source& source = impl_->source;
  const Backend backend = impl_->settings.backend;
  const bool made = doubles ? static_cast<bool>(source.gpu_distribution_f64) : static_cast<bool>(source.gpu_distribution_f32);
  if (!made && backend == Backend::cuda)
    throw InvalidArgument("these settings' CUDA path makes a distribution's values on the host (-g wh --split "
                          "parameterisation): leave out --distribution-on gpu");
  if (backend == Backend::gl && source.gpu_distribution_f32) {
    // Doubles but the Poisson's, and parameters that are no floats, refused before any device
    // opens.
    fragment::packed_distribution(&distribution, doubles ? gl::PackFormat::f64 : gl::PackFormat::f32);
    return;
  }
  if (!made && backend == Backend::gl)
    throw InvalidArgument("these settings' GL path makes a distribution's values on the host: the GPU makes them "
                          "where it makes the floats (-g pm, mrg32k3a without a cuRAND seed, and wh with one parameter "
                          "set: ps30 with --split leapfrog, scatter and compute; -g ceicg: scatter and compute); leave "
                          "out --distribution-on gpu");
  if (!made)
    throw InvalidArgument("a distribution made on the GPU (--distribution-on gpu) needs the CUDA or the GL path (--path "
                          "cuda or gl): the CPU path makes its values on the host");
}

void Generator::generate(std::span<double> out, const Distribution& distribution) {
  distribute(*this, impl_->devices, impl_->source, impl_->position, out, distribution);
}
void Generator::generate(std::span<float> out, const Distribution& distribution) {
  distribute(*this, impl_->devices, impl_->source, impl_->position, out, distribution);
}
void Generator::generate_floats(std::uint64_t count, const Distribution& distribution, const FloatConsumer& consume) {
  stream_distribution<float>(*this, impl_->devices, impl_->source, impl_->position, count, distribution, consume);
}
void Generator::generate_doubles(std::uint64_t count, const Distribution& distribution, const DoubleConsumer& consume) {
  stream_distribution<double>(*this, impl_->devices, impl_->source, impl_->position, count, distribution, consume);
}

void Generator::generate(std::span<std::uint32_t> out) {
  const auto width = static_cast<std::size_t>(words_per_output());
  if (out.size() % width != 0)
    throw InvalidArgument("generate: -g " + std::string(info().name) + " has " + std::to_string(width) +
                          " words per output; a buffer of " + std::to_string(out.size()) +
                          " words is no whole number of outputs");
  const std::uint64_t count = out.size() / width;
  if (straight_into(*this, impl_->devices, impl_->position, impl_->source.into_words, count, out)) return;
  std::size_t at = 0;
  generate(count, [&](std::span<const std::uint32_t> words) {
    copy_on_all_cores(words, out, at);
    at += words.size();
  });
}

void Generator::generate(std::span<float> out) {
  generate_into(*this, impl_->devices, impl_->position, impl_->source.run_f32, impl_->source.into_f32,
                impl_->source.to_f32, out);
}
void Generator::generate(std::span<double> out) {
  generate_into(*this, impl_->devices, impl_->position, impl_->source.run_f64, impl_->source.into_f64,
                impl_->source.to_f64, out);
}
void Generator::generate_floats(std::uint64_t count, const FloatConsumer& consume) {
  generate_values<float>(*this, impl_->devices, impl_->position, impl_->source.run_f32, impl_->source.to_f32, count,
                         consume);
}
void Generator::generate_doubles(std::uint64_t count, const DoubleConsumer& consume) {
  generate_values<double>(*this, impl_->devices, impl_->position, impl_->source.run_f64, impl_->source.to_f64, count,
                          consume);
}

bool Generator::floats_on_device() const { return static_cast<bool>(impl_->source.run_f32); }

void Generator::to_f32(std::span<const std::uint32_t> words, std::span<float> out, std::uint64_t first) const {
  impl_->source.to_f32(words, out, first);
}

void Generator::to_f64(std::span<const std::uint32_t> words, std::span<double> out, std::uint64_t first) const {
  impl_->source.to_f64(words, out, first);
}

void Generator::to_u32(std::span<const std::uint32_t> words, std::span<std::uint32_t> out, std::uint64_t first) const {
  impl_->source.to_u32(words, out, first);
}

}  // namespace glrand
