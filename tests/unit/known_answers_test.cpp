// SPDX-License-Identifier: MIT
// The self-test's known answers without a GPU: the inputs are what their descriptions say,
// the expected words are the CPU reference, and a wrong device word is refused with a
// message naming the generator, the input and the value.
#include <catch2/catch.hpp>

#include <set>
#include <utility>
#include <vector>

#include <glrand/error.hpp>
#include "selftest/known_answers.hpp"

using namespace glrand;
using namespace glrand::selftest;

namespace {

// The step multiplier(s) of a case: P positions with leapfrog, else 1.
std::uint64_t stride(const fragment::StreamLayout& layout) {
  return layout.split == fragment::Split::leapfrog ? layout.substreams : 1;
}

}  // namespace

TEST_CASE("known answers: Park-Miller inputs hit the fold and the extremes for both kinds of step", "[pm][selftest]") {
  const auto cases = park_miller_cases();
  std::set<std::pair<fragment::Split, fragment::StateUpdate>> layouts;
  for (const auto& c : cases) {
    INFO(c.name);
    layouts.insert({c.layout.split, c.layout.update});
    REQUIRE(c.inputs.size() == c.layout.substreams);
    const std::uint32_t step = pm::multiplier_power(stride(c.layout));
    CHECK(pm::mul_mod(c.inputs[2].start, step) == 1);
    CHECK(pm::mul_mod(c.inputs[3].start, step) == pm::kModulus - 1);
    CHECK(c.inputs[1].start == pm::kModulus - 1);
    for (const auto& input : c.inputs) CHECK((input.start >= 1 && input.start < pm::kModulus));
    // Output j of substream s is its state moved on by j steps of the case (a or a^P).
    const auto expected = expected_words(c, 5);
    for (std::uint64_t s = 0; s < c.layout.substreams; ++s)
      for (std::uint64_t j = 0; j < 5; ++j)
        CHECK(expected[j * c.layout.substreams + s] == pm::advanced_by(c.inputs[s].start, j * stride(c.layout)));
  }
  CHECK(layouts.size() == 2);
  CHECK(layouts.count({fragment::Split::leapfrog, fragment::StateUpdate::gpu}) == 1);
  CHECK(layouts.count({fragment::Split::blocking, fragment::StateUpdate::cpu}) == 1);
}

TEST_CASE("known answers: Wichmann-Hill cases cover every split and update, inputs relative to each step",
          "[wh][selftest]") {
  const auto cases = wichmann_hill_cases();
  CHECK(cases.size() == 6);
  for (const auto& c : cases) {
    INFO(c.name);
    REQUIRE(c.inputs.size() == c.layout.substreams);
    const bool parameterised = c.layout.split == fragment::Split::parameterisation;
    CHECK(parameterised == !c.traits.substream_sets.empty());
    for (std::uint64_t s = 0; s < c.layout.substreams; ++s) {
      const auto& p = parameterised ? c.traits.substream_sets[s] : c.traits.parameters;
      const auto step = wh::jump_multipliers(p, stride(c.layout));
      for (int k = 0; k < 4; ++k) {
        const std::uint64_t m = p.modulus[k], x = c.inputs[s].start[k], q = m / step[k];
        INFO("substream " << s << ", component " << k << ": " << c.inputs[s].text);
        CHECK(x < m);
        if (s == 3) CHECK(x == q);                               // Schrage's exact multiple
        if (s == 5) CHECK(x * step[k] % m == 1);                 // x·c = 1
        if (s == 6) CHECK(x * step[k] % m == m - 1);             // x·c = m - 1
        if (s == 7) CHECK(x % 4096 == 4095);                     // the low 12-bit half at its largest
      }
      if (c.layout.split == fragment::Split::leapfrog) {
        // mulMod24: the first shift's estimate falls short for some component (substream 0),
        // and reduceOnce's x0·c0 reaches m in set 105's y (substream 7).
        int short_estimates = 0;
        for (int k = 0; k < 4; ++k) {
          const std::uint64_t m = p.modulus[k], v = (c.inputs[0].start[k] >> 12) * (step[k] >> 12) % m;
          if (s == 0 && v != 0 && v * 4096 % m * 256 < v) ++short_estimates;
        }
        if (s == 0) CHECK(short_estimates > 0);
        if (s == 7) CHECK(std::uint64_t{4095} * (step[1] % 4096) >= p.modulus[1]);
      }
    }
    // Output j of substream s is its state after j·stride steps: MKL's first output is the state.
    const auto expected = expected_words(c, 3);
    const std::uint64_t P = c.layout.substreams;
    for (std::uint64_t s = 0; s < P; ++s) {
      const auto& p = parameterised ? c.traits.substream_sets[s] : c.traits.parameters;
      for (std::uint64_t j = 0; j < 3; ++j) {
        const auto state = wh::state_at(p, c.inputs[s].start, j * stride(c.layout));
        for (int k = 0; k < 4; ++k) CHECK(expected[(j * P + s) * 4 + k] == state[k]);
      }
    }
  }
}

