// SPDX-License-Identifier: MIT
#include "generators/gf2_polynomial.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <string>

#include <glrand/error.hpp>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace glrand::gf2 {

namespace {

std::size_t words_for_degree(long degree) { return static_cast<std::size_t>(degree / 64 + 1); }

// 64 bits starting at bit `pos` (zeros beyond the end).
std::uint64_t extract64(const std::vector<std::uint64_t>& w, std::size_t pos) {
  const std::size_t i = pos / 64, b = pos % 64;
  std::uint64_t v = i < w.size() ? w[i] >> b : 0;
  if (b != 0 && i + 1 < w.size()) v |= w[i + 1] << (64 - b);
  return v;
}

// The low 32 bits of x spread to the even bit positions (x_i → bit 2i): squaring over GF(2).
std::uint64_t spread32(std::uint64_t x) {
  x &= 0xFFFFFFFFu;
  x = (x | (x << 16)) & 0x0000FFFF0000FFFFull;
  x = (x | (x << 8)) & 0x00FF00FF00FF00FFull;
  x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0Full;
  x = (x | (x << 2)) & 0x3333333333333333ull;
  x = (x | (x << 1)) & 0x5555555555555555ull;
  return x;
}

// Portable: q times each word through a table of q·k for the 16 nibbles k.
void clmul_accumulate_portable(std::uint64_t q, std::span<const std::uint64_t> b, std::uint64_t* dst) {
  __extension__ typedef unsigned __int128 u128;
  std::array<u128, 16> table{};
  for (unsigned k = 1; k < 16; ++k)
    for (unsigned bit = 0; bit < 4; ++bit)
      if ((k >> bit) & 1u) table[k] ^= static_cast<u128>(q) << bit;
  for (std::size_t i = 0; i < b.size(); ++i) {
    const std::uint64_t x = b[i];
    u128 r = 0;
    for (unsigned j = 0; j < 64; j += 4) r ^= table[(x >> j) & 15u] << j;
    dst[i] ^= static_cast<std::uint64_t>(r);
    dst[i + 1] ^= static_cast<std::uint64_t>(r >> 64);
  }
}

#if defined(__x86_64__)
// Two words of b per step: the products' high halves carry into the next word in a register.
__attribute__((target("pclmul,sse2"))) void clmul_accumulate_pclmul(std::uint64_t q, std::span<const std::uint64_t> b,
                                                                    std::uint64_t* dst) {
  const __m128i qv = _mm_set_epi64x(0, static_cast<long long>(q));
  const std::size_t n = b.size();
  __m128i carry = _mm_setzero_si128();  // the previous product's high word, in the low lane
  std::size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    const __m128i bv = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.data() + i));
    const __m128i p0 = _mm_clmulepi64_si128(qv, bv, 0x00);  // q·b[i]
    const __m128i p1 = _mm_clmulepi64_si128(qv, bv, 0x10);  // q·b[i + 1]
    const __m128i add = _mm_xor_si128(_mm_xor_si128(p0, _mm_slli_si128(p1, 8)), carry);
    __m128i* d = reinterpret_cast<__m128i*>(dst + i);
    _mm_storeu_si128(d, _mm_xor_si128(_mm_loadu_si128(d), add));
    carry = _mm_srli_si128(p1, 8);
  }
  if (i < n) {
    const __m128i p = _mm_xor_si128(_mm_clmulepi64_si128(qv, _mm_set_epi64x(0, static_cast<long long>(b[i])), 0x00), carry);
    __m128i* d = reinterpret_cast<__m128i*>(dst + i);
    _mm_storeu_si128(d, _mm_xor_si128(_mm_loadu_si128(d), p));
  } else {
    dst[i] ^= static_cast<std::uint64_t>(_mm_cvtsi128_si64(carry));
  }
}
#endif

}  // namespace

long Polynomial::degree() const {
  for (std::size_t i = words.size(); i-- > 0;)
    if (words[i] != 0) return static_cast<long>(64 * i + 63 - static_cast<std::size_t>(std::countl_zero(words[i])));
  return -1;
}

std::size_t Polynomial::term_count() const {
  std::size_t n = 0;
  for (std::uint64_t w : words) n += static_cast<std::size_t>(std::popcount(w));
  return n;
}

void Polynomial::trim() {
  while (!words.empty() && words.back() == 0) words.pop_back();
}

