// SPDX-License-Identifier: MIT
#include "gl/context_info.hpp"

#include <string_view>

#include <GL/glew.h>

#include "gl/check.hpp"

namespace glrand::gl {
namespace {
std::string text(GLenum what) {
  const auto* s = reinterpret_cast<const char*>(glGetString(what));
  return s ? s : "";
}
}  // namespace

bool software_renderer() {
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const std::string_view name = renderer ? renderer : "";
  return name.starts_with("llvmpipe") || name.starts_with("softpipe");
}

ContextInfo query_context_info() {
  ContextInfo info;
  info.vendor = text(GL_VENDOR);
  info.renderer = text(GL_RENDERER);
  info.version = text(GL_VERSION);
  info.glsl_version = text(GL_SHADING_LANGUAGE_VERSION);
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &info.max_texture_size);
  glGetIntegerv(GL_MAX_DRAW_BUFFERS, &info.max_draw_buffers);
  glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &info.max_color_attachments);
  GLint viewport[2] = {0, 0};
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
  info.max_viewport_width = viewport[0];
  info.max_viewport_height = viewport[1];
  check_errors("querying the context's limits");
  return info;
}

}  // namespace glrand::gl
