// SPDX-License-Identifier: MIT
// CUDA–GL interop (cuda/gl_interop.hpp): words into device memory, then one kernel converts
// four outputs per texel and writes them through a surface object on the mapped GL array.
#include <GL/glew.h>
#include <cuda_gl_interop.h>

#include "cuda/buffers.hpp"
#include "cuda/check.hpp"
#include "cuda/gl_interop.hpp"

namespace glrand::cuda {
namespace {

__global__ void words_to_texels(const std::uint32_t* __restrict__ words, FloatFormula formula, std::uint32_t width,
                                std::uint32_t height, cudaSurfaceObject_t surface) {
  const std::uint32_t x = blockIdx.x * blockDim.x + threadIdx.x;
  const std::uint32_t y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const std::uint64_t p = std::uint64_t{y} * width + x;
  float v[4];
#pragma unroll
  for (int c = 0; c < 4; ++c)  // round down: the largest float not above (float_not_above)
    v[c] = __double2float_rd((static_cast<double>(words[4 * p + c]) + formula.bias) / formula.divisor);
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

void fill_gl_texture(const Generator& generator, FloatFormula formula, unsigned texture, std::uint32_t width,
                     std::uint32_t height) {
  if (generator.words_per_output != 1)
    throw InvalidArgument("fill_gl_texture takes one-word generators, not " + generator.name);
  if (width == 0 || height == 0) return;
  const std::size_t outputs = std::size_t{4} * width * height;
  DeviceBuffer<std::uint32_t> words(outputs);
  generate_device(generator, words.span());
  MappedTexture mapped(texture);
  const dim3 block(16, 16);
  const dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  words_to_texels<<<grid, block>>>(words.data(), formula, width, height, mapped.surface());
  check_launch("words_to_texels");
  check(cudaDeviceSynchronize(), "words_to_texels");
}

}  // namespace glrand::cuda
