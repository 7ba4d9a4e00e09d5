// SPDX-License-Identifier: MIT
// The Wichmann–Hill CPU reference against MKL's published values (its Wichmann–Hill 273
// family), the CSV it was generated from, and independent
// arithmetic: the test's own modular stepping, Fermat-reduced powers for skip-ahead, trial
// division for the table's number theory, and std::fma (one exact rounding per operation) for
// MKL's float formula.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "generators/wichmann_hill.hpp"
#include "kat/kat.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;

namespace {

using Words = std::array<std::uint32_t, 4>;

std::uint64_t power_mod(std::uint64_t base, std::uint64_t exponent, std::uint64_t m) {
  std::uint64_t result = 1 % m;
  base %= m;
  for (; exponent; exponent >>= 1, base = base * base % m)
    if (exponent & 1) result = result * base % m;
  return result;
}

bool is_prime(std::uint32_t n) {
  if (n < 2) return false;
  for (std::uint32_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

std::vector<std::uint32_t> distinct_prime_factors(std::uint32_t n) {
  std::vector<std::uint32_t> factors;
  for (std::uint32_t d = 2; d * d <= n; ++d) {
    if (n % d) continue;
    factors.push_back(d);
    while (n % d == 0) n /= d;
  }
  if (n > 1) factors.push_back(n);
  return factors;
}

// One step by the definition, in the test's own words.
Words naive_step(const wh::Parameters& p, const Words& s) {
  Words next{};
  for (int k = 0; k < 4; ++k) next[k] = static_cast<std::uint32_t>(std::uint64_t{p.multiplier[k]} * s[k] % p.modulus[k]);
  return next;
}

// n steps by Fermat: a^(m-1) = 1 mod prime m, so a^n = a^(n mod (m-1)).
Words fermat_state_at(const wh::Parameters& p, const Words& s, std::uint64_t n) {
  Words next{};
  for (int k = 0; k < 4; ++k) {
    const std::uint64_t m = p.modulus[k];
    next[k] = static_cast<std::uint32_t>(power_mod(p.multiplier[k], n % (m - 1), m) * s[k] % m);
  }
  return next;
}

// MKL's double formula with every rounding spelled out: fma(a, b, 0) and fma(1, a, b) round
// a·b and a + b exactly once, and no compiler may fuse them further.
double reference_f64(const wh::Parameters& p, const Words& s) {
  double u = std::fma(static_cast<double>(s[0]), 1.0 / p.modulus[0], 0.0);
  for (int k = 1; k < 4; ++k) u = std::fma(1.0, u, std::fma(static_cast<double>(s[k]), 1.0 / p.modulus[k], 0.0));
  return u - std::floor(u);
}

Words random_state(const wh::Parameters& p, std::mt19937_64& random) {
  Words s{};
  for (int k = 0; k < 4; ++k) s[k] = static_cast<std::uint32_t>(1 + random() % (p.modulus[k] - 1));
  return s;
}

std::string show(const Words& s) {
  std::ostringstream o;
  o << "(" << s[0] << "," << s[1] << "," << s[2] << "," << s[3] << ")";
  return o.str();
}

int significant_digits(const std::string& literal) {
  int digits = 0;
  bool leading = true;
  for (char c : literal) {
    if (c == 'e' || c == 'E') break;
    if (c < '0' || c > '9') continue;
    if (leading && c == '0') continue;
    leading = false;
    ++digits;
  }
  return digits;
}

// "" when a starts with b, else where they first differ (Catch would print whole vectors).
std::string first_difference(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  if (a.size() < b.size()) return "too short: " + std::to_string(a.size()) + " < " + std::to_string(b.size());
  const auto [i, j] = std::mismatch(b.begin(), b.end(), a.begin());
  if (i == b.end()) return "";
  const auto at = static_cast<std::size_t>(i - b.begin());
  return "word " + std::to_string(at) + " (output " + std::to_string(at / 4) + "): " + std::to_string(*j) +
         " instead of " + std::to_string(*i);
}

// The CSV next to the sources, parsed here independently of the CMake generator.
std::vector<std::array<std::uint32_t, 9>> read_csv() {
  const auto path = std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "third_party" /
                    "wichmann_hill_273" / "wichmann_hill_273.csv";
  std::ifstream in(path);
  INFO("reading " << path);
  REQUIRE(in);
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "index,a1,m1,a2,m2,a3,m3,a4,m4");
  std::vector<std::array<std::uint32_t, 9>> rows;
  while (std::getline(in, line)) {
    std::array<std::uint32_t, 9> row{};
    std::istringstream fields(line);
    for (auto& v : row) {
      std::string field;
      REQUIRE(std::getline(fields, field, ','));
      v = static_cast<std::uint32_t>(std::stoul(field));
    }
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

TEST_CASE("the parameter table equals the CSV and MKL's set 0", "[wh][reference]") {
  const auto& table = wh::parameter_table();
  REQUIRE(table.size() == 273);
  const auto rows = read_csv();
  REQUIRE(rows.size() == 273);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO("set " << i);
    CHECK(rows[i][0] == i);
    for (int k = 0; k < 4; ++k) {
      CHECK(table[i].multiplier[k] == rows[i][1 + 2 * k]);
      CHECK(table[i].modulus[k] == rows[i][2 + 2 * k]);
    }
  }
  // Set 0 as published (tests/kat/wichmann_hill.txt); and the last row of the data file.
  const kat::Record& set0 = kat::load("wichmann_hill").one("set=0 a m");
  const wh::Parameters& p0 = wh::parameters(0);
  CHECK(std::vector<std::uint32_t>(p0.multiplier.begin(), p0.multiplier.end()) == set0.u32s("a"));
  CHECK(std::vector<std::uint32_t>(p0.modulus.begin(), p0.modulus.end()) == set0.u32s("m"));
  CHECK(wh::parameters(272).multiplier == Words{126, 127, 125, 124});
  CHECK(wh::parameters(272).modulus == Words{16766363, 16766359, 16766327, 16766231});
  CHECK(&wh::parameters(17) == &table[17]);
}

TEST_CASE("the parameter table's number theory", "[wh][reference]") {
  const auto& table = wh::parameter_table();
  std::set<std::uint32_t> moduli;
  for (int set = 0; set < wh::kSetCount; ++set) {
    const auto& p = table[static_cast<std::size_t>(set)];
    for (int k = 0; k < 4; ++k) {
      const std::uint32_t a = p.multiplier[k], m = p.modulus[k];
      INFO("set " << set << " component " << k << ": a=" << a << " m=" << m);
      moduli.insert(m);
      CHECK(is_prime(m));
      CHECK(m >= 16718909u);
      CHECK(m <= 16776971u);
      CHECK(m < (1u << 24));
      CHECK(a >= 112u);
      CHECK(a <= 127u);
      // a < sqrt(m), the condition for Schrage's method; its intermediates stay below m < 2^24.
      CHECK(std::uint64_t{a} * a < m);
      const std::uint32_t q = m / a, r = m % a;
      CHECK(r <= q);
      CHECK(std::uint64_t{a} * (q - 1) < m);
      CHECK(std::uint64_t{r} * ((m - 1) / q) < m);
      // Fermat: the period of a divides m - 1 ...
      CHECK(power_mod(a, m - 1, m) == 1);
      CHECK(wh::jump_multipliers(p, m - 1)[k] == 1);
      // ... and is all of m - 1: a is a primitive root.
      for (const std::uint32_t f : distinct_prime_factors(m - 1)) {
        INFO("prime factor " << f << " of m - 1");
        CHECK(power_mod(a, (m - 1) / f, m) != 1);
      }
    }
    CHECK(p.modulus[0] > p.modulus[1]);
    CHECK(p.modulus[1] > p.modulus[2]);
    CHECK(p.modulus[2] > p.modulus[3]);
  }
  CHECK(moduli.size() == 1092);
}

TEST_CASE("set numbers outside 0..272 are refused", "[wh][reference]") {
  for (const int set : {-1, 273, -2147483647 - 1, 100000}) {
    INFO("set " << set);
    REQUIRE_THROWS_AS(wh::parameters(set), InvalidArgument);
    REQUIRE_THROWS_WITH(wh::parameters(set), Catch::Contains("0..272") && Catch::Contains(std::to_string(set)));
    REQUIRE_THROWS_AS(wh::seed_state(set, 1u), InvalidArgument);
    REQUIRE_THROWS_AS(wh::seed_state(set, Words{1, 2, 3, 4}), InvalidArgument);
  }
  CHECK_NOTHROW(wh::parameters(0));
  CHECK_NOTHROW(wh::parameters(272));
}

TEST_CASE("MKL seeding: one word and four words", "[wh][reference]") {
  const std::uint32_t m1 = 16770647, m2 = 16770643, m3 = 16770623, m4 = 16770617;
  CHECK(wh::seed_state(0, 1u) == Words{1, 1, 1, 1});
  CHECK(wh::seed_state(0, 777u) == Words{777, 1, 1, 1});
  CHECK(wh::seed_state(0, 0u) == Words{1, 1, 1, 1});
  CHECK(wh::seed_state(0, m1) == Words{1, 1, 1, 1});
  CHECK(wh::seed_state(0, m1 + 5) == Words{5, 1, 1, 1});
  CHECK(wh::seed_state(0, 4294967295u) == Words{4294967295u % m1, 1, 1, 1});
  CHECK(4294967295u % m1 == 1681663u);  // 4294967295 = 256·16770647 + 1681663
  CHECK(wh::seed_state(272, 16766363u + 3) == Words{3, 1, 1, 1});

  // Four words: each reduced mod its own modulus, 0 -> 1 component-wise.
  CHECK(wh::seed_state(0, Words{1, 1, 1, 1}) == wh::seed_state(0, 1u));
  CHECK(wh::seed_state(0, Words{5, 6, 7, 8}) == Words{5, 6, 7, 8});
  CHECK(wh::seed_state(0, Words{0, m2, 2 * m3 + 7, 4294967295u}) == Words{1, 1, 7, 4294967295u % m4});
  CHECK(wh::seed_state(0, Words{m1 - 1, m2 - 1, m3 - 1, m4 - 1}) == Words{m1 - 1, m2 - 1, m3 - 1, m4 - 1});
  CHECK(wh::seed_state(0, Words{m1, m1, m1, m1}) == Words{1, m1 % m2, m1 % m3, m1 % m4});
  CHECK(m1 % m2 == 4);
  std::mt19937_64 random(273);
  for (int i = 0; i < 1000; ++i) {
    const int set = static_cast<int>(random() % 273);
    const auto& q = wh::parameters(set);
    const Words words{static_cast<std::uint32_t>(random()), static_cast<std::uint32_t>(random()),
                      static_cast<std::uint32_t>(random()), static_cast<std::uint32_t>(random())};
    const Words s = wh::seed_state(set, words);
    for (int k = 0; k < 4; ++k) {
      INFO("set " << set << " words " << show(words) << " k " << k);
      CHECK(s[k] == (words[k] % q.modulus[k] ? words[k] % q.modulus[k] : 1u));
    }
  }
}

TEST_CASE("published integer states of set 0, seed 1", "[wh][reference]") {
  const kat::File& published = kat::load("wichmann_hill");
  const auto state = [&](int output) {
    const auto words = published.one("set=0 seed=1 state output=" + std::to_string(output)).u32s("state");
    REQUIRE(words.size() == 4);
    return Words{words[0], words[1], words[2], words[3]};
  };
  const auto& p = wh::parameters(0);
  const Words s0 = wh::seed_state(0, 1u);
  const Words s1 = wh::step(p, s0);
  const Words s2 = wh::step(p, s1);
  CHECK(s0 == state(0));
  CHECK(s1 == state(1));
  CHECK(s2 == state(2));
  CHECK(wh::state_at(p, s0, 2) == s2);
  // Output n is state n: generate_ints starts with the seed state itself.
  const std::vector<std::uint32_t> want = published.u32_sequence("set=0 seed=1", "state");
  REQUIRE(want.size() == 12);
  std::vector<std::uint32_t> out(want.size());
  wh::generate_ints(p, s0, out, 1);
  CHECK(out == want);
}

TEST_CASE("published doubles of sets 0 and 272", "[wh][reference]") {
  struct Case {
    int set;
    std::uint32_t seed;
  };
  const Case cases[] = {{0, 1}, {0, 777}, {272, 1}};
  for (const auto& c : cases) {
    // The doubles as published, digits and all (tests/kat/wichmann_hill.txt).
    const std::vector<std::string> doubles = kat::load("wichmann_hill").text_sequence(
        "set=" + std::to_string(c.set) + " seed=" + std::to_string(c.seed), "double");
    REQUIRE(doubles.size() == 4);
    const auto& p = wh::parameters(c.set);
    Words s = wh::seed_state(c.set, c.seed);
    for (int n = 0; n < 4; ++n, s = naive_step(p, s)) {
      const std::string literal = doubles[static_cast<std::size_t>(n)];
      INFO("set " << c.set << " seed " << c.seed << " output " << n << " state " << show(s) << " literal " << literal);
      const double u = wh::to_f64(p, s);
      const double parsed = std::strtod(literal.c_str(), nullptr);
      const long double decimal = std::strtold(literal.c_str(), nullptr);
      INFO("u = " << std::hexfloat << u << " parsed = " << parsed);
      CHECK(std::fabs(static_cast<long double>(u) - decimal) <= 1e-16L * decimal);
      char printed[64];
      std::snprintf(printed, sizeof printed, "%.17g", u);
      CHECK(std::strtod(printed, nullptr) == u);
      if (significant_digits(literal) >= 16) {
        CHECK(u == parsed);
      } else {
        // 15 digits need not single out one double (17 may be needed), so only 1 ulp is
        // promised; printing u with as many digits must give the literal back.
        CHECK(std::fabs(u - parsed) <= std::nextafter(parsed, 1.0) - parsed);
        std::snprintf(printed, sizeof printed, "%.*g", significant_digits(literal), u);
        CHECK(std::string(printed) == literal);
      }
      CHECK(u == reference_f64(p, s));
      CHECK(wh::to_f32(p, s) == static_cast<float>(parsed));
    }
  }
}

TEST_CASE("float formulas: products rounded and summed left to right, f32 below 1", "[wh][reference]") {
  std::mt19937_64 random(1989);
  for (int i = 0; i < 200000; ++i) {
    const int set = static_cast<int>(random() % 273);
    const auto& p = wh::parameters(set);
    Words s = random_state(p, random);
    if (i % 1000 == 0) s = {p.modulus[0] - 1, p.modulus[1] - 1, p.modulus[2] - 1, p.modulus[3] - 1};
    INFO("set " << set << " state " << show(s));
    const double u = wh::to_f64(p, s);
    REQUIRE(u == reference_f64(p, s));
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
    const float f = wh::to_f32(p, s);
    REQUIRE(f < 1.0f);
    if (static_cast<float>(u) < 1.0f) REQUIRE(f == static_cast<float>(u));
  }

  // A state whose double rounds to 1.0f: x chosen so that x/m1 nearly completes the rest of
  // the sum to an integer. About half the (y, z, w) draws give one.
  const auto& p = wh::parameters(5);
  bool found = false;
  for (int attempt = 0; attempt < 1000 && !found; ++attempt) {
    Words s = random_state(p, random);
    const double rest = reference_f64(p, {0, s[1], s[2], s[3]});
    const auto x0 = static_cast<std::int64_t>((1.0 - rest) * p.modulus[0]);
    for (std::int64_t x = std::max<std::int64_t>(1, x0 - 2); x <= x0 + 2 && x < p.modulus[0]; ++x) {
      s[0] = static_cast<std::uint32_t>(x);
      const double u = reference_f64(p, s);
      if (static_cast<float>(u) != 1.0f) continue;
      INFO("state " << show(s) << " u = " << std::hexfloat << u);
      found = true;
      CHECK(wh::to_f64(p, s) == u);
      CHECK(u >= 1.0 - std::ldexp(1.0, -25));
      CHECK(wh::to_f32(p, s) == 0x1.fffffep-1f);
      break;
    }
  }
  CHECK(found);
}

TEST_CASE("skip-ahead equals stepping, Fermat powers and composition", "[wh][reference]") {
  std::mt19937_64 random(92);
  for (int trial = 0; trial < 24; ++trial) {
    const int set = static_cast<int>(random() % 273);
    const auto& p = wh::parameters(set);
    const Words start = random_state(p, random);
    const std::uint64_t n = trial == 0 ? 100000 : random() % 100001;
    INFO("set " << set << " start " << show(start) << " n " << n);
    Words walked = start, stepped = start;
    for (std::uint64_t i = 0; i < n; ++i) {
      walked = naive_step(p, walked);
      stepped = wh::step(p, stepped);
    }
    CHECK(stepped == walked);
    CHECK(wh::state_at(p, start, n) == walked);
    CHECK(wh::apply_jump(p, wh::jump_multipliers(p, n), start) == walked);
  }

  for (int trial = 0; trial < 2000; ++trial) {
    const int set = static_cast<int>(random() % 273);
    const auto& p = wh::parameters(set);
    const Words start = random_state(p, random);
    const std::uint64_t n1 = random() >> (1 + random() % 63);  // below 2^63, spread over magnitudes
    const std::uint64_t n2 = random() >> (1 + random() % 63);
    INFO("set " << set << " start " << show(start) << " n1 " << n1 << " n2 " << n2);
    const Words a = wh::state_at(p, start, n1);
    CHECK(a == fermat_state_at(p, start, n1));
    CHECK(wh::state_at(p, a, n2) == wh::state_at(p, start, n1 + n2));
    CHECK(wh::state_at(p, start, n1 + n2) == fermat_state_at(p, start, n1 + n2));
  }

  const auto& p = wh::parameters(0);
  const Words start{3, 5, 7, 11};
  CHECK(wh::jump_multipliers(p, 0) == Words{1, 1, 1, 1});
  CHECK(wh::jump_multipliers(p, 1) == p.multiplier);
  CHECK(wh::state_at(p, start, 0) == start);
  CHECK(wh::state_at(p, start, 1) == naive_step(p, start));
  const std::uint64_t all = ~std::uint64_t{0};
  CHECK(wh::state_at(p, start, all) == fermat_state_at(p, start, all));
  CHECK(wh::state_at(p, wh::state_at(p, start, all), 1) == naive_step(p, fermat_state_at(p, start, all)));
  // Each component returns after m_k - 1 steps; a 0 word stays 0.
  for (int k = 0; k < 4; ++k) CHECK(wh::state_at(p, start, p.modulus[k] - 1)[k] == start[k]);
  CHECK(wh::step(p, {0, 0, 0, 0}) == Words{0, 0, 0, 0});
}

TEST_CASE("leapfrog substreams interleave to the serial sequence", "[wh][reference]") {
  const auto& p = wh::parameters(42);
  const Words start = wh::seed_state(42, 2024u);
  const std::uint64_t stride = 7, per = 500;
  std::vector<Words> serial{start};
  for (std::uint64_t i = 1; i < stride * per; ++i) serial.push_back(naive_step(p, serial.back()));
  const auto jump = wh::jump_multipliers(p, stride);
  for (std::uint64_t sub = 0; sub < stride; ++sub) {
    Words s = wh::state_at(p, start, sub);
    for (std::uint64_t i = 0; i < per; ++i, s = wh::apply_jump(p, jump, s)) {
      INFO("substream " << sub << " element " << i);
      REQUIRE(s == serial[sub + i * stride]);
    }
  }
}

TEST_CASE("generate_ints equals stepping in every parameter set, from states at the moduli's edges",
          "[wh][reference]") {
  for (int set = 0; set < 273; ++set) {
    const auto& p = wh::parameters(set);
    for (const Words start : {Words{1, 1, 1, 1}, Words{p.modulus[0] - 1, p.modulus[1] - 1, p.modulus[2] - 1, p.modulus[3] - 1},
                              wh::seed_state(set, Words{777u, 888u, 999u, 1000u})}) {
      const std::size_t count = 2000;
      std::vector<std::uint32_t> expected(4 * count), out(4 * count);
      Words s = start;
      for (std::size_t i = 0; i < count; ++i, s = naive_step(p, s)) std::copy(s.begin(), s.end(), expected.begin() + 4 * i);
      wh::generate_ints(p, start, out, 1);
      INFO("set " << set);
      REQUIRE(first_difference(out, expected) == "");
    }
  }
}

TEST_CASE("multi-threaded generate_ints equals stepping", "[wh][reference]") {
  const auto& p = wh::parameters(131);
  const Words start = wh::seed_state(131, Words{123456789u, 987654321u, 55555u, 4242u});
  const std::size_t count = 300003;
  std::vector<std::uint32_t> expected(4 * count);
  Words s = start;
  for (std::size_t i = 0; i < count; ++i, s = naive_step(p, s)) std::copy(s.begin(), s.end(), expected.begin() + 4 * i);

  for (const unsigned threads : {1u, 2u, 3u, 4u, 7u, 0u}) {
    INFO("threads " << threads);
    // Three trailing words beyond the last whole output must stay untouched.
    std::vector<std::uint32_t> out(4 * count + 3, 0xDEADBEEFu);
    wh::generate_ints(p, start, out, threads);
    CHECK(first_difference(out, expected) == "");
    CHECK(out[4 * count] == 0xDEADBEEFu);
    CHECK(out[4 * count + 2] == 0xDEADBEEFu);
  }

  // Chunks from jumped starts assemble to one-shot output.
  std::vector<std::uint32_t> chunked(4 * count);
  std::size_t done = 0;
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{2}, std::size_t{99999}, std::size_t{200001}}) {
    wh::generate_ints(p, wh::state_at(p, start, done), std::span(chunked).subspan(4 * done, 4 * chunk), 3);
    done += chunk;
  }
  REQUIRE(done == count);
  CHECK(first_difference(chunked, expected) == "");

  std::vector<std::uint32_t> empty;
  wh::generate_ints(p, start, empty, 4);
  CHECK(empty.empty());
}
