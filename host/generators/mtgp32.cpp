// SPDX-License-Identifier: MIT
#include "generators/mtgp32.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "generators/parallel_fill.hpp"

namespace glrand::mtgp32 {

State seed_state(const Parameters& p, std::uint32_t seed) {
  // curand_mtgp32_host.h mtgp32_init_state: the fill byte folds the hidden seed's bytes.
  const std::uint32_t hidden = p.tbl[4] ^ (p.tbl[8] << 16);
  std::uint32_t fold = hidden;
  fold += fold >> 16;
  fold += fold >> 8;
  State s;
  s.x.fill((fold & 0xffu) * 0x01010101u);
  s.x[0] = seed;
  s.x[1] = hidden;
  for (unsigned i = 1; i < kN; ++i) s.x[i] ^= 1812433253u * (s.x[i - 1] ^ (s.x[i - 1] >> 30)) + i;
  s.index = 0;
  return s;
}

std::uint32_t next(State& s, const Parameters& p) {
  auto at = [&](unsigned j) { return s.x[(s.index + j) % kN]; };
  const std::uint32_t r = recurrence(p.mask, p.sh1, p.sh2, p.tbl.data(), at(0), at(1), at(p.pos));
  const std::uint32_t out = temper(p.tmp_tbl.data(), r, at(p.pos - 1));
  s.x[s.index] = r;  // x_k is no longer needed: its slot becomes x_{k+351}
  s.index = (s.index + 1) % kN;
  return out;
}

void generate_ints(State& s, const Parameters& p, std::span<std::uint32_t> out) {
  for (auto& v : out) v = next(s, p);
}

void host_api_outputs(std::uint64_t seed, std::uint64_t first, std::span<std::uint32_t> out, unsigned sequences) {
  if (sequences == 0 || sequences > kSetCount)
    throw InvalidArgument("MTGP32: the host API's generator count must be in 1..200, not " + std::to_string(sequences));
  if (out.empty()) return;
  const std::uint64_t round = std::uint64_t{kBlockThreads} * sequences;
  const std::uint64_t end = first + out.size();
  const std::uint64_t rounds = (end + round - 1) / round;
  for (unsigned g = 0; g < sequences; ++g) {
    const Parameters& p = parameter_table()[g];
    State s = seed_state(p, sequence_seed(seed, g));
    for (std::uint64_t r = 0; r < rounds; ++r) {
      const std::uint64_t base = r * round + std::uint64_t{g} * kBlockThreads;
      for (unsigned t = 0; t < kBlockThreads; ++t) {
        const std::uint32_t v = next(s, p);
        const std::uint64_t n = base + t;
        if (n >= first && n < end) out[n - first] = v;
      }
    }
  }
}

std::array<std::uint32_t, kN> window(const State& s) {
  std::array<std::uint32_t, kN> w;
  for (unsigned j = 0; j < kN; ++j) w[j] = s.x[(s.index + j) % kN];
  return w;
}

State from_window(const std::array<std::uint32_t, kN>& w) { return State{w, 0}; }

namespace {

void check_set(unsigned set) {
  if (set >= kSetCount)
    throw InvalidArgument("MTGP32: the parameter set must be in 0..199, not " + std::to_string(set));
}

}  // namespace

const gf2::Polynomial& characteristic_polynomial(unsigned set) {
  check_set(set);
  static std::array<std::once_flag, kSetCount> once;
  static std::array<std::unique_ptr<const gf2::Polynomial>, kSetCount> phi;
  std::call_once(once[set], [set] {
    const Parameters& p = parameter_table()[set];
    // One step first, so that the bits come from states in U (see the header): the seeded
    // state's part in T's kernel would add a factor t.
    State s = seed_state(p, 4357u + set);
    next(s, p);
    phi[set] = std::make_unique<const gf2::Polynomial>(gf2::characteristic_polynomial(kMexp, "mtgp32", [&] {
      next(s, p);
      return s.x[(s.index + kN - 1) % kN];  // the word just made
    }));
  });
  return *phi[set];
}

std::array<std::uint32_t, kN> apply_polynomial(const gf2::Polynomial& g, const Parameters& p,
                                               const std::array<std::uint32_t, kN>& window) {
  return gf2::apply_polynomial(g, window, [&p](auto at) {
    return recurrence(p.mask, p.sh1, p.sh2, p.tbl.data(), at(0), at(1), at(p.pos));
  });
}

Jump make_jump(unsigned set, std::uint64_t outputs, const gf2::Modulus* m) {
  check_set(set);
  Jump j{set, outputs, {}};
  if (outputs == 0) return j;
  const std::uint64_t e = outputs - 1;
  if (e < kMexp) {
    j.polynomial.words.assign(e / 64 + 1, 0);
    j.polynomial.words[e / 64] = std::uint64_t{1} << (e % 64);
  } else if (m == nullptr) {
    j.polynomial = gf2::Modulus(characteristic_polynomial(set)).power_of_t(e);
  } else {
    if (!(m->polynomial() == characteristic_polynomial(set)))
      throw InvalidArgument("MTGP32: make_jump for set " + std::to_string(set) + " needs that set's modulus");
    j.polynomial = m->power_of_t(e);
  }
  return j;
}

State jump(const State& s, const Jump& j) {
  check_set(j.set);
  if (j.outputs == 0) return s;
  const Parameters& p = parameter_table()[j.set];
  State stepped = s;
  next(stepped, p);  // now in U, where t^(K−1) mod φ acts as T^(K−1)
  const std::array<std::uint32_t, kN> w = apply_polynomial(j.polynomial, p, window(stepped));
  State out;
  out.index = static_cast<unsigned>((s.index + j.outputs % kN) % kN);
  for (unsigned i = 0; i < kN; ++i) out.x[(out.index + i) % kN] = w[i];
  return out;
}

State jump(const State& s, unsigned set, std::uint64_t outputs) { return jump(s, make_jump(set, outputs)); }

HostApiStream::HostApiStream(std::uint64_t seed, std::uint64_t first, unsigned sequences) {
  if (sequences == 0 || sequences > kSetCount)
    throw InvalidArgument("MTGP32: the host API's generator count must be in 1..200, not " + std::to_string(sequences));
  const std::uint64_t round = std::uint64_t{kBlockThreads} * sequences;
  rounds_made_ = first / round;
  states_.resize(sequences);
  // Each generator from its seeded state to round rounds_made_: a jump of a few ms, one
  // generator per thread.
  parallel_fill(
      sequences, 0,
      [&](std::uint64_t begin, std::uint64_t end) {
        for (auto g = static_cast<unsigned>(begin); g < end; ++g) {
          const State seeded = seed_state(parameter_table()[g], sequence_seed(seed, g));
          states_[g] = rounds_made_ == 0 ? seeded : jump(seeded, g, rounds_made_ * kBlockThreads);
        }
      },
      rounds_made_ == 0 ? sequences + 1 : 1);  // a grain above the count: one thread
  position_ = rounds_made_ * round;
  if (position_ < first) {
    std::vector<std::uint32_t> skipped(first - position_);
    generate(skipped);
  }
}

void HostApiStream::generate(std::span<std::uint32_t> out) {
  const std::uint64_t round = std::uint64_t{kBlockThreads} * states_.size();
  std::size_t done = 0;
  while (done < out.size()) {
    const std::uint64_t made = rounds_made_ * round;  // outputs made so far
    if (position_ < made) {  // inside the last round made: from its copy
      const std::uint64_t at = position_ - (made - round);
      const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(round - at, out.size() - done));
      std::copy_n(last_round_.begin() + static_cast<std::ptrdiff_t>(at), n, out.begin() + static_cast<std::ptrdiff_t>(done));
      done += n;
      position_ += n;
    } else if (const std::uint64_t whole = (out.size() - done) / round; whole > 0) {
      run_rounds(whole, out.data() + done);
      done += static_cast<std::size_t>(whole * round);
      position_ += whole * round;
    } else {  // a part of one round: make all of it, keep the rest for the next call
      last_round_.resize(static_cast<std::size_t>(round));
      run_rounds(1, last_round_.data());
    }
  }
}

