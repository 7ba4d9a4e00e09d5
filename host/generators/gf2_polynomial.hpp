// SPDX-License-Identifier: MIT
#pragma once
// Polynomials over GF(2) for the skip-ahead of F2-linear generators (MT19937, MTGP32):
// products (carry-less multiplication, PCLMULQDQ where the CPU has it), squares, reduction
// modulo a fixed polynomial, t^e mod φ, Berlekamp–Massey to find a sequence's minimal
// polynomial, and g(T)x for a word recurrence T by Horner's scheme.
// Method: Haramoto, Matsumoto, Nishimura, Panneton, L'Ecuyer, "Efficient jump ahead for
// F2-linear random number generators", INFORMS J. Computing 20(3), 2008.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace glrand::gf2 {

// Exponents up to 2^128 − 1.
__extension__ typedef unsigned __int128 Exponent;

// Coefficient of t^i is bit i % 64 of words[i / 64]; trailing zero words are allowed.
struct Polynomial {
  std::vector<std::uint64_t> words;

  // −1 for the zero polynomial.
  long degree() const;
  bool coefficient(std::size_t i) const {
    return i / 64 < words.size() && ((words[i / 64] >> (i % 64)) & 1u) != 0;
  }
  std::size_t term_count() const;
  // Drops trailing zero words, so that == compares values.
  void trim();
  friend bool operator==(Polynomial a, Polynomial b) {
    a.trim();
    b.trim();
    return a.words == b.words;
  }
};

// The carry-less 64×64-bit multipliers: dst[0..n] ^= q · b[0..n) (n + 1 words written).
enum class Clmul { portable, pclmul };
// Whether this CPU has PCLMULQDQ (checked at run time; always false off x86-64).
bool has_pclmul();
// The multiplier used unless one is named: pclmul where the CPU has it, else portable.
Clmul default_clmul();
void clmul_accumulate(Clmul kind, std::uint64_t q, std::span<const std::uint64_t> b, std::uint64_t* dst);

Polynomial multiply(const Polynomial& a, const Polynomial& b, Clmul kind = default_clmul());
Polynomial square(const Polynomial& a);

// Arithmetic modulo a fixed polynomial φ of degree ≥ 64 (shifted copies of φ are kept, so
// that a reduction removes 64 coefficients per carry-less row product).
class Modulus {
 public:
  explicit Modulus(Polynomial phi, Clmul kind = default_clmul());

  const Polynomial& polynomial() const { return phi_; }
  unsigned degree() const { return degree_; }
  Clmul clmul() const { return kind_; }

  // p mod φ (p of any degree).
  Polynomial reduce(Polynomial p) const;
  Polynomial multiply(const Polynomial& a, const Polynomial& b) const;
  // t^e mod φ by left-to-right square-and-multiply; multiplying by t is a shift.
  Polynomial power_of_t(Exponent e) const;

 private:
  Polynomial phi_;
  unsigned degree_;
  Clmul kind_;
  std::vector<std::vector<std::uint64_t>> shifted_;  // φ · t^r, r = 0..63
  std::uint64_t top_;                                // coefficients of t^(D−63)..t^D, t^D at bit 63
};

// The minimal polynomial of the bit sequence s_0..s_{N−1} (Massey 1969, over GF(2)):
// the monic φ of least degree L with Σ_k φ_k s_{n−L+k} = 0 for all n ≥ L. For a sequence
// from a linear recurrence of order L, N ≥ 2L bits determine it.
Polynomial minimal_polynomial(const std::vector<std::uint8_t>& bits);

// A generator's characteristic polynomial φ by Berlekamp–Massey on 2·degree bits: next_bit()
// steps the generator once and returns a bit that is a fixed linear functional of its state
// (an output's low bit, say). The bits' minimal polynomial divides φ and is φ when φ is
// irreducible (a Mersenne-prime period) and the bits are not all zero. Throws glrand::Error
// naming `generator` when the degree found is not `degree`.
Polynomial characteristic_polynomial_from_bits(const std::vector<std::uint8_t>& bits, unsigned degree,
                                               std::string_view generator);
