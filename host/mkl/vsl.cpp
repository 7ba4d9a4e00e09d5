// SPDX-License-Identifier: MIT
#include "mkl/vsl.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <utility>
#include <vector>

#include <fmt/core.h>
#include <fmt/format.h>

#include <glrand/error.hpp>
#include "generators/parallel_fill.hpp"

namespace glrand::mkl {
namespace {

// mkl_vsl_functions.h and mkl_service.h with the LP64 interface: MKL_INT and MKL_UINT are
// 32-bit, VSLStreamStatePtr is void*.
using VslNewStream = int (*)(void** stream, int brng, unsigned int seed);
using VslNewStreamEx = int (*)(void** stream, int brng, int n, const unsigned int params[]);
using VslSkipAheadStream = int (*)(void* stream, long long nskip);
using VslDeleteStream = int (*)(void** stream);
using ViRngUniformBits = int (*)(int method, void* stream, int n, unsigned int r[]);
using VsRngUniform = int (*)(int method, void* stream, int n, float r[], float a, float b);
using VdRngUniform = int (*)(int method, void* stream, int n, double r[], double a, double b);
using VsRngExponential = int (*)(int method, void* stream, int n, float r[], float a, float beta);
using VdRngExponential = int (*)(int method, void* stream, int n, double r[], double a, double beta);
using VsRngGaussian = int (*)(int method, void* stream, int n, float r[], float a, float sigma);
using VdRngGaussian = int (*)(int method, void* stream, int n, double r[], double a, double sigma);
using MklSetInterfaceLayer = int (*)(int code);
using MklGetVersionString = void (*)(char* buffer, int length);

constexpr int kStatusOk = 0;               // VSL_STATUS_OK
constexpr int kMethodUniformBitsStd = 0;   // VSL_RNG_METHOD_UNIFORMBITS_STD
constexpr int kMethodUniformStd = 0;       // VSL_RNG_METHOD_UNIFORM_STD
constexpr int kMethodExponentialIcdf = 0;  // VSL_RNG_METHOD_EXPONENTIAL_ICDF
constexpr int kMethodGaussianBoxMuller2 = 1;  // VSL_RNG_METHOD_GAUSSIAN_BOXMULLER2: two values a pair
constexpr int kMethodGaussianIcdf = 2;        // VSL_RNG_METHOD_GAUSSIAN_ICDF
constexpr int kInterfaceLp64 = 0;          // MKL_INTERFACE_LP64
// Outputs per call: n is an int (MKL_INT, LP64), and 4 words an output must fit in it too.
constexpr std::uint64_t kOutputsPerCall = std::uint64_t{1} << 28;

constexpr const char* kDefaultLibrary = "libmkl_rt.so";  // Debian's soname (package libmkl-rt)

struct Library {
  Availability availability;
  VslNewStream new_stream = nullptr;
  VslNewStreamEx new_stream_ex = nullptr;
  VslSkipAheadStream skip_ahead = nullptr;
  VslDeleteStream delete_stream = nullptr;
  ViRngUniformBits uniform_bits = nullptr;
  VsRngUniform s_uniform = nullptr;
  VdRngUniform d_uniform = nullptr;
  VsRngExponential s_exponential = nullptr;
  VdRngExponential d_exponential = nullptr;
  VsRngGaussian s_gaussian = nullptr;
  VdRngGaussian d_gaussian = nullptr;
};

template <typename Function>
Function resolve(void* library, const char* name) {
  return reinterpret_cast<Function>(::dlsym(library, name));
}

Library load() {
  Library l;
  Availability& a = l.availability;
  const char* given = std::getenv("GLRAND_MKL_LIBRARY");
  a.library = given && *given ? given : kDefaultLibrary;
  const std::string hint = given && *given ? " ($GLRAND_MKL_LIBRARY)"
                                           : " (Debian: the non-free package libmkl-rt, scripts/setup-debian.sh --with-mkl)";
  void* handle = ::dlopen(a.library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = ::dlerror();
    a.reason = fmt::format("Intel MKL not found: {}{}", why ? std::string(why) : "dlopen(" + a.library + ") failed", hint);
    return l;
  }
  l.new_stream = resolve<VslNewStream>(handle, "vslNewStream");
  l.new_stream_ex = resolve<VslNewStreamEx>(handle, "vslNewStreamEx");
  l.skip_ahead = resolve<VslSkipAheadStream>(handle, "vslSkipAheadStream");
  l.delete_stream = resolve<VslDeleteStream>(handle, "vslDeleteStream");
  l.uniform_bits = resolve<ViRngUniformBits>(handle, "viRngUniformBits");
  l.s_uniform = resolve<VsRngUniform>(handle, "vsRngUniform");
  l.d_uniform = resolve<VdRngUniform>(handle, "vdRngUniform");
  l.s_exponential = resolve<VsRngExponential>(handle, "vsRngExponential");
  l.d_exponential = resolve<VdRngExponential>(handle, "vdRngExponential");
  l.s_gaussian = resolve<VsRngGaussian>(handle, "vsRngGaussian");
  l.d_gaussian = resolve<VdRngGaussian>(handle, "vdRngGaussian");
  const auto set_interface = resolve<MklSetInterfaceLayer>(handle, "MKL_Set_Interface_Layer");
  const std::pair<const char*, bool> needed[] = {
      {"vslNewStream", l.new_stream != nullptr},          {"vslNewStreamEx", l.new_stream_ex != nullptr},
      {"vslSkipAheadStream", l.skip_ahead != nullptr},    {"vslDeleteStream", l.delete_stream != nullptr},
      {"viRngUniformBits", l.uniform_bits != nullptr},    {"vsRngUniform", l.s_uniform != nullptr},
      {"vdRngUniform", l.d_uniform != nullptr},           {"vsRngExponential", l.s_exponential != nullptr},
      {"vdRngExponential", l.d_exponential != nullptr},   {"vsRngGaussian", l.s_gaussian != nullptr},
      {"vdRngGaussian", l.d_gaussian != nullptr},         {"MKL_Set_Interface_Layer", set_interface != nullptr}};
  for (const auto& [name, found] : needed)
    if (!found) {
      a.reason = fmt::format("{} has no {}: not Intel MKL's single dynamic library{}", a.library, name, hint);
      return l;
    }
  // The prototypes above are LP64's; MKL_INTERFACE_LAYER=ILP64 in the environment would
  // otherwise make MKL read 64-bit integers.
  if (const int layer = set_interface(kInterfaceLp64); layer != kInterfaceLp64) {
    a.reason = fmt::format("{} refused MKL's LP64 interface (MKL_Set_Interface_Layer returned {})", a.library, layer);
    return l;
  }
  if (const auto get_version = resolve<MklGetVersionString>(handle, "MKL_Get_Version_String")) {
    char text[256] = {};
    get_version(text, sizeof text - 1);
    a.version = text;
    while (!a.version.empty() && (a.version.back() == ' ' || a.version.back() == '\n')) a.version.pop_back();
  }
  if (a.version.empty()) a.version = "Intel MKL (version unknown)";
  a.available = true;
  return l;  // the handle stays open for the life of the process
}

const Library& library() {
  static const Library l = load();
  return l;
}

const Library& loaded() {
  require_available();
  return library();
}

std::string status_text(int status) {
  switch (status) {
    case -1: return "VSL_ERROR_FEATURE_NOT_IMPLEMENTED";
    case -2: return "VSL_ERROR_UNKNOWN";
    case -3: return "VSL_ERROR_BADARGS";
    case -4: return "VSL_ERROR_MEM_FAILURE";
    case -5: return "VSL_ERROR_NULL_PTR";
    case -6: return "VSL_ERROR_CPU_NOT_SUPPORTED";
    case -1000: return "VSL_RNG_ERROR_INVALID_BRNG_INDEX";
    case -1003: return "VSL_RNG_ERROR_SKIPAHEAD_UNSUPPORTED";
    case -1006: return "VSL_RNG_ERROR_BAD_STREAM";
    case -1010: return "VSL_RNG_ERROR_BAD_NSEEDS";
    case -1012: return "VSL_RNG_ERROR_QRNG_PERIOD_ELAPSED";
    case -1014: return "VSL_RNG_ERROR_BRNG_NOT_SUPPORTED";
    default: return "status " + std::to_string(status);
  }
}

void check(int status, const char* call, int brng) {
  if (status != kStatusOk) throw Error(fmt::format("Intel MKL: {} ({}) failed: {}", call, brng_name(brng), status_text(status)));
}

bool is_wichmann_hill(int brng) { return brng >= kWichmannHill && brng < kWichmannHill + kWichmannHillSets; }

}  // namespace

int words_per_output(int brng) { return is_wichmann_hill(brng) ? 4 : 1; }

std::string brng_name(int brng) {
  if (is_wichmann_hill(brng)) return "VSL_BRNG_WH + " + std::to_string(brng - kWichmannHill);
  switch (brng) {
    case kMrg32k3a: return "VSL_BRNG_MRG32K3A";
    case kSobol: return "VSL_BRNG_SOBOL";
    case kMt19937: return "VSL_BRNG_MT19937";
    default: return "BRNG " + std::to_string(brng);
  }
}

const Availability& availability() { return library().availability; }

std::string short_version() {
  const std::string& v = availability().version;
  const auto at = v.find("Version ");
  if (at == std::string::npos) return v;
  const auto begin = at + 8;
  return "Intel MKL " + v.substr(begin, v.find(' ', begin) - begin);
}

std::string loaded_kernels() {
  // libmkl_core.so dispatches to one of these per processor (MKL 2020's Linux libraries).
  static const std::string kKernels[] = {"libmkl_def.so",  "libmkl_mc.so",   "libmkl_mc3.so",       "libmkl_avx.so",
                                         "libmkl_avx2.so", "libmkl_avx512.so", "libmkl_avx512_mic.so"};
  std::ifstream maps("/proc/self/maps");
  std::vector<std::string> found;
  for (std::string line; std::getline(maps, line);) {
    const std::string file = line.substr(line.rfind('/') + 1);
    if (std::find(std::begin(kKernels), std::end(kKernels), file) != std::end(kKernels) &&
        std::find(found.begin(), found.end(), file) == found.end())
      found.push_back(file);
  }
  return fmt::format("{}", fmt::join(found, ", "));
}

void require_available() {
  if (!availability().available) throw Error(availability().reason);
}

Stream::Stream(int brng, std::uint32_t seed) : brng_(brng) {
  check(loaded().new_stream(&state_, brng, seed), "vslNewStream", brng);
}

Stream::Stream(int brng, std::span<const std::uint32_t> params) : brng_(brng) {
  check(loaded().new_stream_ex(&state_, brng, static_cast<int>(params.size()), params.data()), "vslNewStreamEx", brng);
}

Stream::Stream(Stream&& other) noexcept
    : state_(std::exchange(other.state_, nullptr)), brng_(other.brng_) {}

Stream& Stream::operator=(Stream&& other) noexcept {
  if (this != &other) {
    if (state_) library().delete_stream(&state_);
    state_ = std::exchange(other.state_, nullptr);
    brng_ = other.brng_;
  }
  return *this;
}

Stream::~Stream() {
  if (state_) library().delete_stream(&state_);
}

void Stream::skip_ahead(std::uint64_t outputs) {
  if (outputs > static_cast<std::uint64_t>(INT64_MAX))
    throw InvalidArgument(fmt::format("Intel MKL: vslSkipAheadStream takes at most 2^63 - 1 outputs, not {}", outputs));
  check(library().skip_ahead(state_, static_cast<long long>(outputs)), "vslSkipAheadStream", brng_);
}

namespace {

// MKL's calls take an int count: `call(done, n)` for consecutive pieces of `count` outputs, each
// at most kOutputsPerCall.
template <class Call>
void in_calls(std::uint64_t count, Call call) {
  for (std::uint64_t done = 0; done < count;) {
    const std::uint64_t n = std::min(count - done, kOutputsPerCall);
    call(done, static_cast<int>(n));
    done += n;
  }
}

}  // namespace

void Stream::uniform_bits(std::span<std::uint32_t> words) {
  const auto per = static_cast<std::size_t>(words_per_output(brng_));
  if (words.size() % per != 0)
    throw InvalidArgument(fmt::format("Intel MKL: {} gives {} words an output; {} words is not a whole number of outputs",
                                      brng_name(brng_), per, words.size()));
  in_calls(words.size() / per, [&](std::uint64_t done, int n) {
    check(library().uniform_bits(kMethodUniformBitsStd, state_, n, words.data() + done * per), "viRngUniformBits", brng_);
  });
}

void Stream::uniform(std::span<double> out) {
  in_calls(out.size(), [&](std::uint64_t done, int n) {
    check(library().d_uniform(kMethodUniformStd, state_, n, out.data() + done, 0.0, 1.0), "vdRngUniform", brng_);
  });
}

void Stream::uniform(std::span<float> out) {
  in_calls(out.size(), [&](std::uint64_t done, int n) {
    check(library().s_uniform(kMethodUniformStd, state_, n, out.data() + done, 0.0f, 1.0f), "vsRngUniform", brng_);
  });
}

void Stream::exponential(std::span<double> out, double lambda) {
  in_calls(out.size(), [&](std::uint64_t done, int n) {
    check(library().d_exponential(kMethodExponentialIcdf, state_, n, out.data() + done, 0.0, 1.0 / lambda),
          "vdRngExponential", brng_);
  });
}

void Stream::exponential(std::span<float> out, double lambda) {
  in_calls(out.size(), [&](std::uint64_t done, int n) {
    check(library().s_exponential(kMethodExponentialIcdf, state_, n, out.data() + done, 0.0f,
                                  static_cast<float>(1.0 / lambda)),
          "vsRngExponential", brng_);
  });
}

namespace {

int gaussian_method(NormalMethod method) {
  return method == NormalMethod::box_muller ? kMethodGaussianBoxMuller2 : kMethodGaussianIcdf;
}

}  // namespace

void Stream::gaussian(std::span<double> out, NormalMethod method, double mean, double stddev) {
  in_calls(out.size(), [&](std::uint64_t done, int n) {
    check(library().d_gaussian(gaussian_method(method), state_, n, out.data() + done, mean, stddev), "vdRngGaussian",
          brng_);
  });
}

void Stream::gaussian(std::span<float> out, NormalMethod method, double mean, double stddev) {
  in_calls(out.size(), [&](std::uint64_t done, int n) {
    check(library().s_gaussian(gaussian_method(method), state_, n, out.data() + done, static_cast<float>(mean),
                               static_cast<float>(stddev)),
          "vsRngGaussian", brng_);
  });
}

void uniform_bits_parallel(int brng, std::uint32_t seed, std::uint64_t first, std::span<std::uint32_t> words,
                           unsigned threads) {
  const auto per = static_cast<std::uint64_t>(words_per_output(brng));
  if (words.size() % per != 0)
    throw InvalidArgument(fmt::format("Intel MKL: {} gives {} words an output; {} words is not a whole number of outputs",
                                      brng_name(brng), per, words.size()));
  in_parallel_streams(brng, seed, first, words.size() / per, threads,
                      [&](Stream& stream, std::uint64_t begin, std::uint64_t end) {
                        stream.uniform_bits(words.subspan(begin * per, (end - begin) * per));
                      });
}

void in_parallel_streams(int brng, std::uint32_t seed, std::uint64_t first, std::uint64_t count, unsigned threads,
                         const std::function<void(Stream& stream, std::uint64_t begin, std::uint64_t end)>& work) {
  require_available();
  parallel_fill(count, threads, [&](std::uint64_t begin, std::uint64_t end) {
    Stream stream(brng, seed);
    if (first + begin > 0) stream.skip_ahead(first + begin);
    work(stream, begin, end);
  });
}

}  // namespace glrand::mkl
