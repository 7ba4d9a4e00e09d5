// SPDX-License-Identifier: MIT
// Park–Miller arithmetic on 31-bit integers held as three 11-bit limbs in floats (the texture
// fills): z = l.x + l.y·2^11 + l.z·2^22. A product of two limbs is below 2^22, and a limb
// position's sum of at most three products below 2^24, so all of it is exact in float with
// half the partial products of common/byte_arithmetic.glsl's bytes; every carry step divides
// by 2^11. The reduction uses 2^33 ≡ 4 (mod 2^31 − 1) for the limbs from bit 33 up, and
// 2^31 ≡ 1 for the bits from 31 up.

// t = carry-in + sum; returns the limb, leaves the carry-out in `carry`.
float carryLimb(float t, inout float carry) {
  t += carry;
  carry = floor(t * (1.0 / 2048.0));
  return t - carry * 2048.0;
}

// A value below 2^34 (limbs x, y below 2^11, z below 2^12) folded by 2^31 ≡ 1: (v mod 2^31) +
// (v >> 31), below 2^31 + 8.
vec3 foldLimbs31(vec3 v) {
  float top = floor(v.z * (1.0 / 512.0));  // bits 31 and up
  float carry = 0.0;
  vec3 r;
  r.x = carryLimb(v.x + top, carry);
  r.y = carryLimb(v.y, carry);
  r.z = v.z - top * 512.0 + carry;
  return r;
}

// The six limb positions r (a product below 2^62), folded to [1, m] as limbs: positions 3..5
// are 2^33 times positions 0..2, and 2^33 ≡ 4. Two folds by 2^31 bring the sum (below 2^34)
// into [1, m]; it is never m, since a product of non-zero residues is not a multiple of the
// prime m.
vec3 reducedLimbs(float r0, float r1, float r2, float r3, float r4, float r5) {
  float carry = 0.0;
  vec3 s;
  s.x = carryLimb(r0 + 4.0 * r3, carry);
  s.y = carryLimb(r1 + 4.0 * r4, carry);
  s.z = r2 + 4.0 * r5 + carry;
  return foldLimbs31(foldLimbs31(s));
}

// (x · c) mod (2^31 − 1) for x, c below 2^31 as limbs.
vec3 mulModMersenne31Limbs(vec3 x, vec3 c) {
  float carry = 0.0;
  float r0 = carryLimb(x.x * c.x, carry);
  float r1 = carryLimb(x.x * c.y + x.y * c.x, carry);
  float r2 = carryLimb(x.x * c.z + x.y * c.y + x.z * c.x, carry);
  float r3 = carryLimb(x.y * c.z + x.z * c.y, carry);
  float r4 = carryLimb(x.z * c.z, carry);
  return reducedLimbs(r0, r1, r2, r3, r4, carry);  // the last carry below 2^7
}

// (x · c) mod (2^31 − 1) for x below 2^31 and c below 2^22 as two limbs (a step by
// Park–Miller's own a): the product is below 2^53, its limbs from position 5 on zero.
vec3 mulModMersenne31ByLimbs2(vec3 x, vec2 c) {
  float carry = 0.0;
  float r0 = carryLimb(x.x * c.x, carry);
  float r1 = carryLimb(x.x * c.y + x.y * c.x, carry);
  float r2 = carryLimb(x.y * c.y + x.z * c.x, carry);
  float r3 = carryLimb(x.z * c.y, carry);
  return reducedLimbs(r0, r1, r2, r3, carry, 0.0);
}

// z's limbs from its four bytes (a state texel): bits 0..10, 11..21 and 22..30.
vec3 limbsOfBytes(vec4 b) {
  float y8 = floor(b.y * (1.0 / 8.0));   // b.y's bits 3..7
  float z64 = floor(b.z * (1.0 / 64.0)); // b.z's bits 6..7
  return vec3(b.x + (b.y - y8 * 8.0) * 256.0, y8 + (b.z - z64 * 64.0) * 32.0, z64 + b.w * 4.0);
}

// z / m as a float for z in 1..m − 1 as limbs: z·2^-31 (2^-31 is the float nearest 1/m) from
// two exact parts with one rounding, so within 1 ulp of pm::to_f32 (the bytes' float,
// unitFloatOfBytes, bit for bit); capped at the largest float below 1, to which z = m − 1 would
// otherwise round up.
float unitFloatOfLimbs(vec3 z) {
  float high = z.y * 2048.0 + z.z * 4194304.0;
  return min(high * 4.656612873077392578125e-10 + z.x * 4.656612873077392578125e-10, 0.999999940395355224609375);
}
