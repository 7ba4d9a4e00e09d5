// SPDX-License-Identifier: MIT
#pragma once
// 8-bit RGB PNG files for `glrand render` screenshots and the tests that compare them.
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

namespace glrand::output {

struct ImageRGB8 {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> rgb;  // width * height * 3 bytes, top row first
};

// Writes through a temporary file renamed into place. Throws InvalidArgument if the pixel
// buffer does not hold width * height * 3 bytes, Error if the file cannot be written.
void write_png_rgb8(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
                    std::span<const std::uint8_t> rgb_top_row_first);

// Reads an 8-bit RGB or RGBA PNG (alpha is dropped). Throws Error on anything else.
ImageRGB8 read_png_rgb8(const std::filesystem::path& path);

}  // namespace glrand::output
