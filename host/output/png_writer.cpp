// SPDX-License-Identifier: MIT
#include "output/png_writer.hpp"

#include <png.h>

#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>

#include <glrand/error.hpp>
#include "output/output_file.hpp"

// libpng reports errors by longjmp. A longjmp must not skip C++ destructors, so each setjmp
// lives in a small function whose locals are all trivial, and the objects that need cleanup
// (files, libpng structs, buffers) belong to the caller, which longjmp never skips.

namespace glrand::output {
namespace {

struct PngCallbackState {
  char message[256] = {};              // libpng's error text
  OutputFile* file = nullptr;          // write destination
  std::exception_ptr write_failure;    // thrown by OutputFile::write, rethrown afterwards
};

void on_png_error(png_structp png, png_const_charp message) {
  auto* state = static_cast<PngCallbackState*>(png_get_error_ptr(png));
  std::snprintf(state->message, sizeof state->message, "%s", message);
  png_longjmp(png, 1);
}

void on_png_warning(png_structp, png_const_charp) {}  // warnings are not worth a stderr line

void on_png_write(png_structp png, png_bytep data, png_size_t length) {
  auto* state = static_cast<PngCallbackState*>(png_get_io_ptr(png));
  bool failed = false;
  try {
    state->file->write(std::as_bytes(std::span(data, length)));
  } catch (...) {
    state->write_failure = std::current_exception();
    failed = true;
  }
  // Outside the handler: png_error longjmps, which must not leave an active catch block.
  if (failed) png_error(png, "write failed");
}

void on_png_flush(png_structp) {}  // OutputFile flushes on commit

struct WriteJob {
  std::uint32_t width;
  std::uint32_t height;
  const std::uint8_t* rgb;
};

bool encode_png(png_structp png, png_infop info, const WriteJob& job) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_IHDR(png, info, job.width, job.height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  const std::size_t stride = std::size_t{job.width} * 3;
  for (std::uint32_t y = 0; y < job.height; ++y) {
    png_write_row(png, job.rgb + y * stride);
  }
  png_write_end(png, info);
  return true;
}

struct PngWriteStructs {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~PngWriteStructs() { png_destroy_write_struct(&png, info ? &info : nullptr); }
};

struct PngReadStructs {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~PngReadStructs() { png_destroy_read_struct(&png, info ? &info : nullptr, nullptr); }
};

struct ImageHeader {
  png_uint_32 width;
  png_uint_32 height;
  int bit_depth;
  int color_type;
};

bool read_png_header(png_structp png, png_infop info, std::FILE* file, ImageHeader* header) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_init_io(png, file);
  png_read_info(png, info);
  png_get_IHDR(png, info, &header->width, &header->height, &header->bit_depth, &header->color_type,
               nullptr, nullptr, nullptr);
  return true;
}

// Rows are read as 8-bit RGB: alpha stripped, interlacing undone by libpng.
bool read_png_rows(png_structp png, png_infop info, png_bytep* rows) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_strip_alpha(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  png_read_image(png, rows);
  png_read_end(png, nullptr);
  return true;
}

std::string quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

}  // namespace

void write_png_rgb8(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
                    std::span<const std::uint8_t> rgb_top_row_first) {
  if (width == 0 || height == 0) {
    throw InvalidArgument("cannot write PNG file " + quoted(path) + ": image is empty");
  }
  if (rgb_top_row_first.size() != std::uint64_t{width} * height * 3) {
    throw InvalidArgument("cannot write PNG file " + quoted(path) + ": expected " +
                          std::to_string(std::uint64_t{width} * height * 3) +
                          " bytes of RGB pixels, got " + std::to_string(rgb_top_row_first.size()));
  }

  OutputFile file = OutputFile::open(path.string());
  PngCallbackState state;
  state.file = &file;
  PngWriteStructs structs;
  structs.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_png_error, on_png_warning);
  if (structs.png) structs.info = png_create_info_struct(structs.png);
  if (!structs.png || !structs.info) throw Error("cannot initialise libpng for writing");
  png_set_write_fn(structs.png, &state, on_png_write, on_png_flush);

  if (!encode_png(structs.png, structs.info, WriteJob{width, height, rgb_top_row_first.data()})) {
    if (state.write_failure) std::rethrow_exception(state.write_failure);
    throw Error("cannot write PNG file " + quoted(path) + ": " + state.message);
  }
  file.commit();
}

ImageRGB8 read_png_rgb8(const std::filesystem::path& path) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                              &std::fclose);
  if (!file) {
    throw Error("cannot open PNG file " + quoted(path) + ": " + std::strerror(errno));
  }
  PngCallbackState state;
  PngReadStructs structs;
  structs.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_png_error, on_png_warning);
  if (structs.png) structs.info = png_create_info_struct(structs.png);
  if (!structs.png || !structs.info) throw Error("cannot initialise libpng for reading");

  ImageHeader header{};
  if (!read_png_header(structs.png, structs.info, file.get(), &header)) {
    throw Error("cannot read PNG file " + quoted(path) + ": " + state.message);
  }
  if (header.bit_depth != 8 ||
      (header.color_type != PNG_COLOR_TYPE_RGB && header.color_type != PNG_COLOR_TYPE_RGB_ALPHA)) {
    throw Error("cannot read PNG file " + quoted(path) + ": expected 8-bit RGB or RGBA, got " +
                std::to_string(header.bit_depth) + "-bit colour type " +
                std::to_string(header.color_type));
  }

  ImageRGB8 image;
  image.width = header.width;
  image.height = header.height;
  const std::size_t stride = std::size_t{image.width} * 3;
  image.rgb.resize(stride * image.height);
  std::vector<png_bytep> rows(image.height);
  for (std::uint32_t y = 0; y < image.height; ++y) rows[y] = image.rgb.data() + y * stride;
  if (!read_png_rows(structs.png, structs.info, rows.data())) {
    throw Error("cannot read PNG file " + quoted(path) + ": " + state.message);
  }
  return image;
}

}  // namespace glrand::output
