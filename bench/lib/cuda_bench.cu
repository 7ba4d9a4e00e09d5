// SPDX-License-Identifier: MIT
#include "bench/lib/cuda_bench.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>

#include <glrand/generator.hpp>

#include "bench/lib/cuda_distribution_bench.hpp"
#include "bench/lib/cuda_resident.hpp"
#include "bench/lib/cuda_timing.hpp"
#include "bench/lib/curand_library.hpp"
#include <glrand/error.hpp>
#include <glrand/registry.hpp>
#include "cuda/buffers.hpp"
#include "cuda/cuda_path.hpp"
#include "cuda/mt19937_kernel.hpp"
#include "cuda/mtgp32_device.hpp"

namespace glrand::bench {

cuda::Generator cuda_generator(Algorithm algorithm, std::uint64_t outputs) {
  switch (algorithm) {
    case Algorithm::ceicg:
      return cuda::ceicg(ceicg::Residues{});
    case Algorithm::park_miller:
      return cuda::park_miller(1);
    case Algorithm::wichmann_hill:
      return cuda::wichmann_hill(wh::parameters(0), wh::seed_state(0, 1));
    case Algorithm::mrg32k3a:
      return cuda::mrg32k3a(mrg32k3a::default_seed());
    case Algorithm::mt19937:
      return cuda::mt19937(5489, 0, outputs);
    case Algorithm::sobol32:
      return cuda::sobol32(1, outputs, 0);
    case Algorithm::mtgp32:
      return cuda::mtgp32(1234, 0);
  }
  throw std::invalid_argument("no CUDA bench for this generator");
}

ResidentLaunch resident_launch(Algorithm algorithm, const cuda::Generator& g, std::uint64_t outputs,
                               int multiprocessors) {
  if (algorithm == Algorithm::mt19937) {
    cuda::Mt19937Launch launch;
    launch.segments = cuda::mt19937_wave_segments(launch);
    auto plan = std::make_shared<cuda::Mt19937Plan>(cuda::plan_mt19937(mt19937::seed_state(5489), outputs, launch));
    auto states = std::make_shared<cuda::DeviceBuffer<std::uint32_t>>(std::max<std::size_t>(plan->states.size(), 1));
    cuda::check(cudaMemcpy(states->data(), plan->states.data(), plan->states.size() * sizeof(std::uint32_t),
                           cudaMemcpyHostToDevice),
                "cudaMemcpy");
    return {[plan, states, launch, outputs](std::uint32_t* out) { cuda::launch_mt19937(states->data(), *plan, outputs, out, launch); },
            std::to_string(plan->segments) + " segments, host jumps precomputed"};
  }
  if (algorithm == Algorithm::mtgp32) {
    const auto layout = cuda::mtgp32_layout(0, outputs, mtgp32::kHostSequences,
                                            cuda::mtgp32_segments(0, outputs, mtgp32::kHostSequences, multiprocessors));
    auto plan = std::make_shared<cuda::Mtgp32DevicePlan>(cuda::plan_mtgp32(1234, layout));
    return {[plan](std::uint32_t* out) { plan->launch(out, nullptr); },
            std::to_string(layout.segments) + " segments per generator, host jumps precomputed"};
  }
  return {[&g, outputs](std::uint32_t* out) { g.fill(0, {out, outputs * static_cast<std::uint64_t>(g.words_per_output)}, nullptr); },
          "default geometry"};
}

namespace {

// Median wall-clock seconds of `work` over `repeats` calls, after one warm-up call.
double median_wall_seconds(const std::function<void()>& work, int repeats) {
  work();
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    const auto begin = std::chrono::steady_clock::now();
    work();
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
  }
  return median(std::move(times));
}

// cuRAND's generator of the same name, where it has one: its type, ordering and what its
// sequence is beside ours.
struct CurandKind {
  curandRngType_t type;
  curandOrdering_t ordering;
  const char* what;
};

std::vector<CurandKind> curand_kinds(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::mrg32k3a:
      return {{CURAND_RNG_PSEUDO_MRG32K3A, CURAND_ORDERING_PSEUDO_DEFAULT, "DEFAULT ordering (its fastest; another order)"},
              {CURAND_RNG_PSEUDO_MRG32K3A, CURAND_ORDERING_PSEUDO_LEGACY, "LEGACY ordering"}};
    case Algorithm::mt19937:
      return {{CURAND_RNG_PSEUDO_MT19937, CURAND_ORDERING_PSEUDO_DEFAULT, "its own seeding: another sequence"}};
    case Algorithm::mtgp32:
      return {{CURAND_RNG_PSEUDO_MTGP32, CURAND_ORDERING_PSEUDO_DEFAULT, "the sequence glrand's mtgp32 gives"}};
    case Algorithm::sobol32:
      return {{CURAND_RNG_QUASI_SOBOL32, CURAND_ORDERING_PSEUDO_DEFAULT, "1 dimension, the same points"}};
    case Algorithm::ceicg:
    case Algorithm::park_miller:
    case Algorithm::wichmann_hill:
      break;  // not among cuRAND's generators
  }
  return {};
}

