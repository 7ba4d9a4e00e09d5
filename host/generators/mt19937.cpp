// SPDX-License-Identifier: MIT
#include "generators/mt19937.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <glrand/error.hpp>

namespace glrand::mt19937 {

State seed_state(std::uint32_t seed) {
  State s{};
  s.mt[0] = seed;
  for (unsigned i = 1; i < kN; ++i) s.mt[i] = kInitMultiplier * (s.mt[i - 1] ^ (s.mt[i - 1] >> 30)) + i;
  s.index = kN;
  return s;
}

State seed_by_array(std::span<const std::uint32_t> key) {
  if (key.empty()) throw InvalidArgument("mt19937: init_by_array needs at least one key word");
  State s = seed_state(kInitByArraySeed);
  auto& mt = s.mt;
  const std::size_t length = key.size();
  unsigned i = 1;
  std::size_t j = 0;
  for (std::size_t k = std::max<std::size_t>(kN, length); k > 0; --k) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * kInitByArrayMultiplier1)) + key[j] + static_cast<std::uint32_t>(j);
    if (++i >= kN) {
      mt[0] = mt[kN - 1];
      i = 1;
    }
    if (++j >= length) j = 0;
  }
  for (unsigned k = kN - 1; k > 0; --k) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * kInitByArrayMultiplier2)) - i;
    if (++i >= kN) {
      mt[0] = mt[kN - 1];
      i = 1;
    }
  }
  mt[0] = 0x80000000u;  // the top bit set: the state is never all zero
  s.index = kN;
  return s;
}

void twist(std::array<std::uint32_t, kN>& mt) {
  // In place and in order: from k = 227 on, mt[k + M − N] is already a new word, as the
  // recurrence requires; mt[0] is new when k = 623 reads it.
  for (unsigned k = 0; k < kN; ++k) mt[k] = recurrence(mt[k], mt[(k + 1) % kN], mt[(k + kM) % kN]);
}

std::uint32_t next(State& s) {
  if (s.index >= kN) {
    twist(s.mt);
    s.index = 0;
  }
  return temper(s.mt[s.index++]);
}

namespace {

// twist()'s twin for the bulk loop: the same words, in three runs whose neighbours need no
// index wrap (k + 1 and k + M stay inside for k < N − M; from there k + M − N is already new),
// so that each run vectorises (compiled for AVX2 and the baseline).
GLRAND_VECTOR_CLONES void twist_in_runs(std::uint32_t* __restrict mt) {
  constexpr unsigned kFirst = kN - kM;  // 227
  for (unsigned k = 0; k < kFirst; ++k) mt[k] = recurrence(mt[k], mt[k + 1], mt[k + kM]);
  for (unsigned k = kFirst; k < kN - 1; ++k) mt[k] = recurrence(mt[k], mt[k + 1], mt[k + kM - kN]);
  mt[kN - 1] = recurrence(mt[kN - 1], mt[0], mt[kM - 1]);
}

// Tempered words of a run; the state and the output never overlap, which lets it vectorise.
GLRAND_VECTOR_CLONES void temper_run(const std::uint32_t* __restrict in, std::uint32_t* __restrict out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = temper(in[i]);
}

}  // namespace

// next()'s twin: whole runs of tempered words between twists.
void generate_ints(State& s, std::span<std::uint32_t> out) {
  std::size_t done = 0;
  while (done < out.size()) {
    if (s.index >= kN) {
      twist_in_runs(s.mt.data());
      s.index = 0;
    }
    const std::size_t n = std::min<std::size_t>(kN - s.index, out.size() - done);
    temper_run(s.mt.data() + s.index, out.data() + done, n);
    s.index += static_cast<unsigned>(n);
    done += n;
  }
}

namespace {

gf2::Polynomial compute_characteristic_polynomial() {
  // Bit 0 of 2·19937 consecutive outputs: a linear functional of the state applied to
  // A^n x, so its minimal polynomial divides φ; φ is irreducible (2^19937 − 1 is prime and
  // the period is maximal), so it is φ unless the bits were all zero.
  State s = seed_state(kDefaultSeed);
  for (unsigned i = 0; i < 1000; ++i) next(s);
  return gf2::characteristic_polynomial(kMexp, "mt19937", [&] { return next(s); });
}

}  // namespace

const gf2::Polynomial& characteristic_polynomial() {
  static const gf2::Polynomial phi = compute_characteristic_polynomial();
  return phi;
}

const gf2::Modulus& modulus() {
  static const gf2::Modulus m(characteristic_polynomial());
  return m;
}

