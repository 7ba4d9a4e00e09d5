// SPDX-License-Identifier: MIT
// Fits the float-only normal quantile of the GL distribution pass and of the CUDA path's
// float values (shaders/common/normal_quantile.glsl and host/cuda/normal_quantile.hpp, which
// this program writes) and reports its error.
//
//   fit_normal_quantile --out shaders/common/normal_quantile.glsl --cuda-out host/cuda/normal_quantile.hpp
//
// For p in [2^-53, 1/2], Φ^-1(p) = −√2·erfinv(x), x = 1 − 2p, and erfinv(x) = x·h(w) with
// w = −log(4p(1 − p)) = −log(1 − x²), the form of M. Giles, "Approximating the erfinv
// function" (GPU Computing Gems Jade, 2011): h is smooth in w near 0 and in √w in the tail,
// and w is well conditioned in float at both ends. The coefficients are our own: h is
// interpolated at Chebyshev nodes on each piece (exact values from MPFR at 200 bits, by
// Newton's steps on erfc), the interpolant written as a polynomial in the piece's scaled
// variable s in [−1, 1] (in double, the same on every IEEE platform) and rounded to float.
// The program then evaluates the shader's whole chain in float on a dense grid of p, against
// MPFR, with an IEEE log and with the CUDA path's hardware log at its documented worst either
// way, prints each largest error in ulps, and fails above kMostUlps or kMostUlpsFastLog.
#include <mpfr.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr mpfr_prec_t kBits = 200;
// The chain's error in IEEE float the fit must stay within (the GPU bound adds the shader's log).
constexpr double kMostUlps = 4.0;
// The same with the CUDA path's hardware log (fast_log_error); the CUDA bound adds the rounding
// of p and 1 − 2p.
constexpr double kMostUlpsFastLog = 7.0;

struct Real {
  mpfr_t x;
  Real() { mpfr_init2(x, kBits); }
  explicit Real(double v) : Real() { mpfr_set_d(x, v, MPFR_RNDN); }
  ~Real() { mpfr_clear(x); }
  Real(const Real&) = delete;
  Real& operator=(const Real&) = delete;
  double d() const { return mpfr_get_d(x, MPFR_RNDN); }
};

// y with erfc(y) = c (0 < c ≤ 1), by Newton's steps from a bisection guess in double.
void erfc_inverse(const Real& c, Real& y) {
  const double cd = c.d();
  double lo = 0, hi = 30;
  for (int i = 0; i < 80; ++i) {
    const double mid = (lo + hi) / 2;
    (std::erfc(mid) > cd ? lo : hi) = mid;
  }
  mpfr_set_d(y.x, (lo + hi) / 2, MPFR_RNDN);
  Real f, slope, t;
  for (int step = 0; step < 60; ++step) {
    mpfr_erfc(f.x, y.x, MPFR_RNDN);
    mpfr_sub(f.x, f.x, c.x, MPFR_RNDN);
    mpfr_sqr(t.x, y.x, MPFR_RNDN);
    mpfr_neg(t.x, t.x, MPFR_RNDN);
    mpfr_exp(slope.x, t.x, MPFR_RNDN);
    mpfr_const_pi(t.x, MPFR_RNDN);
    mpfr_sqrt(t.x, t.x, MPFR_RNDN);
    mpfr_div(slope.x, slope.x, t.x, MPFR_RNDN);
    mpfr_mul_2ui(slope.x, slope.x, 1, MPFR_RNDN);  // −d erfc/dy
    mpfr_div(f.x, f.x, slope.x, MPFR_RNDN);
    mpfr_add(y.x, y.x, f.x, MPFR_RNDN);
    if (mpfr_zero_p(f.x) || mpfr_get_exp(f.x) < mpfr_get_exp(y.x) - static_cast<mpfr_exp_t>(kBits) + 8) return;
  }
  throw std::runtime_error("erfc's inverse did not settle");
}

// h(w) = erfinv(x)/x, x = sqrt(1 − e^−w), for w > 0.
double h_of_w(const Real& w) {
  Real q, x, p, y;
  mpfr_neg(q.x, w.x, MPFR_RNDN);
  mpfr_exp(q.x, q.x, MPFR_RNDN);  // 4p(1 − p)
  mpfr_ui_sub(x.x, 1, q.x, MPFR_RNDN);
  mpfr_sqrt(x.x, x.x, MPFR_RNDN);
  mpfr_ui_sub(p.x, 1, x.x, MPFR_RNDN);  // 2p = 1 − x
  erfc_inverse(p, y);
  mpfr_div(y.x, y.x, x.x, MPFR_RNDN);
  return y.d();
}

// A piece: h as a polynomial in s = (v − centre)/half_width, v = w or √w.
struct Piece {
  const char* name;
  bool root;        // v = √w
  double lo, hi;    // v's range
  int degree;
  std::vector<float> coefficients;  // of s^0 .. s^degree
};

