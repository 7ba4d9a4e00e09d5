// SPDX-License-Identifier: MIT
// glrand version (and glrand --version): what this binary is and which paths it was built with;
// the version is the headers' GLRAND_VERSION, so the two agree.
#include <iostream>
#include <string>

#include <fmt/core.h>

#include <glrand/version.hpp>

#include "cli/build_info.hpp"
#include "cli/commands.hpp"

namespace glrand::cli {

std::string version_text() {
  std::string text = fmt::format("glrand {}\ncommit     {}\nbuild type {}\n", GLRAND_VERSION, GLRAND_COMMIT_TEXT,
                                 GLRAND_BUILD_TYPE_TEXT);
  text += "paths      gl (OpenGL through EGL or GLFW), cpu (the exact reference)";
#if GLRAND_HAVE_CUDA
  text += fmt::format(", cuda (CUDA {}, architectures {})\n", GLRAND_CUDA_VERSION_TEXT, GLRAND_CUDA_ARCHITECTURES_TEXT);
#else
  text += "; cuda not built (nvcc was not found when glrand was configured)\n";
#endif
  text += "mkl        loaded at run time when present (libmkl_rt.so, or $GLRAND_MKL_LIBRARY), for glrand bench --path mkl\n";
#if GLRAND_HAVE_DIEHARDER
  text += fmt::format("dieharder  libdieharder {}, for glrand test\n", GLRAND_DIEHARDER_VERSION);
#else
  text += "dieharder  not built (libdieharder-dev was not found when glrand was configured): no glrand test\n";
#endif
  return text;
}

void add_version_command(CLI::App& app) {
  // CLI11 ends the flag's text with a newline of its own.
  app.set_version_flag(
      "--version",
      [] {
        std::string text = version_text();
        text.pop_back();
        return text;
      },
      "Print the version, commit, build type and paths built in, and exit");
  auto* command = app.add_subcommand("version", "Print the version, commit, build type and the paths built in");
  command->callback([] { std::cout << version_text(); });
}

}  // namespace glrand::cli
