// SPDX-License-Identifier: MIT
#pragma once
// MTGP32, MEXP 11213: the Mersenne Twister for Graphic Processors (M. Saito, M. Matsumoto,
// "Variants of Mersenne Twister Suitable for Graphic Processors", ACM TOMS 39(2), 2013), with
// the 200 parameter sets and the seeding of cuRAND (third_party/mtgp32_11213/README.md).
//
// One generator (parameter set p): 351 words x_0..x_350 from seed_state(), then
//   x_{k+351} = rec(x_k, x_{k+1}, x_{k+pos}),   output k = temper(x_{k+351}, x_{k+pos−1})
// (curand_mtgp32_kernel.h: para_rec, temper). pos ≤ 95 for every set, so 256 consecutive
// words need only words already made: a 256-thread block computes them at once.
// Period 2^11213 − 1 per generator; outputs are 32-bit words, the whole range 0..2^32 − 1.
// Floats as mt19937's (to_f64, to_f32): x·2^-32 + 2^-33, exact in a double, in
// [2^-33, 1 − 2^-33]; f32 is the largest float not above it, in (0, 1). cuRAND's
// curandGenerateUniform rounds the same formula to nearest in float (1.0f for the largest x),
// and its curandGenerateUniformDouble gives x·2^-32 + 2^-32.
//
// cuRAND's seeding (curand_mtgp32_host.h: curandMakeMTGP32KernelState, mtgp32_init_state):
// generator i gets parameter set i and the 32-bit seed (uint32)(seed ⊕ seed >> 32) + i + 1.
//
// cuRAND's host API (curandGenerate on CURAND_RNG_PSEUDO_MTGP32, default ordering), as cuRAND
// generates it: kHostSequences generators, each making
// 256 outputs per round; output n is output ⌊n / (256·G)⌋·256 + n mod 256 of generator
// ⌊n / 256⌋ mod G, G = kHostSequences. G = 192 is checked against cuRAND on a GPU
// (tests/gpu/cuda_gpu_test.cpp) and against its host-side generator, which runs on the CPU
// (tests/cli/cli_curand_host_test.cpp); the seed-1234 check values fix generator 0 only.
// Consecutive curandGenerate calls continue that one stream; cuRAND has no offset for MTGP32
// (curandSetGeneratorOffset answers CURAND_STATUS_TYPE_ERROR), but jump() below gives one.
//
// Skip-ahead (Haramoto et al., INFORMS J. Computing 20(3), 2008), as for MT19937: the
// transition T (one word of the recurrence) acts on 351·32 = 11232 bits, but the low 19 bits
// of the oldest word (outside `mask`) enter nothing, so T's kernel N is those 19 bits and
// the space splits into N and U = ker φ(T), φ of degree 11213 (each parameter set has its
// own, found by Berlekamp–Massey: characteristic_polynomial(set)). T maps every state into
// U, but a seeded state need not lie there; so jump() steps once, then applies
// t^(K−1) mod φ to the window by Horner's scheme, and the result is T^K x word for word,
// the masked bits included. Cost on a 2-core CI machine with PCLMULQDQ: t^K mod φ about
// 0.2 ms for K near 2^17 and 2 ms for K near 2^40, Horner's 11213 steps about 0.1 ms; so
// make_jump(J) once for a stride used many times.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "generators/float_conversion.hpp"
#include "generators/gf2_polynomial.hpp"
#include "generators/host_device.hpp"
#include "generators/reference_generator.hpp"

