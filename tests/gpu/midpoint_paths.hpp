// SPDX-License-Identifier: MIT
#pragma once
// The float exponential, normal and log-normal of a midpoint u = (x + 1/2)·2^-32 made on the
// GPU both ways the CUDA path has (midpoint_paths.cu), by the float formulas (parameters that
// are normal floats, where the kernels take them): from x's integers
// (Transform::value_of_midpoint, as Sobol32's, MT19937's and MTGP32's kernels make them) and
// from the double u (Transform::value, as every other formula's are made); and the midpoint's
// own float against the double's.
#include <cstdint>
#include <vector>

#include <glrand/distribution.hpp>

namespace glrand::test {

struct MidpointFloats {
  std::vector<float> from_integers, from_double;
};

// `d` an exponential, a normal or a log-normal by the inverse CDF.
MidpointFloats midpoint_floats_both_ways(const Distribution& d, const std::vector<std::uint32_t>& words);

// The midpoint's own float (cuda::midpoint_f32, MT19937's and MTGP32's f32) beside the double
// midpoint rounded down to float by CUDA's conversion, over every 32-bit word on the GPU.
struct MidpointMismatches {
  unsigned long long count = 0;
  unsigned first = 0;  // the smallest word that differs; 0xFFFFFFFF where none does
};
MidpointMismatches midpoint_f32_mismatches();

}  // namespace glrand::test
