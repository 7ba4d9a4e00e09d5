// SPDX-License-Identifier: MIT
// Every library call that renders on the caller's current context (the start-up self-test,
// the fragment generators, the stream profiles, the CEICG texture filler) leaves the
// caller's GL state as it was. The
// caller here binds its own objects everywhere the library might touch, including the pixel
// pack and unpack buffers that would redirect the library's own transfers.
#include <catch2/catch.hpp>

#include <GL/glew.h>

#include <array>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "fragment/ceicg_fragment.hpp"
#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/state_texture_filler.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "generators/wichmann_hill.hpp"
#include <glrand/texture.hpp>
#include "gl/resources.hpp"
#include "gl/shader_library.hpp"
#include "support/gl_test_context.hpp"
#include "selftest/ps30_self_tests.hpp"
#include "selftest/self_test.hpp"
#include "selftest/stream_self_tests.hpp"
#include "stream/ceicg_stream.hpp"
#include "stream/compute_texture_filler.hpp"
#include "stream/stream_generator.hpp"

using namespace glrand;

namespace {

constexpr int kUnits = 10;  // beyond the units glrand binds, and the caller's active unit 3

// What the caller may expect to keep, read with glGet.
struct CallerState {
  GLint draw_framebuffer = 0, read_framebuffer = 0, program = 0, vertex_array = 0;
  std::array<GLint, 4> viewport{};
  GLint active_texture = 0;
  std::array<GLint, kUnits> textures{};
  GLint pack_buffer = 0, unpack_buffer = 0, pack_alignment = 0, storage_buffer = 0;
  std::array<GLint, 5> indexed_storage{};  // the stream engines' bindings and the word packer's
  std::array<std::array<GLboolean, 4>, 4> color_masks{};  // draw buffers 0..3
  std::array<GLboolean, 4> blend{};
  GLboolean scissor = GL_FALSE;
  std::array<GLint, kUnits> samplers{};
  std::array<GLint, 4> pixel_store{};  // pack row length and skip rows, unpack row length and skip pixels
  std::array<GLint, 4> images{};       // image units 0..3: (texture)
  std::array<GLint, 4> image_formats{};

  static CallerState now() {
    CallerState s;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &s.draw_framebuffer);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &s.read_framebuffer);
    glGetIntegerv(GL_CURRENT_PROGRAM, &s.program);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &s.vertex_array);
    glGetIntegerv(GL_VIEWPORT, s.viewport.data());
    glGetIntegerv(GL_ACTIVE_TEXTURE, &s.active_texture);
    for (int unit = 0; unit < kUnits; ++unit) {
      glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
      glGetIntegerv(GL_TEXTURE_BINDING_2D, &s.textures[unit]);
    }
    glActiveTexture(static_cast<GLenum>(s.active_texture));
    glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &s.pack_buffer);
    glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &s.unpack_buffer);
    glGetIntegerv(GL_PACK_ALIGNMENT, &s.pack_alignment);
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &s.storage_buffer);
    for (GLuint i = 0; i < 5; ++i) glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, i, &s.indexed_storage[i]);
    for (GLuint i = 0; i < 4; ++i) {
      glGetBooleani_v(GL_COLOR_WRITEMASK, i, s.color_masks[i].data());
      s.blend[i] = glIsEnabledi(GL_BLEND, i);
    }
    s.scissor = glIsEnabled(GL_SCISSOR_TEST);
    for (int unit = 0; unit < kUnits; ++unit) {
      glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
      glGetIntegerv(GL_SAMPLER_BINDING, &s.samplers[unit]);
    }
    glActiveTexture(static_cast<GLenum>(s.active_texture));
    glGetIntegerv(GL_PACK_ROW_LENGTH, &s.pixel_store[0]);
    glGetIntegerv(GL_PACK_SKIP_ROWS, &s.pixel_store[1]);
    glGetIntegerv(GL_UNPACK_ROW_LENGTH, &s.pixel_store[2]);
    glGetIntegerv(GL_UNPACK_SKIP_PIXELS, &s.pixel_store[3]);
    for (GLuint i = 0; i < 4; ++i) {
      glGetIntegeri_v(GL_IMAGE_BINDING_NAME, i, &s.images[i]);
      glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, i, &s.image_formats[i]);
    }
    return s;
  }

  std::string describe() const {
    std::ostringstream o;
    o << "draw framebuffer " << draw_framebuffer << ", read framebuffer " << read_framebuffer << ", program "
      << program << ", vertex array " << vertex_array << ", viewport " << viewport[0] << "," << viewport[1] << ","
      << viewport[2] << "," << viewport[3] << ", active texture unit " << active_texture - GL_TEXTURE0
      << ", 2D textures";
    for (GLint t : textures) o << " " << t;
    o << ", pack buffer " << pack_buffer << ", unpack buffer " << unpack_buffer << ", pack alignment "
      << pack_alignment << ", storage buffer " << storage_buffer << " (indexed";
    for (GLint b : indexed_storage) o << " " << b;
    o << "), colour masks";
    for (const auto& m : color_masks) o << " " << int{m[0]} << int{m[1]} << int{m[2]} << int{m[3]};
    o << ", blend";
    for (GLboolean b : blend) o << " " << int{b};
    o << ", scissor " << int{scissor} << ", samplers";
    for (GLint sampler : samplers) o << " " << sampler;
    o << ", pixel store";
    for (GLint v : pixel_store) o << " " << v;
    o << ", image units";
    for (std::size_t i = 0; i < images.size(); ++i) o << " " << images[i] << "/" << image_formats[i];
    return o.str();
  }
  friend bool operator==(const CallerState&, const CallerState&) = default;
};

