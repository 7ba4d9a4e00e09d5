// SPDX-License-Identifier: MIT
#pragma once
// Move-only owners of GL objects. Each needs a current context when made and destroyed.
#include <array>
#include <compare>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace glrand::gl {

struct EmbeddedShader;

// A GL object name with its deleter.
template <void (*Delete)(unsigned)>
class Name {
 public:
  Name() = default;
  explicit Name(unsigned id) : id_(id) {}
  Name(Name&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
  Name& operator=(Name&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, 0);
    }
    return *this;
  }
  ~Name() { reset(); }
  unsigned id() const { return id_; }

 private:
  void reset() {
    if (id_) Delete(id_);
    id_ = 0;
  }
  unsigned id_ = 0;
};

void delete_program(unsigned id);
void delete_texture(unsigned id);
void delete_framebuffer(unsigned id);
void delete_vertex_array(unsigned id);
void delete_buffer(unsigned id);
void delete_query(unsigned id);

// A process-wide rewrite of each shader's final source (defines included) just before the
// driver compiles it, or none (the default). The hostile-arithmetic test build uses it to
// perturb every division and fuse multiply-adds in all shaders the library compiles
// (tests/hostile/). `stage` is the GL enum (GL_FRAGMENT_SHADER, ...), `name` the shader's
// file name. Set it before building programs; it is not synchronised.
using ShaderSourceFilter = std::function<std::string(std::string_view source, unsigned stage, std::string_view name)>;
void set_shader_source_filter(ShaderSourceFilter filter);
const ShaderSourceFilter& shader_source_filter();

// A linked program from two embedded shaders; errors carry the driver's log with file names.
class Program {
 public:
  Program(const EmbeddedShader& vertex, const EmbeddedShader& fragment,
          const std::map<std::string, std::string>& defines = {});
  // A compute program (OpenGL 4.3) from an embedded .comp shader.
  static Program compute(const EmbeddedShader& shader, const std::map<std::string, std::string>& defines = {});
  unsigned id() const { return name_.id(); }
  void use() const;
  // Uniform setters; the program must be in use. Unknown names are an error (a typo would
  // otherwise leave the uniform at zero silently).
  void set(const char* uniform, float value) const;
  void set(const char* uniform, const std::array<float, 2>& value) const;
  void set(const char* uniform, const std::array<float, 3>& value) const;
  void set(const char* uniform, const std::array<float, 4>& value) const;
  void set_int(const char* uniform, int value) const;
  // Whether the linked program uses the uniform (variants may leave some out).
  bool has_uniform(const char* uniform) const;

 private:
  explicit Program(std::string label);
  void link(std::span<const unsigned> shaders);
  int location(const char* uniform) const;
  std::string label_;
  Name<delete_program> name_;
};

// A 2D texture of RGBA32F texels (the render target of the float-only path).
// A 2D texture's format as glrand fills it: its channels (4, 2 or 1), and whether they hold
// floats (GL_RGBA32F, GL_RG32F, GL_R32F) or words (GL_RGBA32UI, GL_RG32UI, GL_R32UI: the
// exact integers, which the compute profile writes).
struct TexelFormat {
  std::uint32_t channels = 4;
  bool words = false;
  auto operator<=>(const TexelFormat&) const = default;
  unsigned gl_format() const;  // the internal format, which an image unit binds
  std::string name() const;    // "GL_RGBA32F", ...
  // Outputs a texel of each texture holds in a fill by `generator`, of `words_per_output`
  // words an output: a float or word a channel, or one output's words (GL_RGBA32UI only).
  // Throws glrand::InvalidArgument for channels other than 1, 2, 4, for words where the fill
  // does not write them (`writes_words` false: ps30), and for a word texture too narrow for an
  // output.
  std::uint32_t outputs_per_texel(int words_per_output, std::string_view generator, bool writes_words) const;
};

class Texture {
 public:
  Texture(std::uint32_t width, std::uint32_t height, TexelFormat format = {});
  unsigned id() const { return name_.id(); }
  std::uint32_t width() const { return width_; }
  std::uint32_t height() const { return height_; }

 private:
  std::uint32_t width_, height_;
  Name<delete_texture> name_;
};

// A framebuffer whose colour attachments are given textures (any GL texture names, so a
// caller's own textures can be rendered into).
class Framebuffer {
 public:
  explicit Framebuffer(std::span<const unsigned> color_textures);
  unsigned id() const { return name_.id(); }
  std::size_t attachments() const { return attachments_; }
  void bind() const;

