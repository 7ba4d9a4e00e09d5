// SPDX-License-Identifier: MIT
#pragma once
// CUDA–GL interop: a generator's floats written straight into a GL texture on the GPU
// (cudaGraphicsGLRegisterImage, cudaGraphicsMapResources, a surface write), no host copy.
// Plain C++: no CUDA or GL header needed. The current GL context must be on the CUDA device
// (an EGL device whose EGL_CUDA_DEVICE_NV is that ordinal). Throws glrand::DeviceError
// naming the failing CUDA call.
#include <cstdint>

#include "cuda/cuda_path.hpp"

namespace glrand::cuda {

// A one-word generator's float as the CPU reference computes it: the largest float not
// above (x + bias) / divisor, the division in double. Park–Miller: {0, 2^31 − 1}
// (pm::to_f32); MT19937: {0.5, 2^32} (mt19937::to_f32).
struct FloatFormula {
  double bias = 0;
  double divisor = 1;
};
inline constexpr FloatFormula kParkMillerFloats{0.0, 2147483647.0};
inline constexpr FloatFormula kMt19937Floats{0.5, 4294967296.0};

// Fills GL texture `texture` (GL_TEXTURE_2D, GL_RGBA32F, width × height, level 0) with
// outputs 0 .. 4·width·height − 1 of `generator` (one word per output): texel x + width·y,
// channel c holds output 4·(x + width·y) + c, converted by `formula`.
void fill_gl_texture(const Generator& generator, FloatFormula formula, unsigned texture, std::uint32_t width,
                     std::uint32_t height);

}  // namespace glrand::cuda
