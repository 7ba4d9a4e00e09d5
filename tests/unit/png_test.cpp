// SPDX-License-Identifier: MIT
// PNG output. libpng's simplified API (png_image_*) serves as the independent reader and
// writer to check glrand's own functions against.
#include <catch2/catch.hpp>

#include <optional>

#include "file_size_limit.hpp"
#include "support/temp_dir.hpp"
#include <png.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "output/png_writer.hpp"

namespace fs = std::filesystem;
using glrand::output::ImageRGB8;
using glrand::output::read_png_rgb8;
using glrand::output::write_png_rgb8;

namespace {


// A pattern where every channel of every pixel differs, so row or channel mix-ups show.
std::vector<std::uint8_t> test_pattern(std::uint32_t width, std::uint32_t height) {
  std::vector<std::uint8_t> rgb;
  for (std::uint32_t y = 0; y < height; ++y) {
    for (std::uint32_t x = 0; x < width; ++x) {
      rgb.push_back(static_cast<std::uint8_t>(x * 37 + y));
      rgb.push_back(static_cast<std::uint8_t>(y * 53 + 1));
      rgb.push_back(static_cast<std::uint8_t>(x ^ (y * 11)));
    }
  }
  return rgb;
}

}  // namespace

TEST_CASE("PNG write then read round trip", "[png]") {
  TempDir dir;
  const fs::path path = dir.path() / "image.png";
  const std::uint32_t width = 7, height = 5;
  const std::vector<std::uint8_t> pixels = test_pattern(width, height);
  write_png_rgb8(path, width, height, pixels);

  std::ifstream in(path, std::ios::binary);
  std::string signature(8, '\0');
  in.read(signature.data(), 8);
  CHECK(signature == "\x89PNG\r\n\x1a\n");

  const ImageRGB8 image = read_png_rgb8(path);
  CHECK(image.width == width);
  CHECK(image.height == height);
  CHECK(image.rgb == pixels);

  // Decoded independently by libpng's simplified API as well.
  png_image independent{};
  independent.version = PNG_IMAGE_VERSION;
  REQUIRE(png_image_begin_read_from_file(&independent, path.c_str()) != 0);
  independent.format = PNG_FORMAT_RGB;
  std::vector<std::uint8_t> decoded(PNG_IMAGE_SIZE(independent));
  REQUIRE(png_image_finish_read(&independent, nullptr, decoded.data(), 0, nullptr) != 0);
  CHECK(independent.width == width);
  CHECK(independent.height == height);
  CHECK(decoded == pixels);

  CHECK(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()) == 1);
}

TEST_CASE("PNG reader drops alpha from RGBA files", "[png]") {
  TempDir dir;
  const fs::path path = dir.path() / "rgba.png";
  const std::vector<std::uint8_t> rgba = {10, 20, 30, 255, 40, 50, 60, 0,  //
                                          70, 80, 90, 128, 1, 2, 3, 4};
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = 2;
  image.height = 2;
  image.format = PNG_FORMAT_RGBA;
  REQUIRE(png_image_write_to_file(&image, path.c_str(), 0, rgba.data(), 0, nullptr) != 0);

  const ImageRGB8 read = read_png_rgb8(path);
  CHECK(read.width == 2);
  CHECK(read.height == 2);
  CHECK(read.rgb == std::vector<std::uint8_t>{10, 20, 30, 40, 50, 60, 70, 80, 90, 1, 2, 3});
}

TEST_CASE("PNG reader rejects unsupported formats", "[png]") {
  TempDir dir;
  const fs::path gray = dir.path() / "gray.png";
  const std::vector<std::uint8_t> pixels = {0, 64, 128, 255};
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = 2;
  image.height = 2;
  image.format = PNG_FORMAT_GRAY;
  REQUIRE(png_image_write_to_file(&image, gray.c_str(), 0, pixels.data(), 0, nullptr) != 0);
  CHECK_THROWS_WITH(read_png_rgb8(gray), Catch::Contains("expected 8-bit RGB or RGBA"));

  const fs::path text = dir.path() / "not.png";
  std::ofstream(text) << "definitely not a PNG file";
  CHECK_THROWS_AS(read_png_rgb8(text), glrand::Error);
  CHECK_THROWS_WITH(read_png_rgb8(text), Catch::Contains(text.string()));

  const fs::path missing = dir.path() / "missing.png";
  CHECK_THROWS_MATCHES(read_png_rgb8(missing), glrand::Error,
                       Catch::Message("cannot open PNG file '" + missing.string() +
                                      "': No such file or directory"));
}

TEST_CASE("PNG writer reports bad input and leaves no file", "[png]") {
  TempDir dir;
  const fs::path path = dir.path() / "bad.png";
  const std::vector<std::uint8_t> pixels = test_pattern(4, 4);
  CHECK_THROWS_AS(write_png_rgb8(path, 4, 5, pixels), glrand::InvalidArgument);
  CHECK_THROWS_AS(write_png_rgb8(path, 0, 0, {}), glrand::InvalidArgument);

  // libpng refuses widths above its default limit of 1,000,000: that error arrives by
  // longjmp and must come out as an Error with libpng's text.
  const std::vector<std::uint8_t> wide(std::size_t{1000001} * 3, 0);
  CHECK_THROWS_MATCHES(write_png_rgb8(path, 1000001, 1, wide), glrand::Error,
                       Catch::Message("cannot write PNG file '" + path.string() +
                                      "': Invalid IHDR data"));
  CHECK(fs::is_empty(dir.path()));

  const fs::path missing = dir.path() / "no" / "dir.png";
  CHECK_THROWS_MATCHES(write_png_rgb8(missing, 4, 4, pixels), glrand::Error,
                       Catch::Message("cannot create output file '" + missing.string() +
                                      "': No such file or directory"));
}

TEST_CASE("PNG write failure inside libpng's callback is reported", "[png]") {
  TempDir dir;
  const fs::path path = dir.path() / "too-big.png";
  // Incompressible pixels, and a file-size limit far below their size: write() fails with
  // EFBIG inside libpng's write callback.
  std::vector<std::uint8_t> noise(std::size_t{512} * 512 * 3);
  std::uint32_t state = 12345;
  for (auto& byte : noise) {
    state = state * 1664525u + 1013904223u;
    byte = static_cast<std::uint8_t>(state >> 24);
  }
  std::optional<FileSizeLimit> limit(std::in_place, 100000);

  bool threw_error = false;
  std::string message;
  try {
    write_png_rgb8(path, 512, 512, noise);
  } catch (const glrand::Error& error) {
    threw_error = true;
    message = error.what();
  }
  limit.reset();

  CHECK(threw_error);
  CHECK(message == "cannot write output file '" + path.string() + "': File too large");
  CHECK(fs::is_empty(dir.path()));
}
