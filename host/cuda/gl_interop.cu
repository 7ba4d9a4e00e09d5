// SPDX-License-Identifier: MIT
// CUDA–GL interop (cuda/gl_interop.hpp): words into device memory, then one kernel converts
// four outputs per texel (one to four words each) and writes them through a surface object on
// the mapped GL array.
#include <GL/glew.h>
#include <cuda_gl_interop.h>

#include <string>

#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/gl_interop.hpp"

namespace glrand::cuda {
namespace {

// Output o's float from its words (gl_interop.hpp's formulas, with rounded intrinsics so that
// nvcc fuses nothing the CPU reference does not).
__device__ float output_float(const std::uint32_t* w, const FloatFormula& f) {
  using Kind = FloatFormula::Kind;
  switch (f.kind) {
    case Kind::ratio:
      return __double2float_rd(__ddiv_rn(__dadd_rn(static_cast<double>(w[0]), f.bias), f.divisor));
    case Kind::mrg32k3a:
      return __double2float_rd(__dmul_rn(static_cast<double>(w[0]), mrg32k3a::kNorm));
    case Kind::wichmann_hill: {
      double u = __dmul_rn(static_cast<double>(w[0]), f.terms[0]);
      for (int k = 1; k < 4; ++k) u = __dadd_rn(u, __dmul_rn(static_cast<double>(w[k]), f.terms[k]));
      u = __dsub_rn(u, floor(u));
      const float r = __double2float_rn(u);
      return r < 1.0f ? r : 0x1.fffffep-1f;  // the largest float below 1
    }
    case Kind::ceicg: {
      double u = __ddiv_rn(static_cast<double>(w[0]), f.terms[0]);
      u = __dadd_rn(u, __ddiv_rn(static_cast<double>(w[1]), f.terms[1]));
      u = __dadd_rn(u, __ddiv_rn(static_cast<double>(w[2]), f.terms[2]));
      return __double2float_rd(__dsub_rn(u, floor(u)));
    }
    case Kind::sobol32:
      return sobol32::to_f32(w[0]);
  }
  return 0;
}

__global__ void words_to_texels(const std::uint32_t* __restrict__ words, FloatFormula formula, std::uint32_t width,
                                std::uint32_t height, cudaSurfaceObject_t surface) {
  const std::uint32_t x = blockIdx.x * blockDim.x + threadIdx.x;
  const std::uint32_t y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const std::uint64_t p = std::uint64_t{y} * width + x;
  const auto per_output = static_cast<std::uint64_t>(formula.words());
  float v[4];
#pragma unroll
  for (int c = 0; c < 4; ++c) v[c] = output_float(words + (4 * p + c) * per_output, formula);
  surf2Dwrite(make_float4(v[0], v[1], v[2], v[3]), surface, static_cast<int>(x * sizeof(float4)), static_cast<int>(y));
}

// Registration, mapping and surface, released in reverse order on every path.
class MappedTexture {
 public:
  explicit MappedTexture(unsigned texture) {
    check(cudaGraphicsGLRegisterImage(&resource_, texture, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsSurfaceLoadStore),
          "cudaGraphicsGLRegisterImage");
    if (const cudaError_t status = cudaGraphicsMapResources(1, &resource_); status != cudaSuccess) {
      cudaGraphicsUnregisterResource(resource_);
      check(status, "cudaGraphicsMapResources");
    }
    cudaArray_t array = nullptr;
    cudaResourceDesc description{};
    description.resType = cudaResourceTypeArray;
    cudaError_t status = cudaGraphicsSubResourceGetMappedArray(&array, resource_, 0, 0);
    const char* call = "cudaGraphicsSubResourceGetMappedArray";
    if (status == cudaSuccess) {
      description.res.array.array = array;
      status = cudaCreateSurfaceObject(&surface_, &description);
      call = "cudaCreateSurfaceObject";
    }
    if (status != cudaSuccess) {
      cudaGraphicsUnmapResources(1, &resource_);
      cudaGraphicsUnregisterResource(resource_);
      check(status, call);
    }
  }
  MappedTexture(const MappedTexture&) = delete;
  MappedTexture& operator=(const MappedTexture&) = delete;
  ~MappedTexture() {
    cudaDestroySurfaceObject(surface_);
    cudaGraphicsUnmapResources(1, &resource_);
    cudaGraphicsUnregisterResource(resource_);
  }
  cudaSurfaceObject_t surface() const { return surface_; }

 private:
  cudaGraphicsResource_t resource_ = nullptr;
  cudaSurfaceObject_t surface_ = 0;
};

}  // namespace

FloatFormula wichmann_hill_floats(const wh::Parameters& parameters) {
  FloatFormula f{FloatFormula::Kind::wichmann_hill};
  for (int k = 0; k < 4; ++k) f.terms[k] = 1.0 / parameters.modulus[k];
  return f;
}

FloatFormula ceicg_floats() {
  FloatFormula f{FloatFormula::Kind::ceicg};
  for (int k = 0; k < 3; ++k) f.terms[k] = static_cast<double>(ceicg::kComponents[k].modulus);
  return f;
}

void fill_gl_texture(const Generator& generator, const FloatFormula& formula, unsigned texture, std::uint32_t width,
                     std::uint32_t height) {
  if (generator.words_per_output != formula.words())
    throw InvalidArgument("fill_gl_texture: " + generator.name + " has " + std::to_string(generator.words_per_output) +
                          " words an output, the float formula takes " + std::to_string(formula.words()));
  if (width == 0 || height == 0) return;
  const std::size_t outputs = std::size_t{4} * width * height;
  DeviceBuffer<std::uint32_t> words(outputs * static_cast<std::size_t>(formula.words()));
  generate_device(generator, words.span());
  MappedTexture mapped(texture);
  const dim3 block(16, 16);
  const dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  words_to_texels<<<grid, block>>>(words.data(), formula, width, height, mapped.surface());
  check_launch("words_to_texels");
  check(cudaDeviceSynchronize(), "words_to_texels");
}

}  // namespace glrand::cuda
