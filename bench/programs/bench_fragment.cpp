// SPDX-License-Identifier: MIT
// Fragment-path benchmark: CEICG's exact-integer passes beside the ceiling of the same
// render targets, a trivial shader's fill rate, measured in one run on one device.
// GPU time comes from GL_TIME_ELAPSED queries; the median of the repeats is reported.
// End to end (render + read back + convert) is timed on the wall clock.
//
//   bench_fragment [--device N] [--size WxH] [--passes K] [--repeats R] [--readback-outputs N]
//                  [--substreams P] [--stateful-outputs N] [--texture-size WxH] [--frames F]
//                  [--texture-profiles ps30,compute] [--texture-distributions]
#include <GL/glew.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <glrand/texture.hpp>

#include "fragment/ceicg_fragment.hpp"
#include "fragment/distribution_pass.hpp"
#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/state_texture_filler.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "stream/compute_texture_filler.hpp"
#include "gl/context_info.hpp"
#include "gl/egl_context.hpp"
#include "gl/resources.hpp"
#include "gl/shader_library.hpp"

using namespace glrand;

namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// Seconds of GPU time per pass: median over `repeats` of `passes` passes each.
template <typename Pass>
double time_passes(Pass pass, int passes, int repeats) {
  pass(0);  // warm-up: compilation, allocation
  glFinish();
  gl::GpuTimer timer;
  std::vector<double> samples;
  for (int r = 0; r < repeats; ++r) {
    timer.begin();
    for (int i = 0; i < passes; ++i) pass(i);
    timer.end();
    samples.push_back(timer.seconds() / passes);
  }
  return median(samples);
}

// The trivial shader writing `targets` RGBA32F targets of the given size.
double fill_seconds(fragment::TargetSize size, std::size_t targets, int passes, int repeats) {
  std::vector<gl::Texture> textures;
  std::vector<unsigned> ids;
  for (std::size_t t = 0; t < targets; ++t) {
    textures.emplace_back(size.width, size.height);
    ids.push_back(textures.back().id());
  }
  gl::Framebuffer framebuffer(ids);
  gl::Program program(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader("fill.frag"));
  gl::VertexArray vertex_array;
  framebuffer.bind();
  program.use();
  vertex_array.bind();
  return time_passes(
      [&](int i) {
        program.set("uValue", static_cast<float>(i));
        gl::draw_fullscreen(size.width, size.height);
      },
      passes, repeats);
}

// A stateful generator with P substreams, leapfrog: GPU time of a pass, and end to end
// (generate(): passes, readback, assembly, and the host's state update where chosen).
template <class Generator, class State>
void bench_stateful(const char* name, Generator& generator, const State& start, const std::array<double, 5>& fill,
                    int passes, int repeats, std::uint64_t end_to_end_outputs) {
  const double substreams = static_cast<double>(generator.layout().substreams);
  const double per_pass = generator.outputs_per_pixel() * substreams;
  generator.generate(start, 1, [](std::span<const std::uint32_t>) {});  // uploads the states
  const double seconds = time_passes([&](int) { generator.render_pass_for_benchmark(); }, passes, repeats);
  std::uint64_t checksum = 0;
  const auto began = std::chrono::steady_clock::now();
  generator.generate(start, end_to_end_outputs, [&](std::span<const std::uint32_t> words) { checksum += words.back(); });
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  const int targets = generator.render_targets();
  fmt::print("| {} | {} | {} | {} | {:.3f} | {:.3g} | {:.1f}% | {:.3g} |\n", name,
             fragment::name_of(generator.layout().update), generator.outputs_per_pixel(), targets, seconds * 1e3,
             per_pass / seconds, 100.0 * fill[targets] / seconds, static_cast<double>(end_to_end_outputs) / wall);
  (void)checksum;
}