double h_of_v(const Piece& piece, double v) {
  Real w(static_cast<double>(piece.root ? v * v : v));
  if (piece.root) {
    Real r(static_cast<double>(v));
    mpfr_sqr(w.x, r.x, MPFR_RNDN);
  }
  return h_of_w(w);
}

// Chebyshev interpolation at the degree + 1 nodes of the first kind, as monomials in s.
void fit(Piece& piece) {
  const int n = piece.degree + 1;
  const double pi = 3.141592653589793;
  std::vector<double> values(n), cheb(n, 0);
  for (int k = 0; k < n; ++k) {
    const double s = std::cos(pi * (k + 0.5) / n);
    values[k] = h_of_v(piece, (piece.lo + piece.hi) / 2 + s * (piece.hi - piece.lo) / 2);
  }
  for (int j = 0; j < n; ++j) {
    double sum = 0;
    for (int k = 0; k < n; ++k) sum += values[k] * std::cos(pi * j * (k + 0.5) / n);
    cheb[j] = sum * (j == 0 ? 1.0 : 2.0) / n;
  }
  // T_j as monomials, by T_{j+1} = 2s·T_j − T_{j−1}.
  std::vector<std::vector<double>> t(n, std::vector<double>(n, 0));
  t[0][0] = 1;
  if (n > 1) t[1][1] = 1;
  for (int j = 1; j + 1 < n; ++j)
    for (int i = 0; i < n; ++i) t[j + 1][i] = (i > 0 ? 2 * t[j][i - 1] : 0) - t[j - 1][i];
  piece.coefficients.assign(n, 0);
  for (int i = 0; i < n; ++i) {
    double c = 0;
    for (int j = 0; j < n; ++j) c += cheb[j] * t[j][i];
    piece.coefficients[i] = static_cast<float>(c);
  }
}

// The CUDA path takes w by the hardware's base-2 logarithm, times ln 2 rounded to float
// (fast_log): CUDA's __log2f, that instruction, is within 2^-22 where its argument is in
// [0.5, 2] and within 2 ulp elsewhere (CUDA C++ Programming Guide, "Intrinsic Functions"):
// both within 2^-22·(|log2 v| + 1). The product adds half an ulp, and ln 2's rounding about
// 2^-28 of w. The error of that w, for w ≥ 0, at its worst.
double fast_log_error(double w) {
  const double log2_error = 0x1p-22 * (w / std::log(2.0) + 1);
  return std::log(2.0) * log2_error + (0x1p-24 + 0x1p-28) * w;
}

// The shader's chain in float (no fused operations), from p in (0, 1/2]; w off by `w_error`
// times the CUDA path's bound on its log's error (fast_log_error), to see that chain's worst.
float quantile_in_float(const std::vector<Piece>& pieces, float p, int w_error = 0) {
  const float x = 1.0f - 2.0f * p;
  float w = -std::log((4.0f * p) * (1.0f - p));
  w += static_cast<float>(w_error * fast_log_error(w));
  const Piece& last = pieces.back();
  for (const Piece& piece : pieces) {
    const float v = piece.root ? std::sqrt(w) : w;
    if (v > static_cast<float>(piece.hi) && &piece != &last) continue;
    const float centre = static_cast<float>((piece.lo + piece.hi) / 2), scale = static_cast<float>(2 / (piece.hi - piece.lo));
    const float s = (v - centre) * scale;
    float h = piece.coefficients.back();
    for (int i = piece.degree - 1; i >= 0; --i) h = h * s + piece.coefficients[i];
    return -1.4142135f * (x * h);
  }
  return 0;
}

// Φ^-1(p) exactly, for p in (0, 1/2].
double quantile_exact(double p) {
  if (p == 0.5) return 0;
  Real c(p), y;
  mpfr_mul_2ui(c.x, c.x, 1, MPFR_RNDN);
  erfc_inverse(c, y);
  Real r;
  mpfr_sqrt_ui(r.x, 2, MPFR_RNDN);
  mpfr_mul(y.x, y.x, r.x, MPFR_RNDN);
  mpfr_neg(y.x, y.x, MPFR_RNDN);
  return y.d();
}

double ulps(float value, double exact) {
  const float rounded = static_cast<float>(exact);
  const double ulp = std::nextafter(std::fabs(rounded), INFINITY) - std::fabs(rounded);
  return std::fabs(value - exact) / ulp;
}

// How a language spells a piece's function (printf formats): its opening (the piece's name,
// variable, ends and index), its scaled variable and first coefficient, and a Horner step.
struct PieceSyntax {
  const char* opening;
  const char* scaled;
  const char* step;
};

