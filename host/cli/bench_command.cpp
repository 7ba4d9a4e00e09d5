// SPDX-License-Identifier: MIT
// glrand bench: every generator on every path (gl, cuda, cpu, mkl), each beside a ceiling measured
// in the same run. GL: every profile, GPU-resident, beside its profile's ceiling (ps30: the
// trivial shader's fill rate into the same render targets; scatter and compute: a write-only
// program writing the same outputs), on the GPU's timer (the wall clock on a software
// renderer); and in every profile the generator's own readback to host memory beside its
// ceiling's passes read back through two alternating buffers, each mapped while the next pass
// runs (gl::OverlappedReadback; wall clock). CUDA: each kernel into a device buffer beside the
// write-only kernel (CUDA events), and read back through the pinned, overlapped host output
// beside a device-to-pinned memcpy. CPU: the reference on all cores beside a plain fill of
// the same words. MKL: Intel MKL's own generators (where MKL is installed; found at run time)
// the same way. Times are medians of repeats.
#include <GL/glew.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <fmt/format.h>

#include <glrand/devices.hpp>
#include <glrand/error.hpp>
#include <glrand/registry.hpp>

#include "bench/lib/cpu_bench.hpp"
#include "bench/lib/gl_bench.hpp"
#include "bench/lib/host_distribution_bench.hpp"
#include "bench/lib/mkl_bench.hpp"
#include "bench/lib/row.hpp"
#include "bench/lib/timing.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/sink_rows.hpp"
#include "mpi/world.hpp"
#ifdef GLRAND_HAVE_MPI
#include "mpi/rank_bench.hpp"
#endif
#include "gl/word_packer.hpp"
#include "mkl/vsl.hpp"
#include "output/output_file.hpp"
#if GLRAND_HAVE_CUDA
#include "bench/lib/cuda_bench.hpp"
#endif

