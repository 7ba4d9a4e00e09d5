// SPDX-License-Identifier: MIT
// The emulation itself (tests/hostile/glsl_emulation.hpp): divisions really move by the
// policy's ulps, multiply-adds really fuse, swizzles and constructors behave as in GLSL.
#include <catch2/catch.hpp>

#include <cmath>

#include "hostile/hostile_support.hpp"

namespace {

using namespace glrand::hostile;
using namespace glrand::hostile::testing;

float up(float x, int n) {
  for (; n > 0; --n) x = std::nextafter(x, INFINITY);
  return x;
}
float down(float x, int n) {
  for (; n > 0; --n) x = std::nextafter(x, -INFINITY);
  return x;
}

TEST_CASE("emulated division moves the correctly rounded quotient by the policy's ulps", "[hostile]") {
  const Float a = Float::of(10.0f), b = Float::of(3.0f);
  const float exact = 10.0f / 3.0f;
  for (const int k : {-2, -1, 0, 1, 2}) {
    PolicyScope scope(NamedPolicy{"fixed", Policy{k, Fusion::never}, 1});
    CHECK(Float(a / b).v == (k >= 0 ? up(exact, k) : down(exact, -k)));
    CHECK(Float(-a / b).v == (k >= 0 ? up(-exact, k) : down(-exact, -k)));  // toward +inf for k > 0
    CHECK(Float(Float::of(0.0f) / b).v == 0.0f);                          // a zero is never moved
    // Across a binade: 1 - 2 ulp lands below 1 with the finer ulp there.
    CHECK(Float(Float::of(6.0f) / Float::of(6.0f)).v == (k >= 0 ? up(1.0f, k) : down(1.0f, -k)));
  }
  {
    PolicyScope scope(NamedPolicy{"-2", Policy{-2, Fusion::never}, 1});
    const float tiny = std::nextafter(0.0f, 1.0f);
    CHECK(Float(Float::of(tiny) / Float::of(1.0f)).v == tiny);  // never reaches or crosses zero
  }
  PolicyScope scope(NamedPolicy{"random", Policy{kRandomUlps, Fusion::never}, 7});
  int seen[5] = {};
  for (int i = 0; i < 1000; ++i) {
    const float q = Float(a / b).v;
    for (int k = -2; k <= 2; ++k) seen[k + 2] += q == (k >= 0 ? up(exact, k) : down(exact, -k));
  }
  for (int k = 0; k < 5; ++k) CHECK(seen[k] > 100);
  CHECK(seen[0] + seen[1] + seen[2] + seen[3] + seen[4] == 1000);
}

TEST_CASE("emulated multiply-adds fuse by the policy, lane by lane", "[hostile]") {
  // a·b = 1 + 2^-11 + 2^-24 is not a float: rounded first, a·b - c is 0; fused, 2^-24.
  const Float a = Float::of(1.0f + 1.0f / 4096.0f), c = Float::of(1.0f + 1.0f / 2048.0f);
  const float residue = 1.0f / 16777216.0f;
  {
    PolicyScope scope(NamedPolicy{"never", Policy{0, Fusion::never}, 1});
    CHECK(Float(a * a - c).v == 0.0f);
    CHECK(Float(-c + a * a).v == 0.0f);
    const vec4 v(a), w = v * a - vec4(c);
    CHECK(w.lane[3].v == 0.0f);
  }
  {
    PolicyScope scope(NamedPolicy{"always", Policy{0, Fusion::always}, 1});
    CHECK(Float(a * a - c).v == residue);
    CHECK(Float(-c + a * a).v == residue);
    CHECK(Float(c - a * a).v == -residue);
    const vec4 v(a), w = a * v - c;
    for (int k = 0; k < 4; ++k) CHECK(w.lane[k].v == residue);
    Float x = -c;
    x += a * a;  // compound assignment is x = x + a·b: fusable too
    CHECK(x.v == residue);
    CHECK(Float(Float(a * a) - c).v == 0.0f);  // a product used otherwise is rounded
  }
  PolicyScope scope(NamedPolicy{"random", Policy{0, Fusion::random}, 3});
  int fused = 0;
  for (int i = 0; i < 1000; ++i) {
    const vec4 w = vec4(a) * a - c;
    for (int k = 0; k < 4; ++k) fused += w.lane[k].v == residue;
  }
  CHECK(fused > 1600);
  CHECK(fused < 2400);
}

TEST_CASE("emulated GLSL vectors: constructors, swizzles and broadcasting", "[hostile]") {
  PolicyScope scope(NamedPolicy{"exact", Policy{}, 1});
  const vec4 v(1.0, 2.0, 3.0, 4.0);
  CHECK(v.sw<3, 2>() == vec2(4.0, 3.0));
  CHECK(vec4(v.sw<0, 1, 2>(), 9.0) == vec4(1.0, 2.0, 3.0, 9.0));
  CHECK(vec3(v) == vec3(1.0, 2.0, 3.0));
  CHECK(vec4(5.0) == vec4(5.0, 5.0, 5.0, 5.0));
  vec4 lo = v;
  lo.swr<1, 2, 3>() += vec3(10.0, 20.0, 30.0);
  CHECK(lo == vec4(1.0, 12.0, 23.0, 34.0));
  lo.swr<0>() -= 1.0;
  lo.swr<3, 0>() = lo.sw<0, 3>();  // assigned after reading, as GLSL does
  CHECK(lo == vec4(34.0, 12.0, 23.0, 0.0));
  CHECK(step(2.5, v) == vec4(0.0, 0.0, 1.0, 1.0));
  CHECK(floor(v / 2.0) == vec4(0.0, 1.0, 1.0, 2.0));
  CHECK(max(vec2(1.0, 5.0), 3.0) == vec2(3.0, 5.0));
  CHECK(1.0 - v == vec4(0.0, -1.0, -2.0, -3.0));
  CHECK_THROWS(Float(0.1));  // a literal must be exact in float
}

}  // namespace
