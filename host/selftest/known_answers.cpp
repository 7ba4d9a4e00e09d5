// SPDX-License-Identifier: MIT
#include "selftest/known_answers.hpp"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include <glrand/error.hpp>
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"

namespace glrand::selftest {
namespace {

using fragment::Split;
using fragment::StateUpdate;
using fragment::StreamLayout;

// a^e mod m for a, m below 2^32 (every product fits 64 bits).
std::uint64_t power_mod(std::uint64_t a, std::uint64_t e, std::uint64_t m) {
  std::uint64_t result = 1 % m;
  for (a %= m; e; e >>= 1, a = a * a % m)
    if (e & 1) result = result * a % m;
  return result;
}

// a^-1 mod m for a prime m (every modulus here is prime) and a not a multiple of m.
std::uint64_t inverse(std::uint64_t a, std::uint64_t m) { return power_mod(a, m - 2, m); }

std::string case_name(const StreamLayout& layout) {
  return fmt::format("{} over {} substreams, state update {}", fragment::name_of(layout.split), layout.substreams,
                     fragment::name_of(layout.update));
}

std::string words_text(std::span<const std::uint32_t> words) {
  if (words.size() == 1) return std::to_string(words[0]);
  return fmt::format("({})", fmt::join(words, ", "));
}

// Output j of substream s at j·P + s, each substream's state moved on by `stride` steps of
// the CPU reference per output.
template <class Traits, class Step, class Words>
std::vector<std::uint32_t> stepped(const StatefulCase<Traits>& c, std::uint64_t outputs_per_substream, Step step,
                                   Words words) {
  const std::uint64_t P = c.layout.substreams;
  const std::uint64_t stride = c.layout.split == Split::leapfrog ? P : 1;
  std::vector<std::uint32_t> out(P * outputs_per_substream * Traits::kWordsPerOutput);
  for (std::uint64_t s = 0; s < P; ++s) {
    auto state = c.inputs[s].start;
    for (std::uint64_t j = 0; j < outputs_per_substream; ++j) {
      words(state, out.data() + (j * P + s) * Traits::kWordsPerOutput);
      for (std::uint64_t i = 0; i < stride; ++i) state = step(s, state);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Park-Miller: z·c mod (2^31 - 1) byte by byte (shaders/common/byte_arithmetic.glsl), c the
// step multiplier: a (blocking) or a^P (leapfrog).

std::vector<KnownInput<pm::State>> park_miller_inputs(std::uint32_t c) {
  const std::uint64_t m = pm::kModulus, c_inverse = inverse(c, m);
  const auto input = [](std::uint64_t z, const char* why) {
    return KnownInput<pm::State>{static_cast<pm::State>(z), fmt::format("z = {}, {}", z, why)};
  };
  return {
      input(1, "the smallest state"),
      input(m - 1, "m - 1, bytes FE FF FF 7F: a carry out of every byte position"),
      input(c_inverse, "z·c = 1 (mod m): the product's halves sum to 2^31, folded by bit 31"),
      input((m - 1) * c_inverse % m, "z·c = m - 1 (mod m): the largest result"),
      input(0xFFFFFF, "2^24 - 1, bytes FF FF FF 00: carries into the top byte"),
      input(1u << 30, "2^30, byte 40 on top alone"),
  };
}

// ---------------------------------------------------------------------------------------
// Wichmann-Hill: x·c mod m per component, by Schrage's method where c is the set's own
// multiplier (blocking, parameterisation), else by 12-bit halves (shaders/common/mulmod24.glsl).
// Each input picks every component's word the same way, relative to its own m, c and
// q = m div c.

struct WichmannHillKind {
  const char* why;
  std::uint64_t (*word)(std::uint64_t m, std::uint64_t c);
};

// mulMod24's shiftMod12 estimates v·2^12 div m from a division biased low, so the estimate
// falls one short when v·2^12 mod m < v/256: the word h·2^12 whose first shift (v = h·c_high)
// comes closest to that; 2^12 where c < 2^12 (Schrage's steps, no shift).
std::uint64_t short_estimate_word(std::uint64_t m, std::uint64_t c) {
  const std::uint64_t c_high = c >> 12;
  if (c_high == 0) return 4096;
  std::uint64_t best = 1;
  double best_ratio = 1e300;
  for (std::uint64_t h = 1; h <= (m - 1) >> 12; ++h) {
    const std::uint64_t v = h * c_high % m;
    const double ratio = v == 0 ? 1e300 : static_cast<double>(v * 4096 % m) / static_cast<double>(v);
    if (ratio < best_ratio) best = h, best_ratio = ratio;
  }
  return best << 12;
}

constexpr WichmannHillKind kWichmannHillKinds[] = {
    {"each word h·2^12 where mulMod24's shift estimate falls one short (r >= 0); 2^12 for Schrage's steps",
     short_estimate_word},
    {"each word m - 1", [](std::uint64_t m, std::uint64_t) { return m - 1; }},
    {"each word q - 1 (q = m div c): Schrage's high part 0", [](std::uint64_t m, std::uint64_t c) { return m / c - 1; }},
    {"each word q: an exact multiple, corrected by the division's `over`; Schrage's t < 0 (+ m)",
     [](std::uint64_t m, std::uint64_t c) { return m / c; }},
    {"each word c·q: the largest multiple of q below m; t < 0", [](std::uint64_t m, std::uint64_t c) { return m / c * c; }},
    {"each word c^-1: x·c = 1 (mod m)", [](std::uint64_t m, std::uint64_t c) { return inverse(c, m); }},
    {"each word m - c^-1: x·c = m - 1 (mod m)", [](std::uint64_t m, std::uint64_t c) { return m - inverse(c, m); }},
    {"each word's 12-bit halves near their largest (low half 4095): mulMod24's reduceOnce subtracts m where c allows",
     [](std::uint64_t m, std::uint64_t) { return (m - 1) / 4096 * 4096 - 1; }},
};
constexpr std::uint64_t kWichmannHillSubstreams = std::size(kWichmannHillKinds);

KnownInput<wh::State> wichmann_hill_input(const WichmannHillKind& kind, const wh::Parameters& p,
                                          const std::array<std::uint32_t, 4>& c, int set) {
  wh::State s{};
  for (int k = 0; k < 4; ++k) s[k] = static_cast<std::uint32_t>(kind.word(p.modulus[k], c[k]));
  return {s, fmt::format("(x, y, z, w) = ({}) in set {}, {}", fmt::join(s, ", "), set, kind.why)};
}

// ---------------------------------------------------------------------------------------
// MRG32k3a: extended-range digits (shaders/common/extended_range.glsl); a step multiplies
// each component by its matrix (A for blocking, A^P for leapfrog).

using Words3 = std::array<std::uint64_t, 3>;

// A triple s with (M·s)[2] = t (mod m): the newest word after one step is t. Row 2 of A and
// A^P has at least two non-zero entries, so s need not be all zero.
Words3 with_next_word(const mrg32k3a::Matrix& M, std::uint64_t m, std::uint64_t t) {
  std::vector<int> used;  // the columns with a non-zero entry in row 2
  for (int j = 0; j < 3; ++j)
    if (M[2][j] != 0) used.push_back(j);
  if (used.size() < 2) throw Error("MRG32k3a self-test: a step matrix row with fewer than two entries");
  Words3 s{};
  s[used[0]] = 1;
  s[used[1]] = (t + m - M[2][used[0]]) % m * inverse(M[2][used[1]], m) % m;
  return s;
}

// Triples whose step makes reduceWide's second folds non-zero, which happens about once in
// 10^4 (m2) to 10^6 (m1) random states: found by a search over a float model of
// extended_range.glsl, for the step of each case (A; A^10 for leapfrog over 10 substreams).
// For m1 the second fold of digit 3 never happens (2^36 mod m1 = 3344 is too small).
struct RareFolds {
  Words3 m1_bits32;  // s1: bits 32..35 folded a second time
  Words3 m2_bits32;  // s2: the same for m2
  Words3 m2_digit3;  // s2: digit 3 folded a second time
};
constexpr RareFolds kBlockingFolds{{3260710050u, 116899160u, 1063181277u},
                                   {3352163356u, 1392951731u, 312643845u},
                                   {207171362u, 506803476u, 2336978414u}};
constexpr std::uint64_t kMrg32k3aSubstreams = 10;
constexpr RareFolds kLeapfrogFolds{{2471459306u, 487144577u, 920885036u},
                                   {2239304030u, 3463575464u, 1697545165u},
                                   {911524103u, 2717075981u, 322333083u}};

std::vector<KnownInput<mrg32k3a::State>> mrg32k3a_inputs(const mrg32k3a::Jump& step, const RareFolds& folds) {
  using mrg32k3a::kM1;
  using mrg32k3a::kM2;
  // The edges are those of the state a shader holds, the one after the first step; the
  // input is the state before it, as every engine takes.
  const auto input = [](const Words3& s1, const Words3& s2, const char* why) {
    return KnownInput<mrg32k3a::State>{
        mrg32k3a::retreat({s1, s2}, 1),
        fmt::format("after one step s1 = ({}), s2 = ({}), {}", fmt::join(s1, ", "), fmt::join(s2, ", "), why)};
  };
  const auto next = [&](std::uint64_t t1, std::uint64_t t2, const char* why) {
    return input(with_next_word(step.a1, kM1, t1), with_next_word(step.a2, kM2, t2), why);
  };
  const std::uint64_t p = 3000000000u;
  return {
      // Their older words make the recurrence's own step (stepOnce, a blocked stream engine's)
      // fold bits 32..35 a second time in both components, found by a search as below.
      input({975317733, 3003742075, p}, {14683, 5, p},
            "p1 = p2: z = m1 (combine's p1 <= p2 branch at equality); stepOnce folds bits 32..35 twice"),
      input({1, 2, p + 1}, {4, 5, p}, "p1 = p2 + 1: z = 1 (p1 > p2 at its edge)"),
      input({1, 2, p - 1}, {4, 5, p}, "p1 = p2 - 1: z = m1 - 1"),
      input({kM1 - 1, kM1 - 1, kM1 - 1}, {kM2 - 1, kM2 - 1, kM2 - 1},
            "every word m - 1: the largest digit products, carries in every digit"),
      input({4095, 4096, (1u << 24) - 1}, {1u << 24, (1u << 24) + 4095, (1ull << 32) - (1u << 24)},
            "words at the 12- and 24-bit digit boundaries"),
      next(5, 7, "the step's newest words 5 and 7, below 2^32 - m: reduceWide's subtraction of m"),
      next(kM1 - 1, kM2 - 1, "the step's newest words m1 - 1 and m2 - 1: the largest results"),
      next(0, 0, "the step's newest words 0 and 0: the next output combines p1 = p2 = 0 to m1"),
      input(folds.m1_bits32, folds.m2_bits32, "reduceWide folds bits 32..35 a second time in both components"),
      input({1, 1, 1}, folds.m2_digit3, "reduceWide folds digit 3 a second time (m2)"),
  };
}

// ---------------------------------------------------------------------------------------
// CEICG: x = inv(a·r + c) mod m per component (shaders/common/ceicg_core.glsl). Each input
// chooses every component's residue the same way, relative to its own m, a and q = m div a.

// Per component, the argument within 20000 of m/φ with the longest Euclidean chain (28, 29
// and 29 division steps; invMod allows 36): quotients of 1 for most of the way. Found by a
// scan of that window; tests/unit/known_answers_test.cpp counts the steps.
constexpr std::array<std::uint64_t, 3> kLongestChainArguments{10349294, 10374177, 10368129};

}  // namespace

std::vector<StatefulCase<fragment::ParkMillerTraits>> park_miller_cases() {
  // Both shader variants (the state as a render target, and uploaded) and both kinds of
  // multiplier: a^P, all four bytes in use, and a = 16807, two bytes.
  std::vector<StatefulCase<fragment::ParkMillerTraits>> cases;
  for (const auto& [split, update] : {std::pair{Split::leapfrog, StateUpdate::gpu}, {Split::blocking, StateUpdate::cpu}}) {
    const StreamLayout layout{6, split, update};
    const auto c = pm::multiplier_power(split == Split::leapfrog ? layout.substreams : 1);
    cases.push_back({case_name(layout) + fmt::format(", step c = {}", c), layout, {}, park_miller_inputs(c)});
  }
  return cases;
}

std::vector<StatefulCase<fragment::WichmannHillTraits>> wichmann_hill_cases() {
  // Every shader variant: Schrage's step (blocking), the 12-bit-split step (leapfrog) and
  // per-texel parameter sets (parameterisation), each with either state update.
  std::vector<StatefulCase<fragment::WichmannHillTraits>> cases;
  for (const auto update : {StateUpdate::gpu, StateUpdate::cpu})
    for (const auto split : {Split::blocking, Split::leapfrog, Split::parameterisation}) {
      const StreamLayout layout{kWichmannHillSubstreams, split, update};
      StatefulCase<fragment::WichmannHillTraits> c{case_name(layout), layout, {}, {}};
      if (split == Split::parameterisation) {
        // A spread of sets over the table, substream s running the set it lists.
        constexpr int kSets[] = {0, 272, 136, 1, 271, 68, 204, 100};
        static_assert(std::size(kSets) == kWichmannHillSubstreams);
        for (std::uint64_t s = 0; s < kWichmannHillSubstreams; ++s) {
          const auto& p = wh::parameters(kSets[s]);
          c.traits.substream_sets.push_back(p);
          c.inputs.push_back(wichmann_hill_input(kWichmannHillKinds[s], p, p.multiplier, kSets[s]));
        }
      } else {
        // Set 105's y multiplier to the 8th power has the low half 4085: times 4095 it
        // reaches m, the only one of the table's sets and components where it does.
        static_assert(kWichmannHillSubstreams == 8, "set 105 was chosen for the step a^8");
        const int set = split == Split::leapfrog ? 105 : 272;
        c.traits.parameters = wh::parameters(set);
        const auto step = wh::jump_multipliers(c.traits.parameters, split == Split::leapfrog ? layout.substreams : 1);
        c.name += fmt::format(", set {}, step c = ({})", set, fmt::join(step, ", "));
        for (const auto& kind : kWichmannHillKinds) c.inputs.push_back(wichmann_hill_input(kind, c.traits.parameters, step, set));
      }
      cases.push_back(std::move(c));
    }
  return cases;
}

std::vector<StatefulCase<fragment::Mrg32k3aTraits>> mrg32k3a_cases() {
  // One output-pass variant for both updates; GPU update adds the three advance passes.
  // Leapfrog steps by the dense A^P, blocking by the sparse A.
  std::vector<StatefulCase<fragment::Mrg32k3aTraits>> cases;
  for (const auto& [split, update] : {std::pair{Split::leapfrog, StateUpdate::gpu}, {Split::blocking, StateUpdate::cpu}}) {
    const StreamLayout layout{kMrg32k3aSubstreams, split, update};
    const auto step = mrg32k3a::jump_by(split == Split::leapfrog ? layout.substreams : 1);
    cases.push_back(
        {case_name(layout), layout, {}, mrg32k3a_inputs(step, split == Split::leapfrog ? kLeapfrogFolds : kBlockingFolds)});
  }
  return cases;
}

std::vector<KnownInput<ceicg::Residues>> ceicg_inputs() {
  // Residue r of component k in terms of m, a (c = 0), a^-1 and q = m div a.
  struct Kind {
    const char* why;
    std::uint64_t (*residue)(int k);
  };
  static constexpr auto m = [](int k) -> std::uint64_t { return ceicg::kComponents[k].modulus; };
  static constexpr auto a = [](int k) -> std::uint64_t { return ceicg::kComponents[k].multiplier; };
  static constexpr auto a_inverse = [](int k) { return inverse(a(k), m(k)); };
  static constexpr Kind kKinds[] = {
      {"argument 0: inv(0) = 0, its lane frozen before Euclid's first step while its neighbours run",
       [](int) -> std::uint64_t { return 0; }},
      {"argument 1: one Euclid step, m div 1 corrected by divideExact's `over`", [](int k) { return a_inverse(k); }},
      {"argument m - 1: two Euclid steps", [](int k) { return m(k) - a_inverse(k); }},
      {"an argument near m/phi with a long Euclid chain: lanes finish many steps apart",
       [](int k) { return kLongestChainArguments[k] * a_inverse(k) % m(k); }},
      {"residues q - 1 .. q + 2 (q = m div a) in one pixel: Schrage's exact multiple (`over`) and t < 0",
       [](int k) { return m(k) / a(k) - 1; }},
      {"residues a·q - 1 ..: Schrage's largest multiple of q below m", [](int k) { return m(k) / a(k) * a(k) - 1; }},
      {"residues m - 6 ..: wrapping past m inside a pixel and between pixels (addMod's two branches)",
       [](int k) { return m(k) - 6; }},
  };
  std::vector<KnownInput<ceicg::Residues>> inputs;
  for (const auto& kind : kKinds) {
    ceicg::Residues r{};
    for (int k = 0; k < 3; ++k) r[k] = static_cast<std::uint32_t>(kind.residue(k));
    inputs.push_back({r, fmt::format("residues ({}), {}", fmt::join(r, ", "), kind.why)});
  }
  return inputs;
}

std::vector<std::uint32_t> expected_words(const StatefulCase<fragment::ParkMillerTraits>& c,
                                          std::uint64_t outputs_per_substream) {
  return stepped(
      c, outputs_per_substream, [](std::uint64_t, pm::State z) { return pm::step(z); },
      [](pm::State z, std::uint32_t* out) { *out = z; });
}

std::vector<std::uint32_t> expected_words(const StatefulCase<fragment::WichmannHillTraits>& c,
                                          std::uint64_t outputs_per_substream) {
  return stepped(
      c, outputs_per_substream,
      [&](std::uint64_t s, const wh::State& state) {
        return wh::step(c.traits.substream_sets.empty() ? c.traits.parameters : c.traits.substream_sets[s], state);
      },
      [](const wh::State& state, std::uint32_t* out) { std::copy(state.begin(), state.end(), out); });
}

std::vector<std::uint32_t> expected_words(const StatefulCase<fragment::Mrg32k3aTraits>& c,
                                          std::uint64_t outputs_per_substream) {
  // A state is the one before its output's step, as in RngStreams.
  return stepped(
      c, outputs_per_substream, [](std::uint64_t, const mrg32k3a::State& s) { return mrg32k3a::step(s); },
      [](const mrg32k3a::State& s, std::uint32_t* out) { *out = mrg32k3a::combine(mrg32k3a::step(s)); });
}

void check_words(const std::string& what, std::span<const std::uint32_t> device, std::span<const std::uint32_t> expected,
                 int words_per_output, const std::function<std::string(std::uint64_t output)>& input_of) {
  const auto width = static_cast<std::size_t>(words_per_output);
  if (device.size() != expected.size())
    throw DeviceError(what + ": the device returned " + std::to_string(device.size()) + " words where " +
                      std::to_string(expected.size()) + " were expected");
  for (std::size_t n = 0; n * width < device.size(); ++n) {
    const auto got = device.subspan(n * width, width), want = expected.subspan(n * width, width);
    if (!std::equal(got.begin(), got.end(), want.begin()))
      throw DeviceError(what + ": " + input_of(n) + " came back as " + words_text(got) + ", expected " + words_text(want));
  }
}

void inject_test_fault(const std::string& generator, std::span<std::uint32_t> device, std::size_t word) {
  const char* fault = std::getenv("GLRAND_SELF_TEST_FAULT");
  if (fault && generator == fault && word < device.size()) device[word] += 1;
}

void check_ceicg(const std::string& profile,
                 const std::function<std::vector<std::uint32_t>(std::span<const ceicg::Residues> starts)>& run) {
  const auto inputs = ceicg_inputs();
  std::vector<ceicg::Residues> starts;
  for (const auto& input : inputs) starts.push_back(input.start);
  const std::string what = "CEICG (" + profile + ", integers)";
  std::vector<std::uint32_t> device;
  try {
    device = run(starts);
  } catch (const DeviceError& e) {
    throw DeviceError(what + ": " + e.what());
  }
  inject_test_fault("ceicg", device, 3 * kCeicgOutputsPerInput);  // input 1's first word
  std::vector<std::uint32_t> expected(3 * kCeicgOutputsPerInput * starts.size());
  for (std::size_t i = 0; i < starts.size(); ++i)
    ceicg::generate_ints(starts[i], std::span(expected).subspan(3 * kCeicgOutputsPerInput * i, 3 * kCeicgOutputsPerInput), 1);
  check_words(what, device, expected, 3, [&](std::uint64_t n) {
    return "output " + std::to_string(n % kCeicgOutputsPerInput) + " from " + inputs[n / kCeicgOutputsPerInput].text;
  });
}

void check_ceicg_floats(const std::string& profile, const std::string& variant,
                        const std::function<std::vector<float>(std::span<const ceicg::Residues> starts)>& run) {
  const auto inputs = ceicg_inputs();
  std::vector<ceicg::Residues> starts;
  for (const auto& input : inputs) starts.push_back(input.start);
  const std::string what = "CEICG (" + profile + ", " + variant + ")";
  std::vector<float> device;
  try {
    device = run(starts);
  } catch (const DeviceError& e) {
    throw DeviceError(what + ": " + e.what());
  }
  if (device.size() != kCeicgOutputsPerInput * starts.size())
    throw DeviceError(what + ": the device returned " + std::to_string(device.size()) + " floats where " +
                      std::to_string(kCeicgOutputsPerInput * starts.size()) + " were expected");
  std::vector<std::uint32_t> words(3 * kCeicgOutputsPerInput);
  for (std::size_t i = 0; i < starts.size(); ++i) {
    ceicg::generate_ints(starts[i], words, 1);
    for (std::uint64_t j = 0; j < kCeicgOutputsPerInput; ++j) {
      const float want = ceicg::to_f32({words[3 * j], words[3 * j + 1], words[3 * j + 2]});
      const float got = device[i * kCeicgOutputsPerInput + j];
      const double distance = std::abs(static_cast<double>(got) - want);
      if (!(std::min(distance, 1.0 - distance) <= kCeicgFloatTolerance))  // NaN fails too
        throw DeviceError(fmt::format("{}: output {} from {} came back as {}, expected {} (within 2^-17)", what, j,
                                      inputs[i].text, got, want));
    }
  }
}

}  // namespace glrand::selftest
