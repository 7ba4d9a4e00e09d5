// SPDX-License-Identifier: MIT
// bench_cuda: the CUDA path's kernels beside cuRAND and a write-only kernel, in one run.
// Each row fills the same device buffer (--words 32-bit words, default 2^28 = 1 GiB); the
// time is the median of --repeats launches, measured with CUDA events after one warm-up.
// cuRAND has MRG32k3a, MT19937 (with its own seeding: a different sequence, timed only), MTGP32,
// SOBOL32 and Philox (shown as its fastest generator), but no Park–Miller, Wichmann–Hill or
// CEICG. Prints a Markdown table with the GPU, driver, date and command.
#include <curand.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "bench/lib/cuda_timing.hpp"
#include "bench/lib/curand_library.hpp"
#include "cuda/buffers.hpp"
#include "cuda/cuda_path.hpp"
#include "cuda/mt19937_jump.hpp"
#include "cuda/mt19937_kernel.hpp"
#include "cuda/mtgp32_device.hpp"

using namespace glrand;
using glrand::bench::check_curand;

namespace {

struct Row {
  std::string what;
  int words_per_output;
  std::function<void(std::uint32_t* out, std::uint64_t outputs)> launch;
};

class CurandGenerator {
 public:
  CurandGenerator(curandRngType_t type, curandOrdering_t ordering) {
    check_curand(curandCreateGenerator(&generator_, type), "curandCreateGenerator");
    check_curand(curandSetGeneratorOrdering(generator_, ordering), "curandSetGeneratorOrdering");
    check_curand(curandSetPseudoRandomGeneratorSeed(generator_, 1234), "curandSetPseudoRandomGeneratorSeed");
  }
  // A quasirandom generator (no seed) with `dimensions` dimensions.
  CurandGenerator(curandRngType_t type, unsigned dimensions) {
    check_curand(curandCreateGenerator(&generator_, type), "curandCreateGenerator");
    check_curand(curandSetQuasiRandomGeneratorDimensions(generator_, dimensions), "curandSetQuasiRandomGeneratorDimensions");
  }
  CurandGenerator(const CurandGenerator&) = delete;
  CurandGenerator& operator=(const CurandGenerator&) = delete;
  ~CurandGenerator() { curandDestroyGenerator(generator_); }
  curandGenerator_t get() const { return generator_; }

 private:
  curandGenerator_t generator_ = nullptr;
};

std::uint64_t parse(const char* text) {
  const std::string s(text);
  if (const auto caret = s.find('^'); caret != std::string::npos)
    return 1ull << std::stoull(s.substr(caret + 1));  // 2^k
  return std::stoull(s);
}

}  // namespace