namespace glrand::cli {
namespace {

using bench::Row;

struct BenchOptions {
  std::vector<std::string> generators = bench::cpu_generators();
  std::vector<std::string> paths;  // empty: every path this machine has
  std::vector<std::string> profiles{"ps30", "scatter", "compute"};
  std::vector<std::string> sizes;  // outputs per cpu, mkl and cuda row; empty: the defaults below
  int repeats = 7;
  int passes = 3;
  bool quick = false;
  // --gl-readback: how the GL readback rows read packed passes back.
  std::string gl_readback = "auto";
  std::optional<int> device;
  std::string csv;
  // --sinks: the command's end-to-end rows instead of the others (cli/sink_rows.hpp).
  std::vector<std::string> sinks;
  std::vector<std::string> sink_formats{"ints", "f32", "f64"};
  std::string sink_dir = ".";
  // --distributions: Bradley et al.'s Tables 2 and 3 instead of the cpu and mkl generator rows.
  bool distributions = false;
};

// Outputs per cpu (and mkl) and cuda row without --sizes.
constexpr std::uint64_t kCpuOutputs = 1ull << 24, kCpuQuickOutputs = 1ull << 20;
constexpr std::uint64_t kCudaOutputs = 1ull << 28, kCudaQuickOutputs = 1ull << 20;
// Outputs per sink row without --sizes: CUDA, GL on a GPU, and the CPU or a software renderer.
constexpr std::uint64_t kSinkGpuOutputs = 1ull << 27, kSinkCpuOutputs = 1ull << 22, kSinkQuickOutputs = 1ull << 20;
// The most outputs a row takes: a Sobol32 dimension's points.
constexpr std::uint64_t kMostOutputsPerRow = std::uint64_t{1} << 32;

std::string rate(double per_second) {
  if (per_second >= 1e9) return fmt::format("{:.2f} G", per_second * 1e-9);
  if (per_second >= 1e6) return fmt::format("{:.1f} M", per_second * 1e-6);
  return fmt::format("{:.1f} k", per_second * 1e-3);
}

// A CSV field: quoted, with its quotes doubled.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

constexpr const char* kPaths[] = {"gl", "cuda", "cpu", "mkl"};

// The paths to run, in the order gl, cuda, cpu, mkl, and whether they were named (else: every
// path this build has; the CUDA one is dropped later if no device opens, the MKL one if MKL
// cannot be loaded).
std::vector<std::string> chosen_paths(const BenchOptions& o) {
  for (const auto& p : o.paths)
    if (std::find(std::begin(kPaths), std::end(kPaths), p) == std::end(kPaths))
      throw InvalidArgument("unknown path '" + p + "': choose from gl, cuda, cpu, mkl");
#if !GLRAND_HAVE_CUDA
  for (const auto& p : o.paths)
    if (p == "cuda")
      throw InvalidArgument("--path cuda: this glrand was built without the CUDA path (no nvcc at build time); "
                            "choose from gl, cpu, mkl");
#endif
  std::vector<std::string> paths;
  for (const char* p : kPaths) {
    const bool named = std::find(o.paths.begin(), o.paths.end(), p) != o.paths.end();
#if GLRAND_HAVE_CUDA
    const bool built = true;
#else
    const bool built = std::string(p) != "cuda";
#endif
    if (named || (o.paths.empty() && built)) paths.push_back(p);
  }
  return paths;
}

void print_row(const Row& row, std::ostream& table, std::ostream& csv, const BenchOptions& o) {
  table << fmt::format("| {} | {} | {} | {:.0f} | {} | {} | {} | {}{}/s | {:.1f}% |\n", row.path, row.profile,
                       row.generator, row.outputs, row.shape, rate(row.rate()), row.ceiling, rate(row.ceiling_rate()),
                       row.ceiling_unit, 100.0 * row.ratio())
        << std::flush;
  csv << fmt::format("{},{},{},{},{:.0f},{:.9g},{:.6g},{},{},{:.0f},{:.9g},{:.6g},{:.6g},{},{},{},{}\n", row.path,
                     row.profile, row.generator, quoted(row.shape), row.outputs, row.seconds, row.rate(), quoted(row.ceiling),
                     row.ceiling_unit, row.ceiling_units, row.ceiling_seconds, row.ceiling_rate(), row.ratio(),
                     quoted(row.clock), quoted(row.device), o.repeats, row.path == "gl" ? o.passes : 1);
}

#ifdef GLRAND_HAVE_MPI
// Under mpirun: every rank's rows at once beside rank 0's alone (mpi/rank_bench.hpp), on one
// path named with --path, cuda or cpu.
void run_bench_ranks(const BenchOptions& o) {
  if (o.paths.size() != 1 || (o.paths[0] != "cuda" && o.paths[0] != "cpu"))
    throw InvalidArgument("under mpirun, glrand bench measures one path given with --path: cuda or cpu");
  if (!o.sinks.empty() || !o.csv.empty() || o.distributions)
    throw InvalidArgument("under mpirun, glrand bench has no --sinks, --csv or --distributions: they are one process's");
  if (o.sizes.size() > 1) throw InvalidArgument("under mpirun, --sizes takes one size");
  if (o.repeats < 1) throw InvalidArgument("--repeats must be at least 1");
  for (const auto& g : o.generators) find_generator(g);
  const bool cuda = o.paths[0] == "cuda";
  std::uint64_t outputs = cuda ? (o.quick ? kCudaQuickOutputs : kCudaOutputs) : (o.quick ? kCpuQuickOutputs : kCpuOutputs);
  if (!o.sizes.empty()) outputs = parse_count(o.sizes[0], "--sizes");
  if (outputs == 0 || outputs > kMostOutputsPerRow)
    throw InvalidArgument("--sizes: a size from 1 to 2^32 outputs, not " + o.sizes[0]);
  mpi::run_bench_ranks({o.generators, o.paths[0], outputs, o.repeats});
}
#endif

void run_bench(const BenchOptions& o) {
#ifdef GLRAND_HAVE_MPI
  if (mpi::World::instance().several()) return run_bench_ranks(o);
#endif
  for (const auto& g : o.generators) find_generator(g);
  if (o.distributions && !o.sinks.empty())
    throw InvalidArgument("--distributions and --sinks choose different rows: give one of them");
  const std::vector<std::string> paths = chosen_paths(o);
  const auto has = [&](const char* p) { return std::find(paths.begin(), paths.end(), p) != paths.end(); };
  // Generators without a GL path get no GL rows; with gl the only path, one of them alone is
  // an error.
  std::vector<std::string> gl_generators, no_gl;
  for (const auto& g : o.generators) (find_generator(g).has_gl_path ? gl_generators : no_gl).push_back(g);
  if (paths == std::vector<std::string>{"gl"} && gl_generators.empty())
    throw InvalidArgument("-g " + no_gl.front() + " has no GL path (" + std::string(find_generator(no_gl.front()).why_no_gl_path) +
                          "); bench it with --path cpu or cuda");
  // Likewise the generators Intel MKL does not have get no mkl rows.
  std::vector<std::string> mkl_generators, no_mkl;
  for (const auto& g : o.generators) (bench::has_mkl_generator(g) ? mkl_generators : no_mkl).push_back(g);
  if (paths == std::vector<std::string>{"mkl"} && mkl_generators.empty())
    throw InvalidArgument(fmt::format("-g {} is not among Intel MKL's generators (MKL has {}); bench it with --path cpu",
                                      no_mkl.front(), fmt::join(bench::mkl_generators(), ", ")));
  std::vector<Profile> profiles;
  for (const auto& p : o.profiles) profiles.push_back(parse_profile(p));
  if (o.repeats < 1 || o.passes < 1) throw InvalidArgument("--repeats and --passes must be at least 1");
  std::vector<std::uint64_t> sizes;
  for (const auto& text : o.sizes) {
    sizes.push_back(parse_count(text, "--sizes"));
    if (sizes.back() == 0) throw InvalidArgument("--sizes: every size must be at least 1 output");
    if (sizes.back() > kMostOutputsPerRow)
      throw InvalidArgument("--sizes: at most 2^32 = 4294967296 outputs per row, not " + text);
  }
  const auto sizes_or = [&](std::uint64_t full, std::uint64_t quick) {
    return sizes.empty() ? std::vector<std::uint64_t>{o.quick ? quick : full} : sizes;
  };
  const std::vector<SinkKind> sinks = o.sinks.empty() ? std::vector<SinkKind>{} : parse_sinks(o.sinks, o.sink_dir);
  // A pipe's reader that dies ends the row with an error, not the process with SIGPIPE.
  if (!sinks.empty()) std::signal(SIGPIPE, SIG_IGN);
  const std::vector<Format> sink_formats = parse_sink_formats(o.sink_formats);
  if (!o.csv.empty() && !o.csv.ends_with(".csv")) throw InvalidArgument("--csv must name a .csv file, not '" + o.csv + "'");

  // Opened first, so that an unwritable path fails before the measurements.
  std::optional<output::OutputFile> csv_file;
  if (!o.csv.empty()) csv_file.emplace(output::OutputFile::open(o.csv));
  std::ostringstream csv;
  csv << "path,profile,generator,shape,outputs,seconds,outputs_per_second,ceiling,ceiling_unit,ceiling_units,"
         "ceiling_seconds,ceiling_units_per_second,ratio,clock,device,repeats,passes\n";
  // The devices first, so that everything measured is named above the tables.
  std::optional<GlContext> context;
  GlContextInfo gl_info;
  if (has("gl") && !gl_generators.empty() && !profiles.empty()) {
    context.emplace(o.device, &std::cerr);
    gl_info = current_gl_context();
  }
  std::optional<std::string> cuda_device;
  std::string cuda_skipped;
#if GLRAND_HAVE_CUDA
  if (has("cuda")) {
    try {
      cuda_device = bench::open_cuda_device(std::nullopt);
    } catch (const DeviceError& e) {
      if (!o.paths.empty()) throw;
      cuda_skipped = e.what();
    }
  }
#endif
  // MKL, where it is installed: a named mkl path that cannot load it is an error, as cuda's is.
  bool run_mkl = false;
  std::string mkl_skipped;
  if (has("mkl") && !mkl_generators.empty() && o.sinks.empty()) {
    if (mkl::availability().available)
      run_mkl = true;
    else if (std::find(o.paths.begin(), o.paths.end(), "mkl") != o.paths.end())
      throw Error("--path mkl: " + mkl::availability().reason);
    else
      mkl_skipped = mkl::availability().reason;
  }
  const bool software = context && bench::software_renderer();
  const std::string gl_device = gl_info.renderer + ", " + gl_info.vendor + ", GL " + gl_info.version;

  std::cout << fmt::format("glrand bench: paths {}; median of {} repeats; GL passes per repeat {}; sizes {}{}\n",
                           fmt::join(paths, ","), o.repeats, o.passes,
                           o.sizes.empty() ? std::string("default") : fmt::format("{}", fmt::join(o.sizes, ",")),
                           o.quick ? "; quick" : "");
  if (context)
    std::cout << fmt::format("gl: {}; {}; {}\n", gl_device,
                             sizes.empty() ? std::string(o.quick || software ? "quick" : "full") + " pass shapes"
                                           : std::string("passes of about --sizes outputs"),
                             bench::clock_name());
  else if (has("gl"))
    std::cout << "gl: not run (no generator or profile with a GL path)\n";
  if (cuda_device) std::cout << "cuda: " << *cuda_device << "\n";
  if (!cuda_skipped.empty()) std::cout << "cuda: skipped (" << cuda_skipped << ")\n";
  if (has("cpu")) std::cout << "cpu: " << bench::cpu_description() << "\n";
  if (run_mkl)
    std::cout << fmt::format("mkl: {} ({}); {}\n", mkl::availability().version, mkl::availability().library,
                             bench::cpu_description());
  else if (!mkl_skipped.empty())
    std::cout << "mkl: skipped (" << mkl_skipped << ")\n";
  else if (has("mkl") && !o.sinks.empty())
    std::cout << "mkl: no sink rows (MKL is not a path of glrand generate)\n";
  else if (has("mkl"))
    std::cout << "mkl: not run (no generator that Intel MKL has)\n";
  std::cout << "ratio = the ceiling's time / the generator's for the same memory written (100% = as fast)\n";
  const std::string table_head =
      "| path | profile | generator | outputs | shape | outputs/s | ceiling | ceiling rate | ratio |\n"
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";

  if (!sinks.empty()) {
    std::cout << fmt::format(
        "\nsinks: `glrand generate`'s own writer, COUNT outputs of each generator in each format into each sink, "
        "beside the same bytes moved over the same link into the same sink without generating (cuda: copy+write, "
        "device to two pinned buffers in turn; gl: readback+write, write-only passes of the profile read back "
        "through two alternating buffers; cpu: write, from host memory); wall clock, opening and committing the "
        "output included; file sinks in {}\n\n",
        std::filesystem::absolute(o.sink_dir).string())
              << table_head;
    // Every generator of `names` on `backend` (GL: in `profile`) at each size, beside `ceiling`.
    const auto run_sink_rows = [&](Backend backend, Profile profile, const std::vector<std::string>& names,
                                   const std::vector<std::uint64_t>& counts, const bench::MoveBytes& ceiling,
                                   const std::string& ceiling_name) {
      for (const auto n : counts)
        for (const auto& g : names) {
          Settings settings;
          settings.algorithm = find_generator(g).algorithm;
          settings.backend = backend;
          if (backend == Backend::gl) {
            settings.profile = profile;
            settings.device = o.device;
            settings.gl_readback = parse_gl_readback(o.gl_readback);
          }
          for (const auto format : sink_formats)
            for (const auto& sink : sinks)
              print_row(sink_row({settings, format, sink, o.sink_dir, n, o.repeats}, ceiling, ceiling_name),
                        std::cout, csv, o);
        }
    };
    const std::uint64_t gpu_default = o.quick ? kSinkQuickOutputs : kSinkGpuOutputs;
    const std::uint64_t cpu_default = o.quick ? kSinkQuickOutputs : kSinkCpuOutputs;
    if (context) {
      for (const auto profile : profiles) {
        context->make_current();
        if (profile == Profile::ps30 && !gl::WordPacker::available()) {
          // ps30 reads back its words packed by a compute dispatch, and the ceiling is a compute
          // pass's read-back of the same bytes; without compute shaders there is neither.
          std::cout << "gl: no ps30 sink rows (this context has no compute shaders)\n";
          continue;
        }
        // ps30's words are read back as a compute pass's are: the same ceiling.
        const bench::MoveBytes readback =
            bench::gl_readback_bytes(profile == Profile::ps30 ? Profile::compute : profile);
        const bench::MoveBytes ceiling = [&](std::uint64_t bytes, const bench::TakeBytes& take) {
          context->make_current();
          readback(bytes, take);
        };
        run_sink_rows(Backend::gl, profile, gl_generators,
                      sizes_or(software ? cpu_default : gpu_default, kSinkQuickOutputs), ceiling, "readback+write");
      }
    }
#if GLRAND_HAVE_CUDA
    if (cuda_device)
      run_sink_rows(Backend::cuda, Profile::ps30, o.generators, sizes_or(gpu_default, kSinkQuickOutputs),
                    bench::cuda_copied_bytes(), "copy+write");
#endif
    if (has("cpu"))
      run_sink_rows(Backend::cpu, Profile::ps30, o.generators, sizes_or(cpu_default, kSinkQuickOutputs),
                    bench::memory_bytes(), "write");
  }

  if (context && sinks.empty()) {
    std::cout << "\ngl: rows per pass, GPU-resident; ceilings: ps30 = trivial fragment shader into the same render "
                 "targets (fill); scatter, compute = write-only program writing the same outputs (write); "
                 "PROFILE-readback = the passes' outputs through the generator's readback to host memory (words "
                 "packed and checked on the GPU where it has compute shaders, else decoded and assembled on the "
                 "host; wall clock) beside the PBO read-back of the same bytes, write-only passes read back through "
                 "two alternating buffers while the next pass runs (write+readback; ps30: min(fill, readback), the "
                 "slower of that and the fill of the pass's render targets; CEICG's ps30 engine: fill+readback)\n";
    if (!no_gl.empty()) std::cout << fmt::format("no GL path, so no gl rows: {}\n", fmt::join(no_gl, ", "));
    std::cout << "\n" << table_head;
    const bench::Shapes fixed = o.quick || software ? bench::kQuick : bench::kFull;
    std::vector<bench::Shapes> shapes;
    for (const auto n : sizes) shapes.push_back(bench::shapes_for(n));
    if (shapes.empty()) shapes.push_back(fixed);
    for (const bench::Shapes& shape : shapes)
      for (const auto& g : gl_generators)
        for (const auto profile : profiles) {
          Row row = bench::gl_resident_row(g, profile, shape, {o.passes, o.repeats});
          row.clock = bench::clock_name();
          row.device = gl_device;
          print_row(row, std::cout, csv, o);
          row = bench::gl_readback_row(g, profile, shape, {o.passes, o.repeats, parse_gl_readback(o.gl_readback)});
          row.clock = "wall clock";
          row.device = gl_device;
          print_row(row, std::cout, csv, o);
        }
  }

#if GLRAND_HAVE_CUDA
  if (cuda_device && sinks.empty()) {
    std::cout << "\ncuda: resident = into a device buffer (CUDA events) beside the write-only kernel (write); readback "
                 "= to host memory through the pinned, overlapped host output (wall clock) beside one "
                 "device-to-pinned cudaMemcpy of the same bytes (memcpy); library-ints/f32/f64 = the public API's "
                 "Generator::generate into a caller's std::vector (wall clock) beside a device-to-pageable "
                 "cudaMemcpy of the same bytes (memcpy-pageable); library-f32-pinned = the same into a caller's "
                 "pinned buffer beside a device-to-pinned copy (memcpy); curand, curand-legacy = cuRAND's "
                 "generator of the same name into the device buffer beside the write-only kernel (where "
                 "libcurand loads); curand-host-f32 = curandGenerateUniform then one copy into pinned memory, "
                 "a cuRAND user's floats on the host (wall clock), beside the copy alone (memcpy); resident-f32 = the "
                 "generator's own floats made on the GPU (its words, then the value kernel) beside the resident "
                 "words' time; resident-uniform-range, -exponential, -normal, -normal-box-muller, -lognormal, -poisson10 = "
                 "the distributions made on the GPU (--distribution-on gpu: the words, then the distribution "
                 "kernel), f32, beside resident-f32; resident-f64 = its own doubles, beside the resident words' "
                 "time; resident-f64-exponential, -normal, -normal-box-muller = those in double, beside "
                 "resident-f64; curand-normal, -lognormal, -poisson10 = cuRAND's, beside its curandGenerateUniform "
                 "(curand-uniform)\n\n"
              << table_head;
    for (const auto n : sizes_or(kCudaOutputs, kCudaQuickOutputs))
      for (const auto& g : o.generators)
        for (const Row& row : bench::cuda_rows(g, n, o.repeats)) print_row(row, std::cout, csv, o);
  }
#endif

  if (has("cpu") && sinks.empty()) {
    if (o.distributions)
      std::cout << "\ncpu: Bradley et al.'s Tables 2 and 3 (GPU Computing Gems, 2011), the library's values on the CPU "
                   "path (the generator's own floats, and the exponential and normal made on the host; the normal "
                   "Box-Muller for mrg32k3a, else the inverse CDF) into host memory, wall clock, beside a plain fill of "
                   "the same bytes on all cores (fill)\n\n";
    else
      std::cout << "\ncpu: the reference into host memory, wall clock, beside a plain fill of the same words on all "
                   "cores (fill)\n\n";
    std::cout << table_head;
    for (const auto n : sizes_or(kCpuOutputs, kCpuQuickOutputs))
      for (const auto& g : o.generators) {
        if (o.distributions)
          for (const Row& row : bench::cpu_distribution_rows(g, n, o.repeats)) print_row(row, std::cout, csv, o);
        else
          print_row(bench::cpu_row(g, n, o.repeats), std::cout, csv, o);
      }
  }

  if (run_mkl) {
    if (o.distributions)
      std::cout << "\nmkl: Bradley et al.'s Tables 2 and 3 with Intel MKL: vsRngUniform / vdRngUniform, Exponential "
                   "(ICDF) and Gaussian (BOXMULLER2 for mrg32k3a, else ICDF) into host memory, a stream per thread "
                   "skipped ahead to its first value, wall clock, beside a plain fill of the same bytes on all cores "
                   "(fill)\n";
    else
      std::cout << "\nmkl: Intel MKL's generators into host memory, wall clock, beside a plain fill of the same words on "
                   "all cores (fill), as the cpu rows; viRngUniformBits, MKL's integer output: the same words as the cpu "
                   "rows (WH: the 4 state words); MKL's generators run on the calling thread, so each thread has its own "
                   "stream, skipped ahead to its first output (vslSkipAheadStream)\n";
    std::vector<std::string> settings;
    for (const auto& g : mkl_generators) settings.push_back(g + ": " + bench::mkl_setting(g));
    std::cout << fmt::format("{}\n", fmt::join(settings, "; "));
    if (!no_mkl.empty()) std::cout << fmt::format("not in Intel MKL, so no mkl rows: {}\n", fmt::join(no_mkl, ", "));
    std::cout << "\n" << table_head;
    for (const auto n : sizes_or(kCpuOutputs, kCpuQuickOutputs))
      for (const auto& g : mkl_generators) {
        if (o.distributions)
          for (const Row& row : bench::mkl_distribution_rows(g, n, o.repeats)) print_row(row, std::cout, csv, o);
        else
          print_row(bench::mkl_row(g, n, o.repeats), std::cout, csv, o);
      }
    const std::string kernels = mkl::loaded_kernels();
    std::cout << fmt::format("\nmkl: MKL's kernels: {}{}\n", kernels.empty() ? "not known" : kernels,
                             kernels == "libmkl_def.so" ? " (MKL's generic code path, not its processor-specific "
                                                          "kernels)"
                                                        : "");
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
  auto* command = app.add_subcommand("bench", "Measure every generator on every path beside its ceiling");
  command
      ->add_option("-g,--generator", o->generators, "Generators (" + generator_names() + "), comma-separated")
      ->delimiter(',')
      ->capture_default_str();
  command
      ->add_option("--path", o->paths,
                   "Paths (gl, cuda, cpu, mkl), comma-separated; default: every path this machine has (mkl: where "
                   "Intel MKL's libmkl_rt.so loads)")
      ->delimiter(',');
  command->add_option("--profile", o->profiles, "GL profiles (ps30, scatter, compute), comma-separated")
      ->delimiter(',')
      ->capture_default_str();
  command
      ->add_option("--sizes", o->sizes,
                   "Outputs per row, comma-separated (a sweep; GL: passes of about that many); default: "
                   "2^24 cpu and mkl, 2^28 cuda, GL's fixed pass shapes; 2^20 and small passes with --quick")
      ->delimiter(',');
  command->add_option("--repeats", o->repeats, "Timed repeats; the median is reported")->capture_default_str();
  command->add_option("--passes", o->passes, "GL passes per timed repeat")->capture_default_str();
  command->add_flag("--quick", o->quick, "Small sizes (GL: also the default on a software renderer)");
  command
      ->add_option("--gl-readback", o->gl_readback,
                   "How the GL readback and sink rows read each pass's packed words back: auto (the engines' own "
                   "choice: ps30 and scatter on a GPU, passes of 4 MiB or more, by a shared context on its own "
                   "thread; else, and compute, the rendering context), one-context, shared-context")
      ->check(CLI::IsMember({"auto", "one-context", "shared-context"}))
      ->capture_default_str();
  command->add_option("--device", o->device,
                      "EGL device index for the gl path (see `glrand info`); default: the first GPU. "
                      "The cuda path uses CUDA device 0");
  command->add_option("--csv", o->csv, "Also write the results to this CSV file");
  command->add_flag("--distributions", o->distributions,
                    "Instead of the cpu and mkl paths' generator rows (the other paths are as without it), Bradley "
                    "et al.'s Tables 2 and 3: each generator's uniform, exponential and normal values in f32 and f64 "
                    "into host memory (the normal Box-Muller for mrg32k3a, else the inverse CDF; mkl: Intel MKL's "
                    "own), beside a fill of the same bytes");
  command
      ->add_option("--sinks", o->sinks,
                   "Instead of the other rows, what `glrand generate` gets end to end: each generator on each path "
                   "(gl: each --profile) in each --sink-formats into each sink (null, pipe, tmpfs, tmpfs.npy, file, "
                   "file.npy, or all), comma-separated, beside the same bytes moved and written without generating; "
                   "COUNT per row: --sizes, default 2^27 on a GPU, 2^22 on the CPU and a software renderer, 2^20 "
                   "with --quick")
      ->delimiter(',');
  command->add_option("--sink-formats", o->sink_formats, "Formats of the sink rows (ints, f32, f64), comma-separated")
      ->delimiter(',')
      ->capture_default_str();
  command->add_option("--sink-dir", o->sink_dir, "Directory of the file and file.npy sinks (a disk, not a tmpfs)")
      ->capture_default_str();
  command->callback([o] { run_bench(*o); });
}

}  // namespace glrand::cli
