// SPDX-License-Identifier: MIT
// Park–Miller arithmetic on 31-bit integers held as four bytes in floats (Langdon 2008):
// z = b.x + b.y·2^8 + b.z·2^16 + b.w·2^24. A product is formed byte by byte; every partial
// sum stays below 2^18 and every carry step divides by a power of two, so all of it is
// exact in float. The reduction uses 2^31 ≡ 1 (mod 2^31 − 1): P mod m = (P >> 31) + (P & m).

// t = carry-in + sum; returns the byte, leaves the carry-out in `carry`.
float carryByte(float t, inout float carry) {
  t += carry;
  carry = floor(t * (1.0 / 256.0));
  return t - carry * 256.0;
}

// (x + y) for byte vectors below 2^31 each, as bytes (the sum is below 2^32).
vec4 addBytes(vec4 x, vec4 y) {
  float carry = 0.0;
  vec4 s;
  s.x = carryByte(x.x + y.x, carry);
  s.y = carryByte(x.y + y.y, carry);
  s.z = carryByte(x.z + y.z, carry);
  s.w = carryByte(x.w + y.w, carry);
  return s;
}

// Folds a value below 2^32 (bytes) to below 2^31 + 1 using 2^31 ≡ 1: (v & m) + (v >> 31).
vec4 foldMersenne31(vec4 v) {
  float top = floor(v.w * (1.0 / 128.0));        // bit 31
  return addBytes(vec4(v.xyz, v.w - top * 128.0), vec4(top, 0.0, 0.0, 0.0));
}

// (x · c) mod (2^31 − 1) for x, c below 2^31 as bytes.
vec4 mulModMersenne31(vec4 x, vec4 c) {
  // Byte-position sums of the 16 partial products, each below 4·255² < 2^18.
  float p0 = x.x * c.x;
  float p1 = x.x * c.y + x.y * c.x;
  float p2 = x.x * c.z + x.y * c.y + x.z * c.x;
  float p3 = x.x * c.w + x.y * c.z + x.z * c.y + x.w * c.x;
  float p4 = x.y * c.w + x.z * c.z + x.w * c.y;
  float p5 = x.z * c.w + x.w * c.z;
  float p6 = x.w * c.w;
  float carry = 0.0;
  float r0 = carryByte(p0, carry);
  float r1 = carryByte(p1, carry);
  float r2 = carryByte(p2, carry);
  float r3 = carryByte(p3, carry);
  float r4 = carryByte(p4, carry);
  float r5 = carryByte(p5, carry);
  float r6 = carryByte(p6, carry);
  float r7 = carry;                              // the product is below 2^62
  // low = bits 0..30, high = bits 31..61, both as bytes: high byte k = r_{k+3} >> 7 | r_{k+4} << 1.
  float h3 = floor(r3 * (1.0 / 128.0));
  float h4 = floor(r4 * (1.0 / 128.0));
  float h5 = floor(r5 * (1.0 / 128.0));
  float h6 = floor(r6 * (1.0 / 128.0));
  vec4 low = vec4(r0, r1, r2, r3 - h3 * 128.0);
  vec4 high = vec4(h3 + (r4 - h4 * 128.0) * 2.0, h4 + (r5 - h5 * 128.0) * 2.0,
                   h5 + (r6 - h6 * 128.0) * 2.0, h6 + r7 * 2.0);
  // low + high < 2^32; two folds bring it to [1, m] and the second never carries past m,
  // since the product of two non-zero residues is not a multiple of the prime m.
  return foldMersenne31(foldMersenne31(addBytes(low, high)));
}

// (x · c) mod (2^31 − 1) for x below 2^31 and c below 2^16 (a step by Park–Miller's own a,
// whose upper bytes are zero): c.x, c.y are c's bytes; c.z, c.w are ignored. Half the partial
// products of mulModMersenne31, each sum below 2·255² < 2^17; the product is below 2^47, so
// low + high stays below 2^31 + 2^16 and one fold brings it into [1, m].
vec4 mulModMersenne31By16(vec4 x, vec4 c) {
  float carry = 0.0;
  float r0 = carryByte(x.x * c.x, carry);
  float r1 = carryByte(x.x * c.y + x.y * c.x, carry);
  float r2 = carryByte(x.y * c.y + x.z * c.x, carry);
  float r3 = carryByte(x.z * c.y + x.w * c.x, carry);
  float r4 = carryByte(x.w * c.y, carry);
  float r5 = carry;                              // below 2^7
  float h3 = floor(r3 * (1.0 / 128.0));
  float h4 = floor(r4 * (1.0 / 128.0));
  vec4 low = vec4(r0, r1, r2, r3 - h3 * 128.0);
  vec4 high = vec4(h3 + (r4 - h4 * 128.0) * 2.0, h4 + r5 * 2.0, 0.0, 0.0);
  return foldMersenne31(addBytes(low, high));
}

// z as two 16-bit halves (low, high), the exact integer read back by the host.
vec2 halvesOfBytes(vec4 b) {
  return vec2(b.x + b.y * 256.0, b.z + b.w * 256.0);
}

// z / m as a float for z in 1..m − 1 as bytes (texture fills): z·2^-31 (2^-31 is the float
// nearest 1/m) from its two exact halves with one rounding, so within 1 ulp of pm::to_f32;
// capped at the largest float below 1, to which z = m − 1 would otherwise round up.
float unitFloatOfBytes(vec4 z) {
  float high = z.z * 65536.0 + z.w * 16777216.0;
  float low = z.x + z.y * 256.0;
  return min(high * 4.656612873077392578125e-10 + low * 4.656612873077392578125e-10, 0.999999940395355224609375);
}
