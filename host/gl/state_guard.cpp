// SPDX-License-Identifier: MIT
#include "gl/state_guard.hpp"

#include <GL/glew.h>

namespace glrand::gl {
namespace {

// An object deleted while bound (a program deleted in use lives only until unbound) is
// restored as 0 rather than raising GL_INVALID_VALUE.
GLuint existing(int id, GLboolean (*exists)(GLuint)) {
  return id != 0 && exists(static_cast<GLuint>(id)) ? static_cast<GLuint>(id) : 0u;
}

GLboolean is_framebuffer(GLuint id) { return glIsFramebuffer(id); }
GLboolean is_program(GLuint id) { return glIsProgram(id); }
GLboolean is_vertex_array(GLuint id) { return glIsVertexArray(id); }
GLboolean is_texture(GLuint id) { return glIsTexture(id); }
GLboolean is_buffer(GLuint id) { return glIsBuffer(id); }
GLboolean is_sampler(GLuint id) { return glIsSampler(id); }

// The pixel-store parameters a caller may set that would move the library's transfers.
constexpr std::array<GLenum, 6> kPixelStore{GL_PACK_ROW_LENGTH,   GL_PACK_SKIP_PIXELS,   GL_PACK_SKIP_ROWS,
                                            GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_ROWS};

}  // namespace

StateGuard::StateGuard() {
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_framebuffer_);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_framebuffer_);
  glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertex_array_);
  glGetIntegerv(GL_VIEWPORT, viewport_.data());
  glGetIntegerv(GL_ACTIVE_TEXTURE, &active_texture_);
  GLint units = 0;
  glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
  const int active_unit = active_texture_ - GL_TEXTURE0;
  for (int unit = 0; unit < units && unit < kTextureUnits; ++unit) textures_.emplace_back(unit, 0);
  if (active_unit >= kTextureUnits) textures_.emplace_back(active_unit, 0);
  for (auto& [unit, texture] : textures_) {
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture);
    GLint sampler = 0;
    glGetIntegerv(GL_SAMPLER_BINDING, &sampler);
    samplers_.push_back(sampler);
    glBindSampler(static_cast<GLuint>(unit), 0);
  }
  glActiveTexture(static_cast<GLenum>(active_texture_));
  for (GLuint i = 0; i < color_masks_.size(); ++i) {
    glGetBooleani_v(GL_COLOR_WRITEMASK, i, color_masks_[i].data());
    blend_[i] = glIsEnabledi(GL_BLEND, i) == GL_TRUE;
  }
  scissor_ = glIsEnabled(GL_SCISSOR_TEST) == GL_TRUE;
  for (std::size_t i = 0; i < kPixelStore.size(); ++i) glGetIntegerv(kPixelStore[i], &pixel_store_[i]);
  glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &pack_buffer_);
  glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpack_buffer_);
  glGetIntegerv(GL_PACK_ALIGNMENT, &pack_alignment_);
  glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &copy_read_buffer_);
  glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &copy_write_buffer_);
  storage_ = GLEW_VERSION_4_3;
  if (storage_) {
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &storage_buffer_);
    for (int i = 0; i < kStorageBindings; ++i) {
      GLint buffer = 0;
      glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, static_cast<GLuint>(i), &buffer);
      indexed_[i].buffer = buffer;
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, static_cast<GLuint>(i), &indexed_[i].start);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, static_cast<GLuint>(i), &indexed_[i].size);
    }
    for (int i = 0; i < kImageUnits; ++i) {
      const auto u = static_cast<GLuint>(i);
      glGetIntegeri_v(GL_IMAGE_BINDING_NAME, u, &images_[i].texture);
      glGetIntegeri_v(GL_IMAGE_BINDING_LEVEL, u, &images_[i].level);
      glGetIntegeri_v(GL_IMAGE_BINDING_LAYERED, u, &images_[i].layered);
      glGetIntegeri_v(GL_IMAGE_BINDING_LAYER, u, &images_[i].layer);
      glGetIntegeri_v(GL_IMAGE_BINDING_ACCESS, u, &images_[i].access);
      glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, u, &images_[i].format);
    }
  }
  // The library's pixel transfers address host memory or its own buffers, not the caller's,
  // and its passes write every channel whatever masks the caller set.
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  for (GLuint i = 0; i < color_masks_.size(); ++i) {
    glColorMaski(i, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDisablei(GL_BLEND, i);
  }
  glDisable(GL_SCISSOR_TEST);
  for (const GLenum name : kPixelStore) glPixelStorei(name, 0);
}

StateGuard::~StateGuard() {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, existing(draw_framebuffer_, is_framebuffer));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, existing(read_framebuffer_, is_framebuffer));
  glUseProgram(existing(program_, is_program));
  glBindVertexArray(existing(vertex_array_, is_vertex_array));
  glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
  for (std::size_t k = 0; k < textures_.size(); ++k) {
    const auto& [unit, texture] = textures_[k];
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    glBindTexture(GL_TEXTURE_2D, existing(texture, is_texture));
    glBindSampler(static_cast<GLuint>(unit), existing(samplers_[k], is_sampler));
  }
  glActiveTexture(static_cast<GLenum>(active_texture_));
  for (GLuint i = 0; i < color_masks_.size(); ++i) {
    const auto& m = color_masks_[i];
    glColorMaski(i, m[0], m[1], m[2], m[3]);
    if (blend_[i]) glEnablei(GL_BLEND, i);
    else glDisablei(GL_BLEND, i);
  }
  if (scissor_) glEnable(GL_SCISSOR_TEST);
  for (std::size_t i = 0; i < kPixelStore.size(); ++i) glPixelStorei(kPixelStore[i], pixel_store_[i]);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, existing(pack_buffer_, is_buffer));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, existing(unpack_buffer_, is_buffer));
  glPixelStorei(GL_PACK_ALIGNMENT, pack_alignment_);
  glBindBuffer(GL_COPY_READ_BUFFER, existing(copy_read_buffer_, is_buffer));
  glBindBuffer(GL_COPY_WRITE_BUFFER, existing(copy_write_buffer_, is_buffer));
  if (storage_) {
    // glBindBufferBase/Range also set the generic binding, so that comes last.
    for (int i = 0; i < kStorageBindings; ++i) {
      const GLuint buffer = existing(indexed_[i].buffer, is_buffer);
      if (buffer != 0 && indexed_[i].size > 0)
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, static_cast<GLuint>(i), buffer,
                          static_cast<GLintptr>(indexed_[i].start), static_cast<GLsizeiptr>(indexed_[i].size));
      else
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, static_cast<GLuint>(i), buffer);
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, existing(storage_buffer_, is_buffer));
    for (int i = 0; i < kImageUnits; ++i) {
      const ImageUnit& m = images_[i];
      const GLuint texture = existing(m.texture, is_texture);
      // An unbound unit reports format 0 (or the default R8); unbinding needs a valid format.
      const GLenum format = texture != 0 && m.format != 0 ? static_cast<GLenum>(m.format) : GL_R8;
      glBindImageTexture(static_cast<GLuint>(i), texture, m.level, m.layered ? GL_TRUE : GL_FALSE, m.layer,
                         m.access != 0 ? static_cast<GLenum>(m.access) : GL_READ_ONLY, format);
    }
  }
}

}  // namespace glrand::gl
