// SPDX-License-Identifier: MIT
#include "bench/lib/gl_bench.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <glrand/error.hpp>
#include <glrand/registry.hpp>

#include "bench/lib/timing.hpp"
#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "stream/ceicg_stream.hpp"
#include "stream/stream_generator.hpp"

namespace glrand::bench {
namespace {

// A readback row's shape, once its engine has run: how the passes were read back.
void add_read_description(Row& row, std::optional<gl::ReadbackKind> kind) {
  if (kind) row.shape += std::string(", ") + gl::read_description(*kind);
}

// A GL row: outputs and floats per pass, seconds per pass.
Row gl_row(const std::string& generator, const std::string& profile, std::string shape, std::string ceiling) {
  Row row;
  row.path = "gl";
  row.profile = profile;
  row.generator = generator;
  row.shape = std::move(shape);
  row.ceiling = std::move(ceiling);
  row.ceiling_unit = "floats";
  return row;
}

template <class Traits>
Row bench_ps30(const std::string& name, const Traits& traits, const typename Traits::State& start, std::uint64_t P,
               const GlTiming& o) {
  const fragment::StreamLayout layout{P, fragment::Split::leapfrog, fragment::StateUpdate::gpu};
  fragment::StatefulFragment<Traits> generator(layout, traits);
  const std::uint64_t outputs = std::uint64_t{generator.outputs_per_pixel()} * P;
  generator.generate(start, outputs, [](std::span<const std::uint32_t>) {});  // initialises the states
  Row row = gl_row(
      name, "ps30",
      fmt::format("{} substreams x {} outputs, {} targets", P, generator.outputs_per_pixel(), generator.render_targets()),
      "fill");
  row.outputs = static_cast<double>(outputs);
  row.seconds = seconds_per_pass([&](int) { generator.render_pass_for_benchmark(); }, o.passes, o.repeats);
  row.ceiling_units = 4.0 * generator.size().width * generator.size().height * generator.render_targets();
  row.ceiling_seconds = fill_seconds(generator.size(), generator.render_targets(), o.passes, o.repeats);
  return row;
}

// Median wall-clock seconds of `run` over o.repeats calls, after one warm-up call.
double wall_seconds(const std::function<void()>& run, const GlTiming& o) {
  run();
  std::vector<double> samples;
  for (int r = 0; r < o.repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    run();
    samples.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return median(std::move(samples));
}

// The ps30 readback row: o.passes passes' outputs through the generator's own readback
// (render; words packed and checked on the GPU, or the targets decoded and assembled on the
// host where the context has no compute shaders; states initialised first), wall clock,
// beside min(fill, readback): the slower of the trivial shader filling the pass's render
// targets and the PBO read-back of the words handed on. Per pass.
template <class Traits>
Row bench_ps30_readback(const std::string& name, const Traits& traits, const typename Traits::State& start,
                        std::uint64_t P, const GlTiming& o) {
  const fragment::StreamLayout layout{P, fragment::Split::leapfrog, fragment::StateUpdate::gpu};
  fragment::StatefulFragment<Traits> generator(layout, traits, o.readback);
  const std::uint64_t per_pass = std::uint64_t{generator.outputs_per_pixel()} * P;
  const int read_targets = static_cast<int>(generator.outputs_per_pixel() / Traits::kOutputsPerVec4);
  const bool packed = generator.packs_words_on_gpu();
  Row row = gl_row(name, "ps30-readback",
                   fmt::format("{} substreams x {} outputs, {}", P, generator.outputs_per_pixel(),
                               packed ? "words packed on the GPU" : std::to_string(read_targets) + " targets read"),
                   packed ? "min(fill, readback)" : "fill+readback");
  row.outputs = static_cast<double>(per_pass);
  std::uint64_t words = 0;  // what the consumer is handed (the words are not looked at)
  const auto consume = [&words](std::span<const std::uint32_t> w) { words += w.size(); };
  row.seconds = wall_seconds([&] { generator.generate(start, per_pass * o.passes, consume); }, o) / o.passes;
  add_read_description(row, generator.last_readback());
  if (packed) {
    // The words' bytes as floats: per_pass·W of them, through the compute profile's write pass.
    const std::uint64_t floats = per_pass * Traits::kWordsPerOutput;
    row.ceiling_units = static_cast<double>(floats);
    row.ceiling_seconds = std::max(
        fill_seconds(generator.size(), generator.render_targets(), o.passes, o.repeats),
        write_readback_seconds(stream::Profile::compute, floats / 64, 64, 1, o.passes, o.repeats));
  } else {
    row.ceiling_units = 4.0 * generator.size().width * generator.size().height * read_targets;
    row.ceiling_seconds = fill_readback_seconds(generator.size(), read_targets, o.passes, o.repeats);
  }
  return row;
}

Row bench_ceicg_ps30_readback(fragment::TargetSize size, const GlTiming& o) {
  fragment::CeicgFragment generator(size);
  Row row = gl_row("ceicg", "ps30-readback",
                   fmt::format("{}x{} pixels x 4 outputs, 3 targets read", size.width, size.height), "fill+readback");
  row.outputs = static_cast<double>(generator.outputs_per_pass());
  std::uint64_t words = 0;  // what the consumer is handed (the words are not looked at)
  const auto consume = [&words](std::span<const std::uint32_t> w) { words += w.size(); };
  const std::uint64_t count = generator.outputs_per_pass() * o.passes;
  row.seconds = wall_seconds([&] { generator.generate_ints(ceicg::Residues{}, count, consume); }, o) / o.passes;
  row.ceiling_units = 4.0 * size.width * size.height * 3;
  row.ceiling_seconds = fill_readback_seconds(size, 3, o.passes, o.repeats);
  return row;
}

// A stream row's substreams and L: the shapes' P substreams of kDefaultOutputsPerSubstream
// outputs, as the same pass of the generator's own L (MRG32k3a's longer blocks) where it has one.
template <class Traits>
std::pair<std::uint64_t, std::uint32_t> stream_shape(std::uint64_t P) {
  constexpr std::uint32_t L = stream::default_outputs_per_substream<Traits>();
  return {std::max<std::uint64_t>(1, P * stream::kDefaultOutputsPerSubstream / L), L};
}

// The scatter or compute readback row: o.passes passes' outputs through the generator's own
// readback (states uploaded, passes, each pass's words packed and checked on the GPU and
// copied into two alternating buffers while the next pass runs; wall clock), beside the
// write-only program's passes of the same words' bytes read back the same way
// (write+readback, the PBO read-back of those bytes). Per pass.
template <class Traits>
Row bench_stream_readback(const std::string& name, stream::Profile profile, const Traits& traits,
                          const typename Traits::State& start, std::uint64_t P, const GlTiming& o,
                          int outputs_per_unit = 1) {
  const auto [substreams, L] = stream_shape<Traits>(P);
  stream::StreamGenerator<Traits> generator(profile, substreams, L, traits, o.readback);
  const std::uint64_t per_pass = generator.outputs_per_pass();
  Row row = gl_row(name, std::string(stream::name_of(profile)) + "-readback",
                   fmt::format("{} substreams x {} outputs", generator.substreams(),
                               std::uint64_t{generator.outputs_per_substream()} * outputs_per_unit),
                   "write+readback");
  row.outputs = static_cast<double>(per_pass * outputs_per_unit);
  std::uint64_t words = 0;  // what the consumer is handed (the words are not looked at)
  const auto consume = [&words](std::span<const std::uint32_t> w) { words += w.size(); };
  row.seconds = wall_seconds([&] { generator.generate(start, per_pass * o.passes, consume); }, o) / o.passes;
  add_read_description(row, generator.last_readback());
  row.ceiling_units = static_cast<double>(per_pass) * Traits::kWordsPerOutput;
  row.ceiling_seconds = write_readback_seconds(profile, generator.substreams(), generator.outputs_per_substream(),
                                               Traits::kWordsPerOutput, o.passes, o.repeats);
  return row;
}

// The stateful generators' traits and bench start states, handed to `bench(name, traits,
// start)`: the one table the resident and the readback rows share.
template <class Bench>
Row with_stateful_generator(const std::string& generator, Bench bench) {
  const GeneratorInfo& row = find_generator(generator);
  const std::string name(row.name);
  switch (row.algorithm) {
    case Algorithm::park_miller:
      return bench(name, fragment::ParkMillerTraits{}, pm::State{1});
    case Algorithm::wichmann_hill:
      return bench(name, fragment::WichmannHillTraits{wh::parameters(0)}, wh::seed_state(0, 1));
    case Algorithm::mrg32k3a:
      return bench(name, fragment::Mrg32k3aTraits{}, mrg32k3a::default_seed());
    case Algorithm::ceicg:  // its own engines: the rows' callers
    case Algorithm::mt19937:
    case Algorithm::sobol32:
    case Algorithm::mtgp32:
      break;
  }
  throw InvalidArgument("-g " + name + " has no stateful GL engine");
}

bool is_ceicg(const std::string& generator) { return find_generator(generator).algorithm == Algorithm::ceicg; }

// The readback row of `generator` in `profile`.
}  // namespace

Row gl_readback_row(const std::string& generator, Profile profile, const Shapes& shapes, const GlTiming& o) {
  const bool ps30 = profile == stream::Profile::ps30;
  if (is_ceicg(generator))
    return ps30 ? bench_ceicg_ps30_readback(shapes.ceicg_size, o)
                : bench_stream_readback("ceicg", profile, stream::CeicgStreamTraits{}, ceicg::Residues{},
                                        shapes.ceicg_stream_readback_substreams, o,
                                        stream::CeicgStreamTraits::kOutputsPerGroup);
  return with_stateful_generator(generator, [&](const std::string& name, const auto& traits, const auto& start) {
    return ps30 ? bench_ps30_readback(name, traits, start, shapes.ps30_substreams, o)
                : bench_stream_readback(name, profile, traits, start, shapes.stream_readback_substreams, o);
  });
}

namespace {

Row bench_ceicg_ps30(fragment::TargetSize size, const GlTiming& o) {
  fragment::CeicgFragment generator(size);
  Row row = gl_row("ceicg", "ps30", fmt::format("{}x{} pixels x 4 outputs, 3 targets", size.width, size.height), "fill");
  row.outputs = static_cast<double>(generator.outputs_per_pass());
  row.seconds =
      seconds_per_pass([&](int i) { generator.render_pass({static_cast<std::uint32_t>(i), 0, 0}, size.height); },
                              o.passes, o.repeats);
  row.ceiling_units = 4.0 * size.width * size.height * 3;
  row.ceiling_seconds = fill_seconds(size, 3, o.passes, o.repeats);
  return row;
}

template <class Traits>
Row bench_stream(const std::string& name, stream::Profile profile, const Traits& traits,
                 const typename Traits::State& start, std::uint64_t P, const GlTiming& o, int outputs_per_unit = 1) {
  const auto [substreams, L] = stream_shape<Traits>(P);
  stream::StreamGenerator<Traits> generator(profile, substreams, L, traits);
  generator.upload_states(start);
  const int floats = stream::floats_per_output<Traits>();
  Row row = gl_row(
      name, stream::name_of(profile),
      fmt::format("{} substreams x {} outputs", generator.substreams(), std::uint64_t{generator.outputs_per_substream()} * outputs_per_unit),
      "write");
  row.outputs = static_cast<double>(generator.outputs_per_pass() * outputs_per_unit);
  row.seconds = seconds_per_pass([&](int) { generator.run_pass(); }, o.passes, o.repeats);
  row.ceiling_units = static_cast<double>(generator.outputs_per_pass()) * floats;
  row.ceiling_seconds =
      write_seconds(profile, generator.substreams(), generator.outputs_per_substream(), floats, o.passes, o.repeats);
  return row;
}

}  // namespace

Row gl_resident_row(const std::string& generator, Profile profile, const Shapes& shapes, const GlTiming& o) {
  const bool ps30 = profile == stream::Profile::ps30;
  if (is_ceicg(generator))
    return ps30 ? bench_ceicg_ps30(shapes.ceicg_size, o)
                : bench_stream("ceicg", profile, stream::CeicgStreamTraits{}, ceicg::Residues{},
                               shapes.ceicg_stream_substreams, o,
                               stream::CeicgStreamTraits::kOutputsPerGroup);
  return with_stateful_generator(generator, [&](const std::string& name, const auto& traits, const auto& start) {
    return ps30 ? bench_ps30(name, traits, start, shapes.ps30_substreams, o)
                : bench_stream(name, profile, traits, start, shapes.stream_substreams, o);
  });
}

Shapes shapes_for(std::uint64_t n) {
  const std::uint64_t pixels = (n + 3) / 4;
  const auto width = static_cast<std::uint32_t>(std::min<std::uint64_t>(pixels, 4096));
  const auto height = static_cast<std::uint32_t>((pixels + width - 1) / width);
  const auto substreams = [](std::uint64_t p) { return std::clamp<std::uint64_t>(p, 1, fragment::kMaxSubstreams); };
  const std::uint64_t per = stream::kDefaultOutputsPerSubstream;
  const std::uint64_t stream = substreams((n + per - 1) / per), ceicg_stream = substreams((n + 4 * per - 1) / (4 * per));
  return {{width, height}, substreams((n + 1) / 2), stream, ceicg_stream, stream, ceicg_stream};
}

}  // namespace glrand::bench
