// SPDX-License-Identifier: MIT
#pragma once
// The states `first` moved on by i·stride for i in [begin, end), made by several chains side by
// side: each state is a product by the jump of the one before, so one chain makes a core wait
// on each product (a modular product's division) before the next can start, where independent
// chains overlap theirs. Chain c starts a c-th of the range on, one jump after chain c − 1.
#include <algorithm>
#include <array>
#include <cstdint>

namespace glrand::fragment {

// Chains a core runs side by side: several where a jump is no larger than a state (a
// multiplier a component, each product one chain of dependent arithmetic; CEICG's count of
// positions, added to its residues, takes them too); one where it is
// larger (MRG32k3a's matrices, whose rows are independent already: there eight chains made
// the states slower).
template <class G>
constexpr std::uint64_t state_chains() {
  return sizeof(typename G::Jump) <= sizeof(typename G::State) ? 8 : 1;
}

// visit(i, state) for each i in [begin, end), in no particular order. `step` is
// generator.jump(stride).
template <class G, class Visit>
void for_each_jumped_state(const G& generator, const typename G::State& first, std::uint64_t stride,
                           const typename G::Jump& step, std::uint64_t begin, std::uint64_t end, Visit visit) {
  constexpr std::uint64_t kChains = state_chains<G>();
  if (end <= begin) return;
  const std::uint64_t per_chain = (end - begin + kChains - 1) / kChains;
  std::array<typename G::State, kChains> state;
  state[0] = generator.apply(generator.jump(stride * begin), first);
  const std::uint64_t chains = (end - begin + per_chain - 1) / per_chain;
  if constexpr (kChains > 1) {  // (spelled out, the compiler sees one chain reach state[1])
    if (chains > 1) {
      const auto chain_jump = generator.jump(stride * per_chain);
      for (std::uint64_t c = 1; c < chains; ++c) state[c] = generator.apply(chain_jump, state[c - 1]);
    }
  }
  // The full rounds, every chain in each; then the last chain's shorter rest.
  const std::uint64_t last = begin + (chains - 1) * per_chain, last_length = end - last;
  for (std::uint64_t k = 0; k < per_chain; ++k) {
    if (k == last_length) {
      for (std::uint64_t j = k; j < per_chain; ++j)
        for (std::uint64_t c = 0; c + 1 < chains; ++c) {
          visit(begin + c * per_chain + j, state[c]);
          state[c] = generator.apply(step, state[c]);
        }
      return;
    }
    for (std::uint64_t c = 0; c < chains; ++c) {
      visit(begin + c * per_chain + k, state[c]);
      state[c] = generator.apply(step, state[c]);
    }
  }
}

}  // namespace glrand::fragment
