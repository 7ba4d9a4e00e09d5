// SPDX-License-Identifier: MIT
#pragma once
// One headless context per test process: on CI Mesa's llvmpipe, on a GPU machine the GPU.
#include "gl/egl_context.hpp"

inline glrand::gl::HeadlessContext& test_context() {
  static glrand::gl::HeadlessContext context;
  context.make_current();
  return context;
}
