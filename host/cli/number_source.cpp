// SPDX-License-Identifier: MIT
#include "cli/number_source.hpp"

#include <iostream>
#include <type_traits>
#include <vector>

#include "common/error.hpp"
#include "fragment/ceicg_fragment.hpp"
#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "generators/ceicg.hpp"
#include "generators/mt19937.hpp"
#include "generators/mtgp32.hpp"
#include "generators/park_miller.hpp"
#include "generators/sobol32.hpp"
#include "gl/context_info.hpp"
#include "gl/egl_context.hpp"
#include "stream/ceicg_stream.hpp"
#include "stream/stream_generator.hpp"
#if GLRAND_HAVE_CUDA
#include "cuda/cuda_path.hpp"
#endif

namespace glrand::cli {
namespace {

constexpr std::uint64_t kCpuChunk = 1ull << 22;  // outputs per chunk on the CPU path

// On a software renderer the notice says which path is faster there, as the CPU-only
// machine's glrand bench measured (bench/results/2026-11-21-2core-llvmpipe-bench.md): CEICG's
// GL passes beat its CPU reference; the stateful generators' CPU reference beats llvmpipe.
std::string software_advice(const SourceOptions& options) {
  if (options.generator == "ceicg") return "; for -g ceicg that is faster than --path cpu";
  const bool layout = options.given("--profile") || options.given("--substreams") || options.given("--split") ||
                      options.given("--state-update") || options.given("--device");
  return "; for -g " + options.generator + ", --path cpu is faster here and gives the same numbers (add --path cpu" +
         (layout ? ", without the GL path's --profile, --substreams, --split, --state-update and --device)" : ")");
}

gl::HeadlessContext open_context(const SourceOptions& options, bool quiet) {
  return gl::HeadlessContext(options.device, quiet ? nullptr : &std::cerr, software_advice(options));
}

// The CPU reference in chunks: fill(position, words) generates, advance(position, n) skips.
template <class Position, class Fill, class Advance>
auto on_cpu(Position start, int words_per_output, Fill fill, Advance advance) {
  return [=](std::uint64_t count, const WordConsumer& consume) {
    std::vector<std::uint32_t> words;
    Position position = start;
    for (std::uint64_t done = 0; done < count;) {
      const std::uint64_t n = std::min(kCpuChunk, count - done);
      words.resize(static_cast<std::size_t>(words_per_output) * n);
      fill(position, std::span<std::uint32_t>(words));
      consume(words);
      position = advance(position, n);
      done += n;
    }
    return std::string("the CPU reference");
  };
}

// A stateful generator's fragment path: opens the device when run.
template <class Fragment, class Traits, class State>
auto on_gl(const SourceOptions& options, const fragment::StreamLayout& layout, Traits traits, State start, bool quiet) {
  return [=](std::uint64_t count, const WordConsumer& consume) {
    gl::HeadlessContext context = open_context(options, quiet);
    options.require_self_test();
    Fragment generator(layout, traits);
    generator.generate(start, count, consume);
    return gl::query_context_info().renderer + ", " + std::to_string(layout.substreams) + " substreams, " +
           fragment::name_of(layout.split) + ", state update " + fragment::name_of(layout.update);
  };
}

// A generator in the scatter or compute profile: opens the device when run. Leapfrog gives
// the serial sequence for any P, so a short run uses fewer substreams than the default.
// `outputs_per_unit`: outputs per engine output (CEICG's groups of four), trimmed at the end.
template <class Traits, class State>
auto on_stream(const SourceOptions& options, Traits traits, State start, bool quiet, int outputs_per_unit = 1) {
  return [=, profile = options.profile_value(), most = options.stream_substreams()](
             std::uint64_t count, const WordConsumer& consume) {
    gl::HeadlessContext context = open_context(options, quiet);
    options.require_self_test();
    const std::uint64_t units = (count + outputs_per_unit - 1) / outputs_per_unit;
    const std::uint64_t wanted = (units + stream::kDefaultOutputsPerSubstream - 1) / stream::kDefaultOutputsPerSubstream;
    stream::StreamGenerator<Traits> generator(profile, std::clamp<std::uint64_t>(wanted, 1, most),
                                              stream::kDefaultOutputsPerSubstream, traits);
    const std::size_t words_per_output = Traits::kWordsPerOutput / outputs_per_unit;
    std::uint64_t left = count;
    generator.generate(start, units, [&](std::span<const std::uint32_t> words) {
      const std::uint64_t outputs = std::min<std::uint64_t>(left, words.size() / words_per_output);
      consume(words.first(outputs * words_per_output));
      left -= outputs;
    });
    return gl::query_context_info().renderer + ", " + stream::name_of(profile) + " profile, " +
           std::to_string(generator.substreams()) + " substreams x " + std::to_string(generator.outputs_per_substream()) +
           " outputs per pass, leapfrog";
  };
}

#if GLRAND_HAVE_CUDA
// The CUDA path: `make()` gives the cuda::Generator, or `make(count)` where its layout depends
// on the count (Sobol32's points per dimension); opens the device when run. Without CUDA,
// check_path() refuses --path cuda before any source is made.
template <class Make>
auto on_cuda(const SourceOptions& options, Make make) {
  return [device = options.device, make](std::uint64_t count, const WordConsumer& consume) {
    const cuda::DeviceInfo info = cuda::open_device(device);
    if constexpr (std::is_invocable_v<Make, std::uint64_t>)
      cuda::generate_host(make(count), count, consume);
    else
      cuda::generate_host(make(), count, consume);
    return info.describe() + ", CUDA kernels";
  };
}
#endif

NumberSource ceicg_source(const SourceOptions& options, fragment::TargetSize size, bool quiet) {
  const ceicg::Residues start = options.ceicg_start();
  NumberSource source;
  source.words_per_output = 3;
  source.to_f32 = [](const std::uint32_t* x) { return ceicg::to_f32({x[0], x[1], x[2]}); };
  source.to_f64 = [](const std::uint32_t* x) { return ceicg::to_f64({x[0], x[1], x[2]}); };
  source.to_u32 = [](const std::uint32_t* x) { return ceicg::to_u32({x[0], x[1], x[2]}); };
  source.u32_formula = "floor(u * 2^32) of the f64 formula";
  if (options.path == "cpu") {
    source.run = on_cpu(
        start, 3, [](const ceicg::Residues& r, std::span<std::uint32_t> words) { ceicg::generate_ints(r, words); },
        [](const ceicg::Residues& r, std::uint64_t n) { return ceicg::advanced_by(r, n); });
#if GLRAND_HAVE_CUDA
  } else if (options.path == "cuda") {
    source.run = on_cuda(options, [start] { return cuda::ceicg(start); });
#endif
  } else if (options.profile_value() != stream::Profile::ps30) {
    source.run = on_stream(options, stream::CeicgStreamTraits{}, start, quiet, stream::CeicgStreamTraits::kOutputsPerGroup);
  } else {
    source.run = [start, size, options, quiet](std::uint64_t count, const WordConsumer& consume) {
      gl::HeadlessContext context = open_context(options, quiet);
      options.require_self_test();
      fragment::CeicgFragment generator(size);
      generator.generate_ints(start, count, consume);
      return gl::query_context_info().renderer;
    };
  }
  return source;
}

NumberSource park_miller_source(const SourceOptions& options, bool quiet) {
  options.check_path();
  const pm::State start = pm::state_at(options.pm_seed(), options.offset_value());
  const fragment::StreamLayout layout = options.stream_layout();
  NumberSource source;
  source.to_f32 = [](const std::uint32_t* z) { return pm::to_f32(*z); };
  source.to_f64 = [](const std::uint32_t* z) { return pm::to_f64(*z); };
  source.to_u32 = [](const std::uint32_t* z) { return pm::to_u32(*z); };
  source.u32_formula = "floor(z * 2^32 / m) = (z << 1) | (z >> 30): 31 bits of z, bit 0 repeats bit 31";
  if (options.path == "cpu") {
    source.run = on_cpu(
        start, 1, [](pm::State z, std::span<std::uint32_t> words) { pm::generate_ints(z, words); },
        [](pm::State z, std::uint64_t n) { return pm::advanced_by(z, n); });
#if GLRAND_HAVE_CUDA
  } else if (options.path == "cuda") {
    source.run = on_cuda(options, [start] { return cuda::park_miller(start); });
#endif
  } else if (options.profile_value() != stream::Profile::ps30) {
    source.run = on_stream(options, fragment::ParkMillerTraits{}, start, quiet);
  } else {
    source.run = on_gl<fragment::ParkMillerFragment>(options, layout, fragment::ParkMillerTraits{}, start, quiet);
  }
  return source;
}

// Parameterisation: substream s runs set first + s from the same seed and offset; output n
// is output n div P of substream n mod P.
NumberSource wichmann_hill_parameterised_source(const SourceOptions& options, const fragment::StreamLayout& layout,
                                               bool quiet) {
  const int first = options.wh_set_value();
  if (first + layout.substreams > static_cast<std::uint64_t>(wh::kSetCount))
    throw InvalidArgument("parameterisation gives substream s the set --wh-set + s: with --wh-set " +
                          std::to_string(first) + " at most " + std::to_string(wh::kSetCount - first) +
                          " substreams fit in the 273 sets, not " + std::to_string(layout.substreams));
  fragment::WichmannHillTraits traits;
  std::vector<wh::State> starts;
  for (std::uint64_t s = 0; s < layout.substreams; ++s) {
    const int set = first + static_cast<int>(s);
    traits.substream_sets.push_back(wh::parameters(set));
    starts.push_back(options.wh_start(set));
  }
  NumberSource source;
  source.words_per_output = 4;
  // Each output's float formula uses its own set's moduli: the writer converts every output
  // once, in order, so a running count tells the substream.
  auto counter = std::make_shared<std::uint64_t>(0);
  const auto sets = traits.substream_sets;
  source.to_f32 = [sets, counter](const std::uint32_t* s) {
    return wh::to_f32(sets[(*counter)++ % sets.size()], {s[0], s[1], s[2], s[3]});
  };
  source.to_f64 = [sets, counter](const std::uint32_t* s) {
    return wh::to_f64(sets[(*counter)++ % sets.size()], {s[0], s[1], s[2], s[3]});
  };
  source.to_u32 = [sets, counter](const std::uint32_t* s) {
    return wh::to_u32(sets[(*counter)++ % sets.size()], {s[0], s[1], s[2], s[3]});
  };
  source.u32_formula = "floor(u * 2^32) of the f64 formula, each output with its own set";
#if GLRAND_HAVE_CUDA
  if (options.path == "cuda") {
    source.run = on_cuda(options, [first, starts] { return cuda::wichmann_hill_sets(first, starts); });
    return source;
  }
#endif
  if (options.path == "cpu") {
    source.run = [sets, starts](std::uint64_t count, const WordConsumer& consume) {
      std::vector<wh::State> states = starts;
      std::vector<std::uint32_t> words;
      for (std::uint64_t done = 0; done < count;) {
        const std::uint64_t n = std::min(kCpuChunk, count - done);
        words.resize(4 * n);
        for (std::uint64_t i = 0; i < n; ++i) {
          const std::size_t s = (done + i) % sets.size();
          std::copy(states[s].begin(), states[s].end(), words.begin() + 4 * i);
          states[s] = wh::step(sets[s], states[s]);
        }
        consume(words);
        done += n;
      }
      return std::string("the CPU reference");
    };
  } else {
    source.run = [traits, starts, layout, options, quiet](std::uint64_t count, const WordConsumer& consume) {
      gl::HeadlessContext context = open_context(options, quiet);
      options.require_self_test();
      fragment::WichmannHillFragment generator(layout, traits);
      generator.generate_parameterised(starts, count, consume);
      return gl::query_context_info().renderer + ", " + std::to_string(layout.substreams) +
             " substreams, parameterisation, state update " + fragment::name_of(layout.update);
    };
  }
  return source;
}

NumberSource wichmann_hill_source(const SourceOptions& options, bool quiet) {
  options.check_path();
  const fragment::StreamLayout layout = options.stream_layout();
  if (layout.split == fragment::Split::parameterisation) return wichmann_hill_parameterised_source(options, layout, quiet);
  const wh::Parameters parameters = wh::parameters(options.wh_set_value());
  const wh::State start = options.wh_start();
  NumberSource source;
  source.words_per_output = 4;
  source.to_f32 = [parameters](const std::uint32_t* s) { return wh::to_f32(parameters, {s[0], s[1], s[2], s[3]}); };
  source.to_f64 = [parameters](const std::uint32_t* s) { return wh::to_f64(parameters, {s[0], s[1], s[2], s[3]}); };
  source.to_u32 = [parameters](const std::uint32_t* s) { return wh::to_u32(parameters, {s[0], s[1], s[2], s[3]}); };
  source.u32_formula = "floor(u * 2^32) of the f64 formula";
  if (options.path == "cpu") {
    source.run = on_cpu(
        start, 4,
        [parameters](const wh::State& state, std::span<std::uint32_t> words) { wh::generate_ints(parameters, state, words); },
        [parameters](const wh::State& state, std::uint64_t n) { return wh::state_at(parameters, state, n); });
#if GLRAND_HAVE_CUDA
  } else if (options.path == "cuda") {
    source.run = on_cuda(options, [parameters, start] { return cuda::wichmann_hill(parameters, start); });
#endif
  } else if (options.profile_value() != stream::Profile::ps30) {
    source.run = on_stream(options, fragment::WichmannHillTraits{parameters}, start, quiet);
  } else {
    source.run = on_gl<fragment::WichmannHillFragment>(options, layout, fragment::WichmannHillTraits{parameters}, start,
                                                       quiet);
  }
  return source;
}

NumberSource mrg32k3a_source(const SourceOptions& options, bool quiet) {
  options.check_path();
  const mrg32k3a::State before = options.mrg32k3a_before_start();
  const fragment::StreamLayout layout = options.stream_layout();
  NumberSource source;
  if (options.curand_seed.empty()) {
    source.to_f32 = [](const std::uint32_t* z) { return mrg32k3a::to_f32(*z); };
    source.to_f64 = [](const std::uint32_t* z) { return mrg32k3a::to_f64(*z); };
    source.to_u32 = [](const std::uint32_t* z) { return mrg32k3a::to_u32(*z); };
    source.u32_formula = "z itself, 1..m1 = 2^32 - 209";
  } else {
    // cuRAND's curand_uniform_double, range (0, 1]; f32 is that double rounded to float.
    source.to_f32 = [](const std::uint32_t* z) { return static_cast<float>(mrg32k3a::curand_f64(*z)); };
    source.to_f64 = [](const std::uint32_t* z) { return mrg32k3a::curand_f64(*z); };
    // cuRAND's curand(): the same words as curand_init(seed, substream, offset) then curand().
    source.to_u32 = [](const std::uint32_t* z) { return mrg32k3a::curand_u32(*z); };
    source.u32_formula = "cuRAND's curand(): (unsigned)(z * MRG32K3A_BITS_NORM)";
  }
  if (options.path == "cpu") {
    source.run = on_cpu(
        before, 1,
        [](const mrg32k3a::State& state, std::span<std::uint32_t> words) { mrg32k3a::generate_ints(state, words); },
        [](const mrg32k3a::State& state, std::uint64_t n) { return mrg32k3a::advance(state, n); });
#if GLRAND_HAVE_CUDA
  } else if (options.path == "cuda") {
    source.run = on_cuda(options, [before] { return cuda::mrg32k3a(before); });
#endif
  } else if (options.profile_value() != stream::Profile::ps30) {
    source.run = on_stream(options, fragment::Mrg32k3aTraits{}, before, quiet);
  } else {
    source.run = on_gl<fragment::Mrg32k3aFragment>(options, layout, fragment::Mrg32k3aTraits{}, before, quiet);
  }
  return source;
}

// MT19937: CPU and CUDA paths only (check_path refuses gl). The CPU path jumps once to the
// offset, then steps.
NumberSource mt19937_source(const SourceOptions& options) {
  options.check_path();
  const std::uint32_t seed = options.mt19937_seed();
  const std::uint64_t offset = options.offset_value();
  NumberSource source;
  source.to_f32 = [](const std::uint32_t* x) { return mt19937::to_f32(*x); };
  source.to_f64 = [](const std::uint32_t* x) { return mt19937::to_f64(*x); };
  source.to_u32 = [](const std::uint32_t* x) { return mt19937::to_u32(*x); };
  source.u32_formula = "the output itself";
#if GLRAND_HAVE_CUDA
  if (options.path == "cuda") {
    source.run = on_cuda(options, [seed, offset] { return cuda::mt19937(seed, offset); });
    return source;
  }
#endif
  source.run = [seed, offset](std::uint64_t count, const WordConsumer& consume) {
    mt19937::State state = mt19937::state_at(seed, offset);
    std::vector<std::uint32_t> words;
    for (std::uint64_t done = 0; done < count;) {
      words.resize(static_cast<std::size_t>(std::min(kCpuChunk, count - done)));
      mt19937::generate_ints(state, words);
      consume(words);
      done += words.size();
    }
    return std::string("the CPU reference");
  };
  return source;
}

// Sobol32 as cuRAND's SOBOL32 host generator with D dimensions: COUNT numbers are COUNT/D
// points of each dimension from point --offset on, dimension-major. CPU and CUDA paths only.
std::uint64_t sobol32_points(std::uint64_t count, int dimensions, std::uint64_t first_point) {
  const auto d = static_cast<std::uint64_t>(dimensions);
  if (count % d != 0)
    throw InvalidArgument("-g sobol32 --dimensions " + std::to_string(d) + " writes whole points, dimension-major: "
                          "COUNT (-n) must be a multiple of " + std::to_string(d) + " (COUNT/" + std::to_string(d) +
                          " points of each dimension), not " + std::to_string(count));
  const std::uint64_t points = count / d;
  if (first_point > sobol32::kPoints || points > sobol32::kPoints - first_point)
    throw InvalidArgument("a Sobol32 dimension has 2^32 = 4294967296 points: --offset " + std::to_string(first_point) +
                          " plus " + std::to_string(points) + " points per dimension (COUNT/" + std::to_string(d) +
                          ") goes beyond it");
  return points;
}

NumberSource sobol32_source(const SourceOptions& options) {
  options.check_path();
  if (!options.seed.empty())
    throw InvalidArgument("-g sobol32 is a quasirandom sequence and takes no --seed; --offset K starts every "
                          "dimension at point K");
  const int dimensions = options.sobol32_dimensions();
  const std::uint64_t first_point = options.offset_value();
  NumberSource source;
  source.to_f32 = [](const std::uint32_t* x) { return sobol32::to_f32(*x); };
  source.to_f64 = [](const std::uint32_t* x) { return sobol32::to_f64(*x); };
  source.to_u32 = [](const std::uint32_t* x) { return *x; };
  source.u32_formula = "the point's coordinate x itself (u = x * 2^-32), dimension-major";
  source.check_count = [dimensions, first_point](std::uint64_t count) { sobol32_points(count, dimensions, first_point); };
#if GLRAND_HAVE_CUDA
  if (options.path == "cuda") {
    source.run = on_cuda(options, [dimensions, first_point](std::uint64_t count) {
      return cuda::sobol32(dimensions, sobol32_points(count, dimensions, first_point), first_point);
    });
    return source;
  }
#endif
  source.run = [dimensions, first_point](std::uint64_t count, const WordConsumer& consume) {
    const std::uint64_t points = sobol32_points(count, dimensions, first_point);
    std::vector<std::uint32_t> words;
    for (int d = 0; d < dimensions; ++d) {
      for (std::uint64_t done = 0; done < points;) {
        words.resize(static_cast<std::size_t>(std::min(kCpuChunk, points - done)));
        sobol32::generate_dimension(d, first_point + done, words);
        consume(words);
        done += words.size();
      }
    }
    return std::string("the CPU reference");
  };
  return source;
}

// MTGP32's positions here stay below 2^63 (the CUDA path's layout counts rounds in that range).
constexpr std::uint64_t kMtgp32Positions = std::uint64_t{1} << 63;

// MTGP32 as cuRAND's host generator (curandGenerate, default ordering) for the 64-bit seed;
// --offset K gives what follows K outputs drawn from it (by jumps: cuRAND has no offset for
// MTGP32). CPU and CUDA paths only.
NumberSource mtgp32_source(const SourceOptions& options) {
  options.check_path();
  const std::uint64_t seed = options.mtgp32_seed();
  const std::uint64_t offset = options.offset_value();
  NumberSource source;
  source.to_f32 = [](const std::uint32_t* x) { return mtgp32::to_f32(*x); };
  source.to_f64 = [](const std::uint32_t* x) { return mtgp32::to_f64(*x); };
  source.to_u32 = [](const std::uint32_t* x) { return *x; };
  source.u32_formula = "the output itself (cuRAND's curandGenerate words)";
  source.check_count = [offset](std::uint64_t count) {
    if (offset > kMtgp32Positions || count > kMtgp32Positions - offset)
      throw InvalidArgument("-g mtgp32 gives outputs below 2^63 = 9223372036854775808 only: --offset " +
                            std::to_string(offset) + " plus COUNT (-n) " + std::to_string(count) + " goes beyond");
  };
#if GLRAND_HAVE_CUDA
  if (options.path == "cuda") {
    source.run = on_cuda(options, [seed, offset] { return cuda::mtgp32(seed, offset); });
    return source;
  }
#endif
  source.run = [seed, offset](std::uint64_t count, const WordConsumer& consume) {
    mtgp32::HostApiStream stream(seed, offset);
    std::vector<std::uint32_t> words;
    for (std::uint64_t done = 0; done < count;) {
      words.resize(static_cast<std::size_t>(std::min(kCpuChunk, count - done)));
      stream.generate(words);
      consume(words);
      done += words.size();
    }
    return std::string("the CPU reference");
  };
  return source;
}

}  // namespace

NumberSource make_source(const SourceOptions& options, fragment::TargetSize size, bool quiet) {
  options.check_applicable();
  if (options.generator == "pm") return park_miller_source(options, quiet);
  if (options.generator == "wh") return wichmann_hill_source(options, quiet);
  if (options.generator == "mrg32k3a") return mrg32k3a_source(options, quiet);
  if (options.generator == "mt19937") return mt19937_source(options);
  if (options.generator == "sobol32") return sobol32_source(options);
  if (options.generator == "mtgp32") return mtgp32_source(options);
  return ceicg_source(options, size, quiet);
}

}  // namespace glrand::cli
