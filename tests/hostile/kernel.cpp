// SPDX-License-Identifier: MIT
#include "kernel.hpp"

#include <GL/glew.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "gl/check.hpp"
#include "gl/shader_library.hpp"
#include "ps30_checker.hpp"

namespace glrand::hostile {

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

shaders::Composition compose(const std::string& file, const Kernel::ModuleEdit& edit) {
  return shaders::compose(file, [&](const std::string& name) -> std::string {
    for (const auto& module : gl::embedded_modules())
      if (module.name == name) {
        std::string text(module.source);
        return edit ? edit(name, std::move(text)) : text;
      }
    return read_text(std::string(GLRAND_HOSTILE_SHADER_DIR) + "/" + name);
  });
}

}  // namespace

std::string Kernel::composed(const std::string& file, const ModuleEdit& edit) { return compose(file, edit).text; }

Kernel::Kernel(const std::string& file, const ModuleEdit& edit, const std::map<std::string, std::string>& defines) {
  const shaders::Composition composition = compose(file, edit);
  const std::vector<std::string_view> names(composition.files.begin(), composition.files.end());
  const gl::EmbeddedShader fragment{file, composition.text, names};
  program_.emplace(gl::embedded_shader("fullscreen.vert"), fragment, defines);
}

std::vector<std::vector<float>> Kernel::run(const std::vector<std::vector<float>>& inputs, int outputs,
                                            std::uint32_t width, std::uint32_t height,
                                            const std::function<void(const gl::Program&)>& uniforms) const {
  const std::size_t floats = 4ull * width * height;
  std::vector<gl::Texture> textures;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i].size() != floats) throw std::invalid_argument("an input of the wrong size");
    textures.emplace_back(width, height);
    glBindTexture(GL_TEXTURE_2D, textures.back().id());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height), GL_RGBA,
                    GL_FLOAT, inputs[i].data());
  }
  std::vector<gl::Texture> targets;
  std::vector<unsigned> ids;
  for (int t = 0; t < outputs; ++t) {
    targets.emplace_back(width, height);
    ids.push_back(targets.back().id());
  }
  gl::Framebuffer framebuffer(ids);
  gl::VertexArray vertices;
  framebuffer.bind();
  vertices.bind();
  program_->use();
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(i));
    glBindTexture(GL_TEXTURE_2D, textures[i].id());
    program_->set_int(("uInput" + std::to_string(i)).c_str(), static_cast<int>(i));
  }
  glActiveTexture(GL_TEXTURE0);
  if (uniforms) uniforms(*program_);
  gl::draw_fullscreen(width, height);
  std::vector<std::vector<float>> results(static_cast<std::size_t>(outputs), std::vector<float>(floats));
  for (int t = 0; t < outputs; ++t) {
    glReadBuffer(GL_COLOR_ATTACHMENT0 + static_cast<GLenum>(t));
    glReadPixels(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height), GL_RGBA, GL_FLOAT,
                 results[static_cast<std::size_t>(t)].data());
  }
  gl::check_errors("running a hostile-arithmetic test kernel");
  return results;
}

}  // namespace glrand::hostile
