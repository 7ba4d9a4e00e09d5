// SPDX-License-Identifier: MIT
#include "cuda/jump_tables.hpp"

namespace glrand::cuda {

std::vector<arithmetic::Mrg32k3aJump> mrg32k3a_jump_table(JumpBase base) {
  std::vector<arithmetic::Mrg32k3aJump> table;
  if (base == JumpBase::base2) {
    for (int i = 0; i < kBase2Entries; ++i) table.push_back(arithmetic::to_words(mrg32k3a::jump_by(mrg32k3a::Steps{1} << i)));
  } else {
    for (int i = 0; i < kBase8Entries / 7; ++i)
      for (unsigned d = 1; d <= 7; ++d)
        table.push_back(arithmetic::to_words(mrg32k3a::jump_by(mrg32k3a::Steps{d} << (3 * i))));
  }
  return table;
}

const char* name_of(JumpBase base) { return base == JumpBase::base2 ? "base 2" : "base 8"; }

}  // namespace glrand::cuda
