// SPDX-License-Identifier: MIT
// The start-up self-test on this device (llvmpipe on CI): every generator passes, results
// are kept per device and driver, and a device that returns one wrong integer is refused
// with a message naming the generator, the input and the wrong value. The fault is made by
// corrupting what the engine read back, never by a test branch in a shader.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "support/gl_test_context.hpp"
#include "selftest/known_answers.hpp"
#include "selftest/ps30_self_tests.hpp"
#include "selftest/self_test.hpp"

using namespace glrand;
using namespace glrand::selftest;

namespace {

// The run of `run_ps30` with word `word` of the first case's result off by one.
template <class Traits>
std::vector<std::uint32_t> corrupted(const StatefulCase<Traits>& c, std::size_t word) {
  auto words = run_ps30(c);
  words.at(word) += 1;
  return words;
}

// Checks the refusal of a stateful generator whose device got output `j` of substream `s`
// of the first case wrong.
template <class Traits>
void check_refusal(const std::string& generator, const std::vector<StatefulCase<Traits>>& cases, std::uint64_t s,
                   std::uint64_t j) {
  const auto& c = cases.front();
  const std::uint64_t P = c.layout.substreams;
  const std::size_t word = (j * P + s) * Traits::kWordsPerOutput;
  const auto expected = expected_words(c, j + 1);
  auto wrong = std::vector<std::uint32_t>(expected.begin() + static_cast<std::ptrdiff_t>(word),
                                          expected.begin() + static_cast<std::ptrdiff_t>(word + Traits::kWordsPerOutput));
  const std::string right = Traits::kWordsPerOutput == 1 ? std::to_string(wrong[0]) : "";
  wrong[0] += 1;
  std::string message;
  try {
    check_stateful<Traits>(generator, kPs30, cases, [&](const StatefulCase<Traits>& run) {
      return &run == &c ? corrupted(run, word) : run_ps30(run);
    });
  } catch (const DeviceError& e) {
    message = e.what();
  }
  INFO(message);
  CHECK(message.find(Traits::kName) != std::string::npos);
  CHECK(message.find(c.name) != std::string::npos);
  CHECK(message.find("substream " + std::to_string(s) + " (step " + std::to_string(j) + " from " + c.inputs[s].text) !=
        std::string::npos);
  if (Traits::kWordsPerOutput == 1)
    CHECK(message.find("came back as " + std::to_string(wrong[0]) + ", expected " + right) != std::string::npos);
  else
    CHECK(message.find("came back as (" + std::to_string(wrong[0]) + ", ") != std::string::npos);
}

}  // namespace

TEST_CASE("the self-test passes on this device for every generator in every profile", "[selftest][gl]") {
  test_context();
  const auto ids = registered_self_tests();
  for (const char* profile : {kPs30, "scatter", "compute"})
    for (const char* generator : {"ceicg", "pm", "wh", "mrg32k3a"}) {
      const SelfTestId id{generator, profile};
      CHECK(std::find(ids.begin(), ids.end(), id) != ids.end());
      const auto outcome = run_self_test(id);
      INFO(generator << " " << profile << ": " << outcome.failure);
      CHECK(outcome.passed);
      CHECK(outcome.failure.empty());
      CHECK(outcome.device.find("OpenGL") != std::string::npos);
      WARN(generator << " " << profile << " self-test: " << outcome.milliseconds << " ms" << (outcome.kept ? " (kept)" : ""));
      CHECK_NOTHROW(require_self_test(id));
    }
}

TEST_CASE("a self-test runs once per process on a device and driver, later calls reuse its result", "[selftest][gl]") {
  test_context();
  int runs = 0;
  const SelfTestId id{"pm", "test-once"};
  register_self_test(id, [&] { ++runs; });
  const auto first = run_self_test(id);
  const auto second = run_self_test(id);
  require_self_test(id);
  CHECK(runs == 1);
  CHECK(first.passed);
  CHECK_FALSE(first.kept);
  CHECK(second.kept);
  CHECK(second.milliseconds == first.milliseconds);
  // The real one as well: its second outcome is the first's.
  const auto pm1 = run_self_test({"pm", kPs30});
  const auto pm2 = run_self_test({"pm", kPs30});
  CHECK(pm2.kept);
  CHECK(pm2.milliseconds == pm1.milliseconds);
  // Registering again replaces the test and forgets its results.
  register_self_test(id, [&] { runs += 10; });
  run_self_test(id);
  CHECK(runs == 11);
}

