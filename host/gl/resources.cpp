// SPDX-License-Identifier: MIT
#include "gl/resources.hpp"

#include <GL/glew.h>

#include <exception>
#include <string>
#include <utility>
#include <vector>

#include <glrand/error.hpp>
#include "gl/check.hpp"
#include "gl/shader_library.hpp"

namespace glrand::gl {

void delete_program(unsigned id) { glDeleteProgram(id); }
void delete_texture(unsigned id) { glDeleteTextures(1, &id); }
void delete_framebuffer(unsigned id) { glDeleteFramebuffers(1, &id); }
void delete_vertex_array(unsigned id) { glDeleteVertexArrays(1, &id); }
void delete_buffer(unsigned id) { glDeleteBuffers(1, &id); }
void delete_query(unsigned id) { glDeleteQueries(1, &id); }

namespace {

// Puts back one buffer binding on every way out: making or filling an object does not
// change what the caller has bound.
class BufferBindingKeeper {
 public:
  BufferBindingKeeper(GLenum target, GLenum binding) : target_(target) {
    glGetIntegerv(binding, &previous_);
  }
  ~BufferBindingKeeper() { glBindBuffer(target_, static_cast<GLuint>(previous_)); }
  BufferBindingKeeper(const BufferBindingKeeper&) = delete;
  BufferBindingKeeper& operator=(const BufferBindingKeeper&) = delete;

