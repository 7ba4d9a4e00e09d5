// SPDX-License-Identifier: MIT
#include "generators/mtgp32.hpp"

#include <string>

#include "common/error.hpp"

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

}  // namespace glrand::mtgp32
