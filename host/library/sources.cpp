// SPDX-License-Identifier: MIT
#include "library/sources.hpp"

#include <algorithm>
#include <atomic>
#include <glrand/error.hpp>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "distributions/transforms.hpp"
#include "fragment/ceicg_fragment.hpp"
#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"
#include "generators/mtgp32.hpp"
#include "generators/parallel_fill.hpp"
#include "generators/park_miller.hpp"
#include "generators/reference_generator.hpp"
#include "generators/sobol32.hpp"
#include "generators/wichmann_hill.hpp"
#include "gl/context_info.hpp"
#include "library/starts.hpp"
#include "selftest/self_test.hpp"
#include "stream/ceicg_stream.hpp"
#include "stream/stream_generator.hpp"
#if GLRAND_HAVE_CUDA
#include "cuda/cuda_path.hpp"
#endif

namespace glrand::library {
namespace {

using Words = std::span<const std::uint32_t>;

constexpr std::uint64_t kCpuChunk = 1ull << 22;  // outputs per chunk on the CPU path

// On a software renderer the notice says which path is faster there, as the CPU-only
// machine measured (docs/cli.md): every generator's CPU reference beats llvmpipe.
std::string software_advice(const Settings& s) {
  const std::string name(info(s.algorithm).name);
  const StreamLayout defaults;
  const bool layout = s.profile != Profile::ps30 || s.layout.substreams != defaults.substreams ||
                      s.layout.split != defaults.split || s.layout.update != defaults.update || s.device.has_value();
  return "; for -g " + name + ", --path cpu is faster here and gives the same numbers (add --path cpu" +
         (layout ? ", without the GL path's --profile, --substreams, --split, --state-update and --device)" : ")");
}

// Conversions of at least this many outputs are split over all cores (a thread's start costs
// about as much as converting a few thousand outputs).
constexpr std::uint64_t kConversionGrain = std::uint64_t{1} << 16;

// A generator's bulk conversion `bulk(words, out)` on every core.
template <class T, class Bulk>
Conversion<T> on_all_cores(int words_per_output, Bulk bulk) {
  return [bulk, width = static_cast<std::size_t>(words_per_output)](std::span<const std::uint32_t> words,
                                                                     std::span<T> out, std::uint64_t) {
    parallel_fill(
        out.size(), 0,
        [&](std::uint64_t begin, std::uint64_t end) {
          const auto n = static_cast<std::size_t>(end - begin);
          bulk(words.subspan(width * begin, width * n), out.subspan(begin, n));
        },
        kConversionGrain);
  };
}

// The same formula for every output: a reference's bulk f32, f64 and u32 conversions.
template <ReferenceGenerator Reference>
void set_conversions(Source& source, const Reference& reference, std::string formula) {
  source.words_per_output = Reference::kWordsPerOutput;
  source.to_f32 = on_all_cores<float>(source.words_per_output,
                                      [reference](Words w, std::span<float> out) { reference.to_f32(w, out); });
  source.to_f64 = on_all_cores<double>(source.words_per_output,
                                       [reference](Words w, std::span<double> out) { reference.to_f64(w, out); });
  source.to_u32 = on_all_cores<std::uint32_t>(
      source.words_per_output, [reference](Words w, std::span<std::uint32_t> out) { reference.to_u32(w, out); });
  source.u32_formula = std::move(formula);
}

// `count` outputs in chunks of kCpuChunk, `fill(words)` making each chunk's words.
template <class Fill>
void in_cpu_chunks(std::uint64_t count, int words_per_output, const Consumer& consume, Fill fill) {
  std::vector<std::uint32_t> words;
  for (std::uint64_t done = 0; done < count;) {
    const std::uint64_t n = std::min(kCpuChunk, count - done);
    words.resize(static_cast<std::size_t>(words_per_output) * n);
    fill(std::span<std::uint32_t>(words));
    consume(words);
    done += n;
  }
}

constexpr const char* kOnCpu = "the CPU reference";

// The CPU reference from `start(first)`, the state of output `first`.
template <ReferenceGenerator Reference, class Start>
auto on_cpu(const Reference& reference, Start start) {
  return [reference, start](Devices& devices, std::uint64_t first, std::uint64_t count, const Consumer& consume) {
    devices.where = kOnCpu;
    typename Reference::State state = start(first);
    in_cpu_chunks(count, Reference::kWordsPerOutput, consume,
                  [&](std::span<std::uint32_t> words) { reference.fill(state, words); });
  };
}

// Outputs per block of the CPU path's values made straight into a caller's span: a block's
// words (256 KiB) stay in the core's cache between their making and their conversion.
constexpr std::uint64_t kCpuValueBlock = std::uint64_t{1} << 16;

// The CPU reference's values of outputs first .. first + out.size() − 1 made straight into
// `out`: each core makes its share a block at a time, its words converted while still in its
// cache, where the chunked run (on_cpu, then the conversion) writes every chunk's words to
// memory and reads them back (docs/performance.md, "The CPU references beside MKL"). Not
// where a block's fill needs skip-aheads (MRG32k3a's twelve stretches: mrg32k3a::generate_values
// makes them a block at a time instead) or a thread's start a GF(2) jump (MT19937, MTGP32).
template <class T, ReferenceGenerator Reference, class Start>
void values_on_all_cores(const Reference& reference, const Start& start, std::uint64_t first, std::span<T> out) {
  constexpr auto width = static_cast<std::size_t>(Reference::kWordsPerOutput);
  parallel_fill(
      out.size(), 0,
      [&](std::uint64_t begin, std::uint64_t end) {
        typename Reference::State state = start(first + begin);
        std::vector<std::uint32_t> words(width * static_cast<std::size_t>(std::min(kCpuValueBlock, end - begin)));
        for (std::uint64_t at = begin; at < end; at += kCpuValueBlock) {
          const auto n = static_cast<std::size_t>(std::min(kCpuValueBlock, end - at));
          const std::span<std::uint32_t> w(words.data(), width * n);
          reference.fill(state, w);
          const std::span<T> values = out.subspan(static_cast<std::size_t>(at), n);
          if constexpr (std::is_same_v<T, float>) reference.to_f32(w, values);
          else reference.to_f64(w, values);
        }
      },
      kCpuValueBlock);
}

// Source::into_f32 and into_f64 from one `into(devices, first, count, out)` for either span.
template <class Into>
void set_into(Source& source, Into into) {
  source.into_f32 = [into](Devices& devices, std::uint64_t first, std::uint64_t count, std::span<float> out) {
    return into(devices, first, count, out);
  };
  source.into_f64 = [into](Devices& devices, std::uint64_t first, std::uint64_t count, std::span<double> out) {
    return into(devices, first, count, out);
  };
}

// The CPU path's floats and doubles into a caller's span.
template <ReferenceGenerator Reference, class Start>
void set_cpu_into(Source& source, const Reference& reference, Start start) {
  set_into(source, [reference, start](Devices& devices, std::uint64_t first, std::uint64_t count, auto out) {
    devices.where = kOnCpu;
    values_on_all_cores(reference, start, first, out.first(static_cast<std::size_t>(count)));
    return true;
  });
}

// The ps30 layout of a run of `count` outputs (the given one, its substreams chosen where
// automatic), on the opened context, and where it runs.
StreamLayout ps30_layout(Devices& devices, StreamLayout layout, std::uint64_t count) {
  devices.open_gl();
  if (layout.substreams == kAutomaticSubstreams)
    layout.substreams = automatic_substreams(count, devices.software_renderer());
  devices.where = gl::query_context_info().renderer + ", " + std::to_string(layout.substreams) + " substreams, " +
                  name_of(layout.split) + ", state update " + name_of(layout.update);
  return layout;
}

// The ps30 engine of `layout`, kept from call to call (Devices::gl_engine), reading back as
// `readback` says.
template <class Fragment, class Traits>
Fragment& ps30_engine(Devices& devices, const StreamLayout& layout, const Traits& traits, GlReadback readback) {
  const std::string key = std::to_string(layout.substreams) + " " + name_of(layout.split) + " " + name_of(layout.update);
  auto& generator =
      devices.gl_engine<Fragment>(key, [&] { return std::make_unique<Fragment>(layout, traits, readback); });
  generator.set_readback(readback);
  return generator;
}

// What `where` says of how an engine's run was read back, where its passes were packed.
template <class Engine>
void note_readback(Devices& devices, const Engine& engine) {
  if constexpr (requires { engine.last_packed_in_pass(); })
    if (engine.last_packed_in_pass()) devices.where += ", packed in the pass";
  if (const auto kind = engine.last_readback()) devices.where += std::string(", ") + gl::read_description(*kind);
}

// A stateful generator in the ps30 profile, from `start(first)`.
template <class Fragment, class Traits, class Start>
auto on_gl(const Settings& s, Traits traits, Start start) {
  return [given = s.layout, readback = s.gl_readback, traits, start](Devices& devices, std::uint64_t first,
                                                                     std::uint64_t count, const Consumer& consume) {
    Fragment& generator = ps30_engine<Fragment>(devices, ps30_layout(devices, given, count), traits, readback);
    generator.generate(start(first), count, consume);
    note_readback(devices, generator);
  };
}

// The scatter or compute engine for `units` engine outputs, on the opened context, kept from
// call to call (Devices::gl_engine), reading back as `readback` says, and where it runs.
// Either split (leapfrog, or blocks where the traits choose them) gives the serial sequence
// for any P, so a short run uses fewer invocations than `most`.
template <class Traits>
stream::StreamGenerator<Traits>& stream_engine(Devices& devices, Profile profile, std::uint64_t most, Traits traits,
                                               std::uint64_t units, GlReadback readback) {
  devices.open_gl();
  constexpr std::uint64_t L = stream::default_outputs_per_substream<Traits>();
  const std::uint64_t wanted = (units + L - 1) / L;
  const std::uint64_t substreams = std::clamp<std::uint64_t>(wanted, 1, most);
  auto& generator = devices.gl_engine<stream::StreamGenerator<Traits>>(
      std::string(name_of(profile)) + " " + std::to_string(substreams), [&] {
        return std::make_unique<stream::StreamGenerator<Traits>>(profile, substreams,
                                                                 L, traits, readback);
      });
  generator.set_readback(readback);
  devices.where = gl::query_context_info().renderer + ", " + name_of(profile) + " profile, " +
                  std::to_string(generator.substreams()) + " substreams x " +
                  std::to_string(generator.outputs_per_substream()) + " outputs per pass, " +
                  (stream::StreamGenerator<Traits>::kBlocks ? "blocks" : "leapfrog");
  return generator;
}

// A generator in the scatter or compute profile. `outputs_per_unit`: outputs per engine
// output (CEICG's groups of four), trimmed at the end.
template <class Traits, class Start>
auto on_stream(const Settings& s, Traits traits, Start start, int outputs_per_unit = 1) {
  return [profile = s.profile, most = s.invocations.value_or(kDefaultInvocations), readback = s.gl_readback, traits,
          start, outputs_per_unit](Devices& devices, std::uint64_t first, std::uint64_t count, const Consumer& consume) {
    const std::uint64_t units = (count + outputs_per_unit - 1) / outputs_per_unit;
    auto& generator = stream_engine(devices, profile, most, traits, units, readback);
    const std::size_t words_per_output = Traits::kWordsPerOutput / outputs_per_unit;
    std::uint64_t left = count;
    generator.generate(start(first), units, [&](std::span<const std::uint32_t> words) {
      const std::uint64_t outputs = std::min<std::uint64_t>(left, words.size() / words_per_output);
      consume(words.first(outputs * words_per_output));
      left -= outputs;
    });
    note_readback(devices, generator);
  };
}

// The values' consumer fed from a read-back's bytes.
template <class T>
auto values_of(const ValueConsumer<T>& consume) {
  return [&consume](std::span<const std::byte> bytes) {
    consume(std::span<const T>(reinterpret_cast<const T*>(bytes.data()), bytes.size() / sizeof(T)));
  };
}

template <class T>
constexpr gl::PackFormat pack_format() {
  return sizeof(T) == 4 ? gl::PackFormat::f32 : gl::PackFormat::f64;
}

// Where a GL run's values are made.
std::string made_on_gpu(const std::optional<Distribution>& distribution) {
  return distribution ? ", the distribution's values made on the GPU" : ", floats made on the GPU";
}

// A generator's floats (T = float) or doubles on the GL path, made on the GPU from
// the checked words (gl::WordPacker), or with `distribution` its values of those floats: in
// the scatter and compute profiles (`on_stream`'s invocations and units, trimmed at the
// end) ...
template <class T, class Traits, class Start>
ValueRun<T> on_stream_values(const Settings& s, Traits traits, Start start, int outputs_per_unit = 1,
                             std::optional<Distribution> distribution = std::nullopt) {
  return [profile = s.profile, most = s.invocations.value_or(kDefaultInvocations), readback = s.gl_readback, traits,
          start, outputs_per_unit, distribution](Devices& devices, std::uint64_t first, std::uint64_t count, const ValueConsumer<T>& consume) {
    const std::uint64_t units = (count + outputs_per_unit - 1) / outputs_per_unit;
    auto& generator = stream_engine(devices, profile, most, traits, units, readback);
    devices.where += made_on_gpu(distribution);
    std::uint64_t left = count;
    generator.generate_values(
        start(first), units, pack_format<T>(),
        [&](std::span<const std::byte> bytes) {
          const std::span<const T> values(reinterpret_cast<const T*>(bytes.data()), bytes.size() / sizeof(T));
          const std::uint64_t kept = std::min<std::uint64_t>(left, values.size());
          consume(values.first(kept));
          left -= kept;
        },
        distribution ? &*distribution : nullptr);
    note_readback(devices, generator);
  };
}

// ... and in ps30 with leapfrog (`on_gl`'s layout), where the context packs on the GPU; else
// the words converted on the host (`convert`, the source's conversion), the same bits (a
// distribution's values are then refused).
template <class T, class Fragment, class Traits, class Start>
ValueRun<T> on_gl_values(const Settings& s, Traits traits, Start start, Conversion<T> convert,
                         std::optional<Distribution> distribution = std::nullopt) {
  return [given = s.layout, readback = s.gl_readback, traits, start, convert, distribution](
             Devices& devices, std::uint64_t first, std::uint64_t count, const ValueConsumer<T>& consume) {
    Fragment& generator = ps30_engine<Fragment>(devices, ps30_layout(devices, given, count), traits, readback);
    const bool on_gpu = generator.makes_values(pack_format<T>());
    if (!on_gpu && distribution)
      throw InvalidArgument("this GL context packs no pass on the GPU (it needs OpenGL 4.3 and a pass within one "
                            "shader storage block), so it makes no distribution's values there: leave out "
                            "--distribution-on gpu, or use fewer substreams");
    if (on_gpu) devices.where += made_on_gpu(distribution);
    if (on_gpu) {
      generator.generate_values(start(first), count, pack_format<T>(), values_of<T>(consume),
                                distribution ? &*distribution : nullptr);
      return note_readback(devices, generator);
    }
    std::vector<T> values;
    std::uint64_t at = first;
    generator.generate(start(first), count, [&](std::span<const std::uint32_t> words) {
      values.resize(words.size());
      convert(words, values, at);
      at += words.size();
      consume(values);
    });
    note_readback(devices, generator);
  };
}

// The GL path's value runs of a generator whose float formula the word packer knows
// (Park–Miller, MRG32k3a with RngStreams' floats, Wichmann–Hill with one parameter set): made
// on the GPU in every profile (ps30: with leapfrog, where the context allows).
// A distribution's values are made there too (in float; the Poisson's in both formats).
template <class Fragment, class Traits, class Start>
void set_gl_value_runs(Source& source, const Settings& s, Traits traits, Start start) {
  if (s.profile != Profile::ps30) {
    source.run_f32 = on_stream_values<float>(s, traits, start);
    source.run_f64 = on_stream_values<double>(s, traits, start);
    source.gpu_distribution_f32 = [s, traits, start](const Distribution& d) {
      return on_stream_values<float>(s, traits, start, 1, d);
    };
    source.gpu_distribution_f64 = [s, traits, start](const Distribution& d) {
      return on_stream_values<double>(s, traits, start, 1, d);
    };
  } else if (s.layout.split == Split::leapfrog) {
    source.run_f32 = on_gl_values<float, Fragment>(s, traits, start, source.to_f32);
    source.run_f64 = on_gl_values<double, Fragment>(s, traits, start, source.to_f64);
    source.gpu_distribution_f32 = [s, traits, start, convert = source.to_f32](const Distribution& d) {
      return on_gl_values<float, Fragment>(s, traits, start, convert, d);
    };
    source.gpu_distribution_f64 = [s, traits, start, convert = source.to_f64](const Distribution& d) {
      return on_gl_values<double, Fragment>(s, traits, start, convert, d);
    };
  }
}

#if GLRAND_HAVE_CUDA
// The CUDA path: `make(first, count)` gives the cuda::Generator of outputs first on.
template <class Make>
auto on_cuda(const Settings& s, Make make) {
  return [device = s.device, make](Devices& devices, std::uint64_t first, std::uint64_t count,
                                   const Consumer& consume) {
    devices.where = cuda::open_device(device).describe() + ", CUDA kernels";
    cuda::generate_host(make(first, count), count, consume);
  };
}

// How the CUDA path makes a run's values: by the generator's own kernel where it makes them
// (`made(first, count)`: the words never reach device memory), else from each chunk's words by
// `conversion`.
struct CudaValues {
  cuda::DeviceConversion conversion;
  std::function<cuda::ValueGenerator(std::uint64_t first, std::uint64_t count)> made;

