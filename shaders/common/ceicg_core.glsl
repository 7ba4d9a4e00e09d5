// SPDX-License-Identifier: MIT
// CEICG (2006 GPU paper, section 4): x_k = inv(a_k·(N + n0_k) + c_k) mod m_k. A position is
// held as its residues (N + n0_k) mod m_k, one per component; the constants come from the
// host (host/generators/ceicg.hpp), lane k = component k, lane w unused (modulus 1).
uniform vec4 uModulus;        // m_k
uniform vec4 uMultiplier;     // a_k
uniform vec4 uIncrement;      // c_k
uniform vec4 uMultiplierQ;    // m_k div a_k  (Schrage)
uniform vec4 uMultiplierR;    // m_k mod a_k

// The arguments a_k·(N + n0_k) + c_k mod m_k of component k's inversions for the four
// consecutive positions start + offset + (0, 1, 2, 3), where start is a residue and
// offset + 3 < m_k: the float4 leapfrog of the paper.
vec4 ceicgArgument(float start, float offset, float m, float a, float c, float q, float r) {
  vec4 mm = vec4(m);
  vec4 residue = addMod(vec4(start), vec4(offset) + vec4(0.0, 1.0, 2.0, 3.0), mm);
  return addMod(mulModSchrage(residue, vec4(a), vec4(q), vec4(r), mm), vec4(c), mm);
}

// Component k's integers for those four positions.
vec4 ceicgComponent(float start, float offset, float m, float a, float c, float q, float r) {
  return invMod(ceicgArgument(start, offset, m, a, c, q, r), vec4(m));
}

// The three components at start + offset + (0..3), start holding the three residues.
void ceicgIntegers(vec4 start, float offset, out vec4 x1, out vec4 x2, out vec4 x3) {
  x1 = ceicgComponent(start.x, offset, uModulus.x, uMultiplier.x, uIncrement.x, uMultiplierQ.x, uMultiplierR.x);
  x2 = ceicgComponent(start.y, offset, uModulus.y, uMultiplier.y, uIncrement.y, uMultiplierQ.y, uMultiplierR.y);
  x3 = ceicgComponent(start.z, offset, uModulus.z, uMultiplier.z, uIncrement.z, uMultiplierQ.z, uMultiplierR.z);
}

// u = (x1/m1 + x2/m2 + x3/m3) mod 1 in float, within 7.5·2^-24 of the exact formula that the
// host applies to read-back integers (host/generators/ceicg.hpp). The quotients are products
// with the host's correctly rounded reciprocals: GLSL rounds a product correctly but lets a
// quotient be off by 2.5 ulp, which took x/m-based sums beyond 2^-21 (the hostile build).
// Each term is within 1.5·2^-24, the two sums round by at most 2^-24 and 2^-23, and no
// fusing or regrouping of the sum makes the bound worse.
uniform vec4 uInverseModulus;  // float(1/m_k)
vec4 ceicgUniform(vec4 x1, vec4 x2, vec4 x3) {
  vec4 u = x1 * uInverseModulus.x + x2 * uInverseModulus.y + x3 * uInverseModulus.z;
  return u - floor(u);
}
