// SPDX-License-Identifier: MIT
#pragma once

namespace glrand::gl {

// Loads the GL entry points for the context current on this thread (GLEW) and checks that it
// offers OpenGL 3.3 core or later. Throws glrand::DeviceError otherwise.
void load_entry_points();

}  // namespace glrand::gl