int main(int argc, char* argv[]) {
  std::uint64_t words = 1ull << 28;
  int repeats = 11;
  std::string only;  // run only the rows whose name contains this ("vs write-only" is then to the first row run)
  std::string command = "bench_cuda";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string option = argv[i];
    if (option == "--words") words = parse(argv[i + 1]) / 12 * 12;  // whole outputs for 1, 3 and 4 words
    else if (option == "--repeats") repeats = std::max(1, std::atoi(argv[i + 1]));
    else if (option == "--only") only = argv[i + 1];
    else {
      std::fprintf(stderr, "usage: bench_cuda [--words N|2^k] [--repeats R] [--only TEXT]\n");
      return 2;
    }
  }
  try {
    const cuda::DeviceInfo device = cuda::open_device();
    const int sms = device.multiprocessors;
    cuda::DeviceBuffer<std::uint32_t> buffer(words);
    const CurandGenerator curand_mrg(CURAND_RNG_PSEUDO_MRG32K3A, CURAND_ORDERING_PSEUDO_LEGACY);
    const CurandGenerator curand_mrg_default(CURAND_RNG_PSEUDO_MRG32K3A, CURAND_ORDERING_PSEUDO_DEFAULT);
    const CurandGenerator curand_mtgp(CURAND_RNG_PSEUDO_MTGP32, CURAND_ORDERING_PSEUDO_DEFAULT);
    const CurandGenerator curand_philox(CURAND_RNG_PSEUDO_PHILOX4_32_10, CURAND_ORDERING_PSEUDO_DEFAULT);
    const CurandGenerator curand_sobol1(CURAND_RNG_QUASI_SOBOL32, 1);
    const CurandGenerator curand_sobol4(CURAND_RNG_QUASI_SOBOL32, 4);
    // Sobol32 with D dimensions: n / D points of each (n / D ≤ 2^32), dimension-major.
    const auto sobol_row = [&](int dimensions) {
      return [&, dimensions](std::uint32_t* out, std::uint64_t n) {
        const std::uint64_t points = n / static_cast<std::uint64_t>(dimensions);
        cuda::launch_sobol32(0, dimensions, 0, points, out, cuda::sobol32_geometry(points, dimensions, sms), nullptr);
      };
    };
    const auto curand_sobol_row = [&](const CurandGenerator& generator, int dimensions) {
      return [&generator, dimensions](std::uint32_t* out, std::uint64_t n) {
        check_curand(curandSetGeneratorOffset(generator.get(), 0), "curandSetGeneratorOffset");
        check_curand(curandGenerate(generator.get(), out, n / dimensions * dimensions), "curandGenerate");
      };
    };
    const CurandGenerator curand_mt(CURAND_RNG_PSEUDO_MT19937, CURAND_ORDERING_PSEUDO_DEFAULT);
    // MT19937's segment start states for the whole buffer, one wave of segments per kernel
    // (a warp each, or a block of 224 or 256 threads), jumped on the host once, outside the timing.
    struct Mt19937Setup {
      cuda::Mt19937Launch launch;
      cuda::Mt19937Plan plan;
      cuda::DeviceBuffer<std::uint32_t> states;
    };
    const auto mt19937_setup = [&](cuda::Mt19937Launch launch) {
      launch.segments = cuda::mt19937_wave_segments(launch);
      cuda::Mt19937Plan plan = cuda::plan_mt19937(mt19937::seed_state(5489), words, launch);
      cuda::DeviceBuffer<std::uint32_t> states(std::max<std::size_t>(plan.states.size(), 1));
      cuda::check(cudaMemcpy(states.data(), plan.states.data(), plan.states.size() * sizeof(std::uint32_t),
                             cudaMemcpyHostToDevice),
                  "cudaMemcpy");
      return Mt19937Setup{launch, std::move(plan), std::move(states)};
    };
    const Mt19937Setup mt_warps = mt19937_setup({cuda::Mt19937Kernel::warps});
    const Mt19937Setup mt_blocks224 = mt19937_setup({cuda::Mt19937Kernel::blocks, 0, 224});
    const Mt19937Setup mt_blocks256 = mt19937_setup({cuda::Mt19937Kernel::blocks, 0, 256});
    const auto mt19937_row = [&](const Mt19937Setup& mt) {
      const std::string layout = mt.launch.kernel == cuda::Mt19937Kernel::warps
                                     ? "a segment per warp (default)"
                                     : "a segment per block of " + std::to_string(mt.launch.threads_per_block);
      return Row{"MT19937, " + layout + ", " + std::to_string(mt.plan.segments) + " segments (host jumps precomputed)",
                 1, [&mt](std::uint32_t* out, std::uint64_t n) {
                   cuda::launch_mt19937(mt.states.data(), mt.plan, n, out, mt.launch);
                 }};
    };
    // MTGP32's block start states, jumped on the host outside the timing: the default segment
    // count for this GPU, and one segment per generator (192 blocks, no jumps) beside it.
    const auto mtgp_plan = [&](unsigned segments) {
      return cuda::plan_mtgp32(1234, cuda::mtgp32_layout(0, words, mtgp32::kHostSequences, segments));
    };
    const cuda::Mtgp32DevicePlan mtgp_segmented(mtgp_plan(cuda::mtgp32_segments(0, words, mtgp32::kHostSequences, sms)));
    const cuda::Mtgp32DevicePlan mtgp_one_segment(mtgp_plan(1));
    const cuda::Mtgp32DevicePlan mtgp_half(mtgp_plan(mtgp_segmented.layout().segments / 2));
    const cuda::Mtgp32DevicePlan mtgp_double(mtgp_plan(mtgp_segmented.layout().segments * 2));
    const mrg32k3a::State mrg_start = mrg32k3a::curand_state(1234, 0, 0);
    // MRG32k3a: the default (base-8 table, second component in doubles, chunks of 128, lanes
    // as the device holds them), and beside it the other table, the integer-only arithmetic,
    // other chunk lengths, one run per lane (no jumps after the first), or one lane per 32
    // outputs, where the skip-ahead dominates.
    enum class MrgLayout { chunks, one_run, jump_bound };
    using Arithmetic = cuda::Mrg32k3aArithmetic;
    const auto mrg32k3a_row = [&](const std::string& what, cuda::JumpBase base, Arithmetic arithmetic,
                                  MrgLayout layout, std::uint32_t rounds = cuda::kChunkRounds) {
      return Row{"MRG32k3a, " + what, 1, [&, base, arithmetic, layout, rounds](std::uint32_t* out, std::uint64_t n) {
                   cuda::RunGeometry g = cuda::mrg32k3a_geometry(n, base, arithmetic);
                   if (layout == MrgLayout::chunks) {
                     g = cuda::run_geometry(n, sms, rounds, g.grid.threads() / static_cast<std::uint64_t>(sms));
                   } else {
                     const std::uint64_t lanes = layout == MrgLayout::jump_bound ? (n + 31) / 32 : g.grid.threads();
                     g.grid.blocks = static_cast<std::uint32_t>((lanes + 255) / 256);
                     g.rounds = static_cast<std::uint32_t>((n + 32 * g.grid.threads() - 1) / (32 * g.grid.threads()));
                     g.chunks = 1;
                   }
                   cuda::launch_mrg32k3a(mrg_start, out, n, g, base, nullptr, arithmetic);
                 }};
    };
    const auto mrg_chunk_pattern = [&](std::uint64_t run_words) {
      return Row{"write-only in MRG32k3a's pattern (32 runs of " + std::to_string(run_words) + " per warp)", 1,
                 [&, run_words](std::uint32_t* out, std::uint64_t n) {
                   cuda::launch_write_only_runs(out, n, run_words, 32, nullptr);
                 }};
    };
    const wh::Parameters& wh_set = wh::parameters(0);

    const std::vector<Row> rows = {
        {"write-only kernel (out[i] = i)", 1,
         [&](std::uint32_t* out, std::uint64_t n) { cuda::launch_write_only(out, n, cuda::leapfrog_geometry(n, sms), nullptr); }},
        {"Park-Miller (leapfrog)", 1,
         [&](std::uint32_t* out, std::uint64_t n) { cuda::launch_park_miller(1, out, n, cuda::leapfrog_geometry(n, sms), nullptr); }},
        {"Wichmann-Hill 273, set 0 (leapfrog, 4 words/output)", 4,
         [&](std::uint32_t* out, std::uint64_t n) {
           cuda::launch_wichmann_hill(wh_set, wh::seed_state(0, 1), out, n, cuda::leapfrog_geometry(n, sms), nullptr);
         }},
        {"CEICG (leapfrog, 3 words/output)", 3,
         [&](std::uint32_t* out, std::uint64_t n) {
           cuda::launch_ceicg(ceicg::residues_at({0, 0, 0}, 0, 0), out, n, cuda::leapfrog_geometry(n, sms), nullptr);
         }},
        mrg32k3a_row("base-8 jump table, doubles for m2, chunks of 128 (default)", cuda::JumpBase::base8,
                     Arithmetic::mixed, MrgLayout::chunks),
        mrg32k3a_row("base-2 jump table, doubles for m2, chunks of 128", cuda::JumpBase::base2, Arithmetic::mixed,
                     MrgLayout::chunks),
        mrg32k3a_row("base-8, doubles for m2, chunks of 512", cuda::JumpBase::base8, Arithmetic::mixed,
                     MrgLayout::chunks, 16),
        mrg32k3a_row("base-8, doubles for m2, one run per lane", cuda::JumpBase::base8, Arithmetic::mixed,
                     MrgLayout::one_run),
        mrg32k3a_row("base-8, integers only, chunks of 128", cuda::JumpBase::base8, Arithmetic::integer,
                     MrgLayout::chunks),
        mrg32k3a_row("base-8, integers only, one run per lane", cuda::JumpBase::base8, Arithmetic::integer,
                     MrgLayout::one_run),
        mrg32k3a_row("base-8 jump table, 1 lane per 32 outputs (jump-bound)", cuda::JumpBase::base8, Arithmetic::mixed,
                     MrgLayout::jump_bound),
        mrg32k3a_row("base-2 jump table, 1 lane per 32 outputs (jump-bound)", cuda::JumpBase::base2, Arithmetic::mixed,
                     MrgLayout::jump_bound),
        mrg_chunk_pattern(32ull * cuda::kChunkRounds),
        {"write-only in MRG32k3a's one-run pattern (a run per lane, 32 runs per warp)", 1,
         [&](std::uint32_t* out, std::uint64_t n) {
           const std::uint64_t lanes = cuda::kRunLanesPerSm * static_cast<std::uint64_t>(sms);
           cuda::launch_write_only_runs(out, n, ((n + lanes - 1) / lanes + 31) / 32 * 32, 32, nullptr);
         }},
        {"write-only in MT19937's pattern (a run per warp, " + std::to_string(mt_warps.plan.segments) + " runs)", 1,
         [&](std::uint32_t* out, std::uint64_t n) {
           cuda::launch_write_only_runs(out, n, mt_warps.plan.per_segment, 1, nullptr);
         }},
        mt19937_row(mt_warps),
        mt19937_row(mt_blocks224),
        mt19937_row(mt_blocks256),
        {"MT19937, generate_mt19937_on_device (host jumps and upload included)", 1,
         [&](std::uint32_t* out, std::uint64_t n) { cuda::generate_mt19937_on_device(5489u, 0, n, out); }},
        {"cuRAND MT19937, curandGenerate, DEFAULT ordering (another sequence)", 1,
         [&](std::uint32_t* out, std::uint64_t n) { check_curand(curandGenerate(curand_mt.get(), out, n), "curandGenerate"); }},
        {"cuRAND MRG32K3A, curandGenerate, LEGACY ordering", 1,
         [&](std::uint32_t* out, std::uint64_t n) { check_curand(curandGenerate(curand_mrg.get(), out, n), "curandGenerate"); }},
        {"cuRAND MRG32K3A, curandGenerate, DEFAULT ordering", 1,
         [&](std::uint32_t* out, std::uint64_t n) {
           check_curand(curandGenerate(curand_mrg_default.get(), out, n), "curandGenerate");
         }},
        {"MTGP32, cuRAND's host-API order, " + std::to_string(mtgp_segmented.layout().segments) +
             " segments x 192 generators (host jumps precomputed)",
         1, [&](std::uint32_t* out, std::uint64_t) { mtgp_segmented.launch(out, nullptr); }},
        {"MTGP32, cuRAND's host-API order, " + std::to_string(mtgp_half.layout().segments) + " segments (half the default)", 1,
         [&](std::uint32_t* out, std::uint64_t) { mtgp_half.launch(out, nullptr); }},
        {"MTGP32, cuRAND's host-API order, " + std::to_string(mtgp_double.layout().segments) + " segments (twice the default)", 1,
         [&](std::uint32_t* out, std::uint64_t) { mtgp_double.launch(out, nullptr); }},
        {"MTGP32, cuRAND's host-API order, 1 segment x 192 generators (no jumps)", 1,
         [&](std::uint32_t* out, std::uint64_t) { mtgp_one_segment.launch(out, nullptr); }},
        {"MTGP32, launch_mtgp32 (host jumps, seeding and upload included)", 1,
         [&](std::uint32_t* out, std::uint64_t n) { cuda::launch_mtgp32(1234, 0, out, n, nullptr); }},
        {"cuRAND MTGP32, curandGenerate, DEFAULT ordering", 1,
         [&](std::uint32_t* out, std::uint64_t n) { check_curand(curandGenerate(curand_mtgp.get(), out, n), "curandGenerate"); }},
        {"cuRAND PHILOX4_32_10, curandGenerate (its fastest; no PM/WH/CEICG in cuRAND)", 1,
         [&](std::uint32_t* out, std::uint64_t n) {
           check_curand(curandGenerate(curand_philox.get(), out, n), "curandGenerate");
         }},
        {"Sobol32, 1 dimension (block + stride)", 1, sobol_row(1)},
        {"Sobol32, 4 dimensions (block + stride, dimension-major)", 1, sobol_row(4)},
        {"cuRAND SOBOL32, curandGenerate, 1 dimension", 1, curand_sobol_row(curand_sobol1, 1)},
        {"cuRAND SOBOL32, curandGenerate, 4 dimensions", 1, curand_sobol_row(curand_sobol4, 4)},
    };

    char date[64];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    std::printf("## CUDA path: %s\n\n", device.describe().c_str());
    std::printf("- date: %s; command: `%s`\n", date, command.c_str());
    std::printf("- CUDA runtime %d.%d, driver %d.%d; buffer %llu words (%.2f GiB); median of %d launches, CUDA events\n\n",
                device.runtime_version / 1000, device.runtime_version % 1000 / 10, device.driver_version / 1000,
                device.driver_version % 1000 / 10, static_cast<unsigned long long>(words),
                static_cast<double>(words) * 4 / (1 << 30), repeats);
    std::printf("| kernel | outputs | ms | G outputs/s | GB/s | vs write-only |\n| --- | ---: | ---: | ---: | ---: | ---: |\n");
    double write_only_bytes_per_ms = 0;
    for (const Row& row : rows) {
      if (!only.empty() && row.what.find(only) == std::string::npos) continue;
      const std::uint64_t outputs = words / row.words_per_output;
      const double ms = bench::median_cuda_ms([&] { row.launch(buffer.data(), outputs); }, repeats);
      const double bytes_per_ms = static_cast<double>(words) * 4 / ms;
      if (write_only_bytes_per_ms == 0) write_only_bytes_per_ms = bytes_per_ms;
      std::printf("| %s | %llu | %.3f | %.1f | %.0f | %.0f%% |\n", row.what.c_str(), static_cast<unsigned long long>(outputs),
                  ms, static_cast<double>(outputs) / ms * 1e-6, bytes_per_ms * 1e-6,
                  100 * bytes_per_ms / write_only_bytes_per_ms);
      std::fflush(stdout);
    }
    // MT19937's segment states made and moved on on the device (host output's chunks, a new
    // plan): the jump kernel on S states, a block a state and each state's terms shared among
    // blocks, and a plan of S segments made by doubling; the polynomials made beforehand.
    if (only.empty() || std::string("MT19937 jumps").find(only) != std::string::npos) {
      constexpr std::uint64_t kSegmentBlocks = (std::uint64_t{1} << 16) / mt19937::kN + 1;
      const std::vector<std::uint64_t> counts{1, 64, 256, 4096};
      cuda::DeviceBuffer<std::uint32_t> states(2 * counts.back() * mt19937::kN);
      cuda::check(cudaMemset(states.data(), 0x5A, states.size() * sizeof(std::uint32_t)), "cudaMemset");
      const mt19937::State start = mt19937::seed_state(5489);
      std::printf("\n## MT19937's jumps on the device\n\n");
      std::printf("Segments of %llu outputs; median of %d, CUDA events.\n\n",
                  static_cast<unsigned long long>(kSegmentBlocks * mt19937::kN), repeats);
      std::printf("| states | jump, a block a state (ms) | jump, terms shared among blocks (ms) | "
                  "plan of that many segments by doubling (ms) |\n| ---: | ---: | ---: | ---: |\n");
      for (const std::uint64_t count : counts) {
        cuda::Mt19937Plan plan;
        plan.segments = count;
        plan.per_segment = kSegmentBlocks * mt19937::kN;
        plan.first_index = start.index;
        for (std::uint64_t h = 1; h < count; h *= 2) mt19937::block_jump(kSegmentBlocks * h);
        const auto& g = *mt19937::block_jump(kSegmentBlocks * count);
        std::uint32_t* const from = states.data();
        std::uint32_t* const to = states.data() + counts.back() * mt19937::kN;
        const double one = bench::median_cuda_ms([&] { cuda::jump_mt19937_states(g, from, to, count, nullptr, 1); }, repeats);
        const double shared = bench::median_cuda_ms([&] { cuda::jump_mt19937_states(g, from, to, count, nullptr); }, repeats);
        const double doubling =
            bench::median_cuda_ms([&] { cuda::plan_mt19937_on_device(start, plan, from, nullptr); }, repeats);
        std::printf("| %llu | %.3f | %.3f | %.3f |\n", static_cast<unsigned long long>(count), one, shared, doubling);
      }
    }
  } catch (const Error& e) {
    std::fprintf(stderr, "bench_cuda: %s\n", e.what());
    return 1;
  }
}