namespace {

// One round of a generator, next()'s words kBlockThreads times over, on its words laid out
// oldest first: word k + 351 from words k, k + 1 and k + pos of `old` into `made`, and output k
// from it and word k + pos − 1. pos ≤ kMaxPos, so a round reads only words made before it and
// its outputs are independent of one another, as on the GPU, where they are a block's threads.
GLRAND_VECTOR_CLONES void round_of(const Parameters& p, const std::uint32_t* __restrict old,
                                  std::uint32_t* __restrict made, std::uint32_t* __restrict out) {
  const unsigned pos = p.pos;
  for (unsigned t = 0; t < kBlockThreads; ++t) {
    const std::uint32_t r = recurrence(p.mask, p.sh1, p.sh2, p.tbl.data(), old[t], old[t + 1], old[t + pos]);
    made[t] = r;
    out[t] = temper(p.tmp_tbl.data(), r, old[t + pos - 1]);
  }
}
static_assert(kN - kBlockThreads >= kMaxPos, "a round reads only the words made before it");

}  // namespace

void HostApiStream::run_rounds(std::uint64_t rounds, std::uint32_t* out) {
  const auto generators = static_cast<unsigned>(states_.size());
  const std::uint64_t round = std::uint64_t{kBlockThreads} * generators;
  // Rounds a generator makes at a time on its words laid out in a line (no index wrapping
  // around the state's ring), about 1 MiB of them.
  constexpr std::uint64_t kRoundsAtOnce = 1024;
  // The generators are independent: a share of them per core, where a thread pays (2^20 steps).
  parallel_fill(
      generators, 0,
      [&](std::uint64_t begin, std::uint64_t end) {
        std::vector<std::uint32_t> words(kN + std::min(rounds, kRoundsAtOnce) * kBlockThreads);
        for (auto g = static_cast<unsigned>(begin); g < end; ++g) {
          const Parameters& p = parameter_table()[g];
          State& s = states_[g];
          for (std::uint64_t r = 0; r < rounds; r += kRoundsAtOnce) {
            const std::uint64_t n = std::min(kRoundsAtOnce, rounds - r);
            const std::array<std::uint32_t, kN> w = window(s);
            std::copy(w.begin(), w.end(), words.begin());
            for (std::uint64_t i = 0; i < n; ++i) {
              std::uint32_t* block = out + (r + i) * round + std::uint64_t{g} * kBlockThreads;
              round_of(p, words.data() + i * kBlockThreads, words.data() + kN + i * kBlockThreads, block);
            }
            std::array<std::uint32_t, kN> last;
            std::copy_n(words.begin() + static_cast<std::ptrdiff_t>(n * kBlockThreads), kN, last.begin());
            s = from_window(last);
          }
        }
      },
      rounds * round < (std::uint64_t{1} << 20) ? generators + 1 : 1);
  rounds_made_ += rounds;
}

GLRAND_VECTOR_CLONES void to_f32(std::span<const std::uint32_t> words, std::span<float> out) {
  convert_each<1>(words, out, [](const std::uint32_t* w) { return to_f32(*w); });
}

GLRAND_VECTOR_CLONES void to_f64(std::span<const std::uint32_t> words, std::span<double> out) {
  convert_each<1>(words, out, [](const std::uint32_t* w) { return to_f64(*w); });
}

}  // namespace glrand::mtgp32
