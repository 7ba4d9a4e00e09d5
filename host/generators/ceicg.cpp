// SPDX-License-Identifier: MIT
#include "generators/ceicg.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "generators/float_conversion.hpp"
#include "generators/parallel_fill.hpp"

namespace glrand::ceicg {

double to_f64(const Output& x) {
  double u = static_cast<double>(x[0]) / kComponents[0].modulus;
  u += static_cast<double>(x[1]) / kComponents[1].modulus;
  u += static_cast<double>(x[2]) / kComponents[2].modulus;
  // The fractional part: u lies in [0, 3), so truncation is its floor (and vectorises where
  // std::floor does not), and the difference is exact.
  return u - static_cast<double>(static_cast<std::int32_t>(u));
}

float to_f32(const Output& x) {
  return float_not_above(to_f64(x));
}

std::uint32_t to_u32(const Output& x) { return word_of_unit(to_f64(x)); }

GLRAND_VECTOR_CLONES void to_f32(std::span<const std::uint32_t> words, std::span<float> out) {
  convert_each<3>(words, out, [](const std::uint32_t* w) { return to_f32(Output{w[0], w[1], w[2]}); });
}

GLRAND_VECTOR_CLONES void to_f64(std::span<const std::uint32_t> words, std::span<double> out) {
  convert_each<3>(words, out, [](const std::uint32_t* w) { return to_f64(Output{w[0], w[1], w[2]}); });
}

GLRAND_VECTOR_CLONES void to_u32(std::span<const std::uint32_t> words, std::span<std::uint32_t> out) {
  convert_each<3>(words, out, [](const std::uint32_t* w) { return to_u32(Output{w[0], w[1], w[2]}); });
}

namespace {

// Outputs whose inverses a thread takes at once.
constexpr std::size_t kInversionBlock = 1024;

// z·w mod m_K; the modulus a constant, so the remainder costs a multiplication, not a division.
template <int K>
constexpr std::uint32_t mul_mod(std::uint64_t z, std::uint64_t w) {
  return static_cast<std::uint32_t>(z * w % kComponents[K].modulus);
}

// The three components of outputs 0 .. n − 1 of a block from residues r (n ≤ kInversionBlock)
// into out[3i + k], by Montgomery's simultaneous inversion (Montgomery, Math. Comp. 48, 1987):
// the running products of the y_i, one inverse of the last, unwound back to each y_i's inverse
// with two products an output; y_i = 0 (whose inverse is 0) stands in the products as 1. The
// components' chains of products interleave.
struct BlockProducts {
  std::uint32_t of[3][kInversionBlock];
};
template <int... K>
void invert_block(const Residues& r, std::size_t n, std::uint32_t* out, BlockProducts& products,
                  std::integer_sequence<int, K...>) {
  constexpr std::uint32_t m[] = {kComponents[K].modulus...}, a[] = {kComponents[K].multiplier...};
  // y_i = a·(r + i) + c mod m: each a more than the last.
  std::uint32_t y[] = {static_cast<std::uint32_t>((std::uint64_t{a[K]} * r[K] + kComponents[K].increment) % m[K])...};
  std::uint32_t product[] = {((void)K, 1u)...};
  for (std::size_t i = 0; i < n; ++i) {
    (
        [&] {
          out[3 * i + K] = y[K];
          product[K] = mul_mod<K>(product[K], y[K] == 0 ? 1 : y[K]);
          products.of[K][i] = product[K];
          y[K] = y[K] + a[K] >= m[K] ? y[K] + a[K] - m[K] : y[K] + a[K];
        }(),
        ...);
  }
  std::uint32_t inverse[] = {inverse_mod(product[K], m[K])...};  // of products[i], i from n − 1 down
  for (std::size_t i = n; i-- > 0;) {
    (
        [&] {
          const std::uint32_t yi = out[3 * i + K];
          out[3 * i + K] = yi == 0 ? 0 : mul_mod<K>(inverse[K], i == 0 ? 1 : products.of[K][i - 1]);
          if (yi != 0) inverse[K] = mul_mod<K>(inverse[K], yi);
        }(),
        ...);
  }
}

}  // namespace

void generate_ints(const Residues& start, std::span<std::uint32_t> out, unsigned threads) {
  // Each thread's range a block at a time, each block's three components (output_at's
  // inverses) by one inversion each.
  parallel_fill(out.size() / 3, threads, [&](std::uint64_t begin, std::uint64_t end) {
    Residues r = advanced_by(start, begin);
    BlockProducts products;
    for (std::uint64_t at = begin; at < end; at += kInversionBlock) {
      const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(kInversionBlock, end - at));
      invert_block(r, n, out.data() + 3 * at, products, std::make_integer_sequence<int, 3>{});
      r = advanced_by(r, n);
    }
  });
}

std::optional<std::string> seed_relation(const Seed& seed) {
  __extension__ typedef unsigned __int128 u128;
  // c = sum of n0_k·M_k·(M_k^-1 mod m_k) mod P, M_k = P/m_k: below 2^98, no overflow.
  u128 period = 1;
  for (const auto& c : kComponents) period *= c.modulus;
  u128 shift = 0;
  for (int k = 0; k < 3; ++k) {
    const std::uint32_t m = kComponents[k].modulus;
    const u128 rest = period / m;
    shift += u128{seed[k]} * rest * inverse_mod(static_cast<std::uint32_t>(rest % m), m);
  }
  shift %= period;
  const auto text = fmt::format("{},{},{}", seed[0], seed[1], seed[2]);
  const auto relation = [&](const std::string& d) {
    return fmt::format("u[2N{}] is u[N]/2 or u[N]/2 + 1/2 for every N (x_k(2N{}) = inv(2)·x_k(N) in every component)",
                       d, d);
  };
  if (shift < kSubstreamSpacing)
    return fmt::format("offsets {} are position {} in all three components: ", text, static_cast<std::uint64_t>(shift)) +
           relation(shift == 0 ? "" : fmt::format("+{}", static_cast<std::uint64_t>(shift)));
  if (period - shift < kSubstreamSpacing)
    return fmt::format("offsets {} are position -{} in all three components: ", text,
                       static_cast<std::uint64_t>(period - shift)) +
           relation(fmt::format("-{}", static_cast<std::uint64_t>(period - shift)));
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j)
      if (seed[i] == seed[j])
        return fmt::format("offsets {} are equal in components {} and {}: x(2N+{}) = inv(2)·x(N) in both, for every N",
                           text, i + 1, j + 1, seed[i]);
  return std::nullopt;
}

}  // namespace glrand::ceicg