// cuRAND's rows for `generator`, each beside the resident row's write-only ceiling (the same
// words, measured in the same run); none where cuRAND lacks the generator or is not found.
std::vector<Row> curand_rows(const std::string& generator, const Row& resident, std::uint32_t* buffer, std::uint64_t outputs,
                             int repeats) {
  const auto kinds = curand_kinds(find_generator(generator).algorithm);
  if (kinds.empty()) return {};
  std::string why;
  const CurandLibrary* curand = curand_library(why);
  if (!curand) {
    static std::once_flag told;
    std::call_once(told, [&] { std::fprintf(stderr, "glrand bench: no cuRAND rows: %s\n", why.c_str()); });
    return {};
  }
  std::vector<Row> rows;
  for (const CurandKind& kind : kinds) {
    curandGenerator_t g = nullptr;
    check_curand(curand->create(&g, kind.type), "curandCreateGenerator");
    const std::unique_ptr<curandGenerator_st, decltype(curand->destroy)> owned(g, curand->destroy);
    if (kind.type == CURAND_RNG_QUASI_SOBOL32) {
      check_curand(curand->set_dimensions(g, 1), "curandSetQuasiRandomGeneratorDimensions");
    } else {
      check_curand(curand->set_seed(g, 1234), "curandSetPseudoRandomGeneratorSeed");
      check_curand(curand->set_ordering(g, kind.ordering), "curandSetGeneratorOrdering");
    }
    Row row = resident;
    row.profile = kind.ordering == CURAND_ORDERING_PSEUDO_LEGACY ? "curand-legacy" : "curand";
    row.shape = std::string("cuRAND curandGenerate, ") + kind.what + ", device buffer (" + curand->path + ")";
    row.seconds = 1e-3 * median_cuda_ms(
                             [&] {
                               // Sobol32 restarts at point 0 (a dimension has 2^32 points);
                               // the pseudo-random ones run on (MTGP32 has no offset).
                               if (kind.type == CURAND_RNG_QUASI_SOBOL32)
                                 check_curand(curand->set_offset(g, 0), "curandSetGeneratorOffset");
                               check_curand(curand->generate(g, buffer, outputs), "curandGenerate");
                             },
                             repeats);
    rows.push_back(row);
    // What a cuRAND user who wants floats on the host does: curandGenerateUniform into the
    // device buffer, then one copy into pinned host memory; beside the copy alone.
    if (kind.ordering == CURAND_ORDERING_PSEUDO_LEGACY) continue;
    cuda::PinnedBuffer<float> host(outputs);
    const auto copy = [&] {
      cuda::check(cudaMemcpy(host.data(), buffer, outputs * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
    };
    Row to_host = row;
    to_host.profile = "curand-host-f32";
    to_host.shape = std::string("cuRAND curandGenerateUniform, ") + kind.what + ", then cudaMemcpy to pinned memory";
    to_host.seconds = median_wall_seconds(
        [&] {
          if (kind.type == CURAND_RNG_QUASI_SOBOL32) check_curand(curand->set_offset(g, 0), "curandSetGeneratorOffset");
          check_curand(curand->generate_uniform(g, reinterpret_cast<float*>(buffer), outputs), "curandGenerateUniform");
          copy();
        },
        repeats);
    to_host.ceiling = "memcpy";
    to_host.ceiling_unit = "bytes";
    to_host.ceiling_units = 4.0 * static_cast<double>(outputs);
    to_host.ceiling_seconds = median_wall_seconds(copy, repeats);
    to_host.clock = "wall clock";
    rows.push_back(to_host);
  }
  return rows;
}

// Host memory of `count` T, pinned (cudaMallocHost) or pageable (a std::vector).
template <class T>
class HostMemory {
 public:
  HostMemory(std::size_t count, bool pinned) : pageable_(pinned ? 0 : count) {
    if (pinned) pinned_.emplace(count);
  }
  T* data() { return pinned_ ? pinned_->data() : pageable_.data(); }

 private:
  std::vector<T> pageable_;
  std::optional<cuda::PinnedBuffer<T>> pinned_;
};

// The library row of `generator` as T (uint32_t: the exact words; float, double): the public
// API's Generator::generate into a caller's std::vector (`pinned`: a cudaMallocHost buffer),
// each call continuing the sequence, beside one cudaMemcpy of the same bytes from a device
// buffer into host memory of the same kind and size.
template <class T>
Row library_row(const std::string& generator, const Row& resident, std::uint64_t outputs, int repeats,
                const char* format, bool pinned = false) {
  Settings settings;
  settings.algorithm = find_generator(generator).algorithm;
  settings.backend = Backend::cuda;
  Generator api(settings);
  const std::uint64_t values = std::is_same_v<T, std::uint32_t> ? outputs * api.words_per_output() : outputs;
  HostMemory<T> memory(values, pinned);
  const std::span<T> out(memory.data(), values);
  Row row = resident;
  row.profile = std::string("library-") + format + (pinned ? "-pinned" : "");
  const std::string type = std::is_same_v<T, std::uint32_t> ? "uint32_t" : std::is_same_v<T, float> ? "float" : "double";
  row.shape = pinned ? "glrand::Generator::generate into a caller's pinned " + type + " buffer (cudaMallocHost), sequence continued call to call"
                     : "glrand::Generator::generate into a std::vector<" + type + "> (pageable), sequence continued call to call";
  // Sobol32's dimension ends at 2^32 points: each call starts it again.
  const bool restart = settings.algorithm == Algorithm::sobol32;
  row.seconds = median_wall_seconds(
      [&] {
        if (restart) api.set_state(GeneratorState{settings, 0});
        api.generate(out);
      },
      repeats);
  const std::uint64_t bytes = values * sizeof(T);
  cuda::DeviceBuffer<std::uint8_t> device(bytes);
  cuda::check(cudaMemset(device.data(), 0, bytes), "cudaMemset");
  HostMemory<std::uint8_t> host(bytes, pinned);
  row.ceiling = pinned ? "memcpy" : "memcpy-pageable";
  row.ceiling_unit = "bytes";
  row.ceiling_units = static_cast<double>(bytes);
  row.ceiling_seconds = median_wall_seconds(
      [&] { cuda::check(cudaMemcpy(host.data(), device.data(), bytes, cudaMemcpyDeviceToHost), "cudaMemcpy"); },
      repeats);
  row.clock = "wall clock";
  return row;
}

}  // namespace

const std::vector<std::string>& cuda_generators() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const auto& row : generators()) all.emplace_back(row.name);  // every generator has a CUDA path
    return all;
  }();
  return names;
}