 private:
  GLenum target_;
  GLint previous_ = 0;
};

// A function-local static, so that a filter set during static initialisation is kept.
ShaderSourceFilter& filter_slot() {
  static ShaderSourceFilter filter;
  return filter;
}

// The scatter and compute profiles' objects: refused, naming `what`, below OpenGL 4.3.
void require_gl_4_3(const std::string& what) {
  if (!GLEW_VERSION_4_3)
    throw DeviceError(what + " needs OpenGL 4.3; this context has " +
                      reinterpret_cast<const char*>(glGetString(GL_VERSION)));
}

unsigned compile(const EmbeddedShader& shader, GLenum stage, const std::map<std::string, std::string>& defines) {
  std::string text = with_defines(shader.source, defines);
  bool filtered = false;
  if (const auto& filter = shader_source_filter()) {
    std::string rewritten;
    try {
      rewritten = filter(text, stage, shader.name);
    } catch (const std::exception& e) {
      throw DeviceError("the shader source filter failed on " + std::string(shader.name) + ": " + e.what());
    }
    filtered = rewritten != text;
    text = std::move(rewritten);
  }
  const unsigned id = glCreateShader(stage);
  const char* source = text.c_str();
  glShaderSource(id, 1, &source, nullptr);
  glCompileShader(id);
  GLint ok = GL_FALSE;
  glGetShaderiv(id, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetShaderiv(id, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
    glGetShaderInfoLog(id, length, nullptr, log.data());
    glDeleteShader(id);
    // A filtered source has lost the #line directives: its log's lines are its own.
    if (filtered)
      throw DeviceError("the driver rejected shader " + std::string(shader.name) +
                        " as rewritten by the shader source filter:\n" + log.c_str() + "\nrewritten source:\n" + text);
    throw DeviceError("the driver rejected shader " + std::string(shader.name) + ":\n" + annotate_log(log.c_str(), shader));
  }
  return id;
}

}  // namespace

void set_shader_source_filter(ShaderSourceFilter filter) { filter_slot() = std::move(filter); }
const ShaderSourceFilter& shader_source_filter() { return filter_slot(); }

Program::Program(std::string label) : label_(std::move(label)), name_(glCreateProgram()) {}

Program::Program(const EmbeddedShader& vertex, const EmbeddedShader& fragment,
                 const std::map<std::string, std::string>& defines)
    : Program(std::string(vertex.name) + " + " + std::string(fragment.name)) {
  const unsigned vs = compile(vertex, GL_VERTEX_SHADER, defines);
  unsigned fs = 0;
  try {
    fs = compile(fragment, GL_FRAGMENT_SHADER, defines);
  } catch (...) {
    glDeleteShader(vs);
    throw;
  }
  const unsigned shaders[] = {vs, fs};
  link(shaders);
}

Program Program::compute(const EmbeddedShader& shader, const std::map<std::string, std::string>& defines) {
  require_gl_4_3("compute shader " + std::string(shader.name));
  Program program{std::string(shader.name)};
  const unsigned cs = compile(shader, GL_COMPUTE_SHADER, defines);
  program.link({&cs, 1});
  return program;
}

// Links the compiled shaders (and deletes them) into this program.
void Program::link(std::span<const unsigned> shaders) {
  for (const unsigned shader : shaders) glAttachShader(id(), shader);
  glLinkProgram(id());
  for (const unsigned shader : shaders) glDeleteShader(shader);
  GLint ok = GL_FALSE;
  glGetProgramiv(id(), GL_LINK_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetProgramiv(id(), GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
    glGetProgramInfoLog(id(), length, nullptr, log.data());
    throw DeviceError("the driver could not link " + label_ + ":\n" + log.c_str());
  }
  check_errors("building program " + label_);
}

void Program::use() const { glUseProgram(id()); }

int Program::location(const char* uniform) const {
  const int where = glGetUniformLocation(id(), uniform);
  if (where < 0) throw Error("program " + label_ + " has no active uniform " + uniform);
  return where;
}

void Program::set(const char* uniform, float value) const { glUniform1f(location(uniform), value); }
void Program::set(const char* uniform, const std::array<float, 2>& v) const {
  glUniform2f(location(uniform), v[0], v[1]);
}
void Program::set(const char* uniform, const std::array<float, 3>& v) const {
  glUniform3f(location(uniform), v[0], v[1], v[2]);
}
void Program::set(const char* uniform, const std::array<float, 4>& v) const {
  glUniform4f(location(uniform), v[0], v[1], v[2], v[3]);
}
bool Program::has_uniform(const char* uniform) const { return glGetUniformLocation(id(), uniform) >= 0; }

void Program::set_int(const char* uniform, int value) const { glUniform1i(location(uniform), value); }

unsigned TexelFormat::gl_format() const {
  if (words) return channels == 4 ? GL_RGBA32UI : channels == 2 ? GL_RG32UI : GL_R32UI;
  return channels == 4 ? GL_RGBA32F : channels == 2 ? GL_RG32F : GL_R32F;
}

std::string TexelFormat::name() const {
  return std::string("GL_") + (channels == 4 ? "RGBA" : channels == 2 ? "RG" : "R") + (words ? "32UI" : "32F");
}

std::uint32_t TexelFormat::outputs_per_texel(int words_per_output, std::string_view generator, bool writes_words) const {
  if (channels != 1 && channels != 2 && channels != 4)
    throw InvalidArgument("a texture has 1, 2 or 4 channels, not " + std::to_string(channels));
  if (!words) return channels;
  if (!writes_words)
    throw InvalidArgument(name() + " textures take the exact words, which the compute profile writes; the ps30 "
                          "profile fills GL_RGBA32F, GL_RG32F and GL_R32F textures");
  if (words_per_output == 1) return channels;
  if (channels != 4 || words_per_output > 4)
    throw InvalidArgument("a " + std::string(generator) + " output is " + std::to_string(words_per_output) +
                          " words: it needs GL_RGBA32UI textures, not " + name());
  return 1;
}

Texture::Texture(std::uint32_t width, std::uint32_t height, TexelFormat format) : width_(width), height_(height) {
  if (format.channels != 1 && format.channels != 2 && format.channels != 4)
    throw InvalidArgument("a texture has 1, 2 or 4 channels, not " + std::to_string(format.channels));
  // The active unit's texture is the caller's; a bound unpack buffer would be read from.
  GLint previous = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous);
  const BufferBindingKeeper unpack(GL_PIXEL_UNPACK_BUFFER, GL_PIXEL_UNPACK_BUFFER_BINDING);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  GLuint id = 0;
  glGenTextures(1, &id);
  name_ = Name<delete_texture>(id);
  glBindTexture(GL_TEXTURE_2D, id);
  glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(format.gl_format()), static_cast<GLsizei>(width),
               static_cast<GLsizei>(height), 0, format.words ? GL_RGBA_INTEGER : GL_RGBA,
               format.words ? GL_UNSIGNED_INT : GL_FLOAT, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previous));
  check_errors("allocating a " + std::to_string(width) + "x" + std::to_string(height) + " " + format.name() + " texture");
}