GLRAND_VECTOR_CLONES std::array<std::uint32_t, kN> apply_polynomial(const gf2::Polynomial& g,
                                                                    const std::array<std::uint32_t, kN>& window) {
  std::array<std::uint32_t, kN> out =
      gf2::apply_polynomial(g, window, [](auto at) { return recurrence(at(0), at(1), at(kM)); });
  // g(A)x agrees with A^K x except in the low 31 bits of the oldest word, which no later
  // word depends on. Recover them from the recurrence that made x_{m+623} out of
  // x_{m−1}^u | x_m^l and x_{m+396}: the top bit of (y >> 1) ⊕ (y odd ? A : 0) is y's low bit.
  std::uint32_t t = out[kN - 1] ^ out[kM - 1];
  const std::uint32_t y = (t & kUpperMask) ? (((t ^ kMatrixA) << 1) | 1u) : (t << 1);
  out[0] = (out[0] & kUpperMask) | (y & kLowerMask);
  return out;
}

namespace {

void check_index(const State& s) {
  if (s.index < 1 || s.index > kN)
    throw InvalidArgument("mt19937: a state's index must be in 1..624, not " + std::to_string(s.index));
}

// The block count K/624 that J outputs from index i cross: ⌊(i + J − 1)/624⌋, and the new index.
struct Blocks {
  gf2::Exponent blocks;
  unsigned index;
};
Blocks blocks_for(unsigned index, std::uint64_t outputs) {
  const gf2::Exponent total = gf2::Exponent{index} + outputs - 1;
  const gf2::Exponent blocks = total / kN;
  return Blocks{blocks, static_cast<unsigned>(gf2::Exponent{index} + outputs - blocks * kN)};
}

}  // namespace

Jump make_jump(std::uint64_t outputs, const gf2::Modulus& m) {
  const gf2::Exponent whole = gf2::Exponent{outputs / kN} * kN;
  return Jump{outputs, m.power_of_t(whole), m.power_of_t(whole + kN)};
}

State jump(const State& s, const Jump& j) {
  check_index(s);
  if (j.outputs == 0) return s;
  const Blocks b = blocks_for(s.index, j.outputs);
  if (b.blocks == 0) return State{s.mt, b.index};
  const bool more = b.blocks != j.outputs / kN;
  return State{apply_polynomial(more ? j.one_more : j.whole, s.mt), b.index};
}

State jump(const State& s, std::uint64_t outputs) {
  check_index(s);
  if (outputs == 0) return s;
  const Blocks b = blocks_for(s.index, outputs);
  if (b.blocks == 0) return State{s.mt, b.index};
  return State{apply_polynomial(modulus().power_of_t(b.blocks * kN), s.mt), b.index};
}

const Jump& jump_power_of_two(unsigned k) {
  if (k >= 64) throw InvalidArgument("mt19937: jump_power_of_two takes k < 64, not " + std::to_string(k));
  static std::mutex mutex;
  static std::array<std::unique_ptr<Jump>, 64> table;
  std::lock_guard lock(mutex);
  if (!table[k]) table[k] = std::make_unique<Jump>(make_jump(std::uint64_t{1} << k));
  return *table[k];
}

std::shared_ptr<const Jump> cached_jump(std::uint64_t outputs) {
  // A plan asks for one length per CPU thread and its stride: keep several plans' worth.
  static const std::size_t kKept = std::max<std::size_t>(64, 4 * std::thread::hardware_concurrency());
  static std::mutex mutex;
  static std::map<std::uint64_t, std::shared_ptr<const Jump>> kept;
  {
    const std::lock_guard lock(mutex);
    if (const auto found = kept.find(outputs); found != kept.end()) return found->second;
  }
  auto made = std::make_shared<const Jump>(make_jump(outputs));  // outside the lock: threads make theirs at once
  const std::lock_guard lock(mutex);
  if (kept.size() >= kKept) kept.clear();
  kept.emplace(outputs, made);
  return made;
}

std::shared_ptr<const gf2::Polynomial> block_jump(gf2::Exponent blocks) {
  static constexpr std::size_t kKept = 64;
  static std::mutex mutex;
  static std::map<gf2::Exponent, std::shared_ptr<const gf2::Polynomial>> kept;
  std::shared_ptr<const gf2::Polynomial> half;
  {
    const std::lock_guard lock(mutex);
    if (const auto found = kept.find(blocks); found != kept.end()) return found->second;
    if (blocks % 2 == 0)
      if (const auto found = kept.find(blocks / 2); found != kept.end()) half = found->second;
  }
  // Outside the lock: threads make theirs at once.
  auto made = std::make_shared<const gf2::Polynomial>(half ? modulus().reduce(gf2::square(*half))
                                                           : modulus().power_of_t(blocks * kN));
  const std::lock_guard lock(mutex);
  if (kept.size() >= kKept) kept.clear();
  kept.emplace(blocks, made);
  return made;
}

State state_at(std::uint32_t seed, std::uint64_t outputs) { return jump(seed_state(seed), outputs); }

GLRAND_VECTOR_CLONES void to_f32(std::span<const std::uint32_t> words, std::span<float> out) {
  convert_each<1>(words, out, [](const std::uint32_t* w) { return to_f32(*w); });
}

GLRAND_VECTOR_CLONES void to_f64(std::span<const std::uint32_t> words, std::span<double> out) {
  convert_each<1>(words, out, [](const std::uint32_t* w) { return to_f64(*w); });
}

}  // namespace glrand::mt19937
