// SPDX-License-Identifier: MIT
// The host's float formulas, bit for bit: the double d of an output's words, its IEEE bits,
// and the float the host makes of d. The one-word generators' formulas run in integer
// arithmetic (GLSL gives no correctly rounded double division, and products may be fused),
// their d in [2^-32, 1), a normal number in both formats; Wichmann–Hill's and CEICG's in the
// GPU's double precision, proven on the packer's known answers.
//   VALUE_FORMULA 1 (Park–Miller): d = z / (2^31 − 1) rounded to nearest. z/(2^31 − 1) in
//     binary is z's 31 bits repeated after the point, so its significand is read off that
//     pattern, and as it never ends, no tie is possible.
//   VALUE_FORMULA 2 (a product, MRG32k3a): d = z · K rounded to nearest, ties to even, for the
//     double K = uNormSignificand · 2^(uNormExponent − 52).
//   VALUE_FORMULA 3 (Wichmann–Hill, four words x_k): d = the fraction of
//     ((x_0·r_0 + x_1·r_1) + x_2·r_2) + x_3·r_3, each product and sum a double rounded to
//     nearest (the CPU reference's order), r_k the doubles uReciprocal; in double precision,
//     `precise` so that no product is fused into a sum. GLSL does not promise correctly
//     rounded double operations: the packer's known answers refuse a GPU whose differ. d may
//     be 0 here, and the float is kept below 1.
//   VALUE_FORMULA 4 (CEICG, three words x_k an output): d = the fraction of
//     (x_0/m_0 + x_1/m_1) + x_2/m_2, each quotient and sum a double rounded to nearest, m_k
//     uCeicgModulus; each quotient is the GPU's, then stepped an ulp at a time towards whichever
//     neighbour leaves a smaller exact residual |x − q·m| (a fused multiply-add), until none
//     does: correctly rounded from any start within a few ulp where fma rounds once, which
//     GLSL does not promise, so the same check decides. d may be 0.
// The float: the largest not above d (uFloatNearest 0), or d rounded to nearest, ties to even.

uniform uvec2 uNormSignificand;  // K's 53-bit significand (x low 32 bits, y high 21)
uniform int uNormExponent;       // K's exponent
uniform int uFloatNearest;

// A 53-bit significand (hi: 21 bits with the leading one at bit 20, lo: 32 bits) and exponent
// e, d = significand · 2^(e − 52), as IEEE double bits (x low word, y high word).
uvec2 doubleBits(uint hi, uint lo, int e) { return uvec2(lo, (uint(e + 1023) << 20) | (hi & 0xFFFFFu)); }

// The float of that d: its top 24 significant bits, rounded down or to nearest (ties to even).
uint floatBitsRounded(uint hi, uint lo, int e, bool nearest) {
  uint top = (hi << 3) | (lo >> 29);  // 24 bits, the leading one at bit 23
  uint rest = lo & 0x1FFFFFFFu;
  if (nearest && (rest > 0x10000000u || (rest == 0x10000000u && (top & 1u) != 0u))) {
    top += 1u;
    if (top == 0x1000000u) {
      top = 0x800000u;
      e += 1;
    }
  }
  return (uint(e + 127) << 23) | (top & 0x7FFFFFu);
}

// The generator's float of d (uFloatNearest: its rounding).
uint floatBits(uint hi, uint lo, int e) { return floatBitsRounded(hi, lo, e, uFloatNearest != 0); }

// Adds 1 to the 53-bit significand (hi, lo); where it carries out, 2^52 and e + 1.
void roundUp(inout uint hi, inout uint lo, inout int e) {
  lo += 1u;
  if (lo == 0u) hi += 1u;
  if (hi == 0x200000u) {
    hi = 0x100000u;
    e += 1;
  }
}

