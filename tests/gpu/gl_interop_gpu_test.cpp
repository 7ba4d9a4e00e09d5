// SPDX-License-Identifier: MIT
// CUDA–GL interop (host/cuda/gl_interop.hpp) on a GPU: a 256×128 RGBA32F texture filled by the
// CUDA path, read back with glGetTexImage and compared with the CPU reference's floats bit for
// bit (each generator's to_f32: MT19937, Park–Miller, MRG32k3a, Wichmann–Hill, CEICG, MTGP32). Without a CUDA device or
// an EGL device on it, prints the reason and exits 77 (CTest: skipped). Standalone, no Catch2.
#include <GL/glew.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <vector>

#include "cuda/gl_interop.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"
#include "generators/mtgp32.hpp"
#include "generators/park_miller.hpp"
#include "generators/sobol32.hpp"
#include "generators/wichmann_hill.hpp"
#include "gl/egl_context.hpp"
#include "gl/resources.hpp"

using namespace glrand;

namespace {

constexpr std::uint32_t kWidth = 256, kHeight = 128;
int failures = 0;

void compare(const char* what, const std::vector<float>& expected, unsigned texture) {
  std::vector<float> got(expected.size());
  glBindTexture(GL_TEXTURE_2D, texture);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, got.data());
  if (glGetError() != GL_NO_ERROR) {
    std::printf("FAIL %s: glGetTexImage\n", what);
    ++failures;
    return;
  }
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &expected[i], sizeof(float)) != 0 && bad++ == 0) first = i;
  if (bad == 0) {
    std::printf("ok   %s: %zu floats equal the CPU reference's\n", what, got.size());
  } else {
    std::printf("FAIL %s: %zu of %zu floats differ, first at %zu (GL %.9g, CPU %.9g)\n", what, bad, got.size(), first,
                got[first], expected[first]);
    ++failures;
  }
}

}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("skipped: no CUDA device\n");
    return 77;
  }
  try {
    // The EGL device on CUDA device 0.
    std::optional<int> egl_index;
    for (const auto& d : gl::list_egl_devices())
      if (d.cuda_ordinal == 0) egl_index = d.index;
    if (!egl_index) {
      std::printf("skipped: no EGL device reports CUDA device 0\n");
      return 77;
    }
    gl::HeadlessContext context(egl_index);
    context.make_current();
    cuda::open_device(0);
    const std::size_t outputs = std::size_t{4} * kWidth * kHeight;
    gl::Texture texture(kWidth, kHeight);

    std::vector<std::uint32_t> words(outputs);
    mt19937::State s = mt19937::state_at(5489, 1000);
    mt19937::generate_ints(s, words);
    std::vector<float> expected(outputs);
    for (std::size_t i = 0; i < outputs; ++i) expected[i] = mt19937::to_f32(words[i]);
    cuda::fill_gl_texture(cuda::mt19937(5489, 1000), cuda::kMt19937Floats, texture.id(), kWidth, kHeight);
    compare("mt19937 seed 5489 offset 1000", expected, texture.id());

    const pm::State start = pm::state_at(1, 12345);
    pm::generate_ints(start, words);
    for (std::size_t i = 0; i < outputs; ++i) expected[i] = pm::to_f32(words[i]);
    cuda::fill_gl_texture(cuda::park_miller(start), cuda::kParkMillerFloats, texture.id(), kWidth, kHeight);
    compare("park-miller seed 1 offset 12345", expected, texture.id());
    const mrg32k3a::State before = mrg32k3a::default_seed();
    mrg32k3a::generate_ints(before, words);
    for (std::size_t i = 0; i < outputs; ++i) expected[i] = mrg32k3a::to_f32(words[i]);
    cuda::fill_gl_texture(cuda::mrg32k3a(before), cuda::kMrg32k3aFloats, texture.id(), kWidth, kHeight);
    compare("mrg32k3a default seed", expected, texture.id());
    std::vector<std::uint32_t> mtgp(outputs);
    mtgp32::host_api_outputs(1234, 0, mtgp);
    for (std::size_t i = 0; i < outputs; ++i) expected[i] = mtgp32::to_f32(mtgp[i]);
    cuda::fill_gl_texture(cuda::mtgp32(1234, 0), cuda::kMtgp32Floats, texture.id(), kWidth, kHeight);
    compare("mtgp32 seed 1234", expected, texture.id());
    std::vector<std::uint32_t> points(outputs);
    sobol32::generate_ints(4, 1000, points.size() / 4, points);  // 4 dimensions from point 1000, dimension-major
    for (std::size_t i = 0; i < outputs; ++i) expected[i] = sobol32::to_f32(points[i]);
    cuda::fill_gl_texture(cuda::sobol32(4, outputs / 4, 1000), cuda::kSobol32Floats, texture.id(), kWidth, kHeight);
    compare("sobol32 4 dimensions from point 1000", expected, texture.id());
    // Multi-word outputs: four words (WH), three (CEICG).
    const wh::Parameters& set = wh::parameters(272);
    const wh::State wh_start = wh::state_at(set, wh::seed_state(272, 777u), 1ull << 40);
    std::vector<std::uint32_t> wh_words(4 * outputs);
    wh::generate_ints(set, wh_start, wh_words);
    for (std::size_t i = 0; i < outputs; ++i)
      expected[i] = wh::to_f32(set, {wh_words[4 * i], wh_words[4 * i + 1], wh_words[4 * i + 2], wh_words[4 * i + 3]});
    cuda::fill_gl_texture(cuda::wichmann_hill(set, wh_start), cuda::wichmann_hill_floats(set), texture.id(), kWidth, kHeight);
    compare("wichmann-hill set 272 seed 777 offset 2^40", expected, texture.id());
    const ceicg::Residues residues = ceicg::residues_at({1, 2, 3}, 4095, 16777180);
    std::vector<std::uint32_t> ceicg_words(3 * outputs);
    ceicg::generate_ints(residues, ceicg_words);
    for (std::size_t i = 0; i < outputs; ++i)
      expected[i] = ceicg::to_f32({ceicg_words[3 * i], ceicg_words[3 * i + 1], ceicg_words[3 * i + 2]});
    cuda::fill_gl_texture(cuda::ceicg(residues), cuda::ceicg_floats(), texture.id(), kWidth, kHeight);
    compare("ceicg seeds 1,2,3 substream 4095", expected, texture.id());
  } catch (const std::exception& e) {
    std::printf("FAIL: %s\n", e.what());
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