// One generator's texture fills of one RGBA32F texture: GPU time of a fill (`fill(texture)`),
// beside the trivial shader writing that texture once (`one_target`) and writing the same
// targets in the same passes (`same_targets`: the caller's texture and the state, per pass);
// then `frames` fills in a row on the wall clock (glFinish at the end), as a frame loop.
template <class Fill>
void bench_texture(const char* name, int passes_per_fill, int targets_per_pass, Fill fill, unsigned texture,
                   double one_target, const std::array<double, 5>& fill_targets, int passes, int repeats,
                   int frames, double texels) {
  const double seconds = time_passes([&](int) { fill(texture); }, passes, repeats);
  const double same = passes_per_fill * fill_targets[targets_per_pass];
  double fps = 0;
  if (frames > 0) {
    glFinish();
    const auto began = std::chrono::steady_clock::now();
    for (int f = 0; f < frames; ++f) fill(texture);
    glFinish();
    fps = frames / std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  }
  fmt::print("| {} | {} x {} | {:.3f} | {:.3g} | {:.1f}% | {:.1f}% | {} |\n", name, passes_per_fill, targets_per_pass,
             seconds * 1e3, 4 * texels / seconds, 100.0 * one_target / seconds, 100.0 * same / seconds,
             frames > 0 ? fmt::format("{:.1f}", fps) : "-");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"glrand fragment-path benchmark: CEICG against the fill-rate ceiling"};
  std::optional<int> device;
  std::string size_text = "4096x4096";
  int passes = 10, repeats = 7;
  std::uint64_t readback_outputs = 1ull << 26;
  app.add_option("--device", device, "EGL device index");
  app.add_option("--size", size_text, "Render-target size WxH")->capture_default_str();
  app.add_option("--passes", passes, "Passes per timed repeat")->capture_default_str();
  app.add_option("--repeats", repeats, "Timed repeats (the median is reported)")->capture_default_str();
  app.add_option("--readback-outputs", readback_outputs, "Outputs generated end to end with readback (0: skip)")
      ->capture_default_str();
  std::uint64_t substreams = 1ull << 20, stateful_outputs = 1ull << 26;
  app.add_option("--substreams", substreams, "Substreams for Park-Miller, Wichmann-Hill, MRG32k3a (0: skip them)")
      ->capture_default_str();
  app.add_option("--stateful-outputs", stateful_outputs, "Outputs of each stateful generator end to end")
      ->capture_default_str();
  std::string texture_size_text = "2048x2048";
  int frames = 1000;
  app.add_option("--texture-size", texture_size_text, "Texture fills: the texture's size WxH")->capture_default_str();
  app.add_option("--frames", frames, "Texture fills in a row, timed as a frame loop (0: skip)")->capture_default_str();
  std::vector<std::string> texture_profiles{"ps30", "compute"};
  app.add_option("--texture-profiles", texture_profiles, "Texture fills' profiles (ps30, compute), comma-separated")
      ->delimiter(',')
      ->check(CLI::IsMember({"ps30", "compute"}))
      ->capture_default_str();
  bool texture_distributions = false;
  app.add_flag("--texture-distributions", texture_distributions,
               "Texture fills of distributions (glrand::TextureFiller): each beside the uniform fill, and the "
               "distribution pass alone beside the trivial shader");
  CLI11_PARSE(app, argc, argv);

  try {
    const auto x = size_text.find('x');
    const fragment::TargetSize size{static_cast<std::uint32_t>(std::stoul(size_text.substr(0, x))),
                                    static_cast<std::uint32_t>(std::stoul(size_text.substr(x + 1)))};
    gl::HeadlessContext context(device, &std::cerr);
    const auto info = gl::query_context_info();
    const std::time_t now = std::time(nullptr);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    fmt::print("# glrand fragment benchmark, {}\n", date);
    fmt::print("device: {}: {}\nrenderer: {}\nGL version: {}\nvendor: {}\n", context.device().index,
               context.device().label(), info.renderer, info.version, info.vendor);
    fmt::print("settings: size {}x{}, {} passes x {} repeats (median), GPU time by GL_TIME_ELAPSED\n\n", size.width,
               size.height, passes, repeats);

    const double pixels = static_cast<double>(size.width) * size.height;
    fragment::CeicgFragment generator(size);
    ceicg::Residues start = ceicg::residues_at({1, 2, 3}, 0, 0);
    const double ceicg_s = time_passes(
        [&](int) {
          generator.render_pass(start, size.height);
          start = ceicg::advanced_by(start, generator.outputs_per_pass());
        },
        passes, repeats);
    const double fill3_s = fill_seconds(size, 3, passes, repeats);
    const double fill1_s = fill_seconds(size, 1, passes, repeats);
    const double fill4_s = fill_seconds(size, 4, passes, repeats);

    fmt::print("| what | targets | GPU ms/pass | outputs/s | floats written/s | vs. fill of same targets |\n");
    fmt::print("|---|---|---|---|---|---|\n");
    const auto row = [&](const char* what, int targets, double seconds, double outputs_per_pass, double ceiling) {
      fmt::print("| {} | {} | {:.3f} | {} | {:.3g} | {} |\n", what, targets, seconds * 1e3,
                 outputs_per_pass > 0 ? fmt::format("{:.3g}", outputs_per_pass / seconds) : "-",
                 targets * 4 * pixels / seconds,
                 ceiling > 0 ? fmt::format("{:.1f}%", 100.0 * ceiling / seconds) : "(ceiling)");
    };
    row("CEICG exact integers (ps30)", 3, ceicg_s, 4 * pixels, fill3_s);
    row("trivial shader (fill rate)", 1, fill1_s, 0, 0);
    row("trivial shader (fill rate)", 3, fill3_s, 0, 0);
    row("trivial shader (fill rate)", 4, fill4_s, 0, 0);

    if (readback_outputs > 0) {
      std::uint64_t checksum = 0;
      const auto began = std::chrono::steady_clock::now();
      generator.generate_ints(ceicg::residues_at({1, 2, 3}, 0, 0), readback_outputs,
                              [&](std::span<const std::uint32_t> words) { checksum += words.back(); });
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
      fmt::print("\nend to end (render, glReadPixels, integer check): {} outputs in {:.3f} s = {:.3g} outputs/s "
                 "(checksum {})\n",
                 readback_outputs, seconds, readback_outputs / seconds, checksum);
    }
    if (substreams > 0) {
      fmt::print("\n## Stateful generators: {} substreams (leapfrog), passes within ps_3_0's 512 slots where they fit\n\n",
                 substreams);
      fmt::print("GPU time per pass of {} texels; vs. fill = the trivial shader's time for the same number of targets "
                 "of the same size over this pass's time; end to end = generate() of {} outputs with readback.\n\n",
                 substreams, stateful_outputs);
      fmt::print("| generator | state update | outputs/texel/pass | targets | GPU ms/pass | outputs/s (GPU) | vs. fill of "
                 "the same targets | outputs/s end to end |\n|---|---|---|---|---|---|---|---|\n");
      const std::uint32_t width = static_cast<std::uint32_t>(std::min<std::uint64_t>(substreams, 4096));
      std::array<double, 5> fill{};
      for (std::size_t t = 1; t <= 4; ++t)
        fill[t] = fill_seconds({width, static_cast<std::uint32_t>((substreams + 4095) / 4096)}, t, passes, repeats);
      for (const auto update : {fragment::StateUpdate::gpu, fragment::StateUpdate::cpu}) {
        const fragment::StreamLayout layout{substreams, fragment::Split::leapfrog, update};
        fragment::ParkMillerFragment pm_generator(layout);
        bench_stateful("Park-Miller", pm_generator, pm::state_at(1, 0), fill, passes, repeats, stateful_outputs);
        fragment::WichmannHillFragment wh_generator(layout, {wh::parameters(0)});
        bench_stateful("Wichmann-Hill (set 0)", wh_generator, wh::seed_state(0, 1), fill, passes, repeats,
                       stateful_outputs);
        fragment::Mrg32k3aFragment mrg_generator(layout);
        bench_stateful("MRG32k3a", mrg_generator, mrg32k3a::default_seed(), fill, passes, repeats,
                       stateful_outputs);
      }
    }
    const auto tx = texture_size_text.find('x');
    const std::uint32_t tw = static_cast<std::uint32_t>(std::stoul(texture_size_text.substr(0, tx)));
    const std::uint32_t th = static_cast<std::uint32_t>(std::stoul(texture_size_text.substr(tx + 1)));
    const double texels = static_cast<double>(tw) * th;
    {
      fmt::print("\n## Texture fills: one {}x{} RGBA32F texture a fill, the states on the GPU where the generator has "
                 "them\n\n",
                 tw, th);
      fmt::print("GPU ms per fill; vs. one target = the trivial shader writing the texture once; vs. same targets = the "
                 "trivial shader writing the same targets (texture and state) in as many passes; frames/s = {} fills "
                 "in a row, wall clock.\n\n",
                 frames);
      fmt::print("| generator | passes x targets | GPU ms/fill | outputs/s | vs. one target | vs. same targets | "
                 "frames/s |\n|---|---|---|---|---|---|---|\n");
      std::array<double, 5> fill_targets{};
      for (std::size_t t = 1; t <= 2; ++t) fill_targets[t] = fill_seconds({tw, th}, t, passes, repeats);
      gl::Texture texture(tw, th);
      const auto wants = [&](const char* profile) {
        return std::find(texture_profiles.begin(), texture_profiles.end(), profile) != texture_profiles.end();
      };
      ceicg::Residues residues = ceicg::residues_at({1, 2, 3}, 0, 0);
      if (wants("ps30")) {
        fragment::CeicgTextureFiller ceicg_filler(1);
        bench_texture(
            "CEICG (states on the host)", 1, 1,
            [&](unsigned id) {
              residues = ceicg_filler.fill(residues, {&id, 1}, tw, th);
            },
            texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
        fragment::StateTextureFiller<fragment::ParkMillerTraits> pm_filler(tw, th);
        pm_filler.set_state(pm::state_at(1, 0), 1);
        bench_texture(
            "Park-Miller", 1, 1,
            [&](unsigned id) {
              pm_filler.fill({&id, 1});
            },
            texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
        fragment::StateTextureFiller<fragment::WichmannHillTraits> wh_filler(tw, th, {wh::parameters(0)});
        wh_filler.set_state(wh::seed_state(0, 1), 1);
        bench_texture(
            "Wichmann-Hill (set 0)", 1, 1,
            [&](unsigned id) {
              wh_filler.fill({&id, 1});
            },
            texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
        fragment::StateTextureFiller<fragment::Mrg32k3aTraits> mrg_filler(tw, th);
        mrg_filler.set_state(mrg32k3a::default_seed(), 1);
        // Its state moves on in three passes of one target after each output pass: eight passes
        // of one target a fill, so its ceiling is eight trivial passes of one.
        bench_texture(
            "MRG32k3a", 8, 1,
            [&](unsigned id) {
              mrg_filler.fill({&id, 1});
            },
            texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
      }
      // The compute profile's fills: one dispatch writing the texture as an image (two for
      // MRG32k3a), the states in a storage buffer; beside one trivial pass of the texture, and
      // (the last row) the trivial compute shader writing the image in the same work groups.
      if (wants("compute")) {
        fragment::CeicgTextureFiller ceicg_compute(1, true);
        bench_texture(
            "CEICG (compute)", 1, 1,
            [&](unsigned id) {
              residues = ceicg_compute.fill(residues, {&id, 1}, tw, th);
            },
            texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
        stream::ComputeTextureFiller<fragment::ParkMillerTraits> pm_compute(tw, th);
        pm_compute.set_state(pm::state_at(1, 0), 1);
        bench_texture(
            "Park-Miller (compute)", 1, 1,
            [&](unsigned id) {
              pm_compute.fill({&id, 1});
            },
            texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
        stream::ComputeTextureFiller<fragment::WichmannHillTraits> wh_compute(tw, th, {wh::parameters(0)});
        wh_compute.set_state(wh::seed_state(0, 1), 1);
        bench_texture(
            "Wichmann-Hill (set 0, compute)", 1, 1,
            [&](unsigned id) {
              wh_compute.fill({&id, 1});
            },
            texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
        // Its states (48 bytes a run of texels) may not fit one storage block (llvmpipe's holds
        // 128 MiB): then the row says so and the others go on.
        try {
          stream::ComputeTextureFiller<fragment::Mrg32k3aTraits> mrg_compute(tw, th);
          mrg_compute.set_state(mrg32k3a::default_seed(), 1);
          bench_texture(
              "MRG32k3a (compute)", 1, 1,
              [&](unsigned id) {
                mrg_compute.fill({&id, 1});
              },
              texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
        } catch (const InvalidArgument& e) {
          fmt::print("| MRG32k3a (compute) | refused: {} | | | | | |\n", e.what());
        }
      }
      if (wants("ps30")) {
        const gl::Program trivial(gl::embedded_shader("fullscreen.vert"), gl::embedded_shader("fill.frag"));
        const gl::VertexArray vertex_array;
        bench_texture(
            "trivial shader (one target)", 1, 1,
            [&](unsigned id) {
              const gl::Framebuffer framebuffer({&id, 1});
              framebuffer.bind();
              trivial.use();
              vertex_array.bind();
              trivial.set("uValue", 0.5f);
              gl::draw_fullscreen(tw, th);
            },
            texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
      }
      if (wants("compute")) {
        const gl::Program image_fill = gl::Program::compute(gl::embedded_shader("compute/fill_image.comp"));
        bench_texture(
            "trivial compute shader (image store)", 1, 1,
            [&](unsigned id) {
              image_fill.use();
              image_fill.set("uValue", 0.5f);
              glUniform2i(glGetUniformLocation(image_fill.id(), "uSize"), static_cast<GLint>(tw),
                          static_cast<GLint>(th));
              glBindImageTexture(0, id, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
              glDispatchCompute((tw + 7) / 8, (th + 7) / 8, 1);
              glMemoryBarrier(GL_ALL_BARRIER_BITS);
            },
            texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
      }
    }
    if (texture_distributions) {
      fmt::print("\n## Texture fills of distributions: one {}x{} RGBA32F texture a fill (glrand::TextureFiller)\n\n",
                 tw, th);
      fmt::print("A distribution's fill in ps30 is the uniform fill into a texture of the filler's own, then the "
                 "distribution pass (distribution.frag) into the caller's; in the compute profile the uniform fill into "
                 "the caller's texture, then a dispatch (compute/distribution.comp) in place. GPU ms per fill; vs. one "
                 "target = the trivial shader writing the texture once; vs. same targets = the trivial shader in as "
                 "many passes (a uniform fill's own, plus one).\n\n");
      fmt::print("| fill | passes x targets | GPU ms/fill | values/s | vs. one target | vs. same targets | frames/s |\n"
                 "|---|---|---|---|---|---|---|\n");
      std::array<double, 5> fill_targets{};
      fill_targets[1] = fill_seconds({tw, th}, 1, passes, repeats);
      gl::Texture texture(tw, th), units(tw, th);
      const auto make = [](DistributionKind kind, NormalMethod method = NormalMethod::inverse_cdf) {
        Distribution d;
        d.kind = kind;
        d.method = method;
        if (kind == DistributionKind::uniform) d.a = -1, d.b = 1;
        if (kind == DistributionKind::exponential) d.lambda = 2;
        return d;
      };
      // The Poisson's table search takes one halving per bit of the table's length, which
      // grows with the mean.
      const auto poisson = [](double lambda) {
        Distribution d;
        d.kind = DistributionKind::poisson;
        d.lambda = lambda;
        return d;
      };
      const std::vector<Distribution> kinds = {
          make(DistributionKind::uniform), make(DistributionKind::exponential), make(DistributionKind::normal),
          make(DistributionKind::normal, NormalMethod::box_muller), make(DistributionKind::lognormal), poisson(10),
          poisson(1e4)};
      // The ps30 pass alone, from a texture of uniform floats, beside one trivial pass. (The
      // compute dispatch works in place, so repeating it alone would feed it its own values:
      // its cost is the difference of a generator's compute rows below.)
      fragment::DistributionPass pass;
      {
        const unsigned id = units.id();
        Settings park_miller;
        park_miller.algorithm = Algorithm::park_miller;
        TextureFiller(park_miller).fill({&id, 1}, tw, th);
      }
      for (const Distribution& d : kinds) {
        const unsigned from = units.id();
        bench_texture(
            ("distribution pass alone (ps30): " + describe(d)).c_str(), 1, 1,
            [&](unsigned id) { pass.apply({&from, 1}, {&id, 1}, tw, th, d); }, texture.id(), fill_targets[1],
            fill_targets, passes, repeats, frames, texels);
      }
      // Each generator's fill (its passes a fill: Park-Miller's and Wichmann-Hill's one, MRG32k3a's
      // eight in ps30, every compute fill one dispatch) with and without a distribution.
      for (const Algorithm algorithm : {Algorithm::park_miller, Algorithm::wichmann_hill, Algorithm::mrg32k3a})
        for (const std::string& profile : texture_profiles) {
          Settings settings;
          settings.algorithm = algorithm;
          settings.profile = profile == "ps30" ? Profile::ps30 : Profile::compute;
          TextureFiller filler(settings);
          const int own = algorithm == Algorithm::mrg32k3a && profile == "ps30" ? 8 : 1;
          const std::string label = std::string(glrand::info(algorithm).name) + " (" + profile + ")";
          bench_texture(
              (label + ": uniform floats").c_str(), own, 1, [&](unsigned id) { filler.fill({&id, 1}, tw, th); },
              texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
          for (const Distribution& d : kinds)
            bench_texture(
                (label + ": " + describe(d)).c_str(), own + 1, 1, [&](unsigned id) { filler.fill({&id, 1}, tw, th, d); },
                texture.id(), fill_targets[1], fill_targets, passes, repeats, frames, texels);
        }
    }
  } catch (const std::exception& e) {
    std::cerr << "bench_fragment: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