void write_pieces(std::ofstream& file, const std::vector<Piece>& pieces, const PieceSyntax& syntax) {
  char line[1024];
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const Piece& piece = pieces[k];
    std::snprintf(line, sizeof line, syntax.opening, piece.name, piece.root ? "sqrt(w)" : "w", piece.lo, piece.hi, k);
    file << line;
    std::snprintf(line, sizeof line, syntax.scaled, (piece.lo + piece.hi) / 2, 2 / (piece.hi - piece.lo),
                  piece.coefficients.back());
    file << line;
    for (int i = piece.degree - 1; i >= 0; --i) {
      std::snprintf(line, sizeof line, syntax.step, piece.coefficients[i]);
      file << line;
    }
    file << "  return h;\n}\n";
  }
}

// The CUDA path's copy of the fit: the same coefficients, each add, multiply and fused
// multiply-add written as its intrinsic (so that no kernel contracts it differently), x = 1 − 2p
// given by the caller, who makes it from its u and multiplies x·h by −√2 (with σ).
bool write_cuda(const std::string& out, const std::vector<Piece>& pieces) {
  std::ofstream file(out);
  file << "// SPDX-License-Identifier: MIT\n"
          "#pragma once\n"
          "// Written by shaders/tools/fit_normal_quantile.cpp (the fit and its error are explained\n"
          "// there): do not edit. The GL pass's fit (shaders/common/normal_quantile.glsl) for the CUDA\n"
          "// path's floats: Φ^-1(p) for p in [2^-53, 1/2] in float arithmetic, −√2·x·h(w), x = 1 − 2p\n"
          "// (the caller's, made exactly, who multiplies by −√2), w = −log(4p(1 − p)), h a polynomial in\n"
          "// w, or in √w in the tails (p below about 0.0017: rare, so that a warp seldom takes both\n"
          "// ways). CUDA sources only.\n"
          "\nnamespace glrand::cuda {\n"
          "\n// log v by the hardware's base-2 logarithm (__log2f's instruction; a few instructions where\n"
          "// logf takes twenty), for v a normal float (every caller clamps p to at least 2^-53): h\n"
          "// needs w to an absolute error, which this meets (the fit's tool measures the chain with it).\n"
          "__device__ inline float fast_log(float v) {\n"
          "  float log2v;\n"
          "  asm(\"lg2.approx.ftz.f32 %0, %1;\" : \"=f\"(log2v) : \"f\"(v));\n"
          "  return __fmul_rn(log2v, 0.693147181f);\n"
          "}\n";
  write_pieces(file, pieces,
               {"\n// h on the %s: %s in [%.9g, %.9g].\n__device__ inline float normal_quantile_piece%zu(float v) {\n",
                "  const float s = __fmul_rn(__fsub_rn(v, %.9ef), %.9ef);\n  float h = %.9ef;\n",
                "  h = __fmaf_rn(h, s, %.9ef);\n"});
  char line[2048];
  std::snprintf(line, sizeof line,
                "\n// 4p(1 − p), for p in [2^-53, 1/2]: w = −log of it.\n"
                "__device__ inline float normal_quantile_q(float p) {\n"
                "  return __fmul_rn(__fmul_rn(4.0f, p), __fsub_rn(1.0f, p));\n}\n"
                "\n// Whether h(w) takes the tails' pieces.\n"
                "__device__ inline bool normal_quantile_in_tail(float w) { return !(w <= %.9ef); }\n"
                "\n// h on the tails, in √w.\n"
                "__device__ inline float normal_quantile_tail(float w) {\n"
                "  const float t = __fsqrt_rn(w);\n"
                "  return t <= %.9ef ? normal_quantile_piece1(t) : normal_quantile_piece2(t);\n}\n"
                "\n// x·h(w) for N values, w = −log q, q = 4p(1 − p) (normal_quantile_q, or the caller's own\n"
                "// way to the same float): Φ^-1(p) = −√2·x·h(w) where x = 1 − 2p (the result scales with\n"
                "// x). For N > 1 the centre's piece for all N with no branch between them, so that their N\n"
                "// dependent chains can interleave, then one branch, seldom taken, for those in the tails.\n"
                "template <int N>\n"
                "__device__ inline void normal_quantile_x_h(const float (&q)[N], const float (&x)[N], float (&xh)[N]) {\n"
                "  float w[N], h[N];\n"
                "  if constexpr (N == 1) {\n"
                "    w[0] = -fast_log(q[0]);\n"
                "    h[0] = normal_quantile_in_tail(w[0]) ? normal_quantile_tail(w[0]) : normal_quantile_piece0(w[0]);\n"
                "  } else {\n"
                "    bool tail = false;\n"
                "#pragma unroll\n"
                "    for (int i = 0; i < N; ++i) {\n"
                "      w[i] = -fast_log(q[i]);\n"
                "      h[i] = normal_quantile_piece0(w[i]);\n"
                "      tail |= normal_quantile_in_tail(w[i]);\n"
                "    }\n"
                "    if (tail) {\n"
                "#pragma unroll\n"
                "      for (int i = 0; i < N; ++i)\n"
                "        if (normal_quantile_in_tail(w[i])) h[i] = normal_quantile_tail(w[i]);\n"
                "    }\n"
                "  }\n"
                "#pragma unroll\n"
                "  for (int i = 0; i < N; ++i) xh[i] = __fmul_rn(x[i], h[i]);\n}\n"
                "\n}  // namespace glrand::cuda\n",
                pieces[0].hi, pieces[1].hi);
  file << line;
  return static_cast<bool>(file);
}

}  // namespace

