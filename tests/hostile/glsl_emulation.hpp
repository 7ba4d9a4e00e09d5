// SPDX-License-Identifier: MIT
#pragma once
// A GLSL-like float and vector library on the CPU whose arithmetic is as hostile as GLSL
// allows a GPU to be (docs/testing.md): every division is the correctly rounded quotient moved by
// a few ulp, and a·b + c may be fused. The shader modules in shaders/common are translated
// into C++ over these types at build time (shaders/tools/glsl_to_cpp.cpp), so the tests run
// the shipped float algorithms themselves, not a copy.
//
// Products are kept unrounded (Product, VecProduct) until they are used: added to or
// subtracted from something, they are fused or not by the policy; used any other way, they
// are rounded. Expressions on double literals alone (`1.0 / 256.0`) are C++ constants, as
// they are GLSL constant expressions, and are not perturbed; a literal must be exact in float.
// Compile with -ffp-contract=off (tests/CMakeLists.txt), so that only the policy fuses.
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace glrand::hostile {

// How far divisions are off, and whether a·b ± c is fused.
enum class Fusion { never, always, random };
inline constexpr int kRandomUlps = 99;  // Policy::division_ulps: a random shift in [-2, 2] per division

struct Policy {
  int division_ulps = 0;  // every quotient moved by this many ulp (+ toward +inf), or kRandomUlps
  Fusion fusion = Fusion::never;
};

namespace detail {
inline thread_local Policy policy;
inline thread_local std::uint64_t random_state = 0x9E3779B97F4A7C15ull;

// xorshift64*: cheap per-operation choices.
inline std::uint64_t next_random() {
  random_state ^= random_state >> 12;
  random_state ^= random_state << 25;
  random_state ^= random_state >> 27;
  return random_state * 0x2545F4914F6CDD1Dull;
}

// q moved by k ulp toward +inf (k > 0) or -inf (k < 0); a zero, infinite or NaN q is left
// alone, and a non-zero q never reaches or crosses zero.
inline float shift_ulps(float q, int k) {
  if (k == 0 || q == 0.0f || !std::isfinite(q)) return q;
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(q);
  const std::uint32_t sign = bits & 0x80000000u;
  const std::int64_t magnitude = bits & 0x7FFFFFFFu;
  const std::int64_t moved = magnitude + (sign ? -k : k);
  const std::int64_t clamped = moved < 1 ? 1 : (moved > 0x7F800000 ? 0x7F800000 : moved);
  return std::bit_cast<float>(sign | static_cast<std::uint32_t>(clamped));
}

inline float divide(float a, float b) {
  int k = policy.division_ulps;
  if (k == kRandomUlps) k = static_cast<int>(next_random() % 5) - 2;
  return shift_ulps(a / b, k);
}

inline bool fuse_one() {
  switch (policy.fusion) {
    case Fusion::never: return false;
    case Fusion::always: return true;
    default: return next_random() & 1;
  }
}

// For a·b ± c·d: 0 rounds both products, 1 fuses the left one, 2 the right one.
inline int fuse_of_two() {
  switch (policy.fusion) {
    case Fusion::never: return 0;
    case Fusion::always: return 1;
    default: return static_cast<int>(next_random() % 3);
  }
}

// A GLSL float literal: the double must be exactly a float (constant folding in double
// could otherwise round twice).
inline float literal(double d) {
  const float f = static_cast<float>(d);
  if (static_cast<double>(f) != d)
    throw std::logic_error("glsl emulation: literal " + std::to_string(d) + " is not exact in float");
  return f;
}
}  // namespace detail

// Sets the policy and the random sequence of this thread's emulated arithmetic.
inline void set_policy(const Policy& p, std::uint64_t seed = 1) {
  detail::policy = p;
  detail::random_state = seed * 0x9E3779B97F4A7C15ull | 1;
}
inline const Policy& policy() { return detail::policy; }

struct Float;
struct Product;
template <int N> struct Vec;
template <int N> struct VecProduct;

// ---- traits: scalar-like or vector-like, product or rounded ---------------------------
template <class T> struct Traits { static constexpr bool emulated = false, product = false; static constexpr int lanes = -1; };
template <> struct Traits<Float> { static constexpr bool emulated = true, product = false; static constexpr int lanes = 0; };
template <> struct Traits<Product> { static constexpr bool emulated = true, product = true; static constexpr int lanes = 0; };
template <int N> struct Traits<Vec<N>> { static constexpr bool emulated = true, product = false; static constexpr int lanes = N; };
template <int N> struct Traits<VecProduct<N>> { static constexpr bool emulated = true, product = true; static constexpr int lanes = N; };

template <class T> using Bare = std::remove_cvref_t<T>;
template <class T> concept Emulated = Traits<Bare<T>>::emulated;
template <class T> concept Literal = std::is_floating_point_v<Bare<T>>;
template <class T> concept Operand = Emulated<T> || Literal<T>;
template <class T> inline constexpr int kLanes = Literal<T> ? 0 : Traits<Bare<T>>::lanes;  // 0: scalar
template <class T> inline constexpr bool kProduct = Literal<T> ? false : Traits<Bare<T>>::product;

template <class A, class B> concept Operands = Operand<A> && Operand<B> && (Emulated<A> || Emulated<B>);

// The lane count of a ∘ b: GLSL allows scalar ∘ vector and vector ∘ vector of one size.
template <class A, class B> consteval int result_lanes() {
  constexpr int a = kLanes<A>, b = kLanes<B>;
  static_assert(a == 0 || b == 0 || a == b, "GLSL: vectors of different sizes");
  return a > b ? a : b;
}

// ---- the scalar -------------------------------------------------------------------------
struct Float {
  float v = 0.0f;  // GLSL leaves an uninitialised local undefined; zero here
  Float() = default;
  Float(double d) : v(detail::literal(d)) {}
  static Float of(float f) { Float x; x.v = f; return x; }

  template <Operand B> Float& operator+=(const B& b);
  template <Operand B> Float& operator-=(const B& b);
  template <Operand B> Float& operator*=(const B& b);
  template <Operand B> Float& operator/=(const B& b);
  Float& operator++() { return *this += 1.0; }
  Float& operator--() { return *this -= 1.0; }
};

// a·b, not yet rounded.
struct Product {
  float a, b;
  operator Float() const { return Float::of(a * b); }
};

// ---- vectors ---------------------------------------------------------------------------
template <int N, int K> struct SwizzleRef;
namespace detail {
template <class T> float lane_of(const T& x, int i);  // lane i of any operand, products rounded
}

template <int N> struct Vec {
  static_assert(N >= 2 && N <= 4);
  std::array<Float, N> lane{};

  Vec() = default;
  // GLSL constructors: one scalar fills every lane; otherwise the arguments' components in
  // order (a single longer vector is truncated).
  template <Operand... A>
    requires(sizeof...(A) >= 1 && !(sizeof...(A) == 1 && (std::is_same_v<Bare<A>, Vec> && ...)))
  Vec(const A&... args) {
    if constexpr (sizeof...(A) == 1 && ((kLanes<A> == 0) && ...)) {
      const Float s = (Float(rounded_scalar(args)), ...);
      lane.fill(s);
    } else {
      constexpr int total = ((kLanes<A> == 0 ? 1 : kLanes<A>) + ...);
      static_assert(total >= N, "GLSL: too few components for the constructor");
      static_assert(sizeof...(A) == 1 || total - last_count<A...>() < N, "GLSL: unused constructor argument");
      int at = 0;
      (put(at, args), ...);
    }
  }

  template <int... I> auto sw() const {
    static_assert(((I >= 0 && I < N) && ...), "GLSL: swizzle component out of range");
    if constexpr (sizeof...(I) == 1) return lane[first<I...>()];
    else return Vec<sizeof...(I)>(lane[I]...);
  }
  // A swizzle that is assigned to.
  template <int... I> decltype(auto) swr() & {
    static_assert(((I >= 0 && I < N) && ...), "GLSL: swizzle component out of range");
    static_assert(distinct<I...>(), "GLSL: a swizzle assigned to repeats a component");
    if constexpr (sizeof...(I) == 1) return (lane[first<I...>()]);
    else return SwizzleRef<N, sizeof...(I)>{*this, {I...}};
  }

  template <Operand B> Vec& operator+=(const B& b);
  template <Operand B> Vec& operator-=(const B& b);
  template <Operand B> Vec& operator*=(const B& b);
  template <Operand B> Vec& operator/=(const B& b);

 private:
  template <int I, int...> static constexpr int first() { return I; }
  template <int... I> static constexpr bool distinct() {
    constexpr int index[] = {I...};
    for (std::size_t i = 0; i < sizeof...(I); ++i)
      for (std::size_t j = i + 1; j < sizeof...(I); ++j)
        if (index[i] == index[j]) return false;
    return true;
  }
  template <class T> static Float rounded_scalar(const T& x) {
    if constexpr (Literal<T>) return Float(static_cast<double>(x));
    else return Float(x);
  }
  template <class T> void put(int& at, const T& x) {
    if constexpr (kLanes<T> == 0) {
      const Float s = rounded_scalar(x);
      if (at < N) lane[at] = s;
      ++at;
    } else {
      for (int i = 0; i < kLanes<T>; ++i, ++at)
        if (at < N) lane[at] = Float::of(detail::lane_of(x, i));
    }
  }
  template <class... A> static constexpr int last_count() {
    int c = 0;
    ((c = kLanes<A> == 0 ? 1 : kLanes<A>), ...);
    return c;
  }
};

// Lane-wise a·b, not yet rounded.
template <int N> struct VecProduct {
  Vec<N> a, b;
  operator Vec<N>() const {
    Vec<N> r;
    for (int i = 0; i < N; ++i) r.lane[i] = Float::of(a.lane[i].v * b.lane[i].v);
    return r;
  }
};

// An assignable swizzle (`lo.yzw += h0`): the K lanes of `target` it names.
template <int N, int K> struct SwizzleRef {
  Vec<N>& target;
  std::array<int, K> index;

  Vec<K> value() const {
    Vec<K> v;
    for (int i = 0; i < K; ++i) v.lane[i] = target.lane[index[i]];
    return v;
  }
  // The right side is evaluated before any lane is written, as in GLSL.
  template <Operand B> void operator=(const B& b) { assign(Vec<K>(b)); }
  template <Operand B> void operator+=(const B& b) { assign(Vec<K>(value() + b)); }
  template <Operand B> void operator-=(const B& b) { assign(Vec<K>(value() - b)); }
  template <Operand B> void operator*=(const B& b) { assign(Vec<K>(value() * b)); }
  template <Operand B> void operator/=(const B& b) { assign(Vec<K>(value() / b)); }

 private:
  void assign(const Vec<K>& v) {
    for (int i = 0; i < K; ++i) target.lane[index[i]] = v.lane[i];
  }
};

// ---- lane access -----------------------------------------------------------------------
namespace detail {
template <class T> float lane_of(const T& x, int i) {
  if constexpr (Literal<T>) return literal(static_cast<double>(x));
  else if constexpr (std::is_same_v<T, Float>) return x.v;
  else if constexpr (std::is_same_v<T, Product>) return Float(x).v;
  else if constexpr (Traits<T>::product) return x.a.lane[i].v * x.b.lane[i].v;
  else return x.lane[i].v;
}
// The factors of a product's lane i.
template <class T> float factor_a(const T& x, int i) {
  if constexpr (std::is_same_v<T, Product>) return x.a;
  else return x.a.lane[i].v;
}
template <class T> float factor_b(const T& x, int i) {
  if constexpr (std::is_same_v<T, Product>) return x.b;
  else return x.b.lane[i].v;
}
template <class T> float scalar_or_lane(const T& x, int i) { return lane_of(x, kLanes<T> == 0 ? 0 : i); }

template <int N, class F> auto make(F lane) {
  if constexpr (N == 0) return Float::of(lane(0));
  else {
    Vec<N> r;
    for (int i = 0; i < N; ++i) r.lane[i] = Float::of(lane(i));
    return r;
  }
}

// a ± b lane by lane, fusing a product operand by the policy.
template <int Sign, class A, class B> auto add(const A& a, const B& b) {
  constexpr int N = result_lanes<A, B>();
  return make<N>([&](int i) -> float {
    const int ia = kLanes<A> == 0 ? 0 : i, ib = kLanes<B> == 0 ? 0 : i;
    if constexpr (kProduct<A> && kProduct<B>) {
      switch (fuse_of_two()) {
        case 1: return std::fma(factor_a(a, ia), factor_b(a, ia), Sign * lane_of(b, ib));
        case 2: return std::fma(Sign * factor_a(b, ib), factor_b(b, ib), lane_of(a, ia));
        default: return lane_of(a, ia) + Sign * lane_of(b, ib);
      }
    } else if constexpr (kProduct<A>) {
      if (fuse_one()) return std::fma(factor_a(a, ia), factor_b(a, ia), Sign * lane_of(b, ib));
      return lane_of(a, ia) + Sign * lane_of(b, ib);
    } else if constexpr (kProduct<B>) {
      if (fuse_one()) return std::fma(Sign * factor_a(b, ib), factor_b(b, ib), lane_of(a, ia));
      return lane_of(a, ia) + Sign * lane_of(b, ib);
    } else {
      return lane_of(a, ia) + Sign * lane_of(b, ib);
    }
  });
}
}  // namespace detail

// ---- operators (GLSL's: lane-wise, scalars broadcast) ---------------------------------
template <class A, class B> requires Operands<A, B>
auto operator+(const A& a, const B& b) { return detail::add<1>(a, b); }
template <class A, class B> requires Operands<A, B>
auto operator-(const A& a, const B& b) { return detail::add<-1>(a, b); }

template <class A, class B> requires Operands<A, B>
auto operator*(const A& a, const B& b) {
  constexpr int N = result_lanes<A, B>();
  if constexpr (N == 0) {
    return Product{detail::lane_of(a, 0), detail::lane_of(b, 0)};
  } else {
    VecProduct<N> p;
    for (int i = 0; i < N; ++i) {
      p.a.lane[i] = Float::of(detail::scalar_or_lane(a, i));
      p.b.lane[i] = Float::of(detail::scalar_or_lane(b, i));
    }
    return p;
  }
}

template <class A, class B> requires Operands<A, B>
auto operator/(const A& a, const B& b) {
  constexpr int N = result_lanes<A, B>();
  return detail::make<N>([&](int i) { return detail::divide(detail::scalar_or_lane(a, i), detail::scalar_or_lane(b, i)); });
}

inline Float operator-(const Float& x) { return Float::of(-x.v); }
inline Product operator-(const Product& x) { return Product{-x.a, x.b}; }
template <int N> Vec<N> operator-(const Vec<N>& x) { return detail::make<N>([&](int i) { return -x.lane[i].v; }); }
template <int N> VecProduct<N> operator-(const VecProduct<N>& x) { return VecProduct<N>{-x.a, x.b}; }
template <Emulated T> const T& operator+(const T& x) { return x; }

// Comparisons: scalars give bool; == and != on vectors compare every lane (GLSL).
#define GLRAND_SCALAR_COMPARISON(op)                                                             \
  template <class A, class B> requires Operands<A, B> && (kLanes<A> == 0 && kLanes<B> == 0)   \
  bool operator op(const A& a, const B& b) { return detail::lane_of(a, 0) op detail::lane_of(b, 0); }
GLRAND_SCALAR_COMPARISON(<)
GLRAND_SCALAR_COMPARISON(<=)
GLRAND_SCALAR_COMPARISON(>)
GLRAND_SCALAR_COMPARISON(>=)
#undef GLRAND_SCALAR_COMPARISON
template <class A, class B> requires Operands<A, B> && (kLanes<A> == kLanes<B>)
bool operator==(const A& a, const B& b) {
  for (int i = 0; i < (kLanes<A> == 0 ? 1 : kLanes<A>); ++i)
    if (detail::lane_of(a, i) != detail::lane_of(b, i)) return false;
  return true;
}
template <class A, class B> requires Operands<A, B> && (kLanes<A> == kLanes<B>)
bool operator!=(const A& a, const B& b) { return !(a == b); }

// ---- compound assignment: x op= b is x = x op b ------------------------------------------
template <Operand B> Float& Float::operator+=(const B& b) { return *this = Float(*this + b); }
template <Operand B> Float& Float::operator-=(const B& b) { return *this = Float(*this - b); }
template <Operand B> Float& Float::operator*=(const B& b) { return *this = Float(*this * b); }
template <Operand B> Float& Float::operator/=(const B& b) { return *this = Float(*this / b); }
template <int N> template <Operand B> Vec<N>& Vec<N>::operator+=(const B& b) { return *this = Vec<N>(*this + b); }
template <int N> template <Operand B> Vec<N>& Vec<N>::operator-=(const B& b) { return *this = Vec<N>(*this - b); }
template <int N> template <Operand B> Vec<N>& Vec<N>::operator*=(const B& b) { return *this = Vec<N>(*this * b); }
template <int N> template <Operand B> Vec<N>& Vec<N>::operator/=(const B& b) { return *this = Vec<N>(*this / b); }
// ---- built-in functions: the exact ones only; any other is a compile error -----------------
template <Operand X> auto floor(const X& x) {
  return detail::make<kLanes<X>>([&](int i) { return std::floor(detail::lane_of(x, i)); });
}
// fract(x) = x − floor(x): exact in float (the result holds x's fraction bits), as is the
// GPUs' native instruction.
template <Operand X> auto fract(const X& x) {
  return detail::make<kLanes<X>>([&](int i) {
    const float v = detail::lane_of(x, i);
    return v - std::floor(v);
  });
}
template <Operand X> auto abs(const X& x) {
  return detail::make<kLanes<X>>([&](int i) { return std::fabs(detail::lane_of(x, i)); });
}
// step(edge, x): 0 where x < edge, else 1; edge may be a scalar for a vector x.
template <class E, class X> requires Operands<E, X> && (kLanes<E> == 0 || kLanes<E> == kLanes<X>)
auto step(const E& edge, const X& x) {
  return detail::make<kLanes<X>>(
      [&](int i) { return detail::lane_of(x, i) < detail::scalar_or_lane(edge, i) ? 0.0f : 1.0f; });
}
template <class A, class B> requires Operands<A, B> && (kLanes<B> == 0 || kLanes<A> == kLanes<B>)
auto max(const A& a, const B& b) {
  return detail::make<kLanes<A>>([&](int i) {
    const float x = detail::lane_of(a, i), y = detail::scalar_or_lane(b, i);
    return x < y ? y : x;
  });
}
template <class A, class B> requires Operands<A, B> && (kLanes<B> == 0 || kLanes<A> == kLanes<B>)
auto min(const A& a, const B& b) {
  return detail::make<kLanes<A>>([&](int i) {
    const float x = detail::lane_of(a, i), y = detail::scalar_or_lane(b, i);
    return y < x ? y : x;
  });
}

using vec2 = Vec<2>;
using vec3 = Vec<3>;
using vec4 = Vec<4>;

}  // namespace glrand::hostile