GLuint new_buffer(GLenum target, std::size_t bytes) {
  GLuint id = 0;
  glGenBuffers(1, &id);
  glBindBuffer(target, id);
  glBufferData(target, static_cast<GLsizeiptr>(bytes), nullptr, GL_STATIC_DRAW);
  return id;
}

// The caller's own objects, bound everywhere the library might bind its own.
struct Caller {
  std::vector<gl::Texture> textures;
  std::vector<unsigned> ids;
  std::unique_ptr<gl::Framebuffer> draw, read;
  gl::Program program{gl::embedded_shader("fullscreen.vert"), gl::embedded_shader("ceicg.frag"),
                      {{"CEICG_FLOAT_TARGETS", "1"}}};
  gl::VertexArray vertex_array;
  std::vector<GLuint> buffers;
  GLuint sampler = 0;

  Caller() {
    for (int i = 0; i < kUnits + 2; ++i) {
      textures.emplace_back(4 + i, 4);
      ids.push_back(textures.back().id());
    }
    draw = std::make_unique<gl::Framebuffer>(std::span<const unsigned>(&ids[kUnits], 1));
    read = std::make_unique<gl::Framebuffer>(std::span<const unsigned>(&ids[kUnits + 1], 1));
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw->id());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, read->id());
    glUseProgram(program.id());
    vertex_array.bind();
    glViewport(3, 5, 7, 11);
    for (int unit = 0; unit < kUnits; ++unit) {
      glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
      glBindTexture(GL_TEXTURE_2D, ids[unit]);
    }
    glActiveTexture(GL_TEXTURE3);
    for (GLenum target : {GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER, GL_SHADER_STORAGE_BUFFER})
      buffers.push_back(new_buffer(target, 1 << 16));
    for (GLuint i = 0; i < 5; ++i) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, new_buffer(GL_SHADER_STORAGE_BUFFER, 64));
    // Image units 0..2 hold the caller's textures (the compute texture fills bind 0..3).
    for (GLuint i = 0; i < 3; ++i) glBindImageTexture(i, ids[i], 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA32F);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers[2]);
    glPixelStorei(GL_PACK_ALIGNMENT, 2);
    glColorMaski(0, GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
    glColorMaski(1, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
    glColorMaski(3, GL_FALSE, GL_FALSE, GL_TRUE, GL_TRUE);
    // Settings that would spoil the library's passes and transfers if it kept them: blending,
    // a scissor box, a sampler whose default filter needs mipmaps, pixel rows and skips.
    glEnablei(GL_BLEND, 0);
    glBlendFunc(GL_ONE, GL_ONE);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 1, 1);
    glGenSamplers(1, &sampler);
    for (GLuint unit : {0u, 1u, 2u}) glBindSampler(unit, sampler);
    glPixelStorei(GL_PACK_ROW_LENGTH, 9);
    glPixelStorei(GL_PACK_SKIP_ROWS, 2);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 11);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 3);
    REQUIRE(glGetError() == GL_NO_ERROR);
  }
  ~Caller() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glUseProgram(0);
    glBindVertexArray(0);
    for (GLenum target : {GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER, GL_SHADER_STORAGE_BUFFER}) glBindBuffer(target, 0);
    for (GLuint i = 0; i < 5; ++i) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
    for (GLuint i = 0; i < 3; ++i) glBindImageTexture(i, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    for (GLuint unit : {0u, 1u, 2u}) glBindSampler(unit, 0);
    glDeleteSamplers(1, &sampler);
    for (GLenum name : {GL_PACK_ROW_LENGTH, GL_PACK_SKIP_ROWS, GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_PIXELS})
      glPixelStorei(name, 0);
    glActiveTexture(GL_TEXTURE0);
  }
};