int main(int argc, char** argv) {
  std::string out, cuda_out;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--out" && i + 1 < argc) out = argv[++i];
    else if (std::string(argv[i]) == "--cuda-out" && i + 1 < argc) cuda_out = argv[++i];
  }
  if (out.empty()) {
    std::cerr << "usage: fit_normal_quantile --out FILE.glsl [--cuda-out FILE.hpp]\n";
    return 2;
  }
  const double w_max = -std::log(4 * 0x1p-53 * (1 - 0x1p-53));
  std::vector<Piece> pieces = {
      {"centre", false, 0.0, 5.0, 9, {}},
      {"tail", true, std::sqrt(5.0), 4.0, 9, {}},
      {"far tail", true, 4.0, std::sqrt(w_max) + 0.01, 8, {}},
  };
  for (Piece& piece : pieces) fit(piece);
  // The error of the whole chain in float, on p = 2^-k·(1 + j/64) and near 1/2: with an
  // IEEE log (the shader's, on a correct implementation), and with w off by the CUDA path's
  // log error either way.
  double worst = 0, worst_p = 0, worst_fast = 0, worst_fast_p = 0;
  const auto measure = [&](float p) {
    const double exact = quantile_exact(p);
    const double e = ulps(quantile_in_float(pieces, p), exact);
    if (e > worst) worst = e, worst_p = p;
    for (int side : {-1, 1}) {
      const double f = ulps(quantile_in_float(pieces, p, side), exact);
      if (f > worst_fast) worst_fast = f, worst_fast_p = p;
    }
  };
  for (int k = 1; k <= 53; ++k)
    for (int j = 0; j < 64; ++j) {
      const float p = std::ldexp(1.0f + j / 64.0f, -k);
      if (p > 0.5f || p < 0x1p-53f) continue;
      measure(p);
    }
  for (int j = 1; j < 4096; ++j) measure(0.5f - j * 0x1p-14f);
  std::printf("largest error of the float chain: %.2f ulp at p = %.9g\n", worst, worst_p);
  std::printf("largest error with the CUDA path's log: %.2f ulp at p = %.9g\n", worst_fast, worst_fast_p);
  if (worst > kMostUlps || worst_fast > kMostUlpsFastLog) {
    std::fprintf(stderr, "fit_normal_quantile: the fit's error %.2f ulp (%.2f with the CUDA path's log) exceeds %.1f (%.1f)\n",
                 worst, worst_fast, kMostUlps, kMostUlpsFastLog);
    return 1;
  }

  std::ofstream file(out);
  file << "// SPDX-License-Identifier: MIT\n"
          "// Written by shaders/tools/fit_normal_quantile.cpp (the fit and its error are explained\n"
          "// there): do not edit. Φ^-1(p) for p in [2^-53, 1/2] in float arithmetic only:\n"
          "// −√2·x·h(w), x = 1 − 2p, w = −log(4p(1 − p)), h a polynomial in w, or in √w in the tails.\n";
  write_pieces(file, pieces,
               {"\n// h on the %s: %s in [%.9g, %.9g].\nfloat normalQuantilePiece%zu(float v) {\n",
                "  float s = (v - %.9e) * %.9e;\n  float h = %.9e;\n", "  h = h * s + %.9e;\n"});
  char line[1024];
  std::snprintf(line, sizeof line,
                "\n// Φ^-1(p), p in [2^-53, 1/2].\nfloat normalQuantileLower(float p) {\n"
                "  float x = 1.0 - 2.0 * p;\n  float w = -log((4.0 * p) * (1.0 - p));\n"
                "  float t = sqrt(w);\n"
                "  float h = normalQuantilePiece2(t);\n"
                "  if (t <= %.9e) h = normalQuantilePiece1(t);\n"
                "  if (w <= %.9e) h = normalQuantilePiece0(w);\n"
                "  return -1.41421356 * (x * h);\n}\n",
                pieces[1].hi, pieces[0].hi);
  file << line;
  if (!file) return 1;
  return cuda_out.empty() || write_cuda(cuda_out, pieces) ? 0 : 1;
}
