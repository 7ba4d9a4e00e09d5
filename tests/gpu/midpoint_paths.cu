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

}  // namespace

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
