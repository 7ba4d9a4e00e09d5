// SPDX-License-Identifier: MIT
#pragma once
// The distributions made on the GPU, resident, for `glrand bench --path cuda`
// (docs/distributions.md#speed). Include from .cu files only.
#include <cstdint>
#include <string>
#include <vector>

#include "bench/lib/cuda_resident.hpp"
#include "bench/lib/row.hpp"

namespace glrand::bench {

// Into device buffers, CUDA events, medians of `repeats`: the generator's own f32 (its words,
// then the value kernel: profile resident-f32, beside the resident words' time) and each
// distribution the library makes on the GPU as f32 (its words, then the distribution kernel,
// as --distribution-on gpu does: resident-uniform-range, -exponential, -normal,
// -normal-box-muller, -lognormal, -poisson10), each beside the own f32; the own f64
// (resident-f64, beside the resident words) and the exponential and both normals in double
// (resident-f64-exponential, -normal, -normal-box-muller) beside it; and where cuRAND has the generator (loaded at run time), its
// curandGenerateNormal, LogNormal and Poisson(10) (curand-normal, -lognormal, -poisson10),
// each beside its own curandGenerateUniform. `launch` is the resident row's, `words` a
// device buffer of its size.
std::vector<Row> cuda_distribution_rows(const std::string& generator, const Row& resident, const ResidentLaunch& launch,
                                        std::uint32_t* words, std::uint64_t outputs, int repeats);

}  // namespace glrand::bench
