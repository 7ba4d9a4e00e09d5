// SPDX-License-Identifier: MIT
// Random dithering in a GLFW window, a graphics program's everyday use of noise: a smooth
// colour ramp drawn with one bit per channel, each pixel's channel lit where the ramp is above
// that pixel's random threshold, so that the lit fraction of any patch is the ramp's mean
// there. Four strips side by side, one per GL generator (CEICG, Park–Miller, Wichmann–Hill,
// MRG32k3a): each strip's threshold texture, RGBA32F, is filled every frame on the GPU by
// glrand::TextureFiller in this program's own context, with no read-back, and the dither
// moves from frame to frame.
//
//   glrand_random_dither [--size WxH] [--frames N] [--screenshot FILE.ppm]
//
// The ramp in strip pixel (x, y), y from the bottom: red (x + ½)/W, green (y + ½)/H, blue
// 1 − (x + ½)/W; pixel (x, y)'s channel c is lit where the ramp is above the texture's
// channel c there. --frames N closes the window after N frames (default: when it is closed);
// --screenshot writes the last frame as a binary PPM, top row first.
#include <GL/glew.h>
#include <GLFW/glfw3.h>

#include <array>
#include <charconv>
#include <cstdio>
#include <exception>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <glrand/glrand.hpp>

namespace {

constexpr std::array kGenerators{glrand::Algorithm::ceicg, glrand::Algorithm::park_miller,
                                 glrand::Algorithm::wichmann_hill, glrand::Algorithm::mrg32k3a};

constexpr const char* kVertex = R"(#version 330 core
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
})";

// One strip: the viewport is the strip, the texture its thresholds.
constexpr const char* kFragment = R"(#version 330 core
uniform sampler2D uThresholds;
uniform vec2 uOrigin;  // the strip's lower-left corner in window pixels
uniform vec2 uSize;    // the strip's size
out vec4 colour;
void main() {
  vec2 p = (gl_FragCoord.xy - uOrigin) / uSize;  // pixel centres: (x + 1/2) / W
  vec3 ramp = vec3(p.x, p.y, 1.0 - p.x);
  vec3 threshold = texelFetch(uThresholds, ivec2(gl_FragCoord.xy - uOrigin), 0).rgb;
  colour = vec4(step(threshold, ramp), 1.0);  // lit where threshold <= ramp
})";

struct Options {
  int width = 128, height = 128;
  long frames = 0;  // 0: until the window is closed
  std::string screenshot;
};

long number(std::string_view text, const char* what) {
  long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < 1)
    throw std::invalid_argument(std::string(what) + " must be a positive integer, not '" + std::string(text) + "'");
  return value;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (i + 1 >= argc) throw std::invalid_argument(std::string(arg) + " needs a value");
    const std::string_view value = argv[++i];
    if (arg == "--size") {
      const auto x = value.find('x');
      if (x == std::string_view::npos) throw std::invalid_argument("--size is WxH, not '" + std::string(value) + "'");
      o.width = static_cast<int>(number(value.substr(0, x), "--size's width"));
      o.height = static_cast<int>(number(value.substr(x + 1), "--size's height"));
      if (o.width > 1024 || o.height > 1024) throw std::invalid_argument("--size is at most 1024x1024 a strip");
    } else if (arg == "--frames") {
      o.frames = number(value, "--frames");
    } else if (arg == "--screenshot") {
      o.screenshot = value;
    } else {
      throw std::invalid_argument("unknown option " + std::string(arg) +
                                  " (--size WxH, --frames N, --screenshot FILE.ppm)");
    }
  }
  if (!o.screenshot.empty() && o.frames == 0) throw std::invalid_argument("--screenshot needs --frames");
  return o;
}

GLuint compile(GLenum stage, const char* source) {
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    std::array<char, 2048> log{};
    glGetShaderInfoLog(shader, log.size(), nullptr, log.data());
    throw std::runtime_error(std::string("compiling the dither shader: ") + log.data());
  }
  return shader;
}

