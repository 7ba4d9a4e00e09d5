// SPDX-License-Identifier: MIT
#pragma once
// Written by shaders/tools/fit_normal_quantile.cpp (the fit and its error are explained
// there): do not edit. The GL pass's fit (shaders/common/normal_quantile.glsl) for the CUDA
// path's floats: Φ^-1(p) for p in [2^-53, 1/2] in float arithmetic, −√2·x·h(w), x = 1 − 2p
// (the caller's, made exactly, who multiplies by −√2), w = −log(4p(1 − p)), h a polynomial in
// w, or in √w in the tails (p below about 0.0017: rare, so that a warp seldom takes both
// ways). CUDA sources only.

namespace glrand::cuda {

// log v by the hardware's base-2 logarithm (__log2f's instruction; a few instructions where
// logf takes twenty), for v a normal float (every caller clamps p to at least 2^-53): h
// needs w to an absolute error, which this meets (the fit's tool measures the chain with it).
__device__ inline float fast_log(float v) {
  float log2v;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(log2v) : "f"(v));
  return __fmul_rn(log2v, 0.693147181f);
}

// h on the centre: w in [0, 5].
__device__ inline float normal_quantile_piece0(float v) {
  const float s = __fmul_rn(__fsub_rn(v, 2.500000000e+00f), 4.000000000e-01f);
  float h = -3.407259283e-05f;
  h = __fmaf_rn(h, s, 3.560785990e-05f);
  h = __fmaf_rn(h, s, 2.857247018e-04f);
  h = __fmaf_rn(h, s, -8.456995129e-04f);
  h = __fmaf_rn(h, s, -4.855878651e-04f);
  h = __fmaf_rn(h, s, 8.529272862e-03f);
  h = __fmaf_rn(h, s, -1.957385056e-02f);
  h = __fmaf_rn(h, s, -2.610870637e-02f);
  h = __fmaf_rn(h, s, 6.166006923e-01f);
  h = __fmaf_rn(h, s, 1.501409411e+00f);
  return h;
}

// h on the tail: sqrt(w) in [2.23606798, 4].
__device__ inline float normal_quantile_piece1(float v) {
  const float s = __fmul_rn(__fsub_rn(v, 3.118033989e+00f), 1.133830541e+00f);
  float h = 4.173202615e-05f;
  h = __fmaf_rn(h, s, -6.686403503e-05f);
  h = __fmaf_rn(h, s, -1.300638978e-04f);
  h = __fmaf_rn(h, s, 6.247779820e-04f);
  h = __fmaf_rn(h, s, -1.374705695e-03f);
  h = __fmaf_rn(h, s, 2.341507468e-03f);
  h = __fmaf_rn(h, s, -3.709918354e-03f);
  h = __fmaf_rn(h, s, 5.570312962e-03f);
  h = __fmaf_rn(h, s, 8.851584792e-01f);
  h = __fmaf_rn(h, s, 2.951328516e+00f);
  return h;
}

// h on the far tail: sqrt(w) in [4, 5.95562917].
__device__ inline float normal_quantile_piece2(float v) {
  const float s = __fmul_rn(__fsub_rn(v, 4.977814584e+00f), 1.022688776e+00f);
  float h = 2.901713856e-07f;
  h = __fmaf_rn(h, s, -1.081296432e-06f);
  h = __fmaf_rn(h, s, 4.021411314e-06f);
  h = __fmaf_rn(h, s, -1.797777077e-05f);
  h = __fmaf_rn(h, s, 7.152013131e-05f);
  h = __fmaf_rn(h, s, -2.074775111e-04f);
  h = __fmaf_rn(h, s, -1.187338275e-04f);
  h = __fmaf_rn(h, s, 9.878922105e-01f);
  h = __fmaf_rn(h, s, 4.827492237e+00f);
  return h;
}

// 4p(1 − p), for p in [2^-53, 1/2]: w = −log of it.
__device__ inline float normal_quantile_q(float p) {
  return __fmul_rn(__fmul_rn(4.0f, p), __fsub_rn(1.0f, p));
}

// Whether h(w) takes the tails' pieces.
__device__ inline bool normal_quantile_in_tail(float w) { return !(w <= 5.000000000e+00f); }

// h on the tails, in √w.
__device__ inline float normal_quantile_tail(float w) {
  const float t = __fsqrt_rn(w);
  return t <= 4.000000000e+00f ? normal_quantile_piece1(t) : normal_quantile_piece2(t);
}

// x·h(w) for N values, w = −log q, q = 4p(1 − p) (normal_quantile_q, or the caller's own
// way to the same float): Φ^-1(p) = −√2·x·h(w) where x = 1 − 2p (the result scales with
// x). For N > 1 the centre's piece for all N with no branch between them, so that their N
// dependent chains can interleave, then one branch, seldom taken, for those in the tails.
template <int N>
__device__ inline void normal_quantile_x_h(const float (&q)[N], const float (&x)[N], float (&xh)[N]) {
  float w[N], h[N];
  if constexpr (N == 1) {
    w[0] = -fast_log(q[0]);
    h[0] = normal_quantile_in_tail(w[0]) ? normal_quantile_tail(w[0]) : normal_quantile_piece0(w[0]);
  } else {
    bool tail = false;
#pragma unroll
    for (int i = 0; i < N; ++i) {
      w[i] = -fast_log(q[i]);
      h[i] = normal_quantile_piece0(w[i]);
      tail |= normal_quantile_in_tail(w[i]);
    }
    if (tail) {
#pragma unroll
      for (int i = 0; i < N; ++i)
        if (normal_quantile_in_tail(w[i])) h[i] = normal_quantile_tail(w[i]);
    }
  }
#pragma unroll
  for (int i = 0; i < N; ++i) xh[i] = __fmul_rn(x[i], h[i]);
}

}  // namespace glrand::cuda
