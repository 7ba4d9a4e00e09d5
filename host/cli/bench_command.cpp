// SPDX-License-Identifier: MIT
// glrand bench: every generator in every profile of the GL path on one device, each beside
// the ceiling of its own profile measured in the same run: for ps30 the trivial shader's
// fill rate into the same render targets, for scatter and compute a write-only program
// writing the same outputs. Times are medians of repeats, on the GPU's timer (the wall
// clock on a software renderer); the rates are GPU-resident (no readback).
#include <GL/glew.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "bench/timing.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "common/error.hpp"
#include "fragment/ceicg_fragment.hpp"
#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "gl/context_info.hpp"
#include "gl/egl_context.hpp"
#include "output/atomic_file.hpp"
#include "stream/ceicg_stream.hpp"
#include "stream/stream_generator.hpp"

namespace glrand::cli {
namespace {

struct BenchOptions {
  std::vector<std::string> generators{"ceicg", "pm", "wh", "mrg32k3a"};
  std::vector<std::string> profiles{"ps30", "scatter", "compute"};
  int repeats = 7;
  int passes = 3;
  bool quick = false;
  std::optional<int> device;
  std::string csv;
};

// Pass shapes: full on a GPU; small with --quick or on a software renderer.
struct Shapes {
  fragment::TargetSize ceicg_size;     // CEICG ps30: pixels of a pass
  std::uint64_t ps30_substreams;       // PM, WH, MRG32k3a ps30: state texels
  std::uint64_t stream_substreams;     // scatter and compute: invocations
};
constexpr Shapes kFull{{4096, 4096}, 1ull << 20, 1ull << 18};
constexpr Shapes kQuick{{256, 256}, 1ull << 14, 1ull << 12};

struct Row {
  std::string generator, profile, shape, ceiling;
  double outputs_per_pass = 0, seconds = 0;           // the generator
  double ceiling_floats_per_pass = 0, ceiling_seconds = 0;
  double rate() const { return outputs_per_pass / seconds; }
  double ceiling_rate() const { return ceiling_floats_per_pass / ceiling_seconds; }
  // The generator's pass against the ceiling's pass of the same shape: 1 = as fast.
  double ratio() const { return ceiling_seconds / seconds; }
};

template <class Traits>
Row bench_ps30(const std::string& name, const Traits& traits, const typename Traits::State& start, std::uint64_t P,
               const BenchOptions& o) {
  const fragment::StreamLayout layout{P, fragment::Split::leapfrog, fragment::StateUpdate::gpu};
  fragment::StatefulFragment<Traits> generator(layout, traits);
  const std::uint64_t outputs = std::uint64_t{generator.outputs_per_pixel()} * P;
  generator.generate(start, outputs, [](std::span<const std::uint32_t>) {});  // initialises the states
  Row row{name, "ps30",
          fmt::format("{} substreams x {} outputs, {} targets", P, generator.outputs_per_pixel(), generator.render_targets()),
          "fill"};
  row.outputs_per_pass = static_cast<double>(outputs);
  row.seconds = bench::seconds_per_pass([&](int) { generator.render_pass_for_benchmark(); }, o.passes, o.repeats);
  row.ceiling_floats_per_pass = 4.0 * generator.size().width * generator.size().height * generator.render_targets();
  row.ceiling_seconds = bench::fill_seconds(generator.size(), generator.render_targets(), o.passes, o.repeats);
  return row;
}

Row bench_ceicg_ps30(fragment::TargetSize size, const BenchOptions& o) {
  fragment::CeicgFragment generator(size);
  Row row{"ceicg", "ps30", fmt::format("{}x{} pixels x 4 outputs, 3 targets", size.width, size.height), "fill"};
  row.outputs_per_pass = static_cast<double>(generator.outputs_per_pass());
  row.seconds =
      bench::seconds_per_pass([&](int i) { generator.render_pass({static_cast<std::uint32_t>(i), 0, 0}, size.height); },
                              o.passes, o.repeats);
  row.ceiling_floats_per_pass = 4.0 * size.width * size.height * 3;
  row.ceiling_seconds = bench::fill_seconds(size, 3, o.passes, o.repeats);
  return row;
}

template <class Traits>
Row bench_stream(const std::string& name, stream::Profile profile, const Traits& traits,
                 const typename Traits::State& start, std::uint64_t P, const BenchOptions& o, int outputs_per_unit = 1) {
  stream::StreamGenerator<Traits> generator(profile, P, stream::kDefaultOutputsPerSubstream, traits);
  generator.upload_states(start);
  const int floats = stream::floats_per_output<Traits>();
  Row row{name, stream::name_of(profile),
          fmt::format("{} substreams x {} outputs", P, std::uint64_t{generator.outputs_per_substream()} * outputs_per_unit),
          "write"};
  row.outputs_per_pass = static_cast<double>(generator.outputs_per_pass() * outputs_per_unit);
  row.seconds = bench::seconds_per_pass([&](int) { generator.run_pass(); }, o.passes, o.repeats);
  row.ceiling_floats_per_pass = static_cast<double>(generator.outputs_per_pass()) * floats;
  row.ceiling_seconds =
      bench::write_seconds(profile, P, generator.outputs_per_substream(), floats, o.passes, o.repeats);
  return row;
}

Row bench_one(const std::string& generator, stream::Profile profile, const Shapes& shapes, const BenchOptions& o) {
  const bool ps30 = profile == stream::Profile::ps30;
  const std::uint64_t P = ps30 ? shapes.ps30_substreams : shapes.stream_substreams;
  if (generator == "ceicg")
    return ps30 ? bench_ceicg_ps30(shapes.ceicg_size, o)
                : bench_stream("ceicg", profile, stream::CeicgStreamTraits{}, ceicg::Residues{}, P, o,
                               stream::CeicgStreamTraits::kOutputsPerGroup);
  if (generator == "pm") {
    const pm::State start = 1;
    return ps30 ? bench_ps30("pm", fragment::ParkMillerTraits{}, start, P, o)
                : bench_stream("pm", profile, fragment::ParkMillerTraits{}, start, P, o);
  }
  if (generator == "wh") {
    const fragment::WichmannHillTraits traits{wh::parameters(0)};
    const wh::State start = wh::seed_state(0, 1);
    return ps30 ? bench_ps30("wh", traits, start, P, o) : bench_stream("wh", profile, traits, start, P, o);
  }
  const mrg32k3a::State start = mrg32k3a::step(mrg32k3a::default_seed());
  return ps30 ? bench_ps30("mrg32k3a", fragment::Mrg32k3aTraits{}, start, P, o)
              : bench_stream("mrg32k3a", profile, fragment::Mrg32k3aTraits{}, start, P, o);
}

std::string rate(double per_second) {
  if (per_second >= 1e9) return fmt::format("{:.2f} G", per_second * 1e-9);
  if (per_second >= 1e6) return fmt::format("{:.1f} M", per_second * 1e-6);
  return fmt::format("{:.1f} k", per_second * 1e-3);
}

void run_bench(const BenchOptions& o) {
  for (const auto& g : o.generators) {
    check_generator(g);
    if (!has_gl_path(g)) throw InvalidArgument("`glrand bench` measures the GL path; -g " + g + " has none (see bench_cuda)");
  }
  std::vector<stream::Profile> profiles;
  for (const auto& p : o.profiles) profiles.push_back(stream::parse_profile(p));
  if (o.repeats < 1 || o.passes < 1) throw InvalidArgument("--repeats and --passes must be at least 1");
  if (!o.csv.empty() && !o.csv.ends_with(".csv")) throw InvalidArgument("--csv must name a .csv file, not '" + o.csv + "'");

  // Opened first, so that an unwritable path fails before the measurements.
  std::optional<output::AtomicFile> csv_file;
  if (!o.csv.empty()) csv_file.emplace(o.csv);
  gl::HeadlessContext context(o.device, &std::cerr);
  const auto info = gl::query_context_info();
  const bool software = bench::software_renderer();
  const Shapes shapes = o.quick || software ? kQuick : kFull;
  std::cout << fmt::format("glrand bench on {} ({}, GL {}), {} sizes, {}: median of {} repeats of {} passes\n",
                           info.renderer, info.vendor, info.version, o.quick || software ? "quick" : "full",
                           bench::clock_name(), o.repeats, o.passes);
  std::cout << "ceilings: ps30 = trivial fragment shader into the same render targets (fill); scatter, compute = "
               "write-only program writing the same outputs (write); ratio = ceiling's pass time / generator's\n\n";
  std::cout << "| generator | profile | pass | outputs/s | ceiling | ceiling floats/s | ratio |\n"
               "| --- | --- | --- | --- | --- | --- | --- |\n";
  std::ostringstream csv;
  csv << "renderer,generator,profile,pass,outputs_per_pass,seconds_per_pass,outputs_per_second,ceiling,"
         "ceiling_floats_per_pass,ceiling_seconds_per_pass,ceiling_floats_per_second,ratio,clock\n";
  for (const auto& g : o.generators)
    for (const auto profile : profiles) {
      const Row row = bench_one(g, profile, shapes, o);
      std::cout << fmt::format("| {} | {} | {} | {} | {} | {} | {:.1f}% |\n", row.generator, row.profile, row.shape,
                               rate(row.rate()), row.ceiling, rate(row.ceiling_rate()), 100.0 * row.ratio())
                << std::flush;
      csv << fmt::format("\"{}\",{},{},\"{}\",{},{:.9g},{:.6g},{},{},{:.9g},{:.6g},{:.6g},{}\n", info.renderer,
                         row.generator, row.profile, row.shape, row.outputs_per_pass, row.seconds, row.rate(),
                         row.ceiling, row.ceiling_floats_per_pass, row.ceiling_seconds, row.ceiling_rate(), row.ratio(),
                         bench::clock_name());
    }
  if (csv_file) {
    const std::string text = csv.str();
    csv_file->write(std::as_bytes(std::span(text.data(), text.size())));
    csv_file->commit();
  }
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto o = std::make_shared<BenchOptions>();
  auto* command = app.add_subcommand("bench", "Measure every generator in every GL profile beside its ceiling");
  command->add_option("-g,--generator", o->generators, "Generators (ceicg, pm, wh, mrg32k3a), comma-separated")
      ->delimiter(',')
      ->capture_default_str();
  command->add_option("--profile", o->profiles, "Profiles (ps30, scatter, compute), comma-separated")
      ->delimiter(',')
      ->capture_default_str();
  command->add_option("--repeats", o->repeats, "Timed repeats; the median is reported")->capture_default_str();
  command->add_option("--passes", o->passes, "Passes per timed repeat")->capture_default_str();
  command->add_flag("--quick", o->quick, "Small passes (the default on a software renderer)");
  command->add_option("--device", o->device, "EGL device index (see `glrand info`); default: the first GPU");
  command->add_option("--csv", o->csv, "Also write the results to this CSV file");
  command->callback([o] { run_bench(*o); });
}

}  // namespace glrand::cli