// The 96-bit value (w2 w1 w0) shifted left by s, 0 <= s < 64.
void shiftLeft96(inout uint w2, inout uint w1, inout uint w0, int s) {
  if (s >= 32) {
    w2 = w1;
    w1 = w0;
    w0 = 0u;
    s -= 32;
  }
  if (s > 0) {
    w2 = (w2 << s) | (w1 >> (32 - s));
    w1 = (w1 << s) | (w0 >> (32 - s));
    w0 = w0 << s;
  }
}

// d's significand (hi, lo) and exponent e from the word z.
void unitDouble(uint z, out uint hi, out uint lo, out int e) {
#if VALUE_FORMULA == 1
  // z/(2^31 − 1) = 0.zzz… in blocks of 31 bits: its first 96 bits from z's leading one on.
  int L = findMSB(z) + 1;  // z's bits, 1..31
  uint w2, w1, w0;
  // A 128-bit window (t3 t2 t1 t0) of the pattern: blocks at bits 97, 66, 35, 4 and -27.
  uint t3 = z << 1, t2 = z << 2, t1 = z << 3, t0 = z << 4;  // the blocks' parts in each limb
  t3 |= z >> 30;          // block at 66: its top bit is bit 96
  t2 |= z >> 29;          // block at 35: bits 64, 65
  t1 |= z >> 28;          // block at 4: bits 32..34
  t0 |= z >> 27;          // block at -27: bits 0..3
  // (t3 t2 t1 t0) is the 128-bit window, value = window · 2^-128; z's leading one is at bit
  // 96 + L, so a shift left by 31 − L brings it to bit 127, and (w2 w1 w0) takes the top 96.
  int s = 31 - L;  // 0..30
  w2 = t3;
  w1 = t2;
  w0 = t1;
  if (s > 0) {
    w2 = (t3 << s) | (t2 >> (32 - s));
    w1 = (t2 << s) | (t1 >> (32 - s));
    w0 = (t1 << s) | (t0 >> (32 - s));
  }
  e = L - 32;
  hi = w2 >> 11;
  lo = (w2 << 21) | (w1 >> 11);
  // The next bit decides (the pattern never ends, so never a tie).
  if (((w1 >> 10) & 1u) != 0u) roundUp(hi, lo, e);
#else
  // z · K: at most 85 bits, in (w2 w1 w0).
  uint h0, l0, h1, l1;
  umulExtended(z, uNormSignificand.x, h0, l0);
  umulExtended(z, uNormSignificand.y, h1, l1);
  uint w0 = l0, w1 = h0 + l1;
  uint w2 = h1 + (w1 < h0 ? 1u : 0u);
  int top = w2 != 0u ? 64 + findMSB(w2) : 32 + findMSB(w1);  // z >= 1: at least bit 52
  shiftLeft96(w2, w1, w0, 95 - top);
  e = top + uNormExponent - 52;
  hi = w2 >> 11;
  lo = (w2 << 21) | (w1 >> 11);
  bool roundBit = ((w1 >> 10) & 1u) != 0u;
  bool sticky = (w1 & 0x3FFu) != 0u || w0 != 0u;
  if (roundBit && (sticky || (lo & 1u) != 0u)) roundUp(hi, lo, e);
#endif
}

#if VALUE_FORMULA == 3 || VALUE_FORMULA == 4
// d's significand (hi, lo) and exponent e; false where d is 0.
bool doubleParts(double d, out uint hi, out uint lo, out int e) {
  uvec2 bits = unpackDouble2x32(d);
  hi = (bits.y & 0xFFFFFu) | 0x100000u;
  lo = bits.x;
  e = int((bits.y >> 20) & 0x7FFu) - 1023;
  return d != 0.0lf;
}
#endif

#if VALUE_FORMULA == 3
uniform uvec2 uReciprocal[4];  // 1/m_k's IEEE bits (x low word)

