// SPDX-License-Identifier: MIT
// The hostile build of the library's own shaders: every generator variant is rewritten
// (divisions perturbed, multiply-adds fused), the driver compiles and links it, and every
// uniform the engines set is still found by name.
#include <catch2/catch.hpp>

#include <GL/glew.h>

#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>

#include "gl/resources.hpp"
#include "gl/shader_library.hpp"
#include "support/gl_test_context.hpp"
#include "hostile_arithmetic.hpp"

using namespace glrand;

namespace {

std::map<std::string, std::string> defines_of(std::string_view key) {
  std::map<std::string, std::string> defines;
  std::istringstream list{std::string(key)};
  for (std::string item; std::getline(list, item, ',');) {
    const auto eq = item.find('=');
    defines[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return defines;
}

// (name, type, array size) of every active uniform.
std::set<std::tuple<std::string, unsigned, int>> active_uniforms(const gl::Program& program) {
  GLint count = 0;
  glGetProgramiv(program.id(), GL_ACTIVE_UNIFORMS, &count);
  std::set<std::tuple<std::string, unsigned, int>> uniforms;
  for (GLint i = 0; i < count; ++i) {
    char name[256];
    GLint size = 0;
    GLenum type = 0;
    glGetActiveUniform(program.id(), static_cast<GLuint>(i), sizeof name, nullptr, &size, &type, name);
    uniforms.emplace(name, type, size);
  }
  return uniforms;
}

}  // namespace

TEST_CASE("hostile modes parse and print", "[hostile]") {
  using hostile::Division, hostile::Fusion;
  CHECK(hostile::parse_mode("none") == hostile::Mode{});
  CHECK(hostile::parse_mode("div+2,fuse-first") == hostile::Mode{Division::plus2, Fusion::first});
  CHECK(hostile::parse_mode("fuse-second,div-random") == hostile::Mode{Division::random, Fusion::second});
  for (const char* name : {"none", "div-2", "div+2,fuse-second", "div-random,fuse-first", "fuse-first"})
    CHECK(hostile::name_of(hostile::parse_mode(name)) == name);
  CHECK_THROWS_WITH(hostile::parse_mode("div+3"), Catch::Contains("div+3"));
  CHECK_THROWS_AS(hostile::parse_mode(""), std::invalid_argument);
}

TEST_CASE("every generator variant is rewritten and compiles with its uniforms", "[hostile]") {
  test_context();
  const auto& vertex = gl::embedded_shader("fullscreen.vert");
  const hostile::Mode mode{hostile::Division::random, hostile::Fusion::first};
  std::size_t variants = 0;
  std::map<std::string, int> fused;  // by shader: a variant without a step (one target, no state) has none
  for (const auto& check : gl::shader_checks()) {
    const auto defines = defines_of(check.defines);
    const auto& fragment = gl::embedded_shader(check.shader);
    INFO(check.shader << " " << check.defines);
    const auto hostile = hostile::transform(gl::with_defines(fragment.source, defines), GL_FRAGMENT_SHADER, mode);
    // Every generator divides (at least its texture coordinate) and multiplies into sums.
    CHECK(hostile.counts.divisions > 0);
    fused[std::string(check.shader)] += hostile.counts.fused;
    const gl::Program plain(vertex, fragment, defines);
    const auto expected = active_uniforms(plain);
    hostile::ScopedMode scope(mode);
    const gl::Program rewritten(vertex, fragment, defines);
    CHECK(active_uniforms(rewritten) == expected);
    for (const auto& [name, type, size] : expected) CHECK(rewritten.has_uniform(name.c_str()));
    ++variants;
  }
  CHECK(variants >= 40);
  // The ps30 generators (ceicg, park_miller, wichmann_hill, mrg32k3a, mrg32k3a_advance), the
  // texture fills (park_miller_texture, wichmann_hill_texture, mrg32k3a_texture) and the texture
  // fills' distribution pass.
  CHECK(fused.size() == 9);
  for (const auto& [shader, count] : fused) {
    INFO(shader);
    CHECK(count > 0);
  }
}

TEST_CASE("the source filter's failures name the shader and show the rewritten text", "[hostile]") {
  test_context();
  const auto& vertex = gl::embedded_shader("fullscreen.vert");
  const auto& fill = gl::embedded_shader("fill.frag");
  struct Reset {
    ~Reset() { hostile::uninstall(); }
  } reset;  // no filter left behind, whatever fails
  gl::set_shader_source_filter([](std::string_view, unsigned, std::string_view) -> std::string {
    throw std::runtime_error("no rewrite today");
  });
  CHECK_THROWS_WITH(gl::Program(vertex, fill),
                    Catch::Contains("source filter failed on fullscreen.vert") && Catch::Contains("no rewrite today"));
  gl::set_shader_source_filter([](std::string_view source, unsigned stage, std::string_view) {
    std::string text(source);
    if (stage == GL_FRAGMENT_SHADER) text += "\nvoid broken() { undefined_after_rewrite = 1.0; }\n";
    return text;
  });
  CHECK_THROWS_WITH(gl::Program(vertex, fill), Catch::Contains("fill.frag as rewritten by the shader source filter") &&
                                                   Catch::Contains("undefined_after_rewrite"));
  hostile::uninstall();
  CHECK_NOTHROW(gl::Program(vertex, fill));
}
