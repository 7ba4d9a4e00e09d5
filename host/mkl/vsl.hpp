// SPDX-License-Identifier: MIT
#pragma once
// Intel MKL's Vector Statistics random number generators (VSL), found at run time: glrand
// neither links against MKL nor needs its headers, and runs the same without it. Debian
// bookworm's non-free package libmkl-rt ships MKL's single dynamic library under its soname
// libmkl_rt.so (scripts/setup-debian.sh --with-mkl installs it). $GLRAND_MKL_LIBRARY names
// another file or soname to load instead (an Intel oneAPI libmkl_rt.so.2, untested; or a
// path that does not exist, to run as if MKL were absent).
//
// Only what glrand compares with is resolved, the prototypes declared in vsl.cpp as in
// mkl_vsl_functions.h with MKL's LP64 interface (MKL_INT = int), which glrand selects before
// the first call: vslNewStream, vslNewStreamEx, vslSkipAheadStream, vslDeleteStream,
// viRngUniformBits, vsRngUniform, vdRngUniform, vsRngExponential, vdRngExponential,
// vsRngGaussian, vdRngGaussian; MKL_Set_Interface_Layer, and
// MKL_Get_Version_String where present.
//
// MKL's generators beside glrand's references (MKL's Vector Statistics Notes; measured on
// MKL 2020.0.4 and compared word for word by tests/mkl/):
//   VSL_BRNG_MRG32K3A  vslNewStream(seed): s1 = (seed mod m1, 1, 1), s2 = (1, 1, 1) (oldest
//                      first); output n is mrg32k3a::combine after n + 1 steps. MKL's integer
//                      output is z mod m1, in 0..m1 − 1, where ours is 1..m1 (they differ only
//                      where z = m1, that is p1 = p2).
//   VSL_BRNG_WH + i    vslNewStream(seed): wh::seed_state(i, seed). The integer output is the
//                      state's four words (x, y, z, w), the first output the initial state.
//   VSL_BRNG_MT19937   vslNewStream(seed) is mt19937ar.c's init_by_array({seed}, 1), not
//                      init_genrand(seed): seed 5489 gives 3382763572 first, not std::mt19937's
//                      3499211612. The integer output is the tempered word.
//   VSL_BRNG_SOBOL     vslNewStream(d): d dimensions (Bratley–Fox); dimension 1 is van der
//                      Corput, glrand's sobol32 dimension 0. MKL leaves out the zero point:
//                      its output n is point n + 1.
//
// Threads: MKL 2020's VSL generators run on the calling thread (its threading layer is not
// used by them; measured), so uniform_bits_parallel splits the outputs over threads itself,
// each with its own stream skipped ahead to its first output, as MKL's documentation
// recommends for parallel use (block-splitting by vslSkipAheadStream).
#include <cstdint>
#include <functional>
#include <glrand/distribution.hpp>
#include <span>
#include <string>

namespace glrand::mkl {

// Basic generators (mkl_vsl_defines.h: VSL_BRNG_SHIFT = 20, VSL_BRNG_x = index << 20).
inline constexpr int kMrg32k3a = 3 << 20;     // VSL_BRNG_MRG32K3A
inline constexpr int kWichmannHill = 5 << 20;  // VSL_BRNG_WH; + set, set = 0..272
inline constexpr int kSobol = 6 << 20;         // VSL_BRNG_SOBOL
inline constexpr int kMt19937 = 8 << 20;       // VSL_BRNG_MT19937
inline constexpr int kWichmannHillSets = 273;

// 32-bit words per output of viRngUniformBits: 4 for the WH family (the state), else 1.
int words_per_output(int brng);
// "VSL_BRNG_WH + 17", "VSL_BRNG_MT19937".
std::string brng_name(int brng);

// Whether MKL can be used in this process, and which. Loaded on the first call, once; never
// throws; the library stays loaded for the life of the process.
struct Availability {
  bool available = false;
  std::string library;  // the name loaded, "libmkl_rt.so"
  std::string version;  // MKL_Get_Version_String, e.g. "Intel(R) Math Kernel Library Version 2020.0.4 ..."
  std::string reason;   // why not, when unavailable (dlopen's words, or a missing entry point)
};
const Availability& availability();

// "Intel MKL 2020.0.4": the version number from availability().version.
std::string short_version();

// The processor-specific kernel libraries MKL has loaded so far, from /proc/self/maps, e.g.
// "libmkl_avx2.so" or "libmkl_def.so" (MKL's generic code path: MKL 2020 chose it on an AMD
// EPYC with AVX2); empty before the first generation.
std::string loaded_kernels();

// Throws Error with availability().reason when MKL cannot be used.
void require_available();

// One VSL stream (VSLStreamStatePtr), move-only. Every failing call throws Error naming the
// call, the generator and MKL's status (VSL_ERROR_*, VSL_RNG_ERROR_*).
class Stream {
 public:
  Stream(int brng, std::uint32_t seed);                     // vslNewStream
  Stream(int brng, std::span<const std::uint32_t> params);  // vslNewStreamEx
  Stream(Stream&& other) noexcept;
  Stream& operator=(Stream&& other) noexcept;
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream();  // vslDeleteStream

  int brng() const { return brng_; }
  // vslSkipAheadStream: the stream moves `outputs` outputs on (WH: states; Sobol: coordinates).
  void skip_ahead(std::uint64_t outputs);
  // viRngUniformBits (VSL_RNG_METHOD_UNIFORMBITS_STD): the next words.size() / words_per_output
  // outputs, their integer words; words.size() must be a multiple of words_per_output(brng()).
  void uniform_bits(std::span<std::uint32_t> words);
  // vdRngUniform / vsRngUniform on [0, 1) (VSL_RNG_METHOD_UNIFORM_STD).
  void uniform(std::span<double> out);
  void uniform(std::span<float> out);
  // vdRngExponential / vsRngExponential (VSL_RNG_METHOD_EXPONENTIAL_ICDF) of rate λ.
  void exponential(std::span<double> out, double lambda);
  void exponential(std::span<float> out, double lambda);
  // vdRngGaussian / vsRngGaussian: VSL_RNG_METHOD_GAUSSIAN_BOXMULLER2 (two values of each pair
  // of uniforms) or VSL_RNG_METHOD_GAUSSIAN_ICDF.
  void gaussian(std::span<double> out, NormalMethod method, double mean, double stddev);
  void gaussian(std::span<float> out, NormalMethod method, double mean, double stddev);

 private:
  void* state_ = nullptr;
  int brng_ = 0;
};

// Splits outputs first .. first + count − 1 of vslNewStream(brng, seed) over up to `threads`
// threads (0: all cores; each at least 64k outputs, as parallel_fill splits them): each thread
// creates its own stream, skips it ahead to its first output, and calls work(stream, begin,
// end) for its outputs first + begin .. first + end − 1.
void in_parallel_streams(int brng, std::uint32_t seed, std::uint64_t first, std::uint64_t count, unsigned threads,
                         const std::function<void(Stream& stream, std::uint64_t begin, std::uint64_t end)>& work);

// words.size() / words_per_output(brng) outputs of vslNewStream(brng, seed) from output `first`,
// their viRngUniformBits words, on up to `threads` threads (0: all cores; each at least 64k
// outputs, as parallel_fill splits them): each thread creates its own stream and skips it
// ahead to its first output.
void uniform_bits_parallel(int brng, std::uint32_t seed, std::uint64_t first, std::span<std::uint32_t> words,
                           unsigned threads = 0);

}  // namespace glrand::mkl