// d of the words x, as its significand (hi, lo) and exponent e; false where d is 0.
bool sumFraction(uint x[4], out uint hi, out uint lo, out int e) {
  precise double u = double(x[0]) * packDouble2x32(uReciprocal[0]);
  for (int k = 1; k < 4; ++k) {
    precise double term = double(x[k]) * packDouble2x32(uReciprocal[k]);
    u = u + term;
  }
  // u lies in [0, 4): truncation is its floor, and the difference is exact.
  precise double d = u - double(int(u));
  return doubleParts(d, hi, lo, e);
}
#endif

#if VALUE_FORMULA == 4
uniform uint uCeicgModulus[3];

// The positive double next to q (step 1) or before it (step −1), through its bits.
double nextTo(double q, int step) {
  uvec2 b = unpackDouble2x32(q);
  if (step > 0) {
    b.x += 1u;
    if (b.x == 0u) b.y += 1u;
  } else {
    if (b.x == 0u) b.y -= 1u;
    b.x -= 1u;
  }
  return packDouble2x32(b);
}

// x/m rounded to nearest, for integers 0 <= x < m < 2^32 with m odd (no tie can occur):
// |x − q·m| = m·|q − x/m| falls as q nears x/m, so a step that lowers it is a step closer.
double quotient(uint x, uint m) {
  if (x == 0u) return 0.0lf;
  double dx = double(x), dm = double(m);
  precise double q = dx / dm;
  precise double r = abs(fma(-q, dm, dx));
  for (int tries = 0; tries < 8; ++tries) {
    double down = nextTo(q, -1), up = nextTo(q, 1);
    precise double below = abs(fma(-down, dm, dx));
    precise double above = abs(fma(-up, dm, dx));
    if (below < r) {
      q = down;
      r = below;
    } else if (above < r) {
      q = up;
      r = above;
    } else {
      break;
    }
  }
  return q;
}

#if VALUES == 32 && DISTRIBUTION == 0 && FLOAT_ESTIMATE
uniform uvec2 uCeicgReciprocal[3];  // 1/m_k's IEEE bits (x low word), rounded once on the host

// The float of d without its exact quotients, where an estimate settles it: bits, and true.
// The estimate s = Σ x_k·(1/m_k) lies within 2^-49 of the exact quotients' rounded sum (each
// quotient's, product's and sum's error is at most an ulp or so below 3), so d lies in
// frac([s − 2^-46, s + 2^-46]); where that interval's ends share an integer part and give the
// same float, so does d, as the float of d grows with d. Elsewhere (a fraction near 0, 1 or
// a float's edge: rare), false, and quotientFraction decides. No `precise`: a fused or
// reordered sum stays well within the bound.
bool quickFloat(uint x[3], out uint bits) {
  double s = double(x[0]) * packDouble2x32(uCeicgReciprocal[0]);
  s = fma(double(x[1]), packDouble2x32(uCeicgReciprocal[1]), s);
  s = fma(double(x[2]), packDouble2x32(uCeicgReciprocal[2]), s);
  const double margin = 1.0lf / 70368744177664.0lf;  // 2^-46
  double a = s - margin, b = s + margin;
  double fa = floor(a), fb = floor(b);
  double da = a - fa, db = b - fb;
  uint hi, lo;
  int e;
  bits = 0u;
  if (fa != fb || !doubleParts(da, hi, lo, e)) return false;
  bits = floatBits(hi, lo, e);
  doubleParts(db, hi, lo, e);
  return floatBits(hi, lo, e) == bits;
}
#endif

// d of the words x, as its significand (hi, lo) and exponent e; false where d is 0.
bool quotientFraction(uint x[3], out uint hi, out uint lo, out int e) {
  precise double u = quotient(x[0], uCeicgModulus[0]);
  for (int k = 1; k < 3; ++k) {
    precise double term = quotient(x[k], uCeicgModulus[k]);
    u = u + term;
  }
  // u lies in [0, 3): truncation is its floor, and the difference is exact.
  precise double d = u - double(int(u));
  return doubleParts(d, hi, lo, e);
}
#endif