namespace {

std::string framebuffer_status_text(GLenum status) {
  switch (status) {
    case GL_FRAMEBUFFER_UNDEFINED: return "undefined (no default framebuffer)";
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "an attachment is incomplete";
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "no attachment";
    case GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER: return "a draw buffer has no attachment";
    case GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER: return "the read buffer has no attachment";
    case GL_FRAMEBUFFER_UNSUPPORTED: return "this combination of formats is unsupported by the driver";
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "attachments differ in samples";
    case GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS: return "attachments differ in layers";
    default: return "status " + std::to_string(status);
  }
}

}  // namespace

Framebuffer::Framebuffer(std::span<const unsigned> color_textures) : attachments_(color_textures.size()) {
  GLint max_draw_buffers = 0;
  glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_draw_buffers);
  if (color_textures.empty() || color_textures.size() > static_cast<std::size_t>(max_draw_buffers))
    throw DeviceError("a framebuffer needs 1.." + std::to_string(max_draw_buffers) + " colour attachments, not " +
                      std::to_string(color_textures.size()));
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  name_ = Name<delete_framebuffer>(id);
  glBindFramebuffer(GL_FRAMEBUFFER, id);
  std::vector<GLenum> buffers;
  for (std::size_t i = 0; i < color_textures.size(); ++i) {
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + static_cast<GLenum>(i), GL_TEXTURE_2D,
                           color_textures[i], 0);
    buffers.push_back(GL_COLOR_ATTACHMENT0 + static_cast<GLenum>(i));
  }
  glDrawBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    throw DeviceError("framebuffer with " + std::to_string(color_textures.size()) +
                      " RGBA32F render target(s) is incomplete: " + framebuffer_status_text(status));
  check_errors("setting up a framebuffer");
}

void Framebuffer::bind() const { glBindFramebuffer(GL_FRAMEBUFFER, id()); }

VertexArray::VertexArray() {
  GLuint id = 0;
  glGenVertexArrays(1, &id);
  name_ = Name<delete_vertex_array>(id);
}

void VertexArray::bind() const { glBindVertexArray(name_.id()); }

bool PixelPackBuffer::persistent_available() { return GLEW_VERSION_4_4 || GLEW_ARB_buffer_storage; }

namespace {

// Immutable host-memory storage of `bytes` for the buffer bound to `target`, mapped for
// `access` (read or write) coherently for its whole life; `use` names it in errors.
void* map_persistently(GLenum target, std::size_t bytes, GLbitfield access, const std::string& use) {
  if (!PixelPackBuffer::persistent_available())
    throw DeviceError("persistent " + use + " buffers need OpenGL 4.4 or ARB_buffer_storage");
  const auto size = static_cast<GLsizeiptr>(bytes);
  const GLbitfield map = access | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
  glBufferStorage(target, size, nullptr, map | GL_CLIENT_STORAGE_BIT);
  void* mapped = glMapBufferRange(target, 0, size, map);
  if (!mapped) check_errors("mapping a " + std::to_string(bytes) + "-byte " + use + " buffer");
  if (!mapped) throw DeviceError("mapping a " + std::to_string(bytes) + "-byte " + use + " buffer failed");
  return mapped;
}

}  // namespace

PixelPackBuffer::PixelPackBuffer(std::size_t bytes, bool persistent) : bytes_(bytes) {
  const BufferBindingKeeper keep(GL_PIXEL_PACK_BUFFER, GL_PIXEL_PACK_BUFFER_BINDING);
  GLuint id = 0;
  glGenBuffers(1, &id);
  name_ = Name<delete_buffer>(id);  // deleting a mapped buffer unmaps it
  glBindBuffer(GL_PIXEL_PACK_BUFFER, id);
  const auto size = static_cast<GLsizeiptr>(bytes);
  if (!persistent) {
    glBufferData(GL_PIXEL_PACK_BUFFER, size, nullptr, GL_STREAM_READ);
  } else {
    mapped_ = static_cast<const float*>(map_persistently(GL_PIXEL_PACK_BUFFER, bytes, GL_MAP_READ_BIT, "readback"));
  }
  check_errors("allocating a " + std::to_string(bytes) + "-byte readback buffer");
}