template <class NextBit>
Polynomial characteristic_polynomial(unsigned degree, std::string_view generator, NextBit next_bit) {
  std::vector<std::uint8_t> bits(2 * std::size_t{degree});
  for (auto& b : bits) b = static_cast<std::uint8_t>(next_bit() & 1u);
  return characteristic_polynomial_from_bits(bits, degree, generator);
}

// dst[i] ^= src[i], i < n: a loop the compiler vectorises (the pointers do not alias).
inline void xor_words(std::uint32_t* __restrict dst, const std::uint32_t* __restrict src, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) dst[i] ^= src[i];
}

// Σ_k g_k T^k x for the word recurrence T of order N: x_{m+N} = new_word(at), where at(j)
// returns x_{m+j} (j < N) and `window` is x_m..x_{m+N−1}, oldest first. Horner's scheme in
// steps of q coefficients (Haramoto et al. 2008, §3.2): with P[c] = Σ_{i<q} c_i T^i x for
// the 2^q bit patterns c, r ← T^q r ⊕ P[g's next q coefficients] from the top down, so
// deg g steps of T and about deg g / q + 2^q XORs of N words (one per term, plainly).
// With g = t^K mod φ this is T^K x wherever φ(T) x = 0; each generator says how it meets
// that for a state whose ignored bits are not in φ's kernel (MT19937, MTGP32).
template <std::size_t N, class NewWord>
std::array<std::uint32_t, N> apply_polynomial(const Polynomial& g, const std::array<std::uint32_t, N>& window,
                                              NewWord new_word, unsigned q = 0) {
  const long degree = g.degree();
  std::array<std::uint32_t, N> out{};
  if (degree < 0) return out;
  if (q == 0) q = degree < 1024 ? 1 : 6;  // the table's 2^q XORs pay off for long polynomials
  const std::size_t chunks = static_cast<std::size_t>(degree) / q + 1;
  // x and its next q − 1 words: T^i x is the window at i.
  std::vector<std::uint32_t> x(N + q - 1);
  std::copy(window.begin(), window.end(), x.begin());
  for (std::size_t i = N; i < x.size(); ++i) {
    const std::uint32_t* w = x.data() + (i - N);
    x[i] = new_word([w](unsigned j) { return w[j]; });
  }
  std::vector<std::uint32_t> table((std::size_t{1} << q) * N, 0);
  for (std::size_t c = 1; c < (std::size_t{1} << q); ++c) {
    std::copy_n(table.begin() + static_cast<std::ptrdiff_t>((c & (c - 1)) * N), N,
                table.begin() + static_cast<std::ptrdiff_t>(c * N));
    xor_words(table.data() + c * N, x.data() + std::countr_zero(c), N);
  }
  // r is buffer[pos, pos + N): a step appends the new word and drops the oldest, so that r
  // stays contiguous for the XOR; when the room is used up, r moves back to the start.
  const std::size_t room = 4 * N;
  std::vector<std::uint32_t> buffer(N + room, 0);
  std::size_t pos = 0;
  for (std::size_t j = chunks; j-- > 0;) {
    for (unsigned i = 0; i < q; ++i) {
      if (pos == room) {
        std::copy(buffer.begin() + static_cast<std::ptrdiff_t>(room), buffer.end(), buffer.begin());
        pos = 0;
      }
      const std::uint32_t* r = buffer.data() + pos;
      buffer[pos + N] = new_word([r](unsigned k) { return r[k]; });
      ++pos;
    }
    std::size_t c = 0;
    for (unsigned i = 0; i < q; ++i) c |= static_cast<std::size_t>(g.coefficient(j * q + i)) << i;
    if (c != 0) xor_words(buffer.data() + pos, table.data() + c * N, N);
  }
  std::copy_n(buffer.begin() + static_cast<std::ptrdiff_t>(pos), N, out.begin());
  return out;
}

}  // namespace glrand::gf2