bool has_pclmul() {
#if defined(__x86_64__)
  static const bool has = __builtin_cpu_supports("pclmul");
  return has;
#else
  return false;
#endif
}

Clmul default_clmul() { return has_pclmul() ? Clmul::pclmul : Clmul::portable; }

void clmul_accumulate(Clmul kind, std::uint64_t q, std::span<const std::uint64_t> b, std::uint64_t* dst) {
#if defined(__x86_64__)
  if (kind == Clmul::pclmul) {
    if (!has_pclmul()) throw InvalidArgument("gf2: this CPU has no PCLMULQDQ");
    clmul_accumulate_pclmul(q, b, dst);
    return;
  }
#else
  if (kind == Clmul::pclmul) throw InvalidArgument("gf2: PCLMULQDQ exists only on x86-64");
#endif
  clmul_accumulate_portable(q, b, dst);
}

Polynomial multiply(const Polynomial& a, const Polynomial& b, Clmul kind) {
  Polynomial r;
  if (a.words.empty() || b.words.empty()) return r;
  r.words.assign(a.words.size() + b.words.size(), 0);
  for (std::size_t i = 0; i < a.words.size(); ++i)
    if (a.words[i] != 0) clmul_accumulate(kind, a.words[i], b.words, &r.words[i]);
  return r;
}

Polynomial square(const Polynomial& a) {
  Polynomial r;
  r.words.resize(2 * a.words.size());
  for (std::size_t i = 0; i < a.words.size(); ++i) {
    r.words[2 * i] = spread32(a.words[i]);
    r.words[2 * i + 1] = spread32(a.words[i] >> 32);
  }
  return r;
}

Modulus::Modulus(Polynomial phi, Clmul kind) : phi_(std::move(phi)), kind_(kind) {
  phi_.trim();
  const long d = phi_.degree();
  if (d < 64) throw InvalidArgument("gf2::Modulus: the modulus must have degree 64 or more");
  degree_ = static_cast<unsigned>(d);
  shifted_.resize(64);
  for (unsigned r = 0; r < 64; ++r) {
    auto& s = shifted_[r];
    s.assign(phi_.words.size() + 1, 0);
    for (std::size_t i = 0; i < phi_.words.size(); ++i) {
      s[i] ^= phi_.words[i] << r;
      if (r != 0) s[i + 1] ^= phi_.words[i] >> (64 - r);
    }
  }
  top_ = extract64(phi_.words, degree_ - 63);
}

Polynomial Modulus::reduce(Polynomial p) const {
  long top = p.degree();
  const long d = degree_;
  if (top >= d) {
    // Room for the last row product, which may reach one word past the shifted φ.
    p.words.resize(p.words.size() + shifted_[0].size() + 1, 0);
    while (top >= d) {
      // Clear coefficients lo..top (at most 64) with q(t)·φ(t)·t^(lo − D): q is the quotient
      // of those coefficients by φ's top 64, found bit by bit (long division).
      const long lo = std::max(d, top - 63);
      const unsigned width = static_cast<unsigned>(top - lo + 1);
      std::uint64_t rem = extract64(p.words, static_cast<std::size_t>(lo));
      if (width < 64) rem &= (std::uint64_t{1} << width) - 1;
      std::uint64_t q = 0;
      for (unsigned j = width; j-- > 0;)
        if ((rem >> j) & 1u) {
          q |= std::uint64_t{1} << j;
          rem ^= top_ >> (63 - j);
        }
      const auto s = static_cast<std::size_t>(lo - d);
      clmul_accumulate(kind_, q, shifted_[s % 64], &p.words[s / 64]);
      top = lo - 1;
    }
  }
  p.words.resize(words_for_degree(d - 1), 0);
  return p;
}

Polynomial Modulus::multiply(const Polynomial& a, const Polynomial& b) const {
  return reduce(gf2::multiply(a, b, kind_));
}

