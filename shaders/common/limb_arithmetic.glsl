// SPDX-License-Identifier: MIT
// Park–Miller arithmetic on 31-bit integers held as three 11-bit limbs in floats (the texture
// fills): z = l.x + l.y·2^11 + l.z·2^22, l.x at most 2^11 and l.y, l.z below 2^11 and 2^9
// for a z below 2^31. A product of two limbs is below 2^22 and a limb position's sum below
// 2^24, so all of it is exact in float, with 9 partial products a full product instead of
// common/byte_arithmetic.glsl's 16. The product's positions 3 and 4 are folded onto 0 and 1
// before any carry (2^33 ≡ 4 (mod 2^31 − 1)), then the bits from 31 up (2^31 ≡ 1).

// t = carry-in + sum; returns the limb, leaves the carry-out in `carry`.
float carryLimb(float t, inout float carry) {
  t += carry;
  carry = floor(t * (1.0 / 2048.0));
  return t - carry * 2048.0;
}

// A value s0 + s1·2^11 + s2·2^22 (each sum below 2^24) reduced to [1, m − 1] as limbs, for a
// value ≡ a product of non-zero residues, which is no multiple of the prime m.
vec3 reducedLimbs(float s0, float s1, float s2) {
  float carry = 0.0;
  float x = carryLimb(s0, carry);
  float y = carryLimb(s1, carry);
  float z = s2 + carry;
  float top = floor(z * (1.0 / 512.0));  // the bits from 31 up, below 2^15
  z -= top * 512.0;
  carry = 0.0;
  x = carryLimb(x + top, carry);
  y = carryLimb(y, carry);
  z += carry;  // (x, y, z) below 2^31 + 2^15: z is 512 only where the value reached 2^31,
  float over = floor(z * (1.0 / 512.0));  // and then the value less m is below 2^15 + 1:
  return vec3(x + over, y, z - over * 512.0);  // x + 1 is at most 2^11
}

// (x · c) mod (2^31 − 1) for x, c in 1..m − 1 as limbs.
vec3 mulModMersenne31Limbs(vec3 x, vec3 c) {
  float p0 = x.x * c.x;
  float p1 = x.x * c.y + x.y * c.x;
  float p2 = x.x * c.z + x.y * c.y + x.z * c.x;
  float p3 = x.y * c.z + x.z * c.y;  // below 2^21
  float p4 = x.z * c.z;              // below 2^18
  return reducedLimbs(p0 + 4.0 * p3, p1 + 4.0 * p4, p2);
}

// (x · c) mod (2^31 − 1) for x in 1..m − 1 and c below 2^22 as two limbs (a step by
// Park–Miller's own a): 6 partial products.
vec3 mulModMersenne31ByLimbs2(vec3 x, vec2 c) {
  float p0 = x.x * c.x;
  float p1 = x.x * c.y + x.y * c.x;
  float p2 = x.y * c.y + x.z * c.x;
  float p3 = x.z * c.y;  // below 2^20
  return reducedLimbs(p0 + 4.0 * p3, p1, p2);
}

// z's limbs from its four bytes (a state texel): bits 0..10, 11..21 and 22..30.
vec3 limbsOfBytes(vec4 b) {
  float y8 = floor(b.y * (1.0 / 8.0));    // b.y's bits 3..7
  float z64 = floor(b.z * (1.0 / 64.0));  // b.z's bits 6..7
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
