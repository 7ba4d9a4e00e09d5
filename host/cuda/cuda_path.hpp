// SPDX-License-Identifier: MIT
#pragma once
// The CUDA path: the four generators in integer arithmetic, giving the canonical sequences of
// the CPU reference (generators/*.hpp) bit for bit, output n at index n. Plain C++: no CUDA
// header is needed to use it. Every call throws glrand::DeviceError with the failing CUDA
// call's name and error text, or saying why no GPU is usable.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <glrand/distribution.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cuda/jump_tables.hpp"
#include "cuda/layout.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mtgp32.hpp"
#include "generators/park_miller.hpp"
#include "generators/sobol32.hpp"
#include "generators/wichmann_hill.hpp"

struct CUstream_st;

namespace glrand::cuda {

using Stream = CUstream_st*;  // a cudaStream_t; nullptr is the default stream

struct DeviceInfo {
  int ordinal = 0;
  std::string name;
  int multiprocessors = 0;
  int driver_version = 0;  // e.g. 13000
  int runtime_version = 0;
  std::string describe() const;  // "NVIDIA H200 (CUDA device 0, 132 SMs, driver 13.0)"
};

// Makes device `ordinal` (default: 0, or set_default_ordinal's) current and returns what it is.
// Throws DeviceError ("no usable CUDA GPU: ...") when there is no driver, no device, or the
// ordinal is invalid.
DeviceInfo open_device(std::optional<int> ordinal = std::nullopt);
// The device open_device() opens without an ordinal, for this process (`glrand bench` under
// mpirun: each rank its own GPU).
void set_default_ordinal(int ordinal);

// The current device's SM count (opens device 0 if none is open).
int multiprocessors();

// --- kernel launches into device memory, with an explicit geometry (bench, tests) ----------
// Each writes `count` outputs into device memory `out` (count · words per output words),
// output n at out[n · words]: Park–Miller 1 word (z), Wichmann–Hill 4 (x, y, z, w; `out`
// 16-byte aligned), CEICG 3 (x1, x2, x3), MRG32k3a 1 (z).
void launch_park_miller(pm::State first, std::uint32_t* out, std::uint64_t count, Geometry geometry, Stream stream);
void launch_wichmann_hill(const wh::Parameters& parameters, const wh::State& first, std::uint32_t* out,
                          std::uint64_t count, Geometry geometry, Stream stream);
void launch_ceicg(const ceicg::Residues& first, std::uint32_t* out, std::uint64_t count, Geometry geometry,
                  Stream stream);
// `before_first`: the state before output 0's step (as mrg32k3a::generate_ints takes it).
// `arithmetic`: the second component lazily in doubles (the default: on an H200 the integer
// version fills the multiply-add pipe while the FP64 pipe idles, 687 against 873 G outputs/s),
// or both components folded in integers (cuda/arithmetic.hpp); the same outputs either way.
enum class Mrg32k3aArithmetic { mixed, integer };
void launch_mrg32k3a(const mrg32k3a::State& before_first, std::uint32_t* out, std::uint64_t count, RunGeometry geometry,
                     JumpBase base, Stream stream, Mrg32k3aArithmetic arithmetic = Mrg32k3aArithmetic::mixed);
// The default geometry: chunks of kChunkRounds rounds, as many lanes as the current device
// holds at once with that kernel (its registers decide: 2 blocks of 256 per SM on an H200).
RunGeometry mrg32k3a_geometry(std::uint64_t count, JumpBase base = JumpBase::base8,
                              Mrg32k3aArithmetic arithmetic = Mrg32k3aArithmetic::mixed);
// MTGP32 in cuRAND's host-API order (generators/mtgp32.hpp): outputs first .. first + count − 1
// of curandGenerate's stream for `seed` with `sequences` generators (cuRAND: 192), each
// generator's rounds cut into segments by host jumps, one block per generator and segment
// (cuda/mtgp32_kernel.hpp; the segment count fills the GPU). Blocking: returns when the
// outputs are written.
void launch_mtgp32(std::uint64_t seed, std::uint64_t first, std::uint32_t* out, std::uint64_t count, Stream stream,
                   unsigned sequences = mtgp32::kHostSequences);
// A kernel that only writes `words` words (out[i] = i): the ceiling the generators are
// measured against.
void launch_write_only(std::uint32_t* out, std::uint64_t words, Geometry geometry, Stream stream);
// The same words stored in the run layouts' pattern (bench_cuda: their own ceiling): runs of
// `run_words` words, each warp writing 128 bytes of each of its `runs_per_warp` runs per round.
void launch_write_only_runs(std::uint32_t* out, std::uint64_t words, std::uint64_t run_words, unsigned runs_per_warp,
                            Stream stream);

// Sobol32 (hybrid block + stride, Bradley et al. 2011): dimensions first_dimension ..
// first_dimension + dimensions − 1, points first .. first + points − 1 (first + points ≤ 2^32),
// dimension-major as cuRAND's host API: out[d·points + i] = x_{first+i} of dimension
// first_dimension + d. `geometry` is per dimension (grid y = dimensions); its thread count
// must be a power of two (thread t takes points t, t + T, ...: a stride of T = 2^k).
void launch_sobol32(int first_dimension, int dimensions, std::uint64_t first, std::uint64_t points, std::uint32_t* out,
                    Geometry geometry, Stream stream);

// A power-of-two thread count per dimension that fills `multiprocessors` SMs over all
// `dimensions`, and no more than the points need.
inline Geometry sobol32_geometry(std::uint64_t points, int dimensions, int multiprocessors) {
  const std::uint64_t per_dimension = kLeapfrogThreadsPerSm * static_cast<std::uint64_t>(std::max(multiprocessors, 1)) /
                                      static_cast<std::uint64_t>(std::max(dimensions, 1));
  std::uint64_t blocks = 1;
  while (blocks * kThreadsPerBlock < per_dimension && blocks * kThreadsPerBlock < points) blocks *= 2;
  return {static_cast<std::uint32_t>(blocks), kThreadsPerBlock};
}

// --- one generator from its start, any range of its outputs --------------------------------
struct Generator {
  std::string name;
  int words_per_output = 1;
  // Writes outputs first .. first + out.size() / words_per_output − 1 (counted from the
  // generator's start) into device memory `out`, with the default geometry.
  std::function<void(std::uint64_t first, std::span<std::uint32_t> out, Stream stream)> fill;
};

Generator park_miller(pm::State start);  // start: the state of output 0
Generator wichmann_hill(const wh::Parameters& parameters, const wh::State& start);
// Parameterisation: substream s is set first_set + s from starts[s]; output n is output
// n div P of substream n mod P (P = starts.size(), first_set + P ≤ 273), as the GL path's
// --split parameterisation and the CPU reference give it.
Generator wichmann_hill_sets(int first_set, const std::vector<wh::State>& starts);
Generator ceicg(const ceicg::Residues& start);
Generator mrg32k3a(const mrg32k3a::State& before_start, JumpBase base = JumpBase::base8);
// Sobol32 with `dimensions` dimensions of `points_per_dimension` points from point
// `first_point` on (cuRAND's curandSetGeneratorOffset for a quasirandom generator), as one run
// of dimensions · points_per_dimension outputs in cuRAND's order: output o is point
// first_point + o mod points_per_dimension of dimension o / points_per_dimension.
// first_point + points_per_dimension ≤ 2^32.
Generator sobol32(int dimensions, std::uint64_t points_per_dimension, std::uint64_t first_point = 0);

// MTGP32: cuRAND's host-API stream for `seed`, output 0 being its output `offset`
// (launch_mtgp32's host jumps reach any position; offset + outputs ≤ 2^63). A chunk-sized fill
// that starts where the last one ended continues from the generators' windows that the last
// one's kernel saved on the device; any other fill jumps from the seed on the host.
Generator mtgp32(std::uint64_t seed, std::uint64_t offset = 0);
// MT19937 seeded with `seed` (init_genrand), output 0 = output `offset` of that sequence; the
// cooperative kernels (cuda/mt19937_kernel.hpp). A fill that starts where the last one ended,
// as long as it, continues from the segments' states that the last one left on the device,
// jumped on there (cuda/mt19937_jump.hpp); any other fill starts from its first output's state
// (the host's jump from the seed, or segment 0's state read back where the fill continues the
// last with another length) and makes the other segments' states by doubling on the device.
// `outputs`: how many the generator will be asked for in all, if known (0: not known): the
// fill that reaches it leaves its states unjumped.
Generator mt19937(std::uint32_t seed, std::uint64_t offset, std::uint64_t outputs = 0);

// `generator` from its output `first` on: the same fills, counted from there, sharing what the
// generator keeps between fills (so that a run continuing the last one continues on the device).
Generator from_output(Generator generator, std::uint64_t first);

// Device buffer output: `out` (device memory) gets the first out.size() / words outputs.
void generate_device(const Generator& generator, std::span<std::uint32_t> out, Stream stream = nullptr);

// Host output's chunks when none is asked for (chunk_outputs 0): the most outputs of
// `bytes_per_output` bytes within kHostChunkBytes, a power of two. Pinning host memory costs more
// than copying it, while chunks of a few MiB already keep the link busy (docs/performance.md),
// so the buffers stay small.
inline constexpr std::size_t kHostChunkBytes = std::size_t{8} << 20;
std::uint64_t host_chunk_outputs(std::size_t bytes_per_output);

// Host output: `count` outputs handed to `consume` in order, in chunks of `chunk_outputs` (0:
// host_chunk_outputs's), each generated into device memory and copied to pinned host memory
// while the next chunk is generated. The device and pinned buffers are kept for the next call
// (pinning costs more than the copy): the first call on a device, or one with larger chunks,
// allocates them.
// With a `destination` (pinned host memory of count·words_per_output words, is_pinned), each
// chunk is copied straight into its place there and handed to `consume` from there.
void generate_host(const Generator& generator, std::uint64_t count,
                   const std::function<void(std::span<const std::uint32_t>)>& consume,
                   std::uint64_t chunk_outputs = 0, std::uint32_t* destination = nullptr);

// Whether [data, data + bytes) is page-locked host memory the device copies into directly
// (cudaMallocHost, cudaHostAlloc, cudaHostRegister): its first and last byte are.
bool is_pinned(const void* data, std::size_t bytes);

// --- values made on the device from the exact words ----------------------------------------
// Each generator's f32 and f64 formula (generators/*.hpp), the host formula's bits, computed
// where the words are, so that only the values cross to the host and no host core converts
// (cuda/conversion_kernels.cu).
enum class ValueFormat { f32, f64 };
struct DeviceConversion {
  std::size_t bytes_per_output = 4;
  // Writes `count` values into device memory `out` from `count` outputs' words.
  std::function<void(const std::uint32_t* words, std::uint64_t count, void* out, Stream stream)> launch;
};
// With a `distribution` (made on the GPU), each value is instead that distribution's of the
// output's f64 (Box–Muller: of its pair's two, `count` even, output 0 a pair's first),
// computed in double with CUDA's functions and rounded once (docs/distributions.md: a
// uniform range and (0, 1] the host's bits, the others within the documented bounds).
DeviceConversion ceicg_conversion(ValueFormat format, const Distribution* distribution = nullptr);
DeviceConversion wichmann_hill_conversion(const wh::Parameters& parameters, ValueFormat format,
                                          const Distribution* distribution = nullptr);
DeviceConversion park_miller_conversion(ValueFormat format, const Distribution* distribution = nullptr);
// `curand`: cuRAND's normalisation (--curand-seed), else RngStreams'.
DeviceConversion mrg32k3a_conversion(bool curand, ValueFormat format, const Distribution* distribution = nullptr);
// x·2^-32 + 2^-33: MT19937's and MTGP32's.
DeviceConversion midpoint_conversion(ValueFormat format, const Distribution* distribution = nullptr);
DeviceConversion sobol32_conversion(ValueFormat format, const Distribution* distribution = nullptr);
inline std::size_t bytes_per_value(ValueFormat format) { return format == ValueFormat::f32 ? 4 : 8; }

// A generator whose kernel makes the values where it makes the words (no words in device
// memory): the same values as its words through the matching DeviceConversion.
struct ValueGenerator {
  std::size_t bytes_per_output = 4;
  // Writes the values of outputs first .. first + count − 1 (counted from the generator's
  // start; Box–Muller: first and count even) into device memory `out`.
  std::function<void(std::uint64_t first, std::uint64_t count, void* out, Stream stream)> fill;
};
// `generator` from its output `first` on (as from_output for words).
ValueGenerator from_output(ValueGenerator generator, std::uint64_t first);
// MRG32k3a's values (mrg32k3a_conversion's), base-8 jumps.
ValueGenerator mrg32k3a_values(const mrg32k3a::State& before_start, bool curand, ValueFormat format,
                               const Distribution* distribution = nullptr);
// MT19937's values (midpoint_conversion's) of the sequence mt19937() makes, continuing on the
// device from fill to fill as it does; no Box–Muller pairs (logic_error: those are made from
// the words).
ValueGenerator mt19937_values(std::uint32_t seed, std::uint64_t offset, std::uint64_t outputs, ValueFormat format,
                              const Distribution* distribution = nullptr);
// Both from one set of states on the device: a fill of the words or of any values continues
// the last fill of either.
struct Mt19937Sequence {
  Generator words;
  std::function<ValueGenerator(ValueFormat, const Distribution*)> values;
};
Mt19937Sequence mt19937_sequence(std::uint32_t seed, std::uint64_t offset, std::uint64_t outputs = 0);
// Sobol32's values (sobol32_conversion's) of the run sobol32() makes.
ValueGenerator sobol32_values(int dimensions, std::uint64_t points_per_dimension, std::uint64_t first_point,
                              ValueFormat format, const Distribution* distribution = nullptr);

// As generate_host, handing over each chunk's values (conversion.bytes_per_output bytes an
// output) instead of its words: chunk i is generated, converted and copied on stream i mod 2
// while the host consumes chunk i − 1. A `destination` as generate_host's (count values).
void generate_host_values(const Generator& generator, const DeviceConversion& conversion, std::uint64_t count,
                          const std::function<void(std::span<const std::byte>)>& consume,
                          std::uint64_t chunk_outputs = 0, std::byte* destination = nullptr);
// The same with a generator that makes the values itself.
void generate_host_values(const ValueGenerator& generator, std::uint64_t count,
                          const std::function<void(std::span<const std::byte>)>& consume,
                          std::uint64_t chunk_outputs = 0, std::byte* destination = nullptr);

}  // namespace glrand::cuda
