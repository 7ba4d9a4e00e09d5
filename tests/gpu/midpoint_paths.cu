// SPDX-License-Identifier: MIT
#include "midpoint_paths.hpp"

#include <stdexcept>

#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/value_formulas.hpp"

namespace glrand::test {

namespace {

template <DistributionKind K>
__global__ void both_ways_kernel(cuda::Transform t, const std::uint32_t* words, float* from_integers,
                                 float* from_double, std::size_t count) {
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x) {
    from_integers[i] = t.value_of_midpoint<float, K, true>(words[i]);
    from_double[i] = t.value<float, K, true>(cuda::midpoint(words[i]));
  }
}

// Words [first, first + count) whose midpoint_f32 is not the double midpoint rounded down:
// their count, and the smallest such word in *first_bad (if any).
__global__ void midpoint_f32_kernel(std::uint64_t first, std::uint64_t count, unsigned long long* bad,
                                    unsigned* first_bad) {
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count;
       i += std::uint64_t{gridDim.x} * blockDim.x) {
    const auto x = static_cast<std::uint32_t>(first + i);
    if (__float_as_uint(cuda::midpoint_f32(x)) != __float_as_uint(__double2float_rd(cuda::midpoint(x)))) {
      atomicAdd(bad, 1ull);
      atomicMin(first_bad, x);
    }
  }
}

}  // namespace

MidpointMismatches midpoint_f32_mismatches() {
  cuda::DeviceBuffer<unsigned long long> bad(1);
  cuda::DeviceBuffer<unsigned> first_bad(1);
  cuda::check(cudaMemset(bad.data(), 0, sizeof(unsigned long long)), "cudaMemset");
  cuda::check(cudaMemset(first_bad.data(), 0xFF, sizeof(unsigned)), "cudaMemset");
  midpoint_f32_kernel<<<4096, 256>>>(0, std::uint64_t{1} << 32, bad.data(), first_bad.data());
  cuda::check_launch("midpoint_f32_kernel");
  MidpointMismatches m;
  cuda::check(cudaMemcpy(&m.count, bad.data(), sizeof m.count, cudaMemcpyDeviceToHost), "cudaMemcpy");
  cuda::check(cudaMemcpy(&m.first, first_bad.data(), sizeof m.first, cudaMemcpyDeviceToHost), "cudaMemcpy");
  return m;
}

MidpointFloats midpoint_floats_both_ways(const Distribution& d, const std::vector<std::uint32_t>& words) {
  const auto prepared = cuda::prepare_transform(&d, cuda::ValueFormat::f32);
  if (!prepared || prepared->pairs) throw std::logic_error("midpoint_floats_both_ways: no inverse-CDF distribution");
  // The float formulas, as the kernels make them where with_value_of chooses them.
  if (!prepared->transform.float_parameters)
    throw std::logic_error("midpoint_floats_both_ways: parameters the float formulas do not take");
  const std::size_t count = words.size();
  cuda::DeviceBuffer<std::uint32_t> in(count);
  cuda::DeviceBuffer<float> from_integers(count), from_double(count);
  cuda::check(cudaMemcpy(in.data(), words.data(), count * sizeof(std::uint32_t), cudaMemcpyHostToDevice), "cudaMemcpy");
  const auto launch = [&](auto kernel) {
    kernel<<<256, 256>>>(prepared->transform, in.data(), from_integers.data(), from_double.data(), count);
    cuda::check_launch("both_ways_kernel");
  };
  switch (d.kind) {
    case DistributionKind::exponential: launch(both_ways_kernel<DistributionKind::exponential>); break;
    case DistributionKind::normal: launch(both_ways_kernel<DistributionKind::normal>); break;
    case DistributionKind::lognormal: launch(both_ways_kernel<DistributionKind::lognormal>); break;
    default: throw std::logic_error("midpoint_floats_both_ways: an exponential, normal or log-normal");
  }
  MidpointFloats out{std::vector<float>(count), std::vector<float>(count)};
  cuda::check(cudaMemcpy(out.from_integers.data(), from_integers.data(), count * sizeof(float), cudaMemcpyDeviceToHost),
              "cudaMemcpy");
  cuda::check(cudaMemcpy(out.from_double.data(), from_double.data(), count * sizeof(float), cudaMemcpyDeviceToHost),
              "cudaMemcpy");
  return out;
}

}  // namespace glrand::test