namespace glrand::mtgp32 {

inline constexpr unsigned kMexp = 11213;        // Mersenne exponent (curand_mtgp32.h MTGPDC_MEXP)
inline constexpr unsigned kN = kMexp / 32 + 1;  // 351 words of state (MTGPDC_N)
inline constexpr unsigned kSetCount = 200;      // parameter sets (CURAND_NUM_MTGP32_PARAMS)
inline constexpr unsigned kBlockThreads = 256;  // outputs per round (MTGPDC_FLOOR_2P)
inline constexpr unsigned kHostSequences = 192; // cuRAND host API generators (docs/check-values.md)
inline constexpr unsigned kMaxPos = kN - kBlockThreads;  // 95: pos must not exceed it

struct Parameters {
  std::uint32_t pos, sh1, sh2, mask;
  std::array<std::uint32_t, 16> tbl;          // the recurrence's 16-entry matrix
  std::array<std::uint32_t, 16> tmp_tbl;      // tempering
  std::array<std::uint32_t, 16> flt_tmp_tbl;  // tempering into float bits (unused here)
};

// cuRAND's mtgp32dc_params_fast_11213, generated from the CSV at build time.
const std::array<Parameters, kSetCount>& parameter_table();

GLRAND_HOST_DEVICE constexpr std::uint32_t recurrence(std::uint32_t mask, std::uint32_t sh1, std::uint32_t sh2,
                                                      const std::uint32_t* tbl, std::uint32_t x0, std::uint32_t x1,
                                                      std::uint32_t xpos) {
  std::uint32_t x = (x0 & mask) ^ x1;
  x ^= x << sh1;
  const std::uint32_t y = x ^ (xpos >> sh2);
  return y ^ tbl[y & 0x0f];
}

GLRAND_HOST_DEVICE constexpr std::uint32_t temper(const std::uint32_t* tmp_tbl, std::uint32_t r, std::uint32_t t) {
  t ^= t >> 16;
  t ^= t >> 8;
  return r ^ tmp_tbl[t & 0x0f];
}

// x[(index + j) mod 351] holds x_{k+j}, k the number of outputs made so far.
struct State {
  std::array<std::uint32_t, kN> x;
  unsigned index = 0;
  friend bool operator==(const State&, const State&) = default;
};

// mtgp32_init_state(para, seed): words filled with one byte of the hidden seed, x_0 = seed,
// x_1 = hidden seed, x_i ^= 1812433253·(x_{i−1} ⊕ x_{i−1} >> 30) + i.
State seed_state(const Parameters& p, std::uint32_t seed);

// Generator `sequence`'s 32-bit seed under curandMakeMTGP32KernelState(seed).
constexpr std::uint32_t sequence_seed(std::uint64_t seed, unsigned sequence) {
  return static_cast<std::uint32_t>(seed ^ (seed >> 32)) + sequence + 1u;
}

std::uint32_t next(State& s, const Parameters& p);
void generate_ints(State& s, const Parameters& p, std::span<std::uint32_t> out);

// Outputs first .. first + out.size() − 1 of cuRAND's host-API stream for `seed` (header).
// Plain stepping from the seeded states: the reference the jumps are checked against.
void host_api_outputs(std::uint64_t seed, std::uint64_t first, std::span<std::uint32_t> out,
                      unsigned sequences = kHostSequences);

// The words x_k .. x_{k+350} of a state, oldest first, and the state holding them (index 0).
std::array<std::uint32_t, kN> window(const State& s);
State from_window(const std::array<std::uint32_t, kN>& w);

// The characteristic polynomial φ of parameter set `set` (degree 11213): Berlekamp–Massey on
// 2·11213 recurrence words' low bits (a seeded state, one step in), on first use (a few ms),
// kept; thread-safe.
const gf2::Polynomial& characteristic_polynomial(unsigned set);

// Σ g_k T^k applied to a window (oldest first) with set p's recurrence (gf2::apply_polynomial).
std::array<std::uint32_t, kN> apply_polynomial(const gf2::Polynomial& g, const Parameters& p,
                                               const std::array<std::uint32_t, kN>& window);

// A jump of `outputs` steps for parameter set `set`, precomputed: t^(outputs − 1) mod φ.
// `m`, where given, must be arithmetic modulo characteristic_polynomial(set); else it is made
// when needed. Jumps of at most 11213 outputs need no φ (t^(outputs − 1) is reduced already).
struct Jump {
  unsigned set = 0;
  std::uint64_t outputs = 0;
  gf2::Polynomial polynomial;
};
Jump make_jump(unsigned set, std::uint64_t outputs, const gf2::Modulus* m = nullptr);

// The state that `outputs` calls of next() leave, for set `set` (index included): one step,
// then t^(outputs − 1) mod φ. Any state, seeded or not.
State jump(const State& s, const Jump& j);
State jump(const State& s, unsigned set, std::uint64_t outputs);

// cuRAND's host-API stream read front to back, as consecutive curandGenerate calls read it:
// the generators' states are kept between calls, so N outputs cost O(N) however they are
// split (host_api_outputs starts from the seed each time). Starting at `first` jumps every
// generator to the round that holds it, then steps within that round; long runs share the
// generators among all cores.
class HostApiStream {
 public:
  explicit HostApiStream(std::uint64_t seed, std::uint64_t first = 0, unsigned sequences = kHostSequences);
  // The next out.size() outputs.
  void generate(std::span<std::uint32_t> out);
  std::uint64_t position() const { return position_; }

 private:
  // Advances every generator by `rounds` rounds of 256 outputs into `out` (rounds · 256 · G
  // words, in host-API order).
  void run_rounds(std::uint64_t rounds, std::uint32_t* out);

  std::vector<State> states_;              // generator g at the start of round rounds_made_
  std::uint64_t rounds_made_ = 0;
  std::uint64_t position_ = 0;             // the next output
  std::vector<std::uint32_t> last_round_;  // round rounds_made_ − 1, while position_ lies in it
};

// x·2^-32 + 2^-33, exact in a double (as mt19937::to_f64).
inline double to_f64(std::uint32_t x) { return (static_cast<double>(x) + 0.5) * 0x1p-32; }
// The largest float not above to_f64(x): in (0, 1), never 1.0f.
inline float to_f32(std::uint32_t x) { return float_not_above(to_f64(x)); }
// The formulas over a chunk: out[i] from x = words[i], out.size() outputs.
void to_f32(std::span<const std::uint32_t> words, std::span<float> out);
void to_f64(std::span<const std::uint32_t> words, std::span<double> out);

// The CPU path's reference: the host API's stream, continuing through each fill.
struct Reference {
  static constexpr int kWordsPerOutput = 1;
  using State = HostApiStream;
  void fill(State& stream, std::span<std::uint32_t> out) const { stream.generate(out); }
  void to_f32(std::span<const std::uint32_t> x, std::span<float> out) const { mtgp32::to_f32(x, out); }
  void to_f64(std::span<const std::uint32_t> x, std::span<double> out) const { mtgp32::to_f64(x, out); }
  void to_u32(std::span<const std::uint32_t> x, std::span<std::uint32_t> out) const { copy_words(x, out); }
};
static_assert(ReferenceGenerator<Reference>);

}  // namespace glrand::mtgp32
