// SPDX-License-Identifier: MIT
// The Poisson's values by the host's table (distributions::PoissonTable, docs/distributions.md)
// in float arithmetic only, within ps_3_0's rules (both distribution passes): the table is a
// texture of the CDF values, each rounded up to a float (fragment::poisson_cdf_above), so that
// for a float u the comparison F(k) > u of floats is the host's of doubles; the search finds
// the host's k (u < 1, so its clamp at 1 − floor never applies), k0 + the least i with
// cdf[i] > max(u, floor), by halving, every index a whole float below 2^24.
uniform sampler2D uPoissonCdf;  // R32F, row by row, uPoissonWidth values a row
uniform vec2 uPoissonTexel;     // 1 / the texture's width and height, both powers of two
uniform float uPoissonWidth;
uniform float uPoissonSize;     // the table's values
uniform float uPoissonSteps;    // the search's halvings: ceil(log2(size + 1))
uniform float uPoissonK0;       // the k of the first value
uniform float uPoissonFloor;    // u is compared as max(u, floor)

float poissonValue(float u) {
  float v = max(u, uPoissonFloor);
  float lo = 0.0;
  float hi = uPoissonSize;
  for (float step = 0.0; step < uPoissonSteps; step += 1.0) {
    if (lo < hi) {
      float mid = floor((lo + hi) * 0.5);
      float row = floor(mid * uPoissonTexel.x);  // exact: the width is a power of two
      float column = mid - row * uPoissonWidth;
      float cdf = textureLod(uPoissonCdf, (vec2(column, row) + 0.5) * uPoissonTexel, 0.0).r;
      if (cdf > v)
        hi = mid;
      else
        lo = mid + 1.0;
    }
  }
  return uPoissonK0 + lo;
}

vec4 poissonValues(vec4 u) { return vec4(poissonValue(u.x), poissonValue(u.y), poissonValue(u.z), poissonValue(u.w)); }
