// SPDX-License-Identifier: MIT
#pragma once
// Shared pieces of the hostile-arithmetic tests: the policies every test runs under, a
// mismatch counter that keeps the first few examples, and lane batching (the shader
// functions work on vec4s, so inputs go through four at a time).
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "hostile/shader_modules.hpp"
#include "hostile/shader_modules_mutant.hpp"

namespace glrand::hostile::testing {

struct NamedPolicy {
  std::string name;
  Policy policy;
  std::uint64_t seed;
};

// Divisions moved by −2, −1, +1, +2 or a random shift in [−2, 2] ulp, each with multiply-adds
// never, always or randomly fused; plus exact arithmetic as a baseline.
inline std::vector<NamedPolicy> policies() {
  std::vector<NamedPolicy> all{{"exact division, no fusion", Policy{0, Fusion::never}, 1}};
  const std::pair<int, const char*> divisions[] = {
      {-2, "-2 ulp"}, {-1, "-1 ulp"}, {1, "+1 ulp"}, {2, "+2 ulp"}, {kRandomUlps, "random ulp"}};
  const std::pair<Fusion, const char*> fusions[] = {
      {Fusion::never, "never fused"}, {Fusion::always, "always fused"}, {Fusion::random, "randomly fused"}};
  for (const auto& [ulps, division] : divisions)
    for (const auto& [fusion, fused] : fusions)
      all.push_back({std::string("division ") + division + ", " + fused, Policy{ulps, fusion}, all.size() + 1});
  return all;
}

// Applies a policy for the lifetime of the object, restoring exact arithmetic afterwards.
class PolicyScope {
 public:
  explicit PolicyScope(const NamedPolicy& p) { set_policy(p.policy, p.seed); }
  ~PolicyScope() { set_policy(Policy{}); }
  PolicyScope(const PolicyScope&) = delete;
  PolicyScope& operator=(const PolicyScope&) = delete;
};

class Mismatches {
 public:
  void check(bool equal, const auto& describe) {
    ++checked_;
    if (equal) return;
    if (count_++ < 5) {
      std::ostringstream text;
      describe(text);
      examples_ += "  " + text.str() + "\n";
    }
  }
  std::uint64_t count() const { return count_; }
  std::uint64_t checked() const { return checked_; }
  std::string report() const {
    return std::to_string(count_) + " of " + std::to_string(checked_) + " wrong" + (count_ ? ", e.g.:\n" + examples_ : "");
  }

 private:
  std::uint64_t checked_ = 0, count_ = 0;
  std::string examples_;
};

// With GLRAND_HOSTILE_VERBOSE set, each test prints how many results it compared.
inline void report_checked(const std::string& test, std::uint64_t checked) {
  if (std::getenv("GLRAND_HOSTILE_VERBOSE")) std::cerr << test << ": " << checked << " results compared\n";
}

inline Float f(std::uint64_t v) { return Float::of(static_cast<float>(v)); }
inline vec4 v4(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d) { return vec4(f(a), f(b), f(c), f(d)); }
inline vec3 v3(std::uint64_t a, std::uint64_t b, std::uint64_t c) { return vec3(f(a), f(b), f(c)); }

// The exact integer a float holds, or -1 if it holds none (negative, fractional, too large).
inline std::int64_t integer_of(Float x) {
  const float v = x.v;
  if (!(v >= 0.0f && v < 4294967296.0f) || v != static_cast<float>(static_cast<std::int64_t>(v))) return -1;
  return static_cast<std::int64_t>(v);
}

// Runs `inputs` through `compute` four at a time (the last batch padded with its first
// input); compute(batch) returns a result per lane, compared by check(input, result).
template <class Input, class Compute, class Check>
void in_lanes(const std::vector<Input>& inputs, Compute compute, Check check) {
  for (std::size_t i = 0; i < inputs.size(); i += 4) {
    std::array<Input, 4> batch;
    for (std::size_t k = 0; k < 4; ++k) batch[k] = inputs[i + k < inputs.size() ? i + k : i];
    const auto results = compute(batch);
    for (std::size_t k = 0; k < 4 && i + k < inputs.size(); ++k) check(batch[k], results[k]);
  }
}

// A shader's float of each integer z in `cases` (unit(z), 1..4 lanes at a time) under every
// policy: within 1 ulp of reference(z) and below 1. `name` is the function's, for the report.
template <class Unit, class Reference>
void check_unit_floats_within_one_ulp(const std::string& name, const std::vector<std::uint64_t>& cases, Unit unit,
                                      Reference reference) {
  std::uint64_t checked = 0;
  for (const auto& policy : policies()) {
    PolicyScope scope(policy);
    Mismatches m;
    in_lanes(
        cases,
        [&](const std::array<std::uint64_t, 4>& z) {
          std::array<Float, 4> out;
          for (int k = 0; k < 4; ++k) out[k] = unit(z[k]);
          return out;
        },
        [&](std::uint64_t z, Float u) {
          const float want = reference(z);
          const bool near = u.v == want || u.v == std::nextafter(want, 0.0f) || u.v == std::nextafter(want, 1.0f);
          m.check(near && u.v < 1.0f, [&](auto& o) { o << "z = " << z << " -> " << u.v << ", not within 1 ulp of " << want; });
        });
    checked += m.checked();
    INFO(policy.name << ": " << m.report());
    CHECK(m.count() == 0);
  }
  report_checked(name, checked);
}

// Values near a: a - 2 .. a + 2, those within [low, high).
inline void add_around(std::vector<std::uint64_t>& out, std::uint64_t a, std::uint64_t low, std::uint64_t high) {
  for (std::int64_t d = -2; d <= 2; ++d) {
    const std::int64_t v = static_cast<std::int64_t>(a) + d;
    if (v >= static_cast<std::int64_t>(low) && v < static_cast<std::int64_t>(high)) out.push_back(static_cast<std::uint64_t>(v));
  }
}

inline std::mt19937_64& random_engine() {
  static thread_local std::mt19937_64 engine(20240604);
  return engine;
}
// Uniform in [low, high).
inline std::uint64_t uniform(std::uint64_t low, std::uint64_t high) {
  return std::uniform_int_distribution<std::uint64_t>(low, high - 1)(random_engine());
}
// Log-uniform in [1, high): small values as often as large ones.
inline std::uint64_t log_uniform(std::uint64_t high) {
  const int bits = static_cast<int>(uniform(1, 64 - __builtin_clzll(high - 1) + 1));
  return uniform(1ull << (bits - 1), std::min<std::uint64_t>(high, 1ull << bits));
}

}  // namespace glrand::hostile::testing
