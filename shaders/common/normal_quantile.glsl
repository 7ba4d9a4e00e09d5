// SPDX-License-Identifier: MIT
// Written by shaders/tools/fit_normal_quantile.cpp (the fit and its error are explained
// there): do not edit. Φ^-1(p) for p in [2^-53, 1/2] in float arithmetic only:
// −√2·x·h(w), x = 1 − 2p, w = −log(4p(1 − p)), h a polynomial in w, or in √w in the tails.

// h on the centre: w in [0, 5].
float normalQuantilePiece0(float v) {
  float s = (v - 2.500000000e+00) * 4.000000000e-01;
  float h = -3.407259283e-05;
  h = h * s + 3.560785990e-05;
  h = h * s + 2.857247018e-04;
  h = h * s + -8.456995129e-04;
  h = h * s + -4.855878651e-04;
  h = h * s + 8.529272862e-03;
  h = h * s + -1.957385056e-02;
  h = h * s + -2.610870637e-02;
  h = h * s + 6.166006923e-01;
  h = h * s + 1.501409411e+00;
  return h;
}

// h on the tail: sqrt(w) in [2.23606798, 4].
float normalQuantilePiece1(float v) {
  float s = (v - 3.118033989e+00) * 1.133830541e+00;
  float h = 4.173202615e-05;
  h = h * s + -6.686403503e-05;
  h = h * s + -1.300638978e-04;
  h = h * s + 6.247779820e-04;
  h = h * s + -1.374705695e-03;
  h = h * s + 2.341507468e-03;
  h = h * s + -3.709918354e-03;
  h = h * s + 5.570312962e-03;
  h = h * s + 8.851584792e-01;
  h = h * s + 2.951328516e+00;
  return h;
}

// h on the far tail: sqrt(w) in [4, 5.95562917].
float normalQuantilePiece2(float v) {
  float s = (v - 4.977814584e+00) * 1.022688776e+00;
  float h = 2.901713856e-07;
  h = h * s + -1.081296432e-06;
  h = h * s + 4.021411314e-06;
  h = h * s + -1.797777077e-05;
  h = h * s + 7.152013131e-05;
  h = h * s + -2.074775111e-04;
  h = h * s + -1.187338275e-04;
  h = h * s + 9.878922105e-01;
  h = h * s + 4.827492237e+00;
  return h;
}

// Φ^-1(p), p in [2^-53, 1/2].
float normalQuantileLower(float p) {
  float x = 1.0 - 2.0 * p;
  float w = -log((4.0 * p) * (1.0 - p));
  float t = sqrt(w);
  float h = normalQuantilePiece2(t);
  if (t <= 4.000000000e+00) h = normalQuantilePiece1(t);
  if (w <= 5.000000000e+00) h = normalQuantilePiece0(w);
  return -1.41421356 * (x * h);
}
