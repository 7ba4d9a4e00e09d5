// SPDX-License-Identifier: MIT
#pragma once
#include <string>

namespace glrand::gl {

// What `glrand info` reports about the current context.
struct ContextInfo {
  std::string vendor, renderer, version, glsl_version;
  int max_texture_size = 0;
  int max_draw_buffers = 0;
  int max_color_attachments = 0;
  int max_viewport_width = 0, max_viewport_height = 0;
};

ContextInfo query_context_info();

}  // namespace glrand::gl
