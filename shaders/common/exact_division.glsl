// SPDX-License-Identifier: MIT
// Exact integer division in float arithmetic: the seeds' Algorithm 1 (2006 GPU paper,
// section 3): an inexact a/b is turned into the exact quotient and remainder by
// correcting with exact remainders.
//
// Operands are non-negative integers below 2^24 (exact in float), b > 0. GLSL allows a/b to
// be off by 2.5 ulp, and a compiler may use a·(1/b) or fuse a·b + c. The quotient estimate
// is scaled by 1 - 2^-20 (8 ulp, more than all those errors together), so it never
// exceeds the true quotient: every product q·b then stays at or below a < 2^24 and is exact.
// Being low costs at most 23 for quotients below 2^24; the second estimate, of a quotient
// below 24, is low by at most 1; one comparison fixes that.
const float kQuotientBias = 1.0 - 1.0 / 1048576.0;

// Lane-wise floor(a / b); the remainder a - floor(a/b)·b comes back in `remainder`.
vec4 divideExact(vec4 a, vec4 b, out vec4 remainder) {
  vec4 q = floor((a / b) * kQuotientBias);
  vec4 r = a - q * b;                        // 0 <= r < 24·b, exact
  vec4 q2 = floor((r / b) * kQuotientBias);  // floor(r/b) or one less
  q += q2;
  r -= q2 * b;
  vec4 over = step(b, r);                    // 1 where r >= b still
  remainder = r - over * b;
  return q + over;
}

// Lane-wise floor(a / b) for quotients below 2^12 (Schrage's x div q, which is at most a, and
// a² < m < 2^24): the one biased estimate is then at most one below, and one comparison fixes
// it, so a single division does.
vec4 divideSmallQuotient(vec4 a, vec4 b, out vec4 remainder) {
  vec4 q = floor((a / b) * kQuotientBias);
  vec4 r = a - q * b;                        // 0 <= r < 2·b, exact
  vec4 over = step(b, r);
  remainder = r - over * b;
  return q + over;
}