PixelUnpackBuffer::PixelUnpackBuffer(std::size_t bytes) : bytes_(bytes) {
  const BufferBindingKeeper keep(GL_PIXEL_UNPACK_BUFFER, GL_PIXEL_UNPACK_BUFFER_BINDING);
  GLuint id = 0;
  glGenBuffers(1, &id);
  name_ = Name<delete_buffer>(id);  // deleting a mapped buffer unmaps it
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, id);
  mapped_ = static_cast<float*>(map_persistently(GL_PIXEL_UNPACK_BUFFER, bytes, GL_MAP_WRITE_BIT, "upload"));
  check_errors("allocating a " + std::to_string(bytes) + "-byte upload buffer");
}

PixelUnpackBuffer::~PixelUnpackBuffer() {
  if (read_) glDeleteSync(static_cast<GLsync>(read_));
}

void PixelUnpackBuffer::mark_read() {
  if (read_) glDeleteSync(static_cast<GLsync>(read_));
  read_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
}

void PixelUnpackBuffer::wait_until_read() {
  if (!read_) return;
  wait_for_fence(read_);
  glDeleteSync(static_cast<GLsync>(read_));
  read_ = nullptr;
}

StorageBuffer::StorageBuffer(std::size_t bytes) : bytes_(bytes) {
  require_gl_4_3("a shader storage buffer");
  const BufferBindingKeeper keep(GL_SHADER_STORAGE_BUFFER, GL_SHADER_STORAGE_BUFFER_BINDING);
  GLuint id = 0;
  glGenBuffers(1, &id);
  name_ = Name<delete_buffer>(id);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, id);
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
  check_errors("allocating a " + std::to_string(bytes) + "-byte shader storage buffer");
}

void StorageBuffer::bind_base(unsigned index) const { glBindBufferBase(GL_SHADER_STORAGE_BUFFER, index, id()); }

void StorageBuffer::upload_from(const PixelUnpackBuffer& source, std::size_t bytes) const {
  if (bytes > source.bytes() || bytes > bytes_) throw InvalidArgument("upload_from: more bytes than the buffers hold");
  const BufferBindingKeeper read(GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER_BINDING);
  const BufferBindingKeeper write(GL_COPY_WRITE_BUFFER, GL_COPY_WRITE_BUFFER_BINDING);
  glBindBuffer(GL_COPY_READ_BUFFER, source.id());
  glBindBuffer(GL_COPY_WRITE_BUFFER, id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(bytes));
  check_errors("uploading to a shader storage buffer");
}

void StorageBuffer::upload(std::span<const std::byte> bytes) const {
  const BufferBindingKeeper keep(GL_SHADER_STORAGE_BUFFER, GL_SHADER_STORAGE_BUFFER_BINDING);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, id());
  glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bytes.size()), bytes.data());
  check_errors("uploading to a shader storage buffer");
}

void StorageBuffer::download(std::span<float> values) const {
  const BufferBindingKeeper keep(GL_SHADER_STORAGE_BUFFER, GL_SHADER_STORAGE_BUFFER_BINDING);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, id());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(values.size_bytes()), values.data());
  check_errors("reading back a shader storage buffer");
}

EmptyFramebuffer::EmptyFramebuffer(std::uint32_t width, std::uint32_t height) {
  require_gl_4_3("a framebuffer without attachments");
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  name_ = Name<delete_framebuffer>(id);
  glBindFramebuffer(GL_FRAMEBUFFER, id);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, static_cast<GLint>(width));
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, static_cast<GLint>(height));
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    throw DeviceError("a " + std::to_string(width) + "x" + std::to_string(height) +
                      " framebuffer without attachments is incomplete: " + framebuffer_status_text(status));
  check_errors("setting up a framebuffer without attachments");
}

void EmptyFramebuffer::bind() const { glBindFramebuffer(GL_FRAMEBUFFER, name_.id()); }

GpuTimer::GpuTimer() {
  GLuint id = 0;
  glGenQueries(1, &id);
  name_ = Name<delete_query>(id);
}

void GpuTimer::begin() const { glBeginQuery(GL_TIME_ELAPSED, name_.id()); }
void GpuTimer::end() const { glEndQuery(GL_TIME_ELAPSED); }

double GpuTimer::seconds() const {
  GLuint64 nanoseconds = 0;
  glGetQueryObjectui64v(name_.id(), GL_QUERY_RESULT, &nanoseconds);
  return static_cast<double>(nanoseconds) * 1e-9;
}

void draw_fullscreen(std::uint32_t width, std::uint32_t height) {
  glViewport(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height));
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace glrand::gl
