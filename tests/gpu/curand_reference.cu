// SPDX-License-Identifier: MIT
#include "curand_reference.hpp"

#include <curand.h>
#include <curand_kernel.h>

#include <string>

#include "bench/lib/curand_library.hpp"
#include "cuda/buffers.hpp"

namespace glrand::test {

using bench::check_curand;

namespace {

__global__ void curand_device_kernel(std::uint64_t seed, std::uint64_t subsequence, std::uint64_t offset,
                                     std::uint32_t* out, std::size_t count) {
  curandStateMRG32k3a state;
  curand_init(seed, subsequence, offset, &state);
  for (std::size_t i = 0; i < count; ++i) out[i] = curand(&state);
}

}  // namespace

std::vector<std::uint32_t> curand_device_mrg32k3a(std::uint64_t seed, std::uint64_t subsequence, std::uint64_t offset,
                                                  std::size_t count) {
  cuda::DeviceBuffer<std::uint32_t> device(count);
  curand_device_kernel<<<1, 1>>>(seed, subsequence, offset, device.data(), count);
  cuda::check_launch("curand_device_kernel");
  std::vector<std::uint32_t> out(count);
  cuda::check(cudaMemcpy(out.data(), device.data(), count * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return out;
}

std::vector<std::uint32_t> curand_host_mrg32k3a(std::uint64_t seed, std::size_t count) {
  cuda::DeviceBuffer<std::uint32_t> device(count);
  curandGenerator_t generator = nullptr;
  check_curand(curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_MRG32K3A), "curandCreateGenerator");
  try {
    check_curand(curandSetGeneratorOrdering(generator, CURAND_ORDERING_PSEUDO_LEGACY), "curandSetGeneratorOrdering");
    check_curand(curandSetPseudoRandomGeneratorSeed(generator, seed), "curandSetPseudoRandomGeneratorSeed");
    check_curand(curandGenerate(generator, device.data(), count), "curandGenerate");
  } catch (...) {
    curandDestroyGenerator(generator);
    throw;
  }
  curandDestroyGenerator(generator);
  std::vector<std::uint32_t> out(count);
  cuda::check(cudaMemcpy(out.data(), device.data(), count * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return out;
}

namespace {

template <class T, class Generate>
std::vector<T> curand_sobol32(int dimensions, std::uint64_t offset, std::size_t count, Generate generate) {
  cuda::DeviceBuffer<T> device(count);
  curandGenerator_t generator = nullptr;
  check_curand(curandCreateGenerator(&generator, CURAND_RNG_QUASI_SOBOL32), "curandCreateGenerator");
  try {
    check_curand(curandSetQuasiRandomGeneratorDimensions(generator, static_cast<unsigned>(dimensions)),
                 "curandSetQuasiRandomGeneratorDimensions");
    check_curand(curandSetGeneratorOffset(generator, offset), "curandSetGeneratorOffset");
    check_curand(generate(generator, device.data(), count), "curandGenerate");
  } catch (...) {
    curandDestroyGenerator(generator);
    throw;
  }
  curandDestroyGenerator(generator);
  std::vector<T> out(count);
  cuda::check(cudaMemcpy(out.data(), device.data(), count * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return out;
}

}  // namespace

std::vector<std::uint32_t> curand_host_sobol32(int dimensions, std::uint64_t offset, std::size_t count) {
  return curand_sobol32<std::uint32_t>(dimensions, offset, count, [](curandGenerator_t g, unsigned* out, std::size_t n) {
    return curandGenerate(g, out, n);
  });
}

std::vector<float> curand_host_sobol32_uniform(int dimensions, std::size_t count) {
  return curand_sobol32<float>(dimensions, 0, count, [](curandGenerator_t g, float* out, std::size_t n) {
    return curandGenerateUniform(g, out, n);
  });
}

std::uint32_t curand_bits_of(std::uint32_t z) {
  // z = m1 stretches to 2^32, which a C++ conversion may not take (undefined); the GPU's
  // conversion (cvt.rzi.u32.f64) saturates it to 2^32 − 1, and so does this.
  const double stretched = static_cast<double>(z) * static_cast<double>(MRG32K3A_BITS_NORM);
  return stretched < 4294967296.0 ? static_cast<std::uint32_t>(stretched) : 0xFFFFFFFFu;
}

std::vector<std::uint32_t> curand_bits_of(const std::vector<std::uint32_t>& z) {
  std::vector<std::uint32_t> bits(z.size());
  for (std::size_t i = 0; i < z.size(); ++i) bits[i] = curand_bits_of(z[i]);
  return bits;
}

std::vector<std::uint32_t> curand_host_mtgp32(std::uint64_t seed, const std::vector<std::size_t>& calls) {
  std::size_t total = 0;
  for (std::size_t c : calls) total += c;
  cuda::DeviceBuffer<std::uint32_t> device(total);
  curandGenerator_t generator = nullptr;
  check_curand(curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_MTGP32), "curandCreateGenerator");
  try {
    check_curand(curandSetPseudoRandomGeneratorSeed(generator, seed), "curandSetPseudoRandomGeneratorSeed");
    std::size_t at = 0;
    for (std::size_t c : calls) {
      check_curand(curandGenerate(generator, device.data() + at, c), "curandGenerate");
      at += c;
    }
  } catch (...) {
    curandDestroyGenerator(generator);
    throw;
  }
  curandDestroyGenerator(generator);
  std::vector<std::uint32_t> out(total);
  cuda::check(cudaMemcpy(out.data(), device.data(), total * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return out;
}

}  // namespace glrand::test