TEST_CASE("a failed self-test is kept too: the device stays refused without running it again", "[selftest][gl]") {
  test_context();
  int runs = 0;
  const SelfTestId id{"wh", "test-failing"};
  register_self_test(id, [&] {
    ++runs;
    throw DeviceError("Wichmann-Hill (test): substream 1 came back as 5, expected 4");
  });
  for (int i = 0; i < 2; ++i) {
    CHECK_THROWS_AS(require_self_test(id), DeviceError);
    CHECK_THROWS_WITH(require_self_test(id), Catch::Contains("refusing") && Catch::Contains("self-test of wh (test-failing)") &&
                                                 Catch::Contains("came back as 5, expected 4"));
  }
  CHECK(runs == 1);
  const auto outcome = run_self_test(id);
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.kept);
  const auto ids = registered_self_tests();
  CHECK(std::find(ids.begin(), ids.end(), id) != ids.end());
  CHECK_THROWS_AS(run_self_test({"nope", kPs30}), InvalidArgument);
}

TEST_CASE("one wrong integer read back refuses the device, naming generator, input and value", "[selftest][gl]") {
  test_context();
  SECTION("Park-Miller") {
    check_refusal("pm", park_miller_cases(), 2, 0);
    check_refusal("pm", park_miller_cases(), 4, 3);  // in the second pass: the state the first left
  }
  SECTION("Wichmann-Hill") { check_refusal("wh", wichmann_hill_cases(), 3, 1); }
  SECTION("MRG32k3a") {
    check_refusal("mrg32k3a", mrg32k3a_cases(), 0, 0);
    check_refusal("mrg32k3a", mrg32k3a_cases(), 5, 2);  // past the first pass's two outputs
  }
  SECTION("CEICG") {
    const auto inputs = ceicg_inputs();
    std::string message;
    std::uint32_t right = 0;
    try {
      check_ceicg(kPs30, [&](std::span<const ceicg::Residues> starts) {
        auto words = run_ceicg_ps30(starts);
        // Input 3 (the long Euclid chain), output 5, component x2.
        const std::size_t word = 3 * (3 * kCeicgOutputsPerInput + 5) + 1;
        right = words.at(word)++;
        return words;
      });
    } catch (const DeviceError& e) {
      message = e.what();
    }
    INFO(message);
    const auto x = ceicg::output_at(ceicg::advanced_by(inputs[3].start, 5));
    CHECK(x[1] == right);
    CHECK(message.find("CEICG (ps30, integers): output 5 from " + inputs[3].text) != std::string::npos);
    CHECK(message.find("came back as (" + std::to_string(x[0]) + ", " + std::to_string(x[1] + 1) + ", " +
                       std::to_string(x[2]) + "), expected (" + std::to_string(x[0]) + ", " + std::to_string(x[1]) +
                       ", " + std::to_string(x[2]) + ")") != std::string::npos);
  }
  SECTION("CEICG floats") {
    std::string message;
    try {
      check_ceicg_floats(kPs30, "float fill", [](std::span<const ceicg::Residues> starts) {
        auto floats = run_ceicg_fill_ps30(starts, 1);
        floats.at(kCeicgOutputsPerInput + 2) += 0.25f;
        return floats;
      });
    } catch (const DeviceError& e) {
      message = e.what();
    }
    INFO(message);
    CHECK(message.find("CEICG (ps30, float fill): output 2 from " + ceicg_inputs()[1].text) != std::string::npos);
  }
}

TEST_CASE("every stateful case runs two passes of the generation's engine and shader variant", "[selftest][gl]") {
  // The self-test is only as good as its coverage: two passes, so the second reads the state
  // that the first left on the GPU or uploaded.
  test_context();
  for (const auto& c : park_miller_cases()) {
    fragment::ParkMillerFragment engine(c.layout);
    CHECK(run_ps30(c).size() == 2 * engine.outputs_per_pixel() * c.layout.substreams);
  }
  for (const auto& c : mrg32k3a_cases()) {
    fragment::Mrg32k3aFragment engine(c.layout);
    CHECK(run_ps30(c).size() == 2 * engine.outputs_per_pixel() * c.layout.substreams);
  }
}
