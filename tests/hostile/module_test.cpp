// SPDX-License-Identifier: MIT
// The float arithmetic modules (shaders/common) under hostile arithmetic on the device, over
// millions of inputs each: test kernels (tests/hostile/shaders) apply one module function to
// one input per texel lane (or pixel), 1024x1024 per draw, in every mode, and each result is
// compared with exact 64/128-bit integer arithmetic. Inputs start with the edge cases (0, 1,
// m-1, values beside multiples of Schrage's q, quotients just below integers, 0/255 in every
// byte, 0/4095 in every 12-bit digit, words just below and above the moduli) and are filled
// up with random ones.
#include <catch2/catch.hpp>

#include <GL/glew.h>

#include <array>
#include <cmath>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "fragment/modular_uniforms.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"
#include "support/gl_test_context.hpp"
#include "hostile_arithmetic.hpp"
#include "kernel.hpp"

using namespace glrand;
using u64 = std::uint64_t;
using u128 = unsigned __int128;

namespace {

constexpr std::uint32_t kWidth = 1024, kHeight = 1024;
constexpr std::size_t kPixels = std::size_t{kWidth} * kHeight;
constexpr std::size_t kLanes = 4 * kPixels;
constexpr u64 kLimit24 = u64{1} << 24;

// The driver alone, then every division mode with and without fusing.
std::vector<hostile::Mode> division_modes() {
  using hostile::Division, hostile::Fusion;
  std::vector<hostile::Mode> modes{{}};
  for (const auto division : {Division::minus2, Division::plus2, Division::random})
    for (const auto fusion : {Fusion::none, Fusion::first, Fusion::second}) modes.push_back({division, fusion});
  return modes;
}

// For modules without a division (checked by "modules that claim no division have none").
std::vector<hostile::Mode> fusion_modes() {
  using hostile::Division, hostile::Fusion;
  return {{}, {Division::none, Fusion::first}, {Division::none, Fusion::second}};
}

std::mt19937_64& random_engine() {
  static std::mt19937_64 random(4);
  return random;
}
u64 uniform(u64 low, u64 high) {  // [low, high]
  return std::uniform_int_distribution<u64>(low, high)(random_engine());
}
// Log-uniform in [low, high]: small and large values alike.
u64 log_uniform(u64 low, u64 high) {
  const double x = std::exp(std::uniform_real_distribution<double>(std::log(double(low)), std::log(double(high) + 1))(random_engine()));
  return std::clamp<u64>(static_cast<u64>(x), low, high);
}

// Each mode's results against `expected` (exact integers as floats), target by target; the
// first few wrong inputs are described by `describe(index, target)`.
void check_modes(const std::string& file, const std::vector<hostile::Mode>& modes,
                 const std::vector<std::vector<float>>& inputs, const std::vector<std::vector<float>>& expected,
                 const std::function<std::string(std::size_t)>& describe,
                 const std::function<void(const gl::Program&)>& uniforms = {}, const hostile::Kernel::ModuleEdit& edit = {},
                 std::size_t* total_wrong = nullptr) {
  test_context();
  for (const auto& mode : modes) {
    hostile::ScopedMode scope(mode);
    const auto out = hostile::Kernel(file, edit).run(inputs, static_cast<int>(expected.size()), kWidth, kHeight, uniforms);
    std::size_t wrong = 0;
    std::ostringstream first;
    for (std::size_t t = 0; t < expected.size(); ++t)
      for (std::size_t i = 0; i < expected[t].size(); ++i)
        if (out[t][i] != expected[t][i] && wrong++ < 5)
          first << "\n  " << describe(i) << ": output " << t << " lane " << i << " = " << out[t][i] << ", expected "
                << expected[t][i];
    if (total_wrong) {
      *total_wrong += wrong;
      if (wrong) WARN(file << " in mode " << hostile::name_of(mode) << ": " << wrong << " wrong" << first.str());
      continue;
    }
    INFO(file << " in mode " << hostile::name_of(mode) << ": " << wrong << " wrong results" << first.str());
    CHECK(wrong == 0);
  }
}

std::vector<float> floats(const std::vector<u64>& values) { return {values.begin(), values.end()}; }

// A mutant's module edit: `from` in `module` (which must hold it) replaced by `to`.
hostile::Kernel::ModuleEdit replacing(std::string module, std::string from, std::string to) {
  return [module, from, to](const std::string& name, std::string text) {
    if (name != module) return text;
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
}

// ---- divideExact -----------------------------------------------------------------------

struct DivisionInputs {
  std::vector<u64> a, b;
};

DivisionInputs division_inputs() {
  DivisionInputs in;
  const auto add = [&](u64 a, u64 b) {
    if (a < kLimit24 && b >= 1 && b < kLimit24 && in.a.size() < kLanes) {
      in.a.push_back(a);
      in.b.push_back(b);
    }
  };
  // Divisors: small, powers of two and their neighbours, divisors of 2^24 + 1 (where a
  // quotient just below an integer has a product q·b beyond 2^24), the CEICG moduli and
  // Schrage's q of theirs, the largest, and random ones of every size.
  std::vector<u64> divisors{1, 2, 3, 5, 7, 97, 255, 256, 257, 673, 4095, 4096, 4097, 24929, 65281, 65535, 65536, 65537,
                            172961, (1u << 23) - 1, 1u << 23, (1u << 23) + 1, kLimit24 - 3, kLimit24 - 2, kLimit24 - 1};
  for (const auto& c : ceicg::kComponents) {
    divisors.push_back(c.modulus);
    divisors.push_back(c.modulus / c.multiplier);
  }
  for (int i = 0; i < 200; ++i) divisors.push_back(log_uniform(1, kLimit24 - 1));
  for (const u64 b : divisors) {
    for (const u64 a : {u64{0}, u64{1}, u64{2}, b - 1, b, b + 1, kLimit24 - 1, kLimit24 - 2, kLimit24 - 3, u64{1} << 23})
      add(a, b);
    const u64 most = (kLimit24 - 1) / b;  // the largest quotient
    std::vector<u64> quotients{1, 2, 3, most - 1, most, most + 1};
    for (int i = 0; i < 30; ++i) quotients.push_back(uniform(1, most + 1));
    for (const u64 q : quotients)
      for (int d = -3; d <= 3; ++d) add(q * b + static_cast<u64>(d), b);  // wraps below 0 are dropped
  }
  while (in.a.size() < kLanes) {
    const u64 b = log_uniform(1, kLimit24 - 1);
    switch (in.a.size() % 4) {
      case 0: add(uniform(0, kLimit24 - 1), b); break;
      case 1: add(uniform(0, (kLimit24 - 1) / b) * b + uniform(0, 6) - 3, b); break;  // beside a multiple
      case 2: add(log_uniform(1, kLimit24 - 1), b); break;
      default: add(kLimit24 - 1 - uniform(0, b), b); break;                           // the largest dividends
    }
  }
  return in;
}

// ---- mulModSchrage, invMod, mulMod24 -----------------------------------------------------

bool is_prime(u64 n) {
  if (n < 2) return false;
  for (u64 d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

u64 inverse(u64 y, u64 m) {  // y⁻¹ mod m for gcd(y, m) = 1; 0 for y = 0
  std::int64_t r0 = static_cast<std::int64_t>(m), r1 = static_cast<std::int64_t>(y), t0 = 0, t1 = 1;
  while (r1 != 0) {
    const std::int64_t q = r0 / r1;
    std::tie(r0, r1) = std::make_pair(r1, r0 - q * r1);
    std::tie(t0, t1) = std::make_pair(t1, t0 - q * t1);
  }
  return static_cast<u64>(t0 < 0 ? t0 + static_cast<std::int64_t>(m) : t0);
}

// Every (multiplier, modulus) pair a shipped shader uses with 24-bit moduli.
std::vector<std::pair<u64, u64>> shipped_pairs() {
  std::vector<std::pair<u64, u64>> pairs;
  for (const auto& c : ceicg::kComponents) {
    pairs.emplace_back(c.multiplier, c.modulus);
    for (const u64 outputs : {4, 8, 12, 16}) pairs.emplace_back(outputs, c.modulus);  // the CEICG stride L
  }
  for (int set = 0; set < wh::kSetCount; ++set)
    for (int k = 0; k < 4; ++k) pairs.emplace_back(wh::parameters(set).multiplier[k], wh::parameters(set).modulus[k]);
  return pairs;
}

struct SchrageInputs {
  std::vector<u64> x, a, m;
};

SchrageInputs schrage_inputs() {
  SchrageInputs in;
  auto pairs = shipped_pairs();
  for (int i = 0; i < 400; ++i) {
    const u64 m = log_uniform(2, kLimit24 - 1);
    const u64 root = static_cast<u64>(std::sqrt(double(m - 1)));
    pairs.emplace_back(uniform(1, root), m);
    pairs.emplace_back(root, m);  // the largest a with a² < m
  }
  for (const u64 m : {u64{2}, u64{3}, kLimit24 - 1, kLimit24 - 2}) pairs.emplace_back(1, m);
  const auto add = [&](u64 x, u64 a, u64 m) {
    if (x < m && in.x.size() < kLanes) {
      in.x.push_back(x);
      in.a.push_back(a);
      in.m.push_back(m);
    }
  };
  for (const auto& [a, m] : pairs) {
    const u64 q = m / a;
    for (const u64 x : {u64{0}, u64{1}, u64{2}, m - 1, m - 2, m / 2}) add(x, a, m);
    for (const u64 j : {u64{1}, u64{2}, a - 1, a, a + 1, uniform(1, a), uniform(1, a)})
      for (int d = -2; d <= 2; ++d) add(j * q + static_cast<u64>(d), a, m);  // beside multiples of q
  }
  while (in.x.size() < kLanes) {
    const auto& [a, m] = pairs[uniform(0, pairs.size() - 1)];
    add(uniform(0, m - 1), a, m);
  }
  return in;
}

struct InverseInputs {
  std::vector<u64> y, m;
};

InverseInputs inverse_inputs() {
  InverseInputs in;
  std::vector<u64> moduli{2, 3, 5, 7, 11, 13, 4093, 4099, 65521, 65537, 8388593, 8388617};
  for (const auto& c : ceicg::kComponents) moduli.push_back(c.modulus);
  for (int set = 0; set < wh::kSetCount; set += 17)
    for (const u64 m : wh::parameters(set).modulus) moduli.push_back(m);
  while (moduli.size() < 400) {
    const u64 m = log_uniform(17, kLimit24 - 1);
    if (is_prime(m)) moduli.push_back(m);
  }
  const auto add = [&](u64 y, u64 m) {
    if (y < m && in.y.size() < kLanes) {
      in.y.push_back(y);
      in.m.push_back(m);
    }
  };
  const double golden = (std::sqrt(5.0) - 1) / 2;  // y ≈ m/φ: the longest Euclidean chains
  for (const u64 m : moduli) {
    for (const u64 y : {u64{0}, u64{1}, u64{2}, u64{3}, m - 1, m - 2, (m - 1) / 2, (m + 1) / 2}) add(y, m);
    for (int d = -2; d <= 2; ++d) {
      add(static_cast<u64>(std::llround(double(m) * golden)) + static_cast<u64>(d), m);
      add(static_cast<u64>(std::llround(double(m) * golden * golden)) + static_cast<u64>(d), m);
    }
  }
  // Consecutive Fibonacci numbers (coprime): Lamé's worst case, up to 35 division steps.
  u64 f0 = 1, f1 = 2;
  while (f1 < kLimit24) {
    for (int i = 0; i < 64; ++i) add(f0, f1);
    std::tie(f0, f1) = std::make_pair(f1, f0 + f1);
  }
  while (in.y.size() < kLanes) {
    const u64 m = moduli[uniform(0, moduli.size() - 1)];
    add(uniform(0, m - 1), m);
  }
  return in;
}

struct ProductInputs {
  std::vector<u64> x, c, m;
};

// x·c mod m of each lane, as floats: what every product kernel must give.
std::vector<float> products_mod(const std::vector<u64>& x, const std::vector<u64>& c, const std::vector<u64>& m) {
  std::vector<float> expected(kLanes);
  for (std::size_t i = 0; i < kLanes; ++i) expected[i] = static_cast<float>(x[i] * c[i] % m[i]);
  return expected;
}

// mulMod24's moduli: from its smallest, 8384513 (4095² < 2m), to 2^24 - 1, and those the
// shaders use (Wichmann-Hill's, for a^P).
constexpr u64 kSmallestMulMod24Modulus = 8384513;
ProductInputs mul_mod24_inputs() {
  ProductInputs in;
  std::vector<u64> moduli{kSmallestMulMod24Modulus, kSmallestMulMod24Modulus + 1, (1u << 23) - 1, 1u << 23,
                          (1u << 23) + 1, (1u << 23) + 4097, kLimit24 - 4097, kLimit24 - 4096, kLimit24 - 3,
                          kLimit24 - 2, kLimit24 - 1};
  for (const auto& c : ceicg::kComponents) moduli.push_back(c.modulus);
  for (int set = 0; set < wh::kSetCount; ++set)
    for (const u64 m : wh::parameters(set).modulus) moduli.push_back(m);
  for (int i = 0; i < 200; ++i) moduli.push_back(uniform(kSmallestMulMod24Modulus, kLimit24 - 1));
  const auto add = [&](u64 x, u64 c, u64 m) {
    if (x < m && c < m && in.x.size() < kLanes) {
      in.x.push_back(x);
      in.c.push_back(c);
      in.m.push_back(m);
    }
  };
  for (const u64 m : moduli) {
    // 0 and 4095 in each 12-bit half, and neighbours of m and of the half boundary.
    const std::vector<u64> edges{0, 1, 2, 4094, 4095, 4096, 4097, 8191, 8192, m - 1, m - 2, m - 4096, m - 4097, m / 2,
                                 (m >> 12) << 12, ((m >> 12) << 12) - 1, (kLimit24 - 1) & ~u64{4095}, 4095ull << 12};
    for (const u64 x : edges)
      for (const u64 c : edges) add(x, c, m);
  }
  while (in.x.size() < kLanes) {
    const u64 m = moduli[uniform(0, moduli.size() - 1)];
    add(uniform(0, m - 1), uniform(0, m - 1), m);
  }
  return in;
}

// ---- byte split: mulModMersenne31 ------------------------------------------------------

std::vector<float> bytes_of(const std::vector<u64>& values) {
  std::vector<float> out;
  out.reserve(4 * values.size());
  for (const u64 v : values)
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<float>(v >> (8 * k) & 0xFF));
  return out;
}

// ---- extended range: dotMod, reduceWide --------------------------------------------------

constexpr u64 kWord = u64{1} << 32;

std::array<float, 3> digits(u64 v) {
  return {static_cast<float>(v & 0xFFF), static_cast<float>(v >> 12 & 0xFFF), static_cast<float>(v >> 24)};
}

// `wide`: the kernel folds values from 2^60 up (reduceWide), so it has uR60.
void set_modulus(const gl::Program& program, u64 m, bool wide = true) {
  const auto power = [&](unsigned bits) { return static_cast<u64>((u128{1} << bits) % m); };
  program.set("uModulusDigits", digits(m));
  program.set("uR36", digits(power(36)));
  program.set("uR48", digits(power(48)));
  if (wide) program.set("uR60", digits(power(60)));
  program.set("uFoldC", static_cast<float>(kWord - m));
}

// Words with 0, 1, 4094 or 4095 in each 12-bit digit (0, 1, 254, 255 in the top 8 bits),
// beside the moduli, 2^24 and 2^32, and the MRG32k3a multipliers.
std::vector<u64> word_edges() {
  std::vector<u64> edges;
  for (const u64 d0 : {0, 1, 4094, 4095})
    for (const u64 d1 : {0, 1, 4094, 4095})
      for (const u64 d2 : {0, 1, 254, 255}) edges.push_back(d0 | d1 << 12 | d2 << 24);
  for (const u64 m : {mrg32k3a::kM1, mrg32k3a::kM2})
    for (const u64 v : {m - 2, m - 1, m, m + 1, m - mrg32k3a::kA13n, m - mrg32k3a::kA23n}) edges.push_back(v);
  for (const u64 v : {kLimit24 - 1, kLimit24, kLimit24 + 1, kWord - 2, kWord - 1, mrg32k3a::kA12, mrg32k3a::kA13n,
                      mrg32k3a::kA21, mrg32k3a::kA23n})
    edges.push_back(v);
  return edges;
}

}  // namespace

TEST_CASE("divideExact is exact under hostile arithmetic (4M quotients per mode)", "[hostile][modules]") {
  const auto in = division_inputs();
  std::vector<float> quotient(kLanes), remainder(kLanes);
  for (std::size_t i = 0; i < kLanes; ++i) {
    quotient[i] = static_cast<float>(in.a[i] / in.b[i]);
    remainder[i] = static_cast<float>(in.a[i] % in.b[i]);
  }
  check_modes("divide_exact.frag", division_modes(), {floats(in.a), floats(in.b)}, {quotient, remainder},
              [&](std::size_t i) { return "divideExact(" + std::to_string(in.a[i]) + ", " + std::to_string(in.b[i]) + ")"; });
}

TEST_CASE("the harness has teeth: divideExact without its low bias fails under +2 ulp division", "[hostile][modules]") {
  // The mutant: the quotient estimate unscaled, so that it may exceed the true quotient.
  const auto unbiased = replacing("common/exact_division.glsl", "const float kQuotientBias = 1.0 - 1.0 / 1048576.0;",
                                  "const float kQuotientBias = 1.0;");
  const auto in = division_inputs();
  std::vector<float> quotient(kLanes), remainder(kLanes);
  for (std::size_t i = 0; i < kLanes; ++i) {
    quotient[i] = static_cast<float>(in.a[i] / in.b[i]);
    remainder[i] = static_cast<float>(in.a[i] % in.b[i]);
  }
  std::size_t wrong = 0;
  check_modes("divide_exact.frag", {{hostile::Division::plus2, hostile::Fusion::none}}, {floats(in.a), floats(in.b)},
              {quotient, remainder},
              [&](std::size_t i) { return "mutant divideExact(" + std::to_string(in.a[i]) + ", " + std::to_string(in.b[i]) + ")"; },
              {}, unbiased, &wrong);
  CHECK(wrong > 0);
}

TEST_CASE("mulModSchrage is exact under hostile arithmetic (4M products per mode)", "[hostile][modules]") {
  const auto in = schrage_inputs();
  std::vector<u64> q(kLanes), r(kLanes);
  for (std::size_t i = 0; i < kLanes; ++i) {
    q[i] = in.m[i] / in.a[i];
    r[i] = in.m[i] % in.a[i];
  }
  const std::vector<float> expected = products_mod(in.x, in.a, in.m);
  check_modes("mul_mod_schrage.frag", division_modes(), {floats(in.x), floats(in.a), floats(q), floats(r), floats(in.m)},
              {expected}, [&](std::size_t i) {
                return "mulModSchrage(x " + std::to_string(in.x[i]) + ", a " + std::to_string(in.a[i]) + ", m " +
                       std::to_string(in.m[i]) + ")";
              });
}

TEST_CASE("invMod is exact under hostile arithmetic (4M inverses per mode)", "[hostile][modules]") {
  const auto in = inverse_inputs();
  std::vector<float> expected(kLanes);
  for (std::size_t i = 0; i < kLanes; ++i) expected[i] = static_cast<float>(inverse(in.y[i], in.m[i]));
  check_modes("inv_mod.frag", division_modes(), {floats(in.y), floats(in.m)}, {expected}, [&](std::size_t i) {
    return "invMod(" + std::to_string(in.y[i]) + ", " + std::to_string(in.m[i]) + ")";
  });
}

TEST_CASE("mulMod24 is exact under hostile arithmetic (4M products per mode)", "[hostile][modules]") {
  const auto in = mul_mod24_inputs();
  const std::vector<float> expected = products_mod(in.x, in.c, in.m);
  check_modes("mul_mod24.frag", division_modes(), {floats(in.x), floats(in.c), floats(in.m)}, {expected},
              [&](std::size_t i) {
                return "mulMod24(" + std::to_string(in.x[i]) + ", " + std::to_string(in.c[i]) + ", " +
                       std::to_string(in.m[i]) + ")";
              });
}

TEST_CASE("mulModSchrageByInverse is exact under hostile arithmetic (4M products per mode)", "[hostile][modules]") {
  const auto in = schrage_inputs();
  std::vector<float> q(kLanes), q_inverse(kLanes), r(kLanes);
  for (std::size_t i = 0; i < kLanes; ++i) {
    const auto divisor = static_cast<std::uint32_t>(in.m[i] / in.a[i]);
    q[i] = static_cast<float>(divisor);
    q_inverse[i] = fragment::biased_reciprocal(divisor);
    r[i] = static_cast<float>(in.m[i] % in.a[i]);
  }
  const std::vector<float> expected = products_mod(in.x, in.a, in.m);
  check_modes("mul_mod_schrage_by_inverse.frag", division_modes(), {floats(in.x), floats(in.a), q, q_inverse, r, floats(in.m)},
              {expected}, [&](std::size_t i) {
                return "mulModSchrageByInverse(x " + std::to_string(in.x[i]) + ", a " + std::to_string(in.a[i]) + ", m " +
                       std::to_string(in.m[i]) + ")";
              });
}

// mulMod24ByHalves's inputs as the host makes them, with `shift` for m's shift quotient.
std::vector<std::vector<float>> mul_mod24_by_halves_inputs(const ProductInputs& in,
                                                           const std::function<float(std::uint32_t)>& shift) {
  std::vector<std::vector<float>> inputs(9, std::vector<float>(kLanes));
  for (std::size_t i = 0; i < kLanes; ++i) {
    const auto m = static_cast<std::uint32_t>(in.m[i]);
    const auto c = fragment::mul_mod24_multiplier(static_cast<std::uint32_t>(in.c[i]), m);
    const float values[9] = {static_cast<float>(in.x[i]), c.c.high, c.c.low, c.shifted.high, c.shifted.low,
                             static_cast<float>(m), fragment::halves(m).high, fragment::halves(m).low, shift(m)};
    for (std::size_t k = 0; k < 9; ++k) inputs[k][i] = values[k];
  }
  return inputs;
}

TEST_CASE("mulMod24ByHalves is exact under hostile arithmetic (4M products per mode)", "[hostile][modules]") {
  const auto in = mul_mod24_inputs();
  const std::vector<float> expected = products_mod(in.x, in.c, in.m);
  check_modes("mul_mod24_by_halves.frag", division_modes(), mul_mod24_by_halves_inputs(in, fragment::shift_quotient),
              {expected}, [&](std::size_t i) {
                return "mulMod24ByHalves(" + std::to_string(in.x[i]) + ", " + std::to_string(in.c[i]) + ", " +
                       std::to_string(in.m[i]) + ")";
              });
}

TEST_CASE("the harness has teeth: mulMod24ByHalves with an unbiased shift quotient fails", "[hostile][modules]") {
  // The mutant: 2^12/m rounded up, so that the shift's estimate may exceed the true quotient.
  const auto in = mul_mod24_inputs();
  const std::vector<float> expected = products_mod(in.x, in.c, in.m);
  const auto rounded_up = [](std::uint32_t m) { return std::nextafter(static_cast<float>(4096.0 / m), 1.0f); };
  std::size_t wrong = 0;
  check_modes("mul_mod24_by_halves.frag", {{}}, mul_mod24_by_halves_inputs(in, rounded_up), {expected},
              [&](std::size_t i) { return "mutant mulMod24ByHalves(" + std::to_string(in.x[i]) + ")"; }, {}, {}, &wrong);
  CHECK(wrong > 0);
}

// ---- balanced residues: mulModSchrageBalanced, mulMod24Balanced ------------------------------

// The balanced range: |x| < m/2 + 2^14 (the largest such x for odd and even m).
std::int64_t balanced_bound(u64 m) { return static_cast<std::int64_t>((m + 32767) / 2); }
float canonical(std::int64_t v, u64 m) {
  const auto mm = static_cast<std::int64_t>(m);
  return static_cast<float>(((v % mm) + mm) % mm);
}

// mulModSchrageBalanced's inputs: every WH set's (a_k, m_k), x over the balanced range (its
// ends, 0, ±1, beside multiples of q and beside the midpoints where the rounded quotient
// steps), then random x. The expected products are canonical, each lane within the range.
struct BalancedSchrageInputs {
  std::vector<float> x, a, q, q_inverse, r, m, product;
};
BalancedSchrageInputs balanced_schrage_inputs() {
  BalancedSchrageInputs in;
  const auto add = [&](std::int64_t x, u64 a, u64 m) {
    if (std::llabs(x) <= balanced_bound(m) && in.x.size() < kLanes) {
      in.x.push_back(static_cast<float>(x));
      in.a.push_back(static_cast<float>(a));
      in.q.push_back(static_cast<float>(m / a));
      in.q_inverse.push_back(fragment::biased_reciprocal(static_cast<std::uint32_t>(m / a)));
      in.r.push_back(static_cast<float>(m % a));
      in.m.push_back(static_cast<float>(m));
      in.product.push_back(canonical(static_cast<std::int64_t>(a) * x, m));
    }
  };
  std::vector<std::pair<u64, u64>> pairs;
  for (int set = 0; set < wh::kSetCount; ++set)
    for (int k = 0; k < 4; ++k) pairs.emplace_back(wh::parameters(set).multiplier[k], wh::parameters(set).modulus[k]);
  for (const auto& [a, m] : pairs) {
    const auto q = static_cast<std::int64_t>(m / a), bound = balanced_bound(m);
    for (const std::int64_t x :
         {-bound, -bound + 1, std::int64_t{-1}, std::int64_t{0}, std::int64_t{1}, bound - 1, bound})
      add(x, a, m);
    for (std::int64_t j = -66; j <= 65; ++j)
      for (std::int64_t d = -1; d <= 1; ++d) {
        add(j * q + d, a, m);
        add(j * q + q / 2 + d, a, m);
      }
  }
  while (in.x.size() < kLanes) {
    const auto& [a, m] = pairs[uniform(0, pairs.size() - 1)];
    add(static_cast<std::int64_t>(uniform(0, 2 * static_cast<u64>(balanced_bound(m)))) - balanced_bound(m), a, m);
  }
  return in;
}

TEST_CASE("mulModSchrageBalanced is exact and stays balanced under fused multiply-adds (4M products per mode)",
          "[hostile][modules]") {
  const auto in = balanced_schrage_inputs();
  check_modes("mul_mod_schrage_balanced.frag", fusion_modes(), {in.x, in.a, in.q, in.q_inverse, in.r, in.m},
              {in.product, std::vector<float>(kLanes, 0.0f)}, [&](std::size_t i) {
                return "mulModSchrageBalanced(x " + std::to_string(in.x[i]) + ", a " + std::to_string(in.a[i]) +
                       ", m " + std::to_string(in.m[i]) + ")";
              });
}

TEST_CASE("the harness has teeth: mulModSchrageBalanced with its quotient floored fails", "[hostile][modules]") {
  // The mutant: x div q floored, as the canonical forms take it, which leaves l in [0, q) and
  // the product up to m from 0, beyond the balanced range.
  const auto floored = replacing("common/balanced_residues.glsl", "vec4 h = floor(x * qInverse + 0.5);",
                                 "vec4 h = floor(x * qInverse);");
  const auto in = balanced_schrage_inputs();
  std::size_t wrong = 0;
  check_modes(
      "mul_mod_schrage_balanced.frag", {{}}, {in.x, in.a, in.q, in.q_inverse, in.r, in.m},
      {in.product, std::vector<float>(kLanes, 0.0f)},
      [&](std::size_t i) { return "mutant mulModSchrageBalanced(" + std::to_string(in.x[i]) + ")"; }, {}, floored,
      &wrong);
  CHECK(wrong > 0);
}

// mulMod24Balanced's inputs as the host makes them, with c/m and c'/m by `over`.
std::vector<std::vector<float>> mul_mod24_balanced_inputs(
    const ProductInputs& in, const std::function<float(std::uint32_t, std::uint32_t)>& over) {
  std::vector<std::vector<float>> inputs(11, std::vector<float>(kLanes));
  for (std::size_t i = 0; i < kLanes; ++i) {
    const auto m = static_cast<std::uint32_t>(in.m[i]);
    const auto c = static_cast<std::uint32_t>(in.c[i]);
    const auto multiplier = fragment::mul_mod24_multiplier(c, m);
    const auto shifted = static_cast<std::uint32_t>((u64{c} << 12) % m);
    const float values[11] = {
        static_cast<float>(in.x[i]), multiplier.c.high,       multiplier.c.low,           over(c, m),
        multiplier.shifted.high,     multiplier.shifted.low,  over(shifted, m),           static_cast<float>(m),
        fragment::halves(m).high,    fragment::halves(m).low, static_cast<float>(1.0 / m)};
    for (std::size_t k = 0; k < 11; ++k) inputs[k][i] = values[k];
  }
  return inputs;
}

TEST_CASE("mulMod24Balanced is exact and stays balanced under fused multiply-adds (4M products per mode)",
          "[hostile][modules]") {
  const auto in = mul_mod24_inputs();
  check_modes("mul_mod24_balanced.frag", fusion_modes(), mul_mod24_balanced_inputs(in, fragment::over_modulus),
              {products_mod(in.x, in.c, in.m), std::vector<float>(kLanes, 0.0f)}, [&](std::size_t i) {
                return "mulMod24Balanced(" + std::to_string(in.x[i]) + ", " + std::to_string(in.c[i]) + ", " +
                       std::to_string(in.m[i]) + ")";
              });
}

TEST_CASE("the harness has teeth: mulMod24Balanced with c/m 2^-8 high fails", "[hostile][modules]") {
  const auto in = mul_mod24_inputs();
  const auto high = [](std::uint32_t v, std::uint32_t m) { return static_cast<float>(1.00390625 * v / m); };
  std::size_t wrong = 0;
  check_modes(
      "mul_mod24_balanced.frag", {{}}, mul_mod24_balanced_inputs(in, high),
      {products_mod(in.x, in.c, in.m), std::vector<float>(kLanes, 0.0f)},
      [&](std::size_t i) { return "mutant mulMod24Balanced(" + std::to_string(in.x[i]) + ")"; }, {}, {}, &wrong);
  CHECK(wrong > 0);
}

TEST_CASE("mulModMersenne31 is exact under fused multiply-adds (1M products per mode)", "[hostile][modules]") {
  const u64 m = pm::kModulus;
  std::vector<u64> x, c;
  const auto add = [&](u64 a, u64 b) {
    if (a < m && b < m && x.size() < kPixels) {
      x.push_back(a);
      c.push_back(b);
    }
  };
  // 0, 1, 127, 128, 254, 255 in every byte (the top byte below 128): carries through each.
  std::vector<u64> edges;
  for (const u64 b0 : {0, 1, 127, 128, 254, 255})
    for (const u64 b1 : {0, 1, 127, 128, 254, 255})
      for (const u64 b2 : {0, 1, 127, 128, 254, 255})
        for (const u64 b3 : {0, 1, 63, 64, 126, 127}) edges.push_back(b0 | b1 << 8 | b2 << 16 | b3 << 24);
  for (std::size_t i = 0; i < edges.size(); ++i)
    for (std::size_t j = i % 2; j < edges.size(); j += 2) add(edges[i], edges[j]);
  // The multipliers the shader uses (a, a^P for leapfrog) and products beside 0 mod m.
  std::vector<u64> multipliers{pm::kMultiplier, 48271, m - 1, m - 2, u64{1} << 30};
  for (const std::uint64_t p : {3ull, 4096ull, 4097ull, 5000ull, 1ull << 20}) multipliers.push_back(pm::multiplier_power(p));
  for (const u64 a : multipliers)
    for (const u64 e : edges) add(e, a);
  for (const u64 target : {u64{1}, u64{2}, m - 1, m - 2, u64{1} << 30, (u64{1} << 31) - 3})
    for (int i = 0; i < 2000; ++i) {
      const u64 b = uniform(1, m - 1);
      add(target * inverse(b, m) % m, b);
    }
  while (x.size() < kPixels) add(uniform(0, m - 1), uniform(0, m - 1));
  std::vector<u64> product(kPixels);
  for (std::size_t i = 0; i < kPixels; ++i) product[i] = x[i] * c[i] % m;
  check_modes("mul_mod_mersenne31.frag", fusion_modes(), {bytes_of(x), bytes_of(c)}, {bytes_of(product)},
              [&](std::size_t i) {
                return "mulModMersenne31(" + std::to_string(x[i / 4]) + ", " + std::to_string(c[i / 4]) + ")";
              });
}

TEST_CASE("mulModMersenne31By16 is exact under fused multiply-adds (1M products per mode)", "[hostile][modules]") {
  const u64 m = pm::kModulus;
  std::vector<u64> x, c;
  // 0, 1, 127, 128, 254, 255 in every byte of x (the top byte below 128), times the texture
  // shaders' a and other multipliers below 2^16 with edge bytes; then random pairs.
  std::vector<u64> edges;
  for (const u64 b0 : {0, 1, 127, 128, 254, 255})
    for (const u64 b1 : {0, 1, 127, 128, 254, 255})
      for (const u64 b2 : {0, 1, 127, 128, 254, 255})
        for (const u64 b3 : {0, 1, 63, 64, 126, 127}) edges.push_back(b0 | b1 << 8 | b2 << 16 | b3 << 24);
  for (const u64 a : {u64{pm::kMultiplier}, u64{48271}, u64{65535}, u64{65280}, u64{255}, u64{256}, u64{1}})
    for (const u64 e : edges)
      if (e < m) {
        x.push_back(e);
        c.push_back(a);
      }
  while (x.size() < kPixels) {
    x.push_back(uniform(0, m - 1));
    c.push_back(uniform(1, 65535));
  }
  std::vector<u64> product(kPixels);
  for (std::size_t i = 0; i < kPixels; ++i) product[i] = x[i] * c[i] % m;
  check_modes("mul_mod_mersenne31_by16.frag", fusion_modes(), {bytes_of(x), bytes_of(c)}, {bytes_of(product)},
              [&](std::size_t i) {
                return "mulModMersenne31By16(" + std::to_string(x[i / 4]) + ", " + std::to_string(c[i / 4]) + ")";
              });
}

// ---- 11-bit limbs: mulModMersenne31Limbs, mulModMersenne31ByLimbs2 -------------------------

// Values as limbs (x, y, z, 0): bits 0..10, 11..21, 22..30; with `wide`, x = 2^11 and y one
// less where bits 0..10 are 0 and bits 11..21 are not (the form a reduced product may take).
std::vector<float> limbs_of(const std::vector<u64>& values, const std::vector<bool>& wide = {}) {
  std::vector<float> out;
  out.reserve(4 * values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const u64 v = values[i];
    u64 x = v & 0x7FF, y = v >> 11 & 0x7FF;
    if (!wide.empty() && wide[i] && x == 0 && y > 0) x = 2048, y -= 1;
    out.insert(out.end(), {float(x), float(y), float(v >> 22), 0.0f});
  }
  return out;
}

// The test kernels' form of a product: (bits 0..21, bits 22..30, 0, 0).
std::vector<float> split_of(const std::vector<u64>& values) {
  std::vector<float> out;
  out.reserve(4 * values.size());
  for (const u64 v : values) out.insert(out.end(), {float(v & 0x3FFFFF), float(v >> 22), 0.0f, 0.0f});
  return out;
}

// Whether the limb product of x and c (c's third limb 0 for a two-limb c) reaches 2^31 after
// its first fold, where reducedLimbs takes its last step (the rare path the tests seek out).
bool reaches_fold(u64 x, u64 c) {
  const u64 x0 = x & 0x7FF, x1 = x >> 11 & 0x7FF, x2 = x >> 22, c0 = c & 0x7FF, c1 = c >> 11 & 0x7FF, c2 = c >> 22;
  const u64 s0 = x0 * c0 + 4 * (x1 * c2 + x2 * c1), s1 = x0 * c1 + x1 * c0 + 4 * (x2 * c2),
            s2 = x0 * c2 + x1 * c1 + x2 * c0;
  const u64 v = s0 + (s1 << 11) + (s2 << 22);
  return (v & 0x7FFFFFFF) + (v >> 31) >= (u64{1} << 31);
}

// Limb edges (0, 1, 1023, 1024, 2046, 2047 in the low two, 0, 1, 255, 256, 510, 511 in the
// top one): carries through each.
std::vector<u64> limb_edges() {
  std::vector<u64> edges;
  for (const u64 l0 : {0, 1, 1023, 1024, 2046, 2047})
    for (const u64 l1 : {0, 1, 1023, 1024, 2046, 2047})
      for (const u64 l2 : {0, 1, 255, 256, 510, 511}) {
        const u64 v = l0 | l1 << 11 | l2 << 22;
        if (v < pm::kModulus) edges.push_back(v);
      }
  return edges;
}

TEST_CASE("mulModMersenne31Limbs is exact under fused multiply-adds (1M products per mode)", "[hostile][modules]") {
  const u64 m = pm::kModulus;
  std::vector<u64> x, c;
  std::vector<bool> wide;
  const auto add = [&](u64 a, u64 b, bool w = false) {
    if (a < m && b < m && x.size() < kPixels) {
      x.push_back(a);
      c.push_back(b);
      wide.push_back(w);
    }
  };
  const auto edges = limb_edges();
  for (std::size_t i = 0; i < edges.size(); ++i)
    for (std::size_t j = i % 2; j < edges.size(); j += 2) add(edges[i], edges[j]);
  std::vector<u64> multipliers{pm::kMultiplier, 48271, m - 1, m - 2, u64{1} << 30};
  for (const std::uint64_t p : {3ull, 4096ull, 4097ull, 5000ull, 1ull << 20}) multipliers.push_back(pm::multiplier_power(p));
  for (const u64 a : multipliers)
    for (const u64 e : edges) {
      add(e, a);
      add(e, a, true);  // x's low limb 2^11, as a reduced product may leave it
    }
  for (const u64 target : {u64{1}, u64{2}, m - 1, m - 2, u64{1} << 30, (u64{1} << 31) - 3})
    for (int i = 0; i < 2000; ++i) {
      const u64 b = uniform(1, m - 1);
      add(target * inverse(b, m) % m, b);
    }
  // Products whose first fold reaches 2^31.
  for (int found = 0; found < 500;) {
    const u64 a = uniform(1, m - 1), b = uniform(1, m - 1);
    if (reaches_fold(a, b)) add(a, b), ++found;
  }
  while (x.size() < kPixels) add(uniform(0, m - 1), uniform(0, m - 1), uniform(0, 7) == 0);
  std::vector<u64> product(kPixels);
  for (std::size_t i = 0; i < kPixels; ++i) product[i] = x[i] * c[i] % m;
  check_modes("mul_mod_mersenne31_limbs.frag", fusion_modes(), {limbs_of(x, wide), limbs_of(c)}, {split_of(product)},
              [&](std::size_t i) {
                return "mulModMersenne31Limbs(" + std::to_string(x[i / 4]) + ", " + std::to_string(c[i / 4]) + ")";
              });
}

TEST_CASE("mulModMersenne31ByLimbs2 is exact under fused multiply-adds (1M products per mode)", "[hostile][modules]") {
  const u64 m = pm::kModulus;
  std::vector<u64> x, c;
  std::vector<bool> wide;
  const auto add = [&](u64 a, u64 b, bool w = false) {
    if (a < m && b < (u64{1} << 22) && x.size() < kPixels) {
      x.push_back(a);
      c.push_back(b);
      wide.push_back(w);
    }
  };
  // Limb edges of x times the texture shaders' a and other two-limb multipliers; x's low limb
  // 2^11 too; products whose first fold reaches 2^31; then random pairs.
  for (const u64 a : {u64{pm::kMultiplier}, u64{48271}, (u64{1} << 22) - 1, u64{2047}, u64{2048}, u64{1}})
    for (const u64 e : limb_edges()) {
      add(e, a);
      add(e, a, true);
    }
  for (int found = 0; found < 500;) {
    const u64 a = uniform(1, m - 1), b = uniform(1, (u64{1} << 22) - 1);
    if (reaches_fold(a, b)) add(a, b), ++found;
  }
  while (x.size() < kPixels) add(uniform(0, m - 1), uniform(1, (u64{1} << 22) - 1), uniform(0, 7) == 0);
  std::vector<u64> product(kPixels);
  for (std::size_t i = 0; i < kPixels; ++i) product[i] = x[i] * c[i] % m;
  check_modes("mul_mod_mersenne31_by_limbs2.frag", fusion_modes(), {limbs_of(x, wide), limbs_of(c)}, {split_of(product)},
              [&](std::size_t i) {
                return "mulModMersenne31ByLimbs2(" + std::to_string(x[i / 4]) + ", " + std::to_string(c[i / 4]) + ")";
              });
}

TEST_CASE("limbsOfBytes and unitFloatOfLimbs give z's limbs and its float (1M values per mode)", "[hostile][modules]") {
  // Every byte edge and random z: the limbs exactly, and z·2^-31 rounded once to a float below 1.
  const u64 m = pm::kModulus;
  std::vector<u64> z;
  for (const u64 b0 : {0, 1, 7, 8, 127, 128, 254, 255})
    for (const u64 b1 : {0, 1, 7, 8, 127, 128, 254, 255})
      for (const u64 b2 : {0, 1, 63, 64, 127, 128, 254, 255})
        for (const u64 b3 : {0, 1, 63, 64, 126, 127}) {
          const u64 v = b0 | b1 << 8 | b2 << 16 | b3 << 24;
          if (v >= 1 && v < m) z.push_back(v);
        }
  for (const u64 v : {m - 1, m - 2, m - 64, m - 65, u64{1} << 30, (u64{1} << 30) - 1}) z.push_back(v);
  while (z.size() < kPixels) z.push_back(uniform(1, m - 1));
  std::vector<float> expected;
  expected.reserve(4 * kPixels);
  for (const u64 v : z)
    expected.insert(expected.end(), {float(v & 0x7FF), float(v >> 11 & 0x7FF), float(v >> 22),
                                     std::min(static_cast<float>(static_cast<double>(v) * 0x1p-31), 0x1.fffffep-1f)});
  check_modes("limbs_of_bytes.frag", fusion_modes(), {bytes_of(z)}, {expected},
              [&](std::size_t i) { return "limbsOfBytes(" + std::to_string(z[i / 4]) + ")"; });
}

TEST_CASE("unitFloatOfLimbs rounds z·2^-31 once, from limbs whose low one is 2^11 too (1M values per mode)",
          "[hostile][modules]") {
  // The form a reduced product may take (x = 2^11, y one less) beside the usual one.
  const u64 m = pm::kModulus;
  std::vector<u64> z;
  std::vector<bool> wide;
  for (u64 y = 1; y < 2048 && z.size() < kPixels / 2; ++y)
    for (const u64 top : {u64{0}, u64{1}, u64{255}, u64{511}}) {
      const u64 v = y << 11 | top << 22;
      if (v < m) z.push_back(v), wide.push_back(true);
    }
  while (z.size() < kPixels) {
    const u64 v = uniform(1, m - 1);
    z.push_back(uniform(0, 1) ? v : v & ~u64{0x7FF} | u64{1} << 11);
    wide.push_back(true);
  }
  std::vector<float> expected;
  expected.reserve(4 * kPixels);
  for (const u64 v : z)
    expected.insert(expected.end(), {std::min(static_cast<float>(static_cast<double>(v) * 0x1p-31), 0x1.fffffep-1f),
                                     0.0f, 0.0f, 0.0f});
  check_modes("unit_float_of_limbs.frag", fusion_modes(), {limbs_of(z, wide)}, {expected},
              [&](std::size_t i) { return "unitFloatOfLimbs(" + std::to_string(z[i / 4]) + ")"; });
}

TEST_CASE("dotMod is exact under fused multiply-adds (1M dot products per modulus and mode)", "[hostile][modules]") {
  const auto edges = word_edges();
  std::array<std::vector<u64>, 6> words;  // m0, m1, m2, w0, w1, w2
  const auto add = [&](std::array<u64, 6> v) {
    if (words[0].size() < kPixels)
      for (int j = 0; j < 6; ++j) words[j].push_back(v[j]);
  };
  for (const u64 e : edges) add({e, e, e, e, e, e});
  // Rows of the step and jump matrices of both components with random states.
  for (const auto& matrix : {mrg32k3a::kA1, mrg32k3a::kA2,
                             mrg32k3a::matrix_power(mrg32k3a::kA1, mrg32k3a::kM1, 4097),
                             mrg32k3a::matrix_power(mrg32k3a::kA2, mrg32k3a::kM2, 4097),
                             mrg32k3a::matrix_power(mrg32k3a::kA1, mrg32k3a::kM1, mrg32k3a::Steps{1} << 76),
                             mrg32k3a::matrix_power(mrg32k3a::kA2, mrg32k3a::kM2, mrg32k3a::Steps{1} << 76)})
    for (const auto& row : matrix)
      for (int i = 0; i < 2000; ++i)
        add({row[0], row[1], row[2], uniform(0, mrg32k3a::kM2 - 1), uniform(0, mrg32k3a::kM2 - 1),
             uniform(0, mrg32k3a::kM2 - 1)});
  while (words[0].size() < kPixels) {
    std::array<u64, 6> v;
    for (auto& w : v) w = uniform(0, 1) ? edges[uniform(0, edges.size() - 1)] : uniform(0, kWord - 1);
    add(v);
  }
  std::vector<std::vector<float>> inputs;
  for (const auto& w : words) {
    std::vector<float> texels;
    texels.reserve(4 * kPixels);
    for (const u64 v : w) {
      const auto d = digits(v);
      texels.insert(texels.end(), {d[0], d[1], d[2], 0.0f});
    }
    inputs.push_back(std::move(texels));
  }
  for (const u64 m : {mrg32k3a::kM1, mrg32k3a::kM2}) {
    std::vector<float> expected;
    expected.reserve(4 * kPixels);
    for (std::size_t p = 0; p < kPixels; ++p) {
      u128 sum = 0;
      for (int j = 0; j < 3; ++j) sum += u128{words[j][p]} * words[3 + j][p];
      const auto d = digits(static_cast<u64>(sum % m));
      expected.insert(expected.end(), {d[0], d[1], d[2], 0.0f});
    }
    INFO("modulus " << m);
    check_modes("dot_mod.frag", fusion_modes(), inputs, {expected}, [&](std::size_t i) {
      std::string text = "dotMod(";
      for (int j = 0; j < 6; ++j) text += std::to_string(words[j][i / 4]) + (j < 5 ? ", " : ")");
      return text;
    }, [m](const gl::Program& program) { set_modulus(program, m); });
  }
}

TEST_CASE("reduceWide is exact under fused multiply-adds (1M values below 2^72 per modulus and mode)", "[hostile][modules]") {
  std::vector<u128> values;
  const auto add = [&](u128 v) {
    if (v < (u128{1} << 72) && values.size() < kPixels) values.push_back(v);
  };
  // 0, 1, 4094, 4095 in each of the six digits: carries across every digit.
  for (int pattern = 0; pattern < 4096; ++pattern) {
    u128 v = 0;
    for (int d = 0; d < 6; ++d) v |= u128{std::array<u64, 4>{0, 1, 4094, 4095}[pattern >> (2 * d) & 3]} << (12 * d);
    add(v);
  }
  for (int j = 1; j < 6; ++j)
    for (int d = -2; d <= 2; ++d) add((u128{1} << (12 * j)) + static_cast<u128>(d));
  for (const u64 m : {mrg32k3a::kM1, mrg32k3a::kM2})
    for (int i = 0; i < 20000; ++i) {
      const u128 k = u128{uniform(0, (u64{1} << 40) - 1)} >> uniform(0, 40);  // k·m below 2^72
      add(k * m + static_cast<u128>(static_cast<std::int64_t>(uniform(0, 4)) - 2));
    }
  while (values.size() < kPixels) {
    const unsigned bits = std::array<unsigned, 4>{72, 66, 48, 36}[values.size() % 4];
    const u128 v = (u128{uniform(0, ~u64{0})} << 64 | uniform(0, ~u64{0})) >> (128 - bits);
    add(v);
  }
  std::vector<float> low, high;
  for (const u128 v : values) {
    for (int d = 0; d < 4; ++d) low.push_back(static_cast<float>(static_cast<u64>(v >> (12 * d)) & 0xFFF));
    for (int d = 4; d < 8; ++d) high.push_back(static_cast<float>(static_cast<u64>(v >> (12 * d)) & 0xFFF));
  }
  for (const u64 m : {mrg32k3a::kM1, mrg32k3a::kM2}) {
    std::vector<float> expected;
    for (const u128 v : values) {
      const auto d = digits(static_cast<u64>(v % m));
      expected.insert(expected.end(), {d[0], d[1], d[2], 0.0f});
    }
    INFO("modulus " << m);
    check_modes("reduce_wide.frag", fusion_modes(), {low, high}, {expected}, [&](std::size_t i) {
      const u128 v = values[i / 4];
      return "reduceWide(" + std::to_string(static_cast<u64>(v >> 64)) + "·2^64 + " + std::to_string(static_cast<u64>(v)) + ")";
    }, [m](const gl::Program& program) { set_modulus(program, m); });
  }
}

TEST_CASE("shortStepMod is exact under fused multiply-adds (1M steps per multiplier pair and mode)", "[hostile][modules]") {
  // MRG32k3a's own multipliers and the largest the bounds allow, with residues x, y at the
  // digit edges, beside the moduli, at the states whose reduction folds bits 32..35 twice
  // (the self-test's), and at random.
  struct Case {
    u64 m, a, b;
  };
  const Case cases[] = {{mrg32k3a::kM1, mrg32k3a::kA12, mrg32k3a::kA13n},
                        {mrg32k3a::kM2, mrg32k3a::kA21, mrg32k3a::kA23n},
                        {mrg32k3a::kM1, (u64{1} << 21) - 1, (u64{1} << 21) - 1},
                        {mrg32k3a::kM2, (u64{1} << 21) - 1, (u64{1} << 21) - 1}};
  for (const auto& [m, a, b] : cases) {
    std::vector<u64> edges;
    for (const u64 w : word_edges())
      if (w < m) edges.push_back(w);
    std::vector<std::pair<u64, u64>> pairs;
    for (const u64 x : edges)
      for (const u64 y : edges) pairs.emplace_back(x, y);
    pairs.emplace_back(3003742075u, 975317733u);  // m1: a12·x − a13·y folds twice
    pairs.emplace_back(3000000000u, 14683u);      // m2: a21·x − a23·y folds twice
    while (pairs.size() < kPixels) {
      const auto pick = [&] { return uniform(0, 3) == 0 ? edges[uniform(0, edges.size() - 1)] : uniform(0, m - 1); };
      pairs.emplace_back(pick(), pick());
    }
    pairs.resize(kPixels);
    std::vector<float> xs, ys, expected;
    for (const auto& [x, y] : pairs) {
      const auto dx = digits(x % m), dy = digits(y % m);
      xs.insert(xs.end(), {dx[0], dx[1], dx[2], 0.0f});
      ys.insert(ys.end(), {dy[0], dy[1], dy[2], 0.0f});
      const auto d = digits(static_cast<u64>((u128{a} * (x % m) + u128{b} * (m - y % m)) % m));
      expected.insert(expected.end(), {d[0], d[1], d[2], 0.0f});
    }
    const auto da = digits(a), db = digits(b);
    INFO("modulus " << m << ", a " << a << ", b " << b);
    check_modes("short_step_mod.frag", fusion_modes(), {xs, ys}, {expected}, [&](std::size_t i) {
      return "shortStepMod(" + std::to_string(pairs[i / 4].first % m) + ", " + std::to_string(pairs[i / 4].second % m) + ")";
    }, [&](const gl::Program& program) {
      set_modulus(program, m, false);
      program.set("uMultipliers", std::array<float, 4>{da[0], da[1], db[0], db[1]});
    });
  }
}

TEST_CASE("the division-free modules have no division and the others are all rewritten", "[hostile][modules]") {
  // The extended-range, byte-split, limb and balanced-residue arithmetic claims never to
  // divide (so an inexact division cannot touch it): the hostile build finds no division to
  // perturb there.
  const hostile::Mode mode{hostile::Division::plus2, hostile::Fusion::first};
  for (const char* file : {"mul_mod_mersenne31.frag", "mul_mod_mersenne31_by16.frag", "mul_mod_mersenne31_limbs.frag",
                           "mul_mod_mersenne31_by_limbs2.frag", "dot_mod.frag", "reduce_wide.frag",
                           "short_step_mod.frag", "mul_mod_schrage_balanced.frag", "mul_mod24_balanced.frag"}) {
    INFO(file);
    const auto counts = hostile::transform(hostile::Kernel::composed(file), GL_FRAGMENT_SHADER, mode).counts;
    CHECK(counts.divisions == 0);
    CHECK(counts.fused > 0);
  }
  for (const char* file : {"divide_exact.frag", "mul_mod_schrage.frag", "inv_mod.frag", "mul_mod24.frag"}) {
    INFO(file);
    const auto counts = hostile::transform(hostile::Kernel::composed(file), GL_FRAGMENT_SHADER, mode).counts;
    CHECK(counts.divisions > 0);
    CHECK(counts.fused > 0);
  }
}
