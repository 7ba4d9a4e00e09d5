// SPDX-License-Identifier: MIT
#pragma once
// Polynomials over GF(2) for the skip-ahead of F2-linear generators (MT19937): products
// (carry-less multiplication, PCLMULQDQ where the CPU has it), squares, reduction modulo a
// fixed polynomial, t^e mod φ, and Berlekamp–Massey to find a sequence's minimal polynomial.
// Method: Haramoto, Matsumoto, Nishimura, Panneton, L'Ecuyer, "Efficient jump ahead for
// F2-linear random number generators", INFORMS J. Computing 20(3), 2008.
#include <cstddef>
#include <cstdint>
#include <span>
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

}  // namespace glrand::gf2
