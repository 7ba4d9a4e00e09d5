// SPDX-License-Identifier: MIT
#pragma once
// Turning a texture of uniforms into a picture. Rows: texture row 0 is the bottom of the
// screen (GL's convention), PNG row 0 the top, so the picture matches what `view` shows.
#include <cmath>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace glrand::cli {

// u in [0, 1] to 8 bits, rounding to nearest as GL's float-to-unorm conversion does.
inline std::uint8_t to_unorm8(float u) {
  const float clamped = u < 0.0f ? 0.0f : (u > 1.0f ? 1.0f : u);
  return static_cast<std::uint8_t>(std::lround(clamped * 255.0f));
}

// Values v in place as (v − lo)/(hi − lo): `shown` = (lo, hi) from black to full intensity.
inline void to_display_unit(std::span<float> values, std::pair<double, double> shown) {
  const double scale = 1.0 / (shown.second - shown.first);
  for (float& v : values) v = static_cast<float>((static_cast<double>(v) - shown.first) * scale);
}

// The r, g, b channels of a width x height RGBA texture (bottom row first), top row first.
inline std::vector<std::uint8_t> rgb8_top_row_first(std::span<const float> rgba, std::uint32_t width,
                                                    std::uint32_t height) {
  std::vector<std::uint8_t> rgb(std::size_t{3} * width * height);
  for (std::uint32_t y = 0; y < height; ++y)
    for (std::uint32_t x = 0; x < width; ++x)
      for (int c = 0; c < 3; ++c)
        rgb[(std::size_t{height - 1 - y} * width + x) * 3 + c] = to_unorm8(rgba[(std::size_t{y} * width + x) * 4 + c]);
  return rgb;
}

}  // namespace glrand::cli
