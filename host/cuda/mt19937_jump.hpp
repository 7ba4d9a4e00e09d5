// SPDX-License-Identifier: MIT
#pragma once
// MT19937's jump on the GPU: many states moved on by one polynomial g at once, so that host
// output's chunks and new plans need no host jump per segment. The result is
// mt19937::apply_polynomial's, bit for bit.
//
// g(A)x = Σ g_i A^i x, and A^i x is the window x_{m+i} .. x_{m+i+623} of the sequence that the
// state x_m .. x_{m+623} starts. So word j of g(A)x is the XOR of x_{m+i+j} over g's terms i,
// with no Horner chain between them. A block takes g's terms 1024 at a time: it makes that
// stretch of the sequence in shared memory by the recurrence, with the XORs of each pattern of
// four consecutive words beside it, lists the terms' nonzero nibbles, and each thread XORs one
// pattern word a nibble into each of its four result words (about half the loads of a term at
// a time).
#include <cstdint>

#include "cuda/cuda_path.hpp"
#include "generators/gf2_polynomial.hpp"

namespace glrand::cuda {

// g(A) (g of degree below 19937, as t^K mod φ is) applied to each of the `count` 624-word
// states at `from` (each mt19937::State::mt, whatever its index), into the same place at `to`,
// asynchronously on `stream`. g travels as the kernel's parameter: no device memory, no copy.
// A state's terms are shared among `parts` blocks (0: as many as fill the device twice over
// when there are few states), whose shares are XORed into `to`; then `to` must not overlap
// `from`. With one part, `to` may be `from` itself.
void jump_mt19937_states(const gf2::Polynomial& g, const std::uint32_t* from, std::uint32_t* to, std::uint64_t count,
                         Stream stream, unsigned parts = 0);

}  // namespace glrand::cuda