void check_kept(const std::string& call, const std::function<void()>& run) {
  const auto before = CallerState::now();
  run();
  const auto after = CallerState::now();
  INFO(call << "\n  before: " << before.describe() << "\n  after:  " << after.describe());
  CHECK(after == before);
  CHECK(glGetError() == GL_NO_ERROR);
}

template <class Words>
void collect(Words& words, std::span<const std::uint32_t> chunk) {
  words.insert(words.end(), chunk.begin(), chunk.end());
}

}  // namespace

TEST_CASE("library calls leave the caller's GL state as it was", "[gl][selftest]") {
  test_context();
  Caller caller;
  std::vector<std::uint32_t> words;
  const auto keep = [&](std::span<const std::uint32_t> chunk) { collect(words, chunk); };

  // Registering a self-test again forgets its kept result, so require_self_test renders.
  for (const GeneratorInfo& row : generators()) {
    if (!row.has_gl_path) continue;
    const std::string g(row.name);
    for (const auto profile : {stream::Profile::ps30, stream::Profile::scatter, stream::Profile::compute}) {
      const std::string name = stream::name_of(profile);
      selftest::register_self_test(
          {g, name}, [algorithm = row.algorithm, profile] { selftest::known_answer_self_test(algorithm, profile); });
      check_kept("require_self_test(" + g + ", " + name + ")", [&] { selftest::require_self_test({g, name}); });
    }
  }

  check_kept("CeicgFragment", [&] {
    fragment::CeicgFragment generator({16, 8});
    generator.generate_ints(ceicg::residues_at({1, 2, 3}, 0, 0), 1000, keep);
    generator.render_pass(ceicg::residues_at({1, 2, 3}, 0, 0), 8);
    std::vector<std::uint32_t> pass(3 * 100);
    generator.read_pass(8, 100, pass);
  });
  check_kept("CeicgTextureFiller", [&] {
    fragment::CeicgTextureFiller filler(3);
    gl::Texture a(8, 8), b(8, 8), c(8, 8);
    const std::array<unsigned, 3> targets{a.id(), b.id(), c.id()};
    filler.fill(ceicg::residues_at({1, 2, 3}, 0, 0), targets, 8, 8);
  });
  check_kept("StateTextureFiller (Park-Miller)", [&] {
    fragment::StateTextureFiller<fragment::ParkMillerTraits> filler(8, 4);
    filler.set_state(12345, 2);
    gl::Texture a(8, 4), b(8, 4);
    const std::array<unsigned, 2> targets{a.id(), b.id()};
    filler.fill(targets);
    (void)filler.state();
  });
  check_kept("StateTextureFiller (MRG32k3a)", [&] {
    fragment::StateTextureFiller<fragment::Mrg32k3aTraits> filler(8, 4);
    filler.set_state(mrg32k3a::default_seed(), 1);
    gl::Texture a(8, 4);
    const unsigned id = a.id();
    filler.fill({&id, 1});
    (void)filler.state();
  });
  check_kept("StateTextureFiller (Wichmann-Hill)", [&] {
    fragment::StateTextureFiller<fragment::WichmannHillTraits> filler(8, 4, fragment::WichmannHillTraits{});
    filler.set_state(wh::seed_state(0, 1), 1);
    gl::Texture a(8, 4);
    const unsigned id = a.id();
    filler.fill({&id, 1});
    (void)filler.state();
  });
  for (const auto update : {fragment::StateUpdate::gpu, fragment::StateUpdate::cpu}) {
    const std::string how = std::string(", state update ") + fragment::name_of(update);
    check_kept("ParkMillerFragment" + how, [&] {
      fragment::ParkMillerFragment generator({5, fragment::Split::leapfrog, update});
      generator.generate(1, 100, keep);
    });
    check_kept("WichmannHillFragment" + how, [&] {
      fragment::WichmannHillFragment generator({5, fragment::Split::blocking, update},
                                               fragment::WichmannHillTraits{wh::parameters(0)});
      generator.generate(wh::seed_state(0, 1), 100, keep);
    });
    check_kept("Mrg32k3aFragment" + how, [&] {
      fragment::Mrg32k3aFragment generator({3, fragment::Split::leapfrog, update});
      generator.generate(mrg32k3a::default_seed(), 100, keep);
    });
  }
  check_kept("CeicgTextureFiller, compute", [&] {
    fragment::CeicgTextureFiller filler(3, true);
    gl::Texture a(8, 8), b(8, 8), c(8, 8);
    const std::array<unsigned, 3> targets{a.id(), b.id(), c.id()};
    filler.fill(ceicg::residues_at({1, 2, 3}, 0, 0), targets, 8, 8);
  });
  check_kept("ComputeTextureFiller (Park-Miller)", [&] {
    stream::ComputeTextureFiller<fragment::ParkMillerTraits> filler(8, 4);
    filler.set_state(12345, 2);
    gl::Texture a(8, 4), b(8, 4);
    const std::array<unsigned, 2> targets{a.id(), b.id()};
    filler.fill(targets);
    (void)filler.state();
  });
  check_kept("ComputeTextureFiller (MRG32k3a)", [&] {
    stream::ComputeTextureFiller<fragment::Mrg32k3aTraits> filler(8, 4);
    filler.set_state(mrg32k3a::default_seed(), 1);
    gl::Texture a(8, 4);
    const unsigned id = a.id();
    filler.fill({&id, 1});
    (void)filler.state();
  });
  // Distribution fills: the ps30 pass (a texture of the filler's own, then the pass into the
  // caller's) and the compute profile's dispatch in place.
  for (const Profile profile : {Profile::ps30, Profile::compute}) {
    check_kept(std::string("TextureFiller with a distribution, ") + name_of(profile), [&] {
      Settings settings;
      settings.algorithm = Algorithm::park_miller;
      settings.profile = profile;
      settings.self_test = false;
      TextureFiller filler(settings);
      Distribution normal;
      normal.kind = DistributionKind::normal;
      normal.method = NormalMethod::box_muller;
      gl::Texture a(8, 4), b(8, 4);
      const std::array<unsigned, 2> targets{a.id(), b.id()};
      filler.fill(targets, 8, 4, normal);
    });
  }
  for (const auto profile : {stream::Profile::scatter, stream::Profile::compute}) {
    const std::string name = stream::name_of(profile);
    check_kept("StreamGenerator<CeicgStreamTraits>, " + name, [&] {
      stream::StreamGenerator<stream::CeicgStreamTraits> generator(profile, 7, 3);
      generator.generate(ceicg::residues_at({1, 2, 3}, 0, 0), 100, keep);
    });
    check_kept("StreamGenerator<Mrg32k3aTraits>, " + name, [&] {
      stream::StreamGenerator<fragment::Mrg32k3aTraits> generator(profile, 7, 3);
      generator.generate(mrg32k3a::default_seed(), 100, keep);
    });
  }
}
