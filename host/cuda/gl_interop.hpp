// SPDX-License-Identifier: MIT
#pragma once
// CUDA–GL interop: a generator's floats written straight into a GL texture on the GPU
// (cudaGraphicsGLRegisterImage, cudaGraphicsMapResources, a surface write), no host copy.
// Plain C++: no CUDA or GL header needed. The current GL context must be on the CUDA device
// (an EGL device whose EGL_CUDA_DEVICE_NV is that ordinal). Throws glrand::DeviceError
// naming the failing CUDA call.
#include <cstdint>

#include "cuda/cuda_path.hpp"
#include "generators/host_device.hpp"

namespace glrand::cuda {

// A generator's float as the CPU reference's to_f32 computes it, bit for bit:
//  - ratio (one word): the largest float not above (x + bias) / divisor, in double.
//    Park–Miller {0, 2^31 − 1} (pm::to_f32), MT19937 and MTGP32 {0.5, 2^32};
//  - mrg32k3a (one word z): the largest float not above z·kNorm (mrg32k3a::to_f32);
//  - wichmann_hill (four words): MKL's u = x·(1/m1) + y·(1/m2) + z·(1/m3) + w·(1/m4), each
//    product rounded, summed left to right, mod 1, rounded to nearest and kept below 1
//    (wh::to_f32);
//  - ceicg (three words): u = x1/m1 + x2/m2 + x3/m3 mod 1, the largest float not above it
//    (ceicg::to_f32);
//  - sobol32 (one word): cuRAND's x·2^-32 + 2^-33 in float (sobol32::to_f32).
// The device evaluates each with explicitly rounded operations (no fused multiply-add).
struct FloatFormula {
  enum class Kind { ratio, mrg32k3a, wichmann_hill, ceicg, sobol32 };
  Kind kind = Kind::ratio;
  double bias = 0;
  double divisor = 1;
  double terms[4] = {};  // wichmann_hill: 1/m_k; ceicg: m_k
  GLRAND_HOST_DEVICE int words() const { return kind == Kind::wichmann_hill ? 4 : kind == Kind::ceicg ? 3 : 1; }
};
inline constexpr FloatFormula kParkMillerFloats{FloatFormula::Kind::ratio, 0.0, 2147483647.0};
inline constexpr FloatFormula kMt19937Floats{FloatFormula::Kind::ratio, 0.5, 4294967296.0};
inline constexpr FloatFormula kMtgp32Floats = kMt19937Floats;
inline constexpr FloatFormula kMrg32k3aFloats{FloatFormula::Kind::mrg32k3a};
inline constexpr FloatFormula kSobol32Floats{FloatFormula::Kind::sobol32};
FloatFormula wichmann_hill_floats(const wh::Parameters& parameters);
FloatFormula ceicg_floats();

// Fills GL texture `texture` (GL_TEXTURE_2D, GL_RGBA32F, width × height, level 0) with
// outputs 0 .. 4·width·height − 1 of `generator`: texel x + width·y, channel c holds output
// 4·(x + width·y) + c, converted by `formula` (whose word count must be the generator's).
void fill_gl_texture(const Generator& generator, const FloatFormula& formula, unsigned texture, std::uint32_t width,
                     std::uint32_t height);

}  // namespace glrand::cuda
