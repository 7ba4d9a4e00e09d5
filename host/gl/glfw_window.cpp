// SPDX-License-Identifier: MIT
#include "gl/glfw_window.hpp"

#include <GL/glew.h>
#include <GLFW/glfw3.h>

#include <string>
#include <utility>

#include <glrand/error.hpp>
#include "gl/loader.hpp"

namespace glrand::gl {
namespace {

std::string last_glfw_error() {
  const char* description = nullptr;
  const int code = glfwGetError(&description);
  if (code == GLFW_NO_ERROR) return "no error reported";
  return description ? description : "GLFW error " + std::to_string(code);
}

}  // namespace

Window::Window(std::uint32_t width, std::uint32_t height, const std::string& title) {
  if (!glfwInit()) throw DeviceError("cannot open a window (GLFW): " + last_glfw_error());
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
  window_ = glfwCreateWindow(static_cast<int>(width), static_cast<int>(height), title.c_str(), nullptr, nullptr);
  if (!window_) {
    const std::string reason = last_glfw_error();
    glfwTerminate();
    throw DeviceError("cannot open a " + std::to_string(width) + "x" + std::to_string(height) +
                      " OpenGL 3.3 core window (GLFW): " + reason);
  }
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(1);
  load_entry_points();
}

Window::Window(Window&& other) noexcept : window_(std::exchange(other.window_, nullptr)) {}

Window::~Window() {
  if (!window_) return;
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool Window::should_close() const { return glfwWindowShouldClose(window_); }
void Window::swap_buffers() const { glfwSwapBuffers(window_); }
void Window::poll_events() { glfwPollEvents(); }

void adopt_current_context() {
  // glGetString is a GL 1.0 entry point that glvnd's libOpenGL exports directly; it
  // returns null when no context is current.
  if (!glGetString(GL_VERSION))
    throw DeviceError("no OpenGL context is current on this thread: make your context current before using glrand");
  load_entry_points();
}

}  // namespace glrand::gl
