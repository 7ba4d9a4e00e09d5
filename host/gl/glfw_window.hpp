// SPDX-License-Identifier: MIT
#pragma once
// Desktop use: a GLFW window with a core-profile context, and the mode that adopts a context
// the application already made current (its own GLFW, SDL, Qt or EGL context).
#include <cstdint>
#include <string>

struct GLFWwindow;

namespace glrand::gl {

class Window {
 public:
  Window(std::uint32_t width, std::uint32_t height, const std::string& title);
  Window(Window&& other) noexcept;
  Window& operator=(Window&&) = delete;
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
  ~Window();

  GLFWwindow* handle() const { return window_; }
  bool should_close() const;
  void swap_buffers() const;
  static void poll_events();

 private:
  GLFWwindow* window_ = nullptr;
};

// Uses the GL context current on the calling thread, made by the application: loads the
// entry points and checks the version. Throws glrand::DeviceError if no context is current.
void adopt_current_context();

}  // namespace glrand::gl
