// SPDX-License-Identifier: MIT
// The GL machinery: device enumeration, context creation, errors that say what happened.
#include <catch2/catch.hpp>

#include <GL/glew.h>

#include <sstream>
#include <thread>

#include <glrand/error.hpp>
#include "gl/check.hpp"
#include "gl/context_info.hpp"
#include "gl/glfw_window.hpp"
#include "gl/resources.hpp"
#include "gl/shader_library.hpp"
#include "support/gl_test_context.hpp"

using namespace glrand;

TEST_CASE("EGL lists devices and the default context works", "[gl]") {
  const auto devices = gl::list_egl_devices();
  REQUIRE(!devices.empty());
  auto& context = test_context();
  const auto info = gl::query_context_info();
  CHECK(!info.renderer.empty());
  CHECK(info.max_draw_buffers >= 4);
  // The default prefers hardware: it is software only when every device is.
  bool any_hardware = false;
  for (const auto& d : devices) any_hardware = any_hardware || !d.software;
  CHECK(context.device().software == !any_hardware);
}

TEST_CASE("falling back to the software device says so once", "[gl]") {
  const auto devices = gl::list_egl_devices();
  std::ostringstream notices;
  gl::HeadlessContext context(std::nullopt, &notices);
  if (context.device().software) CHECK(notices.str().find("no GPU found") != std::string::npos);
  else CHECK(notices.str().empty());
  test_context();
}

TEST_CASE("a device index that does not exist is refused clearly", "[gl]") {
  const int count = static_cast<int>(gl::list_egl_devices().size());
  CHECK_THROWS_WITH(gl::HeadlessContext(count), Catch::Contains("does not exist"));
  CHECK_THROWS_AS(gl::HeadlessContext(-1), InvalidArgument);
}

TEST_CASE("GL errors become exceptions that say what was being done", "[gl]") {
  test_context();
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDrawBuffer(GL_COLOR_ATTACHMENT5);  // invalid for the (absent) default framebuffer
  CHECK_THROWS_WITH(gl::check_errors("testing errors"), Catch::Contains("while testing errors") &&
                                                            Catch::Contains("GL_INVALID"));
  CHECK_NOTHROW(gl::check_errors("after the error was read"));
}

TEST_CASE("every embedded shader compiles on the device, driver errors name the file", "[gl]") {
  test_context();
  const auto& vertex = gl::embedded_shader("fullscreen.vert");
  for (const auto& shader : gl::embedded_shaders())
    if (std::string_view(shader.name).ends_with(".frag"))
      CHECK_NOTHROW(gl::Program(vertex, shader));
    else if (std::string_view(shader.name).ends_with(".comp"))
      CHECK_NOTHROW(gl::Program::compute(shader));
  for (const char* targets : {"0", "1", "2", "3", "4"})
    CHECK_NOTHROW(gl::Program(vertex, gl::embedded_shader("ceicg.frag"), {{"CEICG_FLOAT_TARGETS", targets}}));

  const gl::EmbeddedShader broken{"broken.frag", "#version 330 core\n#line 2 0\nout vec4 c;\nvoid main() { c = undefined_name; }\n",
                                  {"broken.frag"}};
  CHECK_THROWS_WITH(gl::Program(vertex, broken), Catch::Contains("broken.frag") && Catch::Contains("undefined_name"));
  CHECK_THROWS_WITH(gl::embedded_shader("missing.frag"), Catch::Contains("missing.frag"));
}

TEST_CASE("composed shaders carry #line directives and defines follow #version", "[gl]") {
  const auto& shader = gl::embedded_shader("ceicg.frag");
  CHECK(std::string_view(shader.source).starts_with("#version 330 core\n"));
  CHECK(shader.files.size() == 4);
  CHECK(std::string_view(shader.source).find("#include") == std::string_view::npos);
  const std::string text = gl::with_defines(shader.source, {{"X", "1"}});
  CHECK(text.starts_with("#version 330 core\n#define X 1\n"));
}

TEST_CASE("adopting with no current context is refused", "[gl]") {
  std::string message;
  std::thread([&] {
    try {
      gl::adopt_current_context();
    } catch (const DeviceError& e) {
      message = e.what();
    }
  }).join();
  CHECK(message.find("no OpenGL context is current") != std::string::npos);
}

TEST_CASE("an incomplete framebuffer is reported with its reason", "[gl]") {
  test_context();
  const unsigned not_a_texture = 0;
  CHECK_THROWS_WITH(gl::Framebuffer({&not_a_texture, 1}), Catch::Contains("incomplete"));
}