std::string open_cuda_device(std::optional<int> ordinal) { return cuda::open_device(ordinal).describe(); }

void use_cuda_device(int ordinal) { cuda::set_default_ordinal(ordinal); }

std::vector<Row> cuda_rows(const std::string& generator, std::uint64_t outputs, int repeats) {
  const cuda::DeviceInfo info = cuda::open_device(std::nullopt);
  const cuda::Generator g = cuda_generator(find_generator(generator).algorithm, outputs);
  const std::uint64_t words = outputs * static_cast<std::uint64_t>(g.words_per_output);
  cuda::DeviceBuffer<std::uint32_t> buffer(words);

  Row resident;
  resident.path = "cuda";
  resident.profile = "resident";
  resident.generator = generator;
  const ResidentLaunch launch = resident_launch(find_generator(generator).algorithm, g, outputs, info.multiprocessors);
  resident.shape = std::to_string(g.words_per_output) + " words/output, device buffer, " + launch.note;
  resident.outputs = static_cast<double>(outputs);
  resident.seconds = 1e-3 * median_cuda_ms([&] { launch.launch(buffer.data()); }, repeats);
  resident.ceiling = "write";
  resident.ceiling_unit = "words";
  resident.ceiling_units = static_cast<double>(words);
  resident.ceiling_seconds = 1e-3 * median_cuda_ms(
      [&] { cuda::launch_write_only(buffer.data(), words, cuda::leapfrog_geometry(words, info.multiprocessors), nullptr); },
      repeats);
  resident.clock = "CUDA events";
  resident.device = info.describe();

  // Readback: generate_host on the wall clock (its chunks overlap copies with kernels on its
  // own streams), the ceiling one cudaMemcpy of the same bytes into pinned memory.
  Row readback = resident;
  readback.profile = "readback";
  // (host jumps included here, chunk by chunk, as `glrand generate` does them)
  readback.shape = std::to_string(g.words_per_output) + " words/output, generate_host: pinned, overlapped chunks of " +
                   std::to_string(cuda::host_chunk_outputs(4 * static_cast<std::size_t>(g.words_per_output))) +
                   " outputs, buffers kept from the warm-up call";
  std::uint64_t seen = 0;
  std::vector<double> times;
  for (int r = -1; r < repeats; ++r) {
    const auto begin = std::chrono::steady_clock::now();
    cuda::generate_host(g, outputs, [&](std::span<const std::uint32_t> chunk) { seen += chunk.size(); });
    if (r >= 0) times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
  }
  if (seen != words * static_cast<std::uint64_t>(repeats + 1))
    throw std::logic_error("cuda::generate_host handed back " + std::to_string(seen) + " words, not the count asked");
  readback.seconds = median(std::move(times));
  cuda::PinnedBuffer<std::uint32_t> host(words);
  readback.ceiling = "memcpy";
  readback.ceiling_unit = "bytes";
  readback.ceiling_units = 4.0 * static_cast<double>(words);
  readback.ceiling_seconds = 1e-3 * median_cuda_ms(
      [&] {
        cuda::check(cudaMemcpy(host.data(), buffer.data(), 4 * words, cudaMemcpyDeviceToHost), "cudaMemcpy");
      },
      repeats);
  readback.clock = "wall clock; ceiling CUDA events";
  std::vector<Row> rows{resident, readback};
  rows.push_back(library_row<std::uint32_t>(generator, resident, outputs, repeats, "ints"));
  rows.push_back(library_row<float>(generator, resident, outputs, repeats, "f32"));
  rows.push_back(library_row<double>(generator, resident, outputs, repeats, "f64"));
  rows.push_back(library_row<float>(generator, resident, outputs, repeats, "f32", /*pinned=*/true));
  for (Row& row : curand_rows(generator, resident, buffer.data(), outputs, repeats)) rows.push_back(std::move(row));
  for (Row& row : cuda_distribution_rows(generator, resident, launch, buffer.data(), outputs, repeats))
    rows.push_back(std::move(row));
  return rows;
}

}  // namespace glrand::bench
