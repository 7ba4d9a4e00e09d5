// SPDX-License-Identifier: MIT
// Modular arithmetic on integers below m < 2^24 held in floats, lane-wise, without
// intermediates that need more than 24 bits. Selections use step(), not booleans: the ps30
// profile keeps generator code float-only.

// (a + b) mod m for 0 <= a, b < m. The sum itself may need 25 bits; a - (m - b) does not.
vec4 addMod(vec4 a, vec4 b, vec4 m) {
  vec4 s = a - (m - b);                 // in (-m, m)
  return s + m * (1.0 - step(0.0, s));  // + m where negative
}

// (a · x) mod m for a² < m by Schrage's method (Schrage 1979; the seeds' Algorithm 2):
// with m = a·q + r and r < q, a·x mod m = a·(x mod q) - r·(x div q), + m if negative.
// Both products stay below m, so each is exact. q and r are precomputed on the host.
vec4 mulModSchrage(vec4 x, vec4 a, vec4 q, vec4 r, vec4 m) {
  vec4 low;
  vec4 high = divideSmallQuotient(x, q, low);  // x div q <= a < 2^12
  vec4 t = a * low - r * high;          // in (-m, m)
  return t + m * (1.0 - step(0.0, t));
}

// mulModSchrage with x div q estimated by a product instead of a division, for a fixed q:
// qInverse is (1/q)·kQuotientBias rounded to float on the host. With its rounding and the
// product's, the estimate stays below x/q, less than 2^-7 below it (x/q < 2^12), so it is the
// quotient or one less, as divideSmallQuotient's is, and one comparison fixes it.
vec4 mulModSchrageByInverse(vec4 x, vec4 a, vec4 q, vec4 qInverse, vec4 r, vec4 m) {
  vec4 high = floor(x * qInverse);
  vec4 low = x - high * q;               // in [0, 2q), exact
  vec4 over = step(q, low);
  low -= over * q;
  high += over;
  vec4 t = a * low - r * high;           // in (-m, m)
  return t + m * (1.0 - step(0.0, t));
}

// y⁻¹ mod m for prime m, inv(0) = 0, by the extended Euclidean algorithm (the 2006 paper's
// inversion). Remainders and Bezout coefficients stay below m in magnitude, so every step
// is exact. Lanes that finish early are frozen: their divisor becomes 1 and quotient 0.
vec4 invMod(vec4 y, vec4 m) {
  vec4 r0 = m;
  vec4 r1 = y;
  vec4 t0 = vec4(0.0);
  vec4 t1 = vec4(1.0);
  // Lame: operands below 2^24 need at most 35 division steps.
  for (float step_ = 0.0; step_ < 36.0; step_ += 1.0) {
    vec4 running = step(0.5, r1);        // 1 while the lane's remainder is non-zero
    if (max(max(running.x, running.y), max(running.z, running.w)) == 0.0) break;
    vec4 remainder;
    vec4 q = divideExact(r0, r1 + (1.0 - running), remainder) * running;
    vec4 t2 = t0 - q * t1;
    r0 = r0 + running * (r1 - r0);       // r1 - r0 is exact: both in [0, 2^24)
    r1 = remainder * running;
    t0 = t0 + running * (t1 - t0);
    t1 = t2;
  }
  return t0 + m * (1.0 - step(0.0, t0));
}