 private:
  std::size_t attachments_;
  Name<delete_framebuffer> name_;
};

// The empty vertex array a core profile needs to draw the attribute-less fullscreen triangle.
class VertexArray {
 public:
  VertexArray();
  void bind() const;

 private:
  Name<delete_vertex_array> name_;
};

// A buffer object of `bytes` bytes for asynchronous readback. Persistent: immutable storage
// in host memory (OpenGL 4.4 or ARB_buffer_storage), mapped for reading once, coherently, for
// its whole life, so that the GPU copies into it while the host reads the other buffer and no
// pass pays for a map; else GL_STREAM_READ storage, mapped for each read.
class PixelPackBuffer {
 public:
  explicit PixelPackBuffer(std::size_t bytes, bool persistent = false);
  unsigned id() const { return name_.id(); }
  std::size_t bytes() const { return bytes_; }
  // The persistent mapping (null if not persistent).
  const float* mapped() const { return mapped_; }
  // Whether this context can make persistent buffers.
  static bool persistent_available();

 private:
  std::size_t bytes_;
  Name<delete_buffer> name_;
  const float* mapped_ = nullptr;
};

// A buffer object of `bytes` bytes for uploads (GL_PIXEL_UNPACK_BUFFER): immutable storage in
// host memory, mapped for writing once, coherently, for its whole life (needs
// PixelPackBuffer::persistent_available()). The host writes what a texture upload or a buffer
// copy (StorageBuffer::upload_from) then reads on the GPU's side, with no copy of the driver's
// in between; wait_until_read()
// before writing it again.
class PixelUnpackBuffer {
 public:
  explicit PixelUnpackBuffer(std::size_t bytes);
  ~PixelUnpackBuffer();
  PixelUnpackBuffer(const PixelUnpackBuffer&) = delete;
  PixelUnpackBuffer& operator=(const PixelUnpackBuffer&) = delete;
  unsigned id() const { return name_.id(); }
  std::size_t bytes() const { return bytes_; }
  float* mapped() const { return mapped_; }
  // After queueing the uploads that read it: marks them, so that wait_until_read() waits.
  void mark_read();
  // Waits until the uploads queued before mark_read() have read the buffer.
  void wait_until_read();

 private:
  std::size_t bytes_;
  Name<delete_buffer> name_;
  float* mapped_ = nullptr;
  void* read_ = nullptr;  // GLsync
};

// A shader storage buffer of `bytes` bytes (OpenGL 4.3), device-resident (GL_DYNAMIC_COPY):
// the state and output buffers of the scatter and compute profiles.
class StorageBuffer {
 public:
  explicit StorageBuffer(std::size_t bytes);
  unsigned id() const { return name_.id(); }
  std::size_t bytes() const { return bytes_; }
  // Binds the buffer to GL_SHADER_STORAGE_BUFFER binding point `index`.
  void bind_base(unsigned index) const;
  // Copies `values` (or bytes) into the buffer from offset 0.
  void upload(std::span<const float> values) const { upload(std::as_bytes(values)); }
  void upload(std::span<const std::byte> bytes) const;
  // Queues a copy of `source`'s first `bytes` bytes into the buffer from offset 0, on the GPU
  // (no copy of the driver's); the caller marks `source` read after it.
  void upload_from(const PixelUnpackBuffer& source, std::size_t bytes) const;
  // Copies the first values.size() floats out (waits for the GPU).
  void download(std::span<float> values) const;

 private:
  std::size_t bytes_;
  Name<delete_buffer> name_;
};

// A framebuffer with no attachments (OpenGL 4.3): a fragment pass over width x height
// pixels whose only effects are its shader storage writes (the scatter profile).
class EmptyFramebuffer {
 public:
  EmptyFramebuffer(std::uint32_t width, std::uint32_t height);
  void bind() const;

 private:
  Name<delete_framebuffer> name_;
};

// GPU time of the commands between begin() and end() (GL_TIME_ELAPSED).
class GpuTimer {
 public:
  GpuTimer();
  void begin() const;
  void end() const;
  double seconds() const;  // waits for the result

 private:
  Name<delete_query> name_;
};

// Draws the fullscreen triangle into the viewport (0, 0, width, height).
void draw_fullscreen(std::uint32_t width, std::uint32_t height);

}  // namespace glrand::gl
