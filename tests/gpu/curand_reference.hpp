// SPDX-License-Identifier: MIT
#pragma once
// cuRAND's own MRG32k3a outputs, for the GPU tests (curand_reference.cu).
#include <cstdint>
#include <vector>

namespace glrand::test {

// Device API: curand_init(seed, subsequence, offset, &state), then `count` calls of curand().
std::vector<std::uint32_t> curand_device_mrg32k3a(std::uint64_t seed, std::uint64_t subsequence, std::uint64_t offset,
                                                  std::size_t count);

// Host API: curandCreateGenerator(CURAND_RNG_PSEUDO_MRG32K3A), CURAND_ORDERING_PSEUDO_LEGACY,
// curandSetPseudoRandomGeneratorSeed(seed), curandGenerate(count).
std::vector<std::uint32_t> curand_host_mrg32k3a(std::uint64_t seed, std::size_t count);

// Host API: curandCreateGenerator(CURAND_RNG_PSEUDO_MTGP32), default ordering,
// curandSetPseudoRandomGeneratorSeed(seed), then one curandGenerate(count) per entry of
// `calls` (counts), concatenated.
std::vector<std::uint32_t> curand_host_mtgp32(std::uint64_t seed, const std::vector<std::size_t>& calls);

// cuRAND's 32-bit output for MRG32k3a is not z itself: curand() and curandGenerate() return
// (unsigned)(z · MRG32K3A_BITS_NORM), z scaled from 1..m1 towards 2^32 (curand_kernel.h).
// Our words are z, so the tests map them through the same formula before comparing.
std::uint32_t curand_bits_of(std::uint32_t z);

// Host API: curandCreateGenerator(CURAND_RNG_QUASI_SOBOL32), curandSetQuasiRandomGenerator-
// Dimensions(dimensions), curandSetGeneratorOffset(offset), curandGenerate(count) (count a
// multiple of dimensions; dimension-major), or curandGenerateUniform for the floats.
std::vector<std::uint32_t> curand_host_sobol32(int dimensions, std::uint64_t offset, std::size_t count);
std::vector<float> curand_host_sobol32_uniform(int dimensions, std::size_t count);
std::vector<std::uint32_t> curand_bits_of(const std::vector<std::uint32_t>& z);

}  // namespace glrand::test