Polynomial Modulus::power_of_t(Exponent e) const {
  Polynomial r;
  r.words.assign(words_for_degree(degree_ - 1), 0);
  r.words[0] = 1;
  if (e == 0) return r;
  int bit = 127;
  while (((e >> bit) & 1u) == 0) --bit;
  for (; bit >= 0; --bit) {
    r = reduce(square(r));
    if ((e >> bit) & 1u) {
      // r · t: shift by one; a coefficient reaching t^D is replaced by φ − t^D.
      r.words.push_back(0);
      for (std::size_t i = r.words.size(); i-- > 1;) r.words[i] = (r.words[i] << 1) | (r.words[i - 1] >> 63);
      r.words[0] <<= 1;
      if (r.coefficient(degree_))
        for (std::size_t i = 0; i < phi_.words.size(); ++i) r.words[i] ^= phi_.words[i];
      r.words.resize(words_for_degree(degree_ - 1));
    }
  }
  return r;
}

Polynomial minimal_polynomial(const std::vector<std::uint8_t>& bits) {
  const std::size_t n_bits = bits.size();
  // reversed bit k = s_{N−1−k}, so that s_n, s_{n−1}, ..., s_{n−L} are consecutive bits;
  // zero words past the end, so that the discrepancy's word reads need no bounds checks.
  const std::size_t size = n_bits / 64 + 2;
  std::vector<std::uint64_t> reversed(size + 2, 0);
  for (std::size_t k = 0; k < n_bits; ++k)
    if (bits[n_bits - 1 - k] & 1u) reversed[k / 64] |= std::uint64_t{1} << (k % 64);

  // Connection polynomials C (current) and B (before the last length change), c_0 = 1; C
  // has a spare word for B · x^shift's carry.
  std::vector<std::uint64_t> c(size + 1, 0), b(size, 0), t;
  c[0] = b[0] = 1;
  std::size_t length = 0, shift = 1;
  std::size_t b_words = 1;  // words of B in use
  for (std::size_t n = 0; n < n_bits; ++n) {
    // Discrepancy: Σ_{j=0..L} c_j s_{n−j}, 64 terms per word of C.
    const std::size_t c_words = length / 64 + 1;
    const std::size_t base = n_bits - 1 - n;
    const std::uint64_t* r = reversed.data() + base / 64;
    const unsigned sh = static_cast<unsigned>(base % 64);
    std::uint64_t acc = 0;
    if (sh == 0) {
      for (std::size_t w = 0; w < c_words; ++w) acc ^= c[w] & r[w];
    } else {
      for (std::size_t w = 0; w < c_words; ++w) acc ^= c[w] & ((r[w] >> sh) | (r[w + 1] << (64 - sh)));
    }
    if ((std::popcount(acc) & 1) == 0) {
      ++shift;
      continue;
    }
    const bool grow = 2 * length <= n;
    if (grow) t.assign(c.begin(), c.begin() + static_cast<long>(std::min(size, c_words + 1)));
    // C ^= B · x^shift (deg ≤ n + 1 < 64·size: the words past B's stay in C).
    const std::size_t ws = shift / 64, bs = shift % 64;
    const std::size_t words = std::min(b_words, size - ws);
    std::uint64_t* cw = c.data() + ws;
    if (bs == 0) {
      for (std::size_t w = 0; w < words; ++w) cw[w] ^= b[w];
    } else {
      for (std::size_t w = 0; w < words; ++w) {
        cw[w] ^= b[w] << bs;
        cw[w + 1] ^= b[w] >> (64 - bs);
      }
    }
    if (grow) {
      length = n + 1 - length;
      std::copy(t.begin(), t.end(), b.begin());
      if (b_words > t.size()) std::fill(b.begin() + static_cast<long>(t.size()), b.begin() + static_cast<long>(b_words), 0);
      b_words = t.size();
      shift = 1;
    } else {
      ++shift;
    }
  }
  // φ(t) = t^L · C(1/t): coefficient of t^(L−j) is c_j.
  Polynomial phi;
  phi.words.assign(length / 64 + 1, 0);
  for (std::size_t j = 0; j <= length; ++j)
    if ((c[j / 64] >> (j % 64)) & 1u) phi.words[(length - j) / 64] |= std::uint64_t{1} << ((length - j) % 64);
  return phi;
}

Polynomial characteristic_polynomial_from_bits(const std::vector<std::uint8_t>& bits, unsigned degree,
                                               std::string_view generator) {
  Polynomial phi = minimal_polynomial(bits);
  if (phi.degree() != static_cast<long>(degree))
    throw Error(std::string(generator) + ": Berlekamp-Massey found degree " + std::to_string(phi.degree()) + ", not " +
                std::to_string(degree));
  return phi;
}

}  // namespace glrand::gf2
