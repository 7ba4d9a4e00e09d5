// SPDX-License-Identifier: MIT
#pragma once
// Each glrand command registers itself on the application; its callback runs the command
// and reports failure by throwing glrand::Error (host/cli/main.cpp prints it).
#include <string>

#include <CLI/CLI.hpp>

namespace glrand::cli {

void add_generate_command(CLI::App& app);
void add_render_command(CLI::App& app);
void add_view_command(CLI::App& app);
void add_info_command(CLI::App& app);
void add_check_shaders_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_test_command(CLI::App& app);
void add_version_command(CLI::App& app);  // also glrand --version

// What `glrand version` prints: version, commit, build type, the paths built in.
std::string version_text();

}  // namespace glrand::cli
