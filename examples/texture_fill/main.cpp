// SPDX-License-Identifier: MIT
// Random textures in a program's own GL context, as a graphics program uses them: a headless
// EGL context (glrand::GlContext: the first GPU, else Mesa's software renderer), one RGBA32F
// texture of the program's, filled by every GL generator frame after frame on the GPU with no
// read-back (glrand::TextureFiller). To prove the numbers, the program reads the third frame
// back and compares it with glrand::Generator's floats of the same outputs (texel p, channel c
// holds output 4p + c of a frame) within each generator's documented bound. Then a frame of
// normal values made in the shader (Box–Muller, TextureFiller::fill with a glrand::Distribution),
// whose mean and standard deviation it checks. Exit status 0 when every check holds.
#include <GL/glew.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <glrand/glrand.hpp>
#include <vector>

namespace {

constexpr std::uint32_t kWidth = 64, kHeight = 32, kFrames = 3;

// Distance on the circle [0, 1): a float just below 1 and one just above 0 are close.
double circle_distance(double a, double b) {
  const double d = std::abs(a - b);
  return std::min(d, 1.0 - d);
}

// The program's texture, read back (a framebuffer of its own).
std::vector<float> read_back(GLuint texture) {
  GLuint framebuffer = 0;
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  std::vector<float> texels(std::size_t{4} * kWidth * kHeight);
  glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_FLOAT, texels.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &framebuffer);
  return texels;
}

}  // namespace

int main() try {
  const glrand::GlContext context;  // current on this thread from here on
  glewExperimental = GL_TRUE;       // the program's own GL calls; under EGL GLEW's GLX part fails
  const GLenum status = glewInit();
  if (status != GLEW_OK && status != GLEW_ERROR_NO_GLX_DISPLAY) {
    std::fprintf(stderr, "texture_fill: cannot load OpenGL: %s\n", glewGetErrorString(status));
    return 1;
  }
  std::printf("on %s\n", context.device().label.c_str());
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, kWidth, kHeight, 0, GL_RGBA, GL_FLOAT, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

  bool all_agree = true;
  for (const glrand::Algorithm algorithm : {glrand::Algorithm::ceicg, glrand::Algorithm::park_miller,
                                            glrand::Algorithm::wichmann_hill, glrand::Algorithm::mrg32k3a}) {
    glrand::Settings settings;
    settings.algorithm = algorithm;
    settings.seed64 = 2026;
    // The documented bounds (docs/library.md): on the circle for CEICG and Wichmann–Hill, the
    // float or its neighbour for Park–Miller and MRG32k3a.
    const double bound = algorithm == glrand::Algorithm::ceicg           ? 1.0 / 131072
                         : algorithm == glrand::Algorithm::wichmann_hill ? 1.0 / 1048576
                                                                         : 0.0;
    glrand::TextureFiller filler(settings);
    for (std::uint32_t frame = 0; frame < kFrames; ++frame) filler.fill({&texture, 1}, kWidth, kHeight);
    const std::vector<float> texels = read_back(texture);

    glrand::Settings on_cpu = settings;
    on_cpu.backend = glrand::Backend::cpu;
    on_cpu.offset = std::uint64_t{4} * kWidth * kHeight * (kFrames - 1);  // the last frame's first output
    glrand::Generator reference(on_cpu);
    std::vector<float> want(texels.size());
    reference.generate(std::span<float>(want));

    std::size_t outside = 0;
    double largest = 0;
    for (std::size_t i = 0; i < texels.size(); ++i) {
      const double d = circle_distance(texels[i], want[i]);
      largest = std::max(largest, d);
      const bool near = bound > 0 ? d <= bound
                                  : texels[i] == want[i] || texels[i] == std::nextafter(want[i], 0.0f) ||
                                        texels[i] == std::nextafter(want[i], 1.0f);
      if (!near || !(texels[i] >= 0.0f && texels[i] < 1.0f)) ++outside;
    }
    std::printf("%-8s frame %u: %zu floats, largest difference %.3g, %zu outside the bound\n",
                std::string(glrand::info(algorithm).name).c_str(), kFrames, texels.size(), largest, outside);
    all_agree = all_agree && outside == 0;
  }
  // Normal values made on the GPU, in float: 8192 of them have a mean within 0.05 of 0 and a
  // standard deviation within 0.05 of 1 (4.5 and 6.4 standard errors).
  {
    glrand::Settings settings;
    settings.algorithm = glrand::Algorithm::park_miller;
    settings.seed64 = 2026;
    glrand::TextureFiller filler(settings);
    glrand::Distribution normal;
    normal.kind = glrand::DistributionKind::normal;
    normal.method = glrand::NormalMethod::box_muller;
    filler.fill({&texture, 1}, kWidth, kHeight, normal);
    const std::vector<float> values = read_back(texture);
    double sum = 0, squares = 0;
    for (const float v : values) sum += v;
    const double mean = sum / static_cast<double>(values.size());
    for (const float v : values) squares += (v - mean) * (v - mean);
    const double sd = std::sqrt(squares / static_cast<double>(values.size() - 1));
    const bool fits = std::abs(mean) < 0.05 && std::abs(sd - 1) < 0.05;
    std::printf("pm normal (Box-Muller) made in the shader: %zu values, mean %.4f, standard deviation %.4f%s\n",
                values.size(), mean, sd, fits ? "" : " (off)");
    all_agree = all_agree && fits;
  }
  glDeleteTextures(1, &texture);
  std::printf("%s\n", all_agree ? "ok" : "MISMATCH");
  return all_agree ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "texture_fill: %s\n", e.what());
  return 1;
}