TEST_CASE("known answers: MRG32k3a inputs give the combine edges and the chosen next words", "[mrg32k3a][selftest]") {
  for (const auto& c : mrg32k3a_cases()) {
    INFO(c.name);
    REQUIRE(c.inputs.size() == c.layout.substreams);
    const auto expected = expected_words(c, 2);
    const std::uint64_t P = c.layout.substreams;
    CHECK(expected[0] == mrg32k3a::kM1);      // p1 = p2
    CHECK(expected[1] == 1);                  // p1 = p2 + 1
    CHECK(expected[2] == mrg32k3a::kM1 - 1);  // p1 = p2 - 1
    // An input is the state before the first output; the shader holds the state after its
    // step, the one the edges were chosen for.
    const auto held = [&](std::size_t s) { return mrg32k3a::step(c.inputs[s].start); };
    const auto jump = mrg32k3a::jump_by(stride(c.layout));
    const auto next = [&](std::size_t s) { return mrg32k3a::apply(jump, held(s)); };
    CHECK(next(5).s1[2] == 5);
    CHECK(next(5).s2[2] == 7);
    CHECK(next(6).s1[2] == mrg32k3a::kM1 - 1);
    CHECK(next(6).s2[2] == mrg32k3a::kM2 - 1);
    CHECK(next(7).s1[2] == 0);
    CHECK(expected[P + 7] == mrg32k3a::kM1);  // output 1 of substream 7 combines 0 and 0
    CHECK(P == 10);                            // the rare-fold triples were searched for A and A^10
    // Input 0's older words make the recurrence's own step (shortStepMod, v = a·x + b·(m − y)
    // below 2^54) fold bits 32..35 a second time in both components: its folds, as integers.
    const auto folds_twice = [](unsigned __int128 v, std::uint64_t m) {
      const std::uint64_t r36 = static_cast<std::uint64_t>((static_cast<unsigned __int128>(1) << 36) % m);
      const std::uint64_t r48 = static_cast<std::uint64_t>((static_cast<unsigned __int128>(1) << 48) % m);
      std::uint64_t l = static_cast<std::uint64_t>(v & ((1ull << 36) - 1)) +
                        static_cast<std::uint64_t>(v >> 36 & 0xFFF) * r36 + static_cast<std::uint64_t>(v >> 48) * r48;
      for (int i = 0; i < 2; ++i) l = (l & ((1ull << 36) - 1)) + (l >> 36) * r36;
      l = (l & 0xFFFFFFFFu) + (l >> 32 & 0xF) * ((1ull << 32) - m);
      return (l >> 32 & 0xF) != 0;
    };
    const auto h = held(0);
    CHECK(folds_twice(static_cast<unsigned __int128>(mrg32k3a::kA12) * h.s1[1] +
                          static_cast<unsigned __int128>(mrg32k3a::kA13n) * (mrg32k3a::kM1 - h.s1[0]), mrg32k3a::kM1));
    CHECK(folds_twice(static_cast<unsigned __int128>(mrg32k3a::kA21) * h.s2[2] +
                          static_cast<unsigned __int128>(mrg32k3a::kA23n) * (mrg32k3a::kM2 - h.s2[0]), mrg32k3a::kM2));
    for (std::uint64_t s = 0; s < P; ++s) {
      const auto state = held(s);
      for (int i = 0; i < 3; ++i) CHECK((state.s1[i] < mrg32k3a::kM1 && state.s2[i] < mrg32k3a::kM2));
      CHECK(state.s1 != (std::array<std::uint64_t, 3>{}));
      CHECK(state.s2 != (std::array<std::uint64_t, 3>{}));
      CHECK(expected[P + s] == mrg32k3a::combine(next(s)));
    }
  }
}

TEST_CASE("known answers: CEICG inputs reach arguments 0, 1, m - 1 and a long Euclid chain", "[ceicg][selftest]") {
  const auto inputs = ceicg_inputs();
  REQUIRE(inputs.size() == 7);
  for (int k = 0; k < 3; ++k) {
    const auto& c = ceicg::kComponents[k];
    const auto argument = [&](std::size_t i) { return std::uint64_t{c.multiplier} * inputs[i].start[k] % c.modulus; };
    CHECK(argument(0) == 0);
    CHECK(argument(1) == 1);
    CHECK(argument(2) == c.modulus - 1);
    int steps = 0;
    for (std::uint64_t a = c.modulus, b = argument(3); b != 0; ++steps) a = std::exchange(b, a % b);
    INFO("component " << k + 1 << ": " << steps << " Euclid steps");
    CHECK(steps >= 28);  // 35 is the most any operand below 2^24 needs
    CHECK(inputs[4].start[k] + 1 == c.modulus / c.multiplier);
    CHECK(inputs[6].start[k] == c.modulus - 6);
  }
}

TEST_CASE("a wrong device word is refused naming the generator, the input and both values", "[selftest]") {
  const std::vector<std::uint32_t> expected{1, 2, 3, 4, 5, 6};
  auto device = expected;
  CHECK_NOTHROW(check_words("Park-Miller (ps30)", device, expected, 1, [](std::uint64_t) { return std::string("x"); }));
  device[4] = 99;
  const auto input_of = [](std::uint64_t n) { return "output " + std::to_string(n) + " from z = 7"; };
  CHECK_THROWS_AS(check_words("Park-Miller (ps30)", device, expected, 1, input_of), DeviceError);
  CHECK_THROWS_WITH(check_words("Park-Miller (ps30)", device, expected, 1, input_of),
                    "Park-Miller (ps30): output 4 from z = 7 came back as 99, expected 5");
  // Several words per output are shown together, and so is a run of the wrong length.
  CHECK_THROWS_WITH(check_words("Wichmann-Hill (ps30)", device, expected, 3, input_of),
                    "Wichmann-Hill (ps30): output 1 from z = 7 came back as (4, 99, 6), expected (4, 5, 6)");
  CHECK_THROWS_WITH(check_words("CEICG", std::vector<std::uint32_t>{1, 2}, expected, 1, input_of),
                    Catch::Contains("returned 2 words where 6 were expected"));
}
