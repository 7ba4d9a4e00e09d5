// SPDX-License-Identifier: MIT
// Floats made on the GPU (cuda/conversion_kernels.cu) against the host formulas, bit for bit:
// every generator's f32 and f64 from edge-case words (each component at its lowest, its middle
// and its top) and random ones, then 10^9 outputs of each sequence through the public API
// (Generator::generate into floats, made on the GPU, beside the exact words converted on the
// host); and every generator's ints, f32 and f64 into a caller's pinned buffer (the device's
// copies straight into it) against the CPU reference; and a midpoint's own float, made in float
// arithmetic, against CUDA's rounding of the double over every word. Skipped (exit 77) without
// a usable GPU: see gpu_main.cpp.
#include <catch2/catch.hpp>

#include <functional>
#include <glrand/generator.hpp>
#include <random>
#include <vector>

#include "cuda/buffers.hpp"
#include "cuda/cuda_path.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"
#include "generators/mtgp32.hpp"
#include "generators/park_miller.hpp"
#include "generators/sobol32.hpp"
#include "generators/wichmann_hill.hpp"
#include "midpoint_paths.hpp"
#include "support/ceicg_float_edges.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;

namespace {

// The device conversion of `words` (outputs of `width` words), read back.
template <class T>
std::vector<T> on_device(const cuda::DeviceConversion& conversion, const std::vector<std::uint32_t>& words, int width) {
  const std::size_t count = words.size() / static_cast<std::size_t>(width);
  cuda::DeviceBuffer<std::uint32_t> in(words.size());
  cuda::DeviceBuffer<T> out(count);
  cuda::check(cudaMemcpy(in.data(), words.data(), words.size() * 4, cudaMemcpyHostToDevice), "cudaMemcpy");
  conversion.launch(in.data(), count, out.data(), nullptr);
  cuda::check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  std::vector<T> values(count);
  cuda::check(cudaMemcpy(values.data(), out.data(), count * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return values;
}

// Every combination of five values of each component (lowest, lowest + 1, the middle,
// highest − 1, highest), then `random` outputs drawn uniformly from lowest .. highest.
std::vector<std::uint32_t> edge_words(const std::vector<std::uint32_t>& highest, std::uint32_t lowest, std::size_t random) {
  const std::size_t width = highest.size();
  std::vector<std::vector<std::uint32_t>> choices;
  for (const std::uint32_t h : highest) choices.push_back({lowest, lowest + 1, h / 2, h - 1, h});
  std::vector<std::uint32_t> words;
  std::size_t combinations = 1;
  for (std::size_t k = 0; k < width; ++k) combinations *= choices[k].size();
  for (std::size_t c = 0; c < combinations; ++c)
    for (std::size_t k = 0, rest = c; k < width; rest /= choices[k].size(), ++k)
      words.push_back(choices[k][rest % choices[k].size()]);
  std::mt19937_64 draw(20261126);
  for (std::size_t i = 0; i < random; ++i)
    for (const std::uint32_t h : highest) words.push_back(std::uniform_int_distribution<std::uint32_t>(lowest, h)(draw));
  return words;
}

template <class T>
void check_sequence(Algorithm algorithm, std::uint64_t total) {
  Settings settings;
  settings.algorithm = algorithm;
  settings.backend = Backend::cuda;
  if (info(algorithm).takes_seed) settings.seed64 = 1234567;
  Generator values(settings), exact(settings);
  REQUIRE(values.floats_on_device());
  constexpr std::size_t kBlock = std::size_t{1} << 24;
  std::vector<T> made(kBlock), expected(kBlock);
  std::vector<std::uint32_t> words(kBlock * static_cast<std::size_t>(exact.words_per_output()));
  for (std::uint64_t done = 0; done < total; done += kBlock) {
    values.generate(std::span<T>(made));
    const std::uint64_t first = exact.position();
    exact.generate(std::span<std::uint32_t>(words));
    if constexpr (sizeof(T) == 4)
      exact.to_f32(words, expected, first);
    else
      exact.to_f64(words, expected, first);
    INFO(values.info().name << " " << sizeof(T) * 8 << "-bit values from output " << first);
    require_same_words(made, expected);
  }
}

constexpr std::uint64_t kSequenceOutputs = 1'000'000'000;

}  // namespace

TEST_CASE("CEICG floats made on the GPU equal the host formula on edge and random words", "[gpu][ceicg][floats]") {
  std::vector<std::uint32_t> highest;
  for (const auto& c : ceicg::kComponents) highest.push_back(c.modulus - 1);
  auto words = edge_words(highest, 0, 1'000'000);
  // Outputs whose d lies next to a float's edge, where the floats' estimate cannot decide.
  const auto near_edges = test::ceicg_words_near_float_edges(400, 2028);
  std::size_t crossing = 0;  // where an estimate with no margin gives another float
  for (std::size_t i = 0; i < near_edges.size(); i += 3) crossing += test::estimates_cross_an_edge(&near_edges[i]);
  REQUIRE(crossing > 0);
  words.insert(words.end(), near_edges.begin(), near_edges.end());
  const std::size_t n = words.size() / 3;
  std::vector<float> f32(n);
  std::vector<double> f64(n);
  ceicg::to_f32(words, f32);
  ceicg::to_f64(words, f64);
  require_same_words(on_device<float>(cuda::ceicg_conversion(cuda::ValueFormat::f32), words, 3), f32);
  require_same_words(on_device<double>(cuda::ceicg_conversion(cuda::ValueFormat::f64), words, 3), f64);
}

TEST_CASE("Wichmann-Hill floats made on the GPU equal the host formula on edge and random words, several sets",
          "[gpu][wh][floats]") {
  for (const int set : {0, 1, 136, 272}) {
    INFO("set " << set);
    const wh::Parameters& p = wh::parameters(set);
    std::vector<std::uint32_t> highest;
    for (const std::uint32_t m : p.modulus) highest.push_back(m - 1);
    const auto words = edge_words(highest, 1, 250'000);
    const std::size_t n = words.size() / 4;
    std::vector<float> f32(n);
    std::vector<double> f64(n);
    wh::to_f32(p, words, f32);
    wh::to_f64(p, words, f64);
    require_same_words(on_device<float>(cuda::wichmann_hill_conversion(p, cuda::ValueFormat::f32), words, 4), f32);
    require_same_words(on_device<double>(cuda::wichmann_hill_conversion(p, cuda::ValueFormat::f64), words, 4), f64);
  }
}

// One-word generators: every word's edge values and random words through `conversion`,
// against the host's bulk formulas `f32` and `f64`.
template <class F32, class F64>
void check_one_word(const char* name, std::uint32_t lowest, std::uint32_t highest,
                    const std::function<cuda::DeviceConversion(cuda::ValueFormat)>& conversion, F32 f32, F64 f64) {
  INFO(name);
  const auto words = edge_words({highest}, lowest, 1'000'000);
  std::vector<float> want32(words.size());
  std::vector<double> want64(words.size());
  f32(words, want32);
  f64(words, want64);
  require_same_words(on_device<float>(conversion(cuda::ValueFormat::f32), words, 1), want32);
  require_same_words(on_device<double>(conversion(cuda::ValueFormat::f64), words, 1), want64);
}

TEST_CASE("one-word generators' floats made on the GPU equal the host formulas on edge and random words",
          "[gpu][floats]") {
  using Words = std::span<const std::uint32_t>;
  check_one_word("pm", 1, pm::kModulus - 1, [](cuda::ValueFormat f) { return cuda::park_miller_conversion(f); },
                 [](Words w, std::span<float> o) { pm::to_f32(w, o); }, [](Words w, std::span<double> o) { pm::to_f64(w, o); });
  check_one_word("mrg32k3a", 1, mrg32k3a::kM1, [](cuda::ValueFormat f) { return cuda::mrg32k3a_conversion(false, f); },
                 [](Words w, std::span<float> o) { mrg32k3a::to_f32(w, o); },
                 [](Words w, std::span<double> o) { mrg32k3a::to_f64(w, o); });
  check_one_word("mrg32k3a, cuRAND's", 1, mrg32k3a::kM1,
                 [](cuda::ValueFormat f) { return cuda::mrg32k3a_conversion(true, f); },
                 [](Words w, std::span<float> o) { mrg32k3a::curand_f32(w, o); },
                 [](Words w, std::span<double> o) { mrg32k3a::curand_f64(w, o); });
  check_one_word("mt19937", 0, 0xFFFFFFFFu, [](cuda::ValueFormat f) { return cuda::midpoint_conversion(f); },
                 [](Words w, std::span<float> o) { mt19937::to_f32(w, o); },
                 [](Words w, std::span<double> o) { mt19937::to_f64(w, o); });
  check_one_word("mtgp32", 0, 0xFFFFFFFFu, [](cuda::ValueFormat f) { return cuda::midpoint_conversion(f); },
                 [](Words w, std::span<float> o) { mtgp32::to_f32(w, o); },
                 [](Words w, std::span<double> o) { mtgp32::to_f64(w, o); });
  check_one_word("sobol32", 0, 0xFFFFFFFFu, [](cuda::ValueFormat f) { return cuda::sobol32_conversion(f); },
                 [](Words w, std::span<float> o) { sobol32::to_f32(w, o); },
                 [](Words w, std::span<double> o) { sobol32::to_f64(w, o); });
}

TEST_CASE("a midpoint's own float made in float arithmetic is the double midpoint rounded down, for every word",
          "[gpu][floats]") {
  const test::MidpointMismatches m = test::midpoint_f32_mismatches();
  INFO("first word that differs: " << m.first);
  REQUIRE(m.count == 0);
}

TEST_CASE("10^9 outputs of every generator: floats made on the GPU equal the host's from the exact words",
          "[gpu][floats][long]") {
  for (const GeneratorInfo& row : generators()) {
    // Sobol32's one dimension has 2^32 points: 10^9 of them, f32 then f64, fit.
    check_sequence<float>(row.algorithm, kSequenceOutputs);
    check_sequence<double>(row.algorithm, kSequenceOutputs);
  }
}

namespace {

// `count` outputs into a pinned buffer from `cuda` (filled by the device's copies), as a vector.
template <class T>
std::vector<T> into_pinned(Generator& cuda, std::size_t count) {
  cuda::PinnedBuffer<T> pinned(count);
  REQUIRE(cuda::is_pinned(pinned.data(), count * sizeof(T)));
  cuda.generate(std::span<T>(pinned.data(), count));
  return std::vector<T>(pinned.data(), pinned.data() + count);
}

}  // namespace

TEST_CASE("generate into a caller's pinned buffer equals the CPU reference, continuing call to call",
          "[gpu][pinned]") {
  // Past 2^24 outputs (many host-output chunks), then two short calls as long as each other (a
  // generator that keeps its state on the device continues from it across calls).
  constexpr std::size_t kFirst = (std::size_t{1} << 24) + 4099, kSecond = 5003, kAll = kFirst + 2 * kSecond;
  for (const GeneratorInfo& row : generators()) {
    Settings settings;
    settings.algorithm = row.algorithm;
    if (row.takes_seed) settings.seed64 = 987654321;
    settings.backend = Backend::cpu;
    Generator reference(settings);
    settings.backend = Backend::cuda;
    Generator words(settings), f32(settings), f64(settings);
    const std::size_t width = static_cast<std::size_t>(reference.words_per_output());
    std::vector<std::uint32_t> expected_words(kAll * width);
    reference.generate(std::span<std::uint32_t>(expected_words));
    std::vector<float> expected_f32(kAll);
    std::vector<double> expected_f64(kAll);
    reference.to_f32(expected_words, expected_f32, 0);
    reference.to_f64(expected_words, expected_f64, 0);
    INFO(row.name);
    std::size_t at = 0;
    for (const std::size_t n : {kFirst, kSecond, kSecond}) {
      INFO("outputs " << at << " on");
      require_same_words(into_pinned<std::uint32_t>(words, n * width),
                         std::vector<std::uint32_t>(expected_words.begin() + static_cast<std::ptrdiff_t>(at * width),
                                                    expected_words.begin() + static_cast<std::ptrdiff_t>((at + n) * width)));
      require_same_words(into_pinned<float>(f32, n),
                         std::vector<float>(expected_f32.begin() + static_cast<std::ptrdiff_t>(at),
                                            expected_f32.begin() + static_cast<std::ptrdiff_t>(at + n)));
      require_same_words(into_pinned<double>(f64, n),
                         std::vector<double>(expected_f64.begin() + static_cast<std::ptrdiff_t>(at),
                                             expected_f64.begin() + static_cast<std::ptrdiff_t>(at + n)));
      at += n;
    }
    CHECK(words.position() == kAll);
  }
}