  template <class Make>
  void run(const Make& make, std::uint64_t first, std::uint64_t count,
           const std::function<void(std::span<const std::byte>)>& consume, std::byte* destination = nullptr) const {
    if (made)
      cuda::generate_host_values(made(first, count), count, consume, 0, destination);
    else
      cuda::generate_host_values(make(first, count), conversion, count, consume, 0, destination);
  }
};

template <class T, class Make>
ValueRun<T> on_cuda_values(const Settings& s, Make make, CudaValues values) {
  return [device = s.device, make, values](Devices& devices, std::uint64_t first, std::uint64_t count,
                                           const ValueConsumer<T>& consume) {
    devices.where = cuda::open_device(device).describe() + ", CUDA kernels, floats made on the GPU";
    values.run(make, first, count, [&](std::span<const std::byte> bytes) {
      consume(std::span<const T>(reinterpret_cast<const T*>(bytes.data()), bytes.size() / sizeof(T)));
    });
  };
}

// Into a caller's pinned buffer: the words (no values) or the values, copied there by the
// device chunk by chunk.
template <class T, class Make>
IntoRun<T> on_cuda_into(const Settings& s, Make make, std::optional<CudaValues> values) {
  return [device = s.device, make, values](Devices& devices, std::uint64_t first, std::uint64_t count,
                                           std::span<T> out) {
    // The chosen device first: the query would otherwise make device 0's context current.
    const std::string where = cuda::open_device(device).describe() + ", CUDA kernels";
    if (!cuda::is_pinned(out.data(), out.size_bytes())) return false;
    devices.where = where;
    if (!values)
      cuda::generate_host(make(first, count), count, [](std::span<const std::uint32_t>) {}, 0,
                          reinterpret_cast<std::uint32_t*>(out.data()));
    else
      values->run(make, first, count, [](std::span<const std::byte>) {}, reinterpret_cast<std::byte*>(out.data()));
    return true;
  };
}

// No generator kernel of its own makes the values: they are made from the words.
struct FromWords {
  std::function<cuda::ValueGenerator(std::uint64_t, std::uint64_t)> operator()(cuda::ValueFormat,
                                                                                const Distribution*) const {
    return {};
  }
};

// The CUDA path's runs: the words, and both formats' values made on the GPU, by the generator's
// own kernel where `made(format, distribution)` gives one (a function of first and count), else
// by the conversions `conversion(format, distribution)` gives (a distribution's values where
// one is given).
template <class Make, class Conversions, class Made = FromWords>
void set_cuda_runs(Source& source, const Settings& s, Make make, Conversions conversion, Made made = {}) {
  const auto values = [conversion, made](cuda::ValueFormat f, const Distribution* d) {
    std::function<cuda::ValueGenerator(std::uint64_t, std::uint64_t)> in_kernel = made(f, d);
    if (in_kernel) return CudaValues{{}, std::move(in_kernel)};
    return CudaValues{conversion(f, d), {}};
  };
  source.run = on_cuda(s, make);
  source.run_f32 = on_cuda_values<float>(s, make, values(cuda::ValueFormat::f32, nullptr));
  source.run_f64 = on_cuda_values<double>(s, make, values(cuda::ValueFormat::f64, nullptr));
  source.into_words = on_cuda_into<std::uint32_t>(s, make, std::nullopt);
  source.into_f32 = on_cuda_into<float>(s, make, values(cuda::ValueFormat::f32, nullptr));
  source.into_f64 = on_cuda_into<double>(s, make, values(cuda::ValueFormat::f64, nullptr));
  source.gpu_distribution_f32 = [s, make, values](const Distribution& d) {
    return on_cuda_values<float>(s, make, values(cuda::ValueFormat::f32, &d));
  };
  source.gpu_distribution_f64 = [s, make, values](const Distribution& d) {
    return on_cuda_values<double>(s, make, values(cuda::ValueFormat::f64, &d));
  };
}
#endif

Source ceicg_source(const Settings& s) {
  Source source;
  set_conversions(source, ceicg::Reference{}, "floor(u * 2^32) of the f64 formula");
  auto start = [s](std::uint64_t first) { return ceicg_start(s, first); };
  if (s.backend == Backend::cpu) {
    source.run = on_cpu(ceicg::Reference{}, start);
    set_cpu_into(source, ceicg::Reference{}, start);
#if GLRAND_HAVE_CUDA
  } else if (s.backend == Backend::cuda) {
    set_cuda_runs(
        source, s, [start](std::uint64_t first, std::uint64_t) { return cuda::ceicg(start(first)); },
        [](cuda::ValueFormat f, const Distribution* d) { return cuda::ceicg_conversion(f, d); });
#endif
  } else if (s.profile != Profile::ps30) {
    source.run = on_stream(s, stream::CeicgStreamTraits{}, start, stream::CeicgStreamTraits::kOutputsPerGroup);
    source.run_f32 = on_stream_values<float>(s, stream::CeicgStreamTraits{}, start, stream::CeicgStreamTraits::kOutputsPerGroup);
    source.run_f64 = on_stream_values<double>(s, stream::CeicgStreamTraits{}, start, stream::CeicgStreamTraits::kOutputsPerGroup);
    source.gpu_distribution_f32 = [s, start](const Distribution& d) {
      return on_stream_values<float>(s, stream::CeicgStreamTraits{}, start, stream::CeicgStreamTraits::kOutputsPerGroup, d);
    };
    source.gpu_distribution_f64 = [s, start](const Distribution& d) {
      return on_stream_values<double>(s, stream::CeicgStreamTraits{}, start, stream::CeicgStreamTraits::kOutputsPerGroup, d);
    };
  } else {
    source.run = [start, size = s.ceicg_target](Devices& devices, std::uint64_t first, std::uint64_t count,
                                                const Consumer& consume) {
      devices.open_gl();
      devices.where = gl::query_context_info().renderer;
      auto& generator = devices.gl_engine<fragment::CeicgFragment>(
          std::to_string(size.width) + "x" + std::to_string(size.height),
          [&] { return std::make_unique<fragment::CeicgFragment>(size); });
      generator.generate_ints(start(first), count, consume);
    };
  }
  return source;
}

Source park_miller_source(const Settings& s) {
  Source source;
  set_conversions(source, pm::Reference{},
                  "floor(z * 2^32 / m) = (z << 1) | (z >> 30): 31 bits of z, bit 0 repeats bit 31");
  auto start = [s](std::uint64_t first) { return pm_start(s, first); };
  if (s.backend == Backend::cpu) {
    source.run = on_cpu(pm::Reference{}, start);
    set_cpu_into(source, pm::Reference{}, start);
#if GLRAND_HAVE_CUDA
  } else if (s.backend == Backend::cuda) {
    set_cuda_runs(
        source, s, [start](std::uint64_t first, std::uint64_t) { return cuda::park_miller(start(first)); },
        [](cuda::ValueFormat f, const Distribution* d) { return cuda::park_miller_conversion(f, d); });
#endif
  } else {
    if (s.profile != Profile::ps30)
      source.run = on_stream(s, fragment::ParkMillerTraits{}, start);
    else
      source.run = on_gl<fragment::ParkMillerFragment>(s, fragment::ParkMillerTraits{}, start);
    set_gl_value_runs<fragment::ParkMillerFragment>(source, s, fragment::ParkMillerTraits{}, start);
  }
  return source;
}

// Parameterisation: substream k runs set wh_set + k from the same seed and offset; output n
// is output n div P of substream n mod P. A run from output `first` starts at the round that
// holds it (a multiple of P) and drops the outputs before it.
Source wichmann_hill_parameterised_source(const Settings& s) {
  const std::uint64_t substreams = s.layout.substreams;  // within the sets: check_settings
  fragment::WichmannHillTraits traits;
  for (std::uint64_t k = 0; k < substreams; ++k)
    traits.substream_sets.push_back(wh::parameters(s.wh_set + static_cast<int>(k)));
  const auto sets = traits.substream_sets;
  // Each substream's state at round `round` (its output `round`).
  auto starts = [s, substreams](std::uint64_t round) {
    std::vector<wh::State> states;
    for (std::uint64_t k = 0; k < substreams; ++k) states.push_back(wh_start(s, s.wh_set + static_cast<int>(k), round));
    return states;
  };
  Source source;
  source.words_per_output = 4;
  // Each output's formula uses its own set's moduli.
  auto convert = [sets](auto formula) {
    return [sets, formula](std::span<const std::uint32_t> words, auto out, std::uint64_t first) {
      parallel_fill(
          out.size(), 0,
          [&](std::uint64_t begin, std::uint64_t end) {
            for (std::uint64_t i = begin; i < end; ++i) {
              const std::uint32_t* w = &words[4 * i];
              out[i] = formula(sets[(first + i) % sets.size()], wh::State{w[0], w[1], w[2], w[3]});
            }
          },
          kConversionGrain);
    };
  };
  source.to_f32 = convert([](const wh::Parameters& p, const wh::State& x) { return wh::to_f32(p, x); });
  source.to_f64 = convert([](const wh::Parameters& p, const wh::State& x) { return wh::to_f64(p, x); });
  source.to_u32 = convert([](const wh::Parameters& p, const wh::State& x) { return wh::to_u32(p, x); });
  source.u32_formula = "floor(u * 2^32) of the f64 formula, each output with its own set";
  // The whole rounds' run of `count` outputs from a multiple of P, then the trim.
  using RoundRun = std::function<void(Devices&, std::uint64_t round, std::uint64_t count, const Consumer&)>;
  RoundRun rounds;
#if GLRAND_HAVE_CUDA
  if (s.backend == Backend::cuda) {
    rounds = on_cuda(s, [starts, first_set = s.wh_set](std::uint64_t round, std::uint64_t) {
      return cuda::wichmann_hill_sets(first_set, starts(round));
    });
  }
#endif
  if (s.backend == Backend::cpu) {
    rounds = [sets, starts](Devices& devices, std::uint64_t round, std::uint64_t count, const Consumer& consume) {
      devices.where = kOnCpu;
      std::vector<wh::State> states = starts(round);
      std::size_t k = 0;  // the next output's substream
      in_cpu_chunks(count, 4, consume, [&](std::span<std::uint32_t> words) {
        for (std::size_t i = 0; i < words.size(); i += 4, k = (k + 1) % sets.size()) {
          std::copy(states[k].begin(), states[k].end(), words.begin() + static_cast<std::ptrdiff_t>(i));
          states[k] = wh::step(sets[k], states[k]);
        }
      });
    };
  } else if (s.backend == Backend::gl) {
    rounds = [traits, starts, layout = s.layout, readback = s.gl_readback](
                 Devices& devices, std::uint64_t round, std::uint64_t count, const Consumer& consume) {
      devices.open_gl();
      devices.where = gl::query_context_info().renderer + ", " + std::to_string(layout.substreams) +
                      " substreams, parameterisation, state update " + name_of(layout.update);
      auto& generator = ps30_engine<fragment::WichmannHillFragment>(devices, layout, traits, readback);
      generator.generate_parameterised(starts(round), count, consume);
      note_readback(devices, generator);
    };
  }
  source.run = [rounds, substreams](Devices& devices, std::uint64_t first, std::uint64_t count,
                                    const Consumer& consume) {
    const std::uint64_t skip = first % substreams;
    if (skip == 0) return rounds(devices, first / substreams, count, consume);
    std::uint64_t dropped = 0;
    rounds(devices, first / substreams, count + skip, [&](std::span<const std::uint32_t> words) {
      const std::uint64_t drop = std::min<std::uint64_t>(skip - dropped, words.size() / 4);
      dropped += drop;
      if (words.size() > 4 * drop) consume(words.subspan(4 * drop));
    });
  };
  return source;
}

Source wichmann_hill_source(const Settings& s) {
  if (s.layout.split == Split::parameterisation) return wichmann_hill_parameterised_source(s);
  const wh::Parameters parameters = wh::parameters(s.wh_set);
  const wh::Reference reference{parameters};
  Source source;
  set_conversions(source, reference, "floor(u * 2^32) of the f64 formula");
  auto start = [s](std::uint64_t first) { return wh_start(s, s.wh_set, first); };
  if (s.backend == Backend::cpu) {
    source.run = on_cpu(reference, start);
    set_cpu_into(source, reference, start);
#if GLRAND_HAVE_CUDA
  } else if (s.backend == Backend::cuda) {
    set_cuda_runs(
        source, s,
        [parameters, start](std::uint64_t first, std::uint64_t) { return cuda::wichmann_hill(parameters, start(first)); },
        [parameters](cuda::ValueFormat f, const Distribution* d) {
          return cuda::wichmann_hill_conversion(parameters, f, d);
        });
#endif
  } else {
    if (s.profile != Profile::ps30)
      source.run = on_stream(s, fragment::WichmannHillTraits{parameters}, start);
    else
      source.run = on_gl<fragment::WichmannHillFragment>(s, fragment::WichmannHillTraits{parameters}, start);
    set_gl_value_runs<fragment::WichmannHillFragment>(source, s, fragment::WichmannHillTraits{parameters}, start);
  }
  return source;
}

Source mrg32k3a_source(const Settings& s) {
  // With a cuRAND seed: cuRAND's curand_uniform_double, range (0, 1]; f32 is that double
  // rounded to float; u32 as cuRAND's curand(), the same words as curand_init(seed,
  // substream, offset) then curand().
  const mrg32k3a::Reference reference{s.curand_seed.has_value()};
  Source source;
  set_conversions(source, reference,
                  reference.curand ? "cuRAND's curand(): (unsigned)(z * MRG32K3A_BITS_NORM)"
                                   : "z itself, 1..m1 = 2^32 - 209");
  auto before = [s](std::uint64_t first) { return mrg32k3a_before(s, first); };
  if (s.backend == Backend::cpu) {
    source.run = on_cpu(reference, before);
    // Its twelve stretches a block at a time (values_on_all_cores would skip ahead each block's).
    set_into(source, [reference, before](Devices& devices, std::uint64_t first, std::uint64_t count, auto out) {
      devices.where = kOnCpu;
      mrg32k3a::generate_values(reference, before(first), out.first(static_cast<std::size_t>(count)));
      return true;
    });
#if GLRAND_HAVE_CUDA
  } else if (s.backend == Backend::cuda) {
    set_cuda_runs(
        source, s, [before](std::uint64_t first, std::uint64_t) { return cuda::mrg32k3a(before(first)); },
        [curand = reference.curand](cuda::ValueFormat f, const Distribution* d) {
          return cuda::mrg32k3a_conversion(curand, f, d);
        },
        [before, curand = reference.curand](cuda::ValueFormat f, const Distribution* d) {
          const std::optional<Distribution> kept = d ? std::optional(*d) : std::nullopt;
          return [before, curand, f, kept](std::uint64_t first, std::uint64_t) {
            return cuda::mrg32k3a_values(before(first), curand, f, kept ? &*kept : nullptr);
          };
        });
#endif
  } else {
    if (s.profile != Profile::ps30)
      source.run = on_stream(s, fragment::Mrg32k3aTraits{}, before);
    else
      source.run = on_gl<fragment::Mrg32k3aFragment>(s, fragment::Mrg32k3aTraits{}, before);
    // cuRAND's floats are another formula: those stay on the host.
    if (!reference.curand) set_gl_value_runs<fragment::Mrg32k3aFragment>(source, s, fragment::Mrg32k3aTraits{}, before);
  }
  return source;
}

// MT19937: CPU and CUDA paths only. The CPU path jumps once to the first output, then steps.
Source mt19937_source(const Settings& s) {
  const std::uint32_t seed = mt19937_seed(s);
  const std::uint64_t offset = s.offset;
  Source source;
  set_conversions(source, mt19937::Reference{}, "the output itself");
#if GLRAND_HAVE_CUDA
  if (s.backend == Backend::cuda) {
    // One sequence for every run, words or values: a run that continues the last continues
    // from the segments' states it left on the device. Box–Muller's pairs from the words.
    const cuda::Mt19937Sequence sequence = cuda::mt19937_sequence(seed, offset);
    set_cuda_runs(
        source, s,
        [kept = sequence.words](std::uint64_t first, std::uint64_t) { return cuda::from_output(kept, first); },
        [](cuda::ValueFormat f, const Distribution* d) { return cuda::midpoint_conversion(f, d); },
        [values = sequence.values](cuda::ValueFormat f, const Distribution* d)
            -> std::function<cuda::ValueGenerator(std::uint64_t, std::uint64_t)> {
          if (d && distributions::uses_pairs(*d)) return {};
          const auto kept = std::make_shared<cuda::ValueGenerator>(values(f, d));
          return [kept](std::uint64_t first, std::uint64_t) { return cuda::from_output(*kept, first); };
        });
    return source;
  }
#endif
  source.run =
      on_cpu(mt19937::Reference{}, [seed, offset](std::uint64_t first) { return mt19937::state_at(seed, offset + first); });
  return source;
}

// Sobol32 as cuRAND's SOBOL32 host generator with D dimensions: COUNT numbers are COUNT/D
// points of each dimension, dimension-major; numbers first .. are points offset + first/D on.
std::uint64_t sobol32_points(std::uint64_t count, int dimensions, std::uint64_t first_point) {
  const auto d = static_cast<std::uint64_t>(dimensions);
  if (count % d != 0)
    throw InvalidArgument("-g sobol32 --dimensions " + std::to_string(d) +
                          " writes whole points, dimension-major: "
                          "COUNT (-n) must be a multiple of " +
                          std::to_string(d) + " (COUNT/" + std::to_string(d) + " points of each dimension), not " +
                          std::to_string(count));
  const std::uint64_t points = count / d;
  if (first_point > sobol32::kPoints || points > sobol32::kPoints - first_point)
    throw InvalidArgument("a Sobol32 dimension has 2^32 = 4294967296 points: --offset " + std::to_string(first_point) +
                          " plus " + std::to_string(points) + " points per dimension (COUNT/" + std::to_string(d) +
                          ") goes beyond it");
  return points;
}

Source sobol32_source(const Settings& s) {
  const int dimensions = s.dimensions;
  const std::uint64_t offset = s.offset;
  const auto d = static_cast<std::uint64_t>(dimensions);
  Source source;
  set_conversions(source, sobol32::Reference{}, "the point's coordinate x itself (u = x * 2^-32), dimension-major");
  source.check_count = [dimensions, offset, d](std::uint64_t first, std::uint64_t count) {
    sobol32_points(count, dimensions, offset + first / d);
  };
#if GLRAND_HAVE_CUDA
  if (s.backend == Backend::cuda) {
    set_cuda_runs(
        source, s,
        [dimensions, offset, d](std::uint64_t first, std::uint64_t count) {
          const std::uint64_t first_point = offset + first / d;
          return cuda::sobol32(dimensions, sobol32_points(count, dimensions, first_point), first_point);
        },
        [](cuda::ValueFormat f, const Distribution* d) { return cuda::sobol32_conversion(f, d); },
        [dimensions, offset, d](cuda::ValueFormat f, const Distribution* distribution) {
          const std::optional<Distribution> kept = distribution ? std::optional(*distribution) : std::nullopt;
          return [dimensions, offset, d, f, kept](std::uint64_t first, std::uint64_t count) {
            const std::uint64_t first_point = offset + first / d;
            return cuda::sobol32_values(dimensions, sobol32_points(count, dimensions, first_point), first_point, f,
                                        kept ? &*kept : nullptr);
          };
        });
    return source;
  }
#endif
  source.run = [dimensions, offset, d](Devices& devices, std::uint64_t first, std::uint64_t count,
                                       const Consumer& consume) {
    const std::uint64_t first_point = offset + first / d;
    const std::uint64_t points = sobol32_points(count, dimensions, first_point);
    for (int k = 0; k < dimensions; ++k)
      on_cpu(sobol32::Reference{}, [k](std::uint64_t point) { return sobol32::Reference::State{k, point}; })(
          devices, first_point, points, consume);
  };
  // The same, each dimension's values straight into its part of a caller's span.
  set_into(source, [dimensions, offset, d](Devices& devices, std::uint64_t first, std::uint64_t count, auto out) {
    devices.where = kOnCpu;
    const std::uint64_t first_point = offset + first / d;
    const std::uint64_t points = sobol32_points(count, dimensions, first_point);
    for (int k = 0; k < dimensions; ++k)
      values_on_all_cores(
          sobol32::Reference{}, [k](std::uint64_t point) { return sobol32::Reference::State{k, point}; }, first_point,
          out.subspan(static_cast<std::size_t>(static_cast<std::uint64_t>(k) * points), static_cast<std::size_t>(points)));
    return true;
  });
  return source;
}

// MTGP32's positions here stay below 2^63 (the CUDA path's layout counts rounds in that range).
constexpr std::uint64_t kMtgp32Positions = std::uint64_t{1} << 63;

// MTGP32 as cuRAND's host generator (curandGenerate, default ordering) for the 64-bit seed;
// the offset gives what follows that many outputs drawn from it (by jumps: cuRAND has no
// offset for MTGP32). CPU and CUDA paths only.
Source mtgp32_source(const Settings& s) {
  const std::uint64_t seed = mtgp32_seed(s);
  const std::uint64_t offset = s.offset;
  Source source;
  set_conversions(source, mtgp32::Reference{}, "the output itself (cuRAND's curandGenerate words)");
  source.check_count = [offset](std::uint64_t first, std::uint64_t count) {
    if (offset > kMtgp32Positions || first > kMtgp32Positions - offset || count > kMtgp32Positions - offset - first)
      throw InvalidArgument("-g mtgp32 gives outputs below 2^63 = 9223372036854775808 only: --offset " +
                            std::to_string(offset + first) + " plus COUNT (-n) " + std::to_string(count) +
                            " goes beyond");
  };
#if GLRAND_HAVE_CUDA
  if (s.backend == Backend::cuda) {
    // One generator for every run: a run that continues the last starts from the windows it
    // left on the device.
    set_cuda_runs(
        source, s,
        [kept = cuda::mtgp32(seed, offset)](std::uint64_t first, std::uint64_t) { return cuda::from_output(kept, first); },
        [](cuda::ValueFormat f, const Distribution* d) { return cuda::midpoint_conversion(f, d); });
    return source;
  }
#endif
  source.run = on_cpu(mtgp32::Reference{},
                      [seed, offset](std::uint64_t first) { return mtgp32::HostApiStream(seed, offset + first); });
  return source;
}

std::atomic<std::uint64_t> engines_made{0};  // gl_engines_made()

}  // namespace

std::uint64_t gl_engines_made() { return engines_made.load(); }
void count_gl_engine() { engines_made.fetch_add(1); }

void Devices::forget_engine() noexcept {
  engine_key_.clear();
  if (!engine_) return;
  if (!context_) {
    engine_.reset();
    return;
  }
  const gl::CurrentContextKeeper keep;
  if (context_->try_make_current())
    engine_.reset();
  else
    static_cast<void>(new std::shared_ptr<void>(std::move(engine_)));  // left, not deleted: see above
}

void Devices::open_gl() {
  if (context_) {
    context_->make_current();
  } else {
    context_.emplace(settings_.device, settings_.notices, software_advice(settings_));
  }
  if (!settings_.self_test) return;
  try {
    selftest::require_self_test({std::string(info(settings_.algorithm).name), name_of(settings_.profile)});
  } catch (const DeviceError& e) {
    throw DeviceError(std::string(e.what()) + " (--no-self-test would skip this check, at the risk of wrong numbers)");
  }
}

Source make_source(const Settings& settings) {
  switch (settings.algorithm) {
    case Algorithm::ceicg:
      return ceicg_source(settings);
    case Algorithm::park_miller:
      return park_miller_source(settings);
    case Algorithm::wichmann_hill:
      return wichmann_hill_source(settings);
    case Algorithm::mrg32k3a:
      return mrg32k3a_source(settings);
    case Algorithm::mt19937:
      return mt19937_source(settings);
    case Algorithm::sobol32:
      return sobol32_source(settings);
    case Algorithm::mtgp32:
      return mtgp32_source(settings);
  }
  throw InvalidArgument("unknown generator");
}

}  // namespace glrand::library