GLuint dither_program() {
  const GLuint program = glCreateProgram();
  const GLuint vs = compile(GL_VERTEX_SHADER, kVertex), fs = compile(GL_FRAGMENT_SHADER, kFragment);
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) throw std::runtime_error("linking the dither program failed");
  return program;
}

// The window's pixels as a binary PPM, top row first (GL's rows start at the bottom).
void write_ppm(const std::string& path, int width, int height) {
  std::vector<unsigned char> rgb(static_cast<std::size_t>(3) * width * height);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  std::ofstream out(path, std::ios::binary);
  out << "P6\n" << width << " " << height << "\n255\n";
  for (int row = height - 1; row >= 0; --row)
    out.write(reinterpret_cast<const char*>(&rgb[static_cast<std::size_t>(3) * width * row]), 3 * width);
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

struct Glfw {
  Glfw() {
    if (!glfwInit()) throw std::runtime_error("cannot initialise GLFW (is there a display?)");
  }
  ~Glfw() { glfwTerminate(); }
};

}  // namespace

int main(int argc, char** argv) try {
  const Options o = parse(argc, argv);
  const Glfw glfw;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
  const int strips = static_cast<int>(kGenerators.size());
  GLFWwindow* window =
      glfwCreateWindow(strips * o.width, o.height, "glrand: random dithering, one strip per generator", nullptr, nullptr);
  if (!window) throw std::runtime_error("cannot open a window with an OpenGL 3.3 core context");
  glfwMakeContextCurrent(window);
  glewExperimental = GL_TRUE;
  if (glewInit() != GLEW_OK) throw std::runtime_error("cannot load OpenGL");
  std::printf("OpenGL: %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)));

  // One threshold texture and one filler per generator, in this context.
  std::array<GLuint, kGenerators.size()> textures{};
  glGenTextures(strips, textures.data());
  std::vector<glrand::TextureFiller> fillers;
  for (int s = 0; s < strips; ++s) {
    glBindTexture(GL_TEXTURE_2D, textures[s]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, o.width, o.height, 0, GL_RGBA, GL_FLOAT, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glrand::Settings settings;
    settings.algorithm = kGenerators[s];
    settings.seed64 = 2026;
    fillers.emplace_back(settings);
  }
  const GLuint program = dither_program();
  GLuint vertex_array = 0;
  glGenVertexArrays(1, &vertex_array);

  long frame = 0;
  while (!glfwWindowShouldClose(window) && (o.frames == 0 || frame < o.frames)) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glUseProgram(program);
    glBindVertexArray(vertex_array);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(glGetUniformLocation(program, "uThresholds"), 0);
    glUniform2f(glGetUniformLocation(program, "uSize"), static_cast<float>(o.width), static_cast<float>(o.height));
    for (int s = 0; s < strips; ++s) {
      fillers[s].fill({&textures[s], 1}, o.width, o.height);  // this frame's thresholds, on the GPU
      glViewport(s * o.width, 0, o.width, o.height);
      glUniform2f(glGetUniformLocation(program, "uOrigin"), static_cast<float>(s * o.width), 0.0f);
      glBindTexture(GL_TEXTURE_2D, textures[s]);
      glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    ++frame;
    if (!o.screenshot.empty() && frame == o.frames) write_ppm(o.screenshot, strips * o.width, o.height);
    glfwSwapBuffers(window);
    glfwPollEvents();
  }
  for (int s = 0; s < strips; ++s)
    std::printf("%-8s %ld frames of %dx%d thresholds, %llu outputs\n",
                std::string(glrand::info(kGenerators[s]).name).c_str(), frame, o.width, o.height,
                static_cast<unsigned long long>(fillers[s].position()));
  fillers.clear();  // while the context is current
  glDeleteVertexArrays(1, &vertex_array);
  glDeleteProgram(program);
  glDeleteTextures(strips, textures.data());
  glfwDestroyWindow(window);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "random_dither: %s\n", e.what());
  return 1;
}
