// SPDX-License-Identifier: MIT
#pragma once
// An RGBA32F texture of the command's own, in the current GL context, with a framebuffer to
// read it back or blit it to the window: what render and view hand to glrand::TextureFiller.
#include <GL/glew.h>

#include <cstdint>
#include <vector>

#include <glrand/error.hpp>

namespace glrand::cli {

class FloatTexture {
 public:
  FloatTexture(std::uint32_t width, std::uint32_t height) : width_(width), height_(height) {
    glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, static_cast<GLsizei>(width), static_cast<GLsizei>(height), 0, GL_RGBA,
                 GL_FLOAT, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &framebuffer_);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (glGetError() != GL_NO_ERROR || status != GL_FRAMEBUFFER_COMPLETE)
      throw DeviceError("cannot make a " + std::to_string(width) + "x" + std::to_string(height) +
                        " RGBA32F texture to render into on this device");
  }
  FloatTexture(const FloatTexture&) = delete;
  FloatTexture& operator=(const FloatTexture&) = delete;
  ~FloatTexture() {
    glDeleteFramebuffers(1, &framebuffer_);
    glDeleteTextures(1, &texture_);
  }

  const unsigned& id() const { return texture_; }

  // The texels, bottom row first, four floats each.
  std::vector<float> read() const {
    std::vector<float> texels(std::size_t{4} * width_ * height_);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, static_cast<GLsizei>(width_), static_cast<GLsizei>(height_), GL_RGBA, GL_FLOAT, texels.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    if (glGetError() != GL_NO_ERROR) throw DeviceError("cannot read back the rendered texture");
    return texels;
  }

  // Replaces the texels (bottom row first, four floats each) from host memory.
  void upload(const std::vector<float>& texels) const {
    glBindTexture(GL_TEXTURE_2D, texture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(width_), static_cast<GLsizei>(height_), GL_RGBA, GL_FLOAT,
                    texels.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    if (glGetError() != GL_NO_ERROR) throw DeviceError("cannot upload the texture's values");
  }

  // Copies the texture onto the window's back buffer, texel for pixel.
  void blit_to_window() const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    const auto w = static_cast<GLint>(width_), h = static_cast<GLint>(height_);
    glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (glGetError() != GL_NO_ERROR) throw DeviceError("cannot draw the texture to the window");
  }

 private:
  std::uint32_t width_, height_;
  GLuint texture_ = 0;
  GLuint framebuffer_ = 0;
};

}  // namespace glrand::cli
