// SPDX-License-Identifier: MIT
#pragma once
// Keeps the caller's GL state across a library call that renders on the caller's current
// context: a program that fills textures in its own context must find its state as it was. Made
// on entry, it records every binding the library may change; its destructor puts them back:
// draw and read framebuffers, program, vertex array, viewport, active texture unit, the 2D
// texture and sampler object of each unit the library uses (and of the caller's active unit),
// the colour write masks and blending of draw buffers 0..3, the scissor test, the pixel
// pack and unpack row lengths and skips, pixel pack and
// unpack buffers and the pack alignment, copy buffers, and (OpenGL 4.3) the generic and the
// stream profiles' indexed shader storage buffer bindings and the image units the compute
// texture fills bind. Meanwhile no pixel pack or unpack
// buffer is bound, rows are packed tight, no sampler object overrides a texture's filtering,
// and every colour channel is written, unblended and unclipped.
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace glrand::gl {

class StateGuard {
 public:
  StateGuard();
  ~StateGuard();
  StateGuard(const StateGuard&) = delete;
  StateGuard& operator=(const StateGuard&) = delete;

  // Texture units 0 .. kTextureUnits - 1 are the ones glrand binds state and parameter
  // textures to.
  static constexpr int kTextureUnits = 8;
  // Indexed shader storage buffer binding points 0 .. kStorageBindings - 1 (the stream
  // profiles' state and output buffers, 0 and 1; the word packer's, 3 and 4).
  static constexpr int kStorageBindings = 5;
  // Image units 0 .. kImageUnits - 1: the caller's textures in a compute texture fill.
  static constexpr int kImageUnits = 4;

 private:
  struct IndexedBuffer {
    int buffer = 0;
    std::int64_t start = 0, size = 0;
  };
  int draw_framebuffer_ = 0, read_framebuffer_ = 0, program_ = 0, vertex_array_ = 0;
  std::array<int, 4> viewport_{};
  int active_texture_ = 0;
  std::vector<std::pair<int, int>> textures_;  // (unit, 2D texture)
  std::array<std::array<unsigned char, 4>, 4> color_masks_{};  // draw buffers 0..3
  std::array<bool, 4> blend_{};                                // draw buffers 0..3
  bool scissor_ = false;
  std::vector<int> samplers_;                                  // by textures_' units
  std::array<int, 6> pixel_store_{};                           // kPixelStore's values
  int pack_buffer_ = 0, unpack_buffer_ = 0, pack_alignment_ = 4, copy_read_buffer_ = 0, copy_write_buffer_ = 0;
  bool storage_ = false;  // whether the context has shader storage buffers
  int storage_buffer_ = 0;
  std::array<IndexedBuffer, kStorageBindings> indexed_{};
  struct ImageUnit {
    int texture = 0, level = 0, layered = 0, layer = 0, access = 0, format = 0;
  };
  std::array<ImageUnit, kImageUnits> images_{};
};

}  // namespace glrand::gl
