// SPDX-License-Identifier: MIT
// glrand check-shaders: the ps30 profile's static check (host/ps30/ps30_checker.hpp).
// Without files, the build's check of every embedded generator variant; with files, each
// GLSL fragment shader checked now, its `#include "common/..."` lines resolved against the
// library's embedded modules (other includes relative to the including file).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <glslang/Public/ShaderLang.h>

#include "cli/commands.hpp"
#include <glrand/error.hpp>
#include "gl/shader_library.hpp"
#include "ps30_checker.hpp"

namespace glrand::cli {
namespace {

namespace fs = std::filesystem;

struct CheckOptions {
  std::string profile = "ps30";
  bool json = false;
  std::vector<std::string> files;
};

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", static_cast<int>(c));
        else out += c;
    }
  }
  return out + "\"";
}

void list_embedded(bool json) {
  const auto& checks = gl::shader_checks();
  if (json) {
    std::cout << "{\"profile\": \"ps30\", \"instruction_slots\": " << shaders::kPs30InstructionSlots
              << ", \"shaders\": [\n";
    for (std::size_t i = 0; i < checks.size(); ++i) {
      const auto& c = checks[i];
      std::cout << "  {\"shader\": " << json_string(c.shader) << ", \"variant\": " << json_string(c.defines)
                << ", \"outputs\": " << c.outputs << ", \"instructions\": " << c.instructions
                << ", \"candidate\": " << (c.candidate ? "true" : "false") << ", \"verdict\": " << json_string(c.verdict)
                << ", \"violations\": []}" << (i + 1 < checks.size() ? "," : "") << "\n";
    }
    std::cout << "]}\n";
    return;
  }
  std::size_t shader_width = 6, variant_width = 7;
  for (const auto& c : checks) {
    shader_width = std::max(shader_width, c.shader.size());
    variant_width = std::max(variant_width, std::max<std::size_t>(c.defines.size(), 10));
  }
  fmt::print("ps30 profile (ps_3_0: float-only arithmetic, <= 4 vec4 outputs, no SSBO or image writes,\n"
             "inputs by texture sampling, uniforms and gl_FragCoord, <= {} instructions per pass)\n\n",
             shaders::kPs30InstructionSlots);
  fmt::print("{:<{}}  {:<{}}  {:>7}  {:>12}  {}\n", "shader", shader_width, "variant", variant_width, "outputs",
             "instructions", "verdict");
  for (const auto& c : checks)
    fmt::print("{:<{}}  {:<{}}  {:>7}  {:>12}  {}\n", c.shader, shader_width,
               c.defines.empty() ? "(defaults)" : c.defines, variant_width, c.outputs, c.instructions, c.verdict);
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InvalidArgument("cannot read shader file " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool check_files(const std::vector<std::string>& files, bool json) {
  glslang::InitializeProcess();
  bool all_pass = true;
  std::vector<shaders::CheckReport> reports;
  for (const auto& file : files) {
    const fs::path top(file);
    // The top-level file by its path; includes from the embedded modules, else beside the file.
    const auto load = [&](const std::string& name) -> std::string {
      if (name == file) return read_text(top);
      for (const auto& module : gl::embedded_modules())
        if (module.name == name) return std::string(module.source);
      return read_text(top.parent_path() / name);
    };
    shaders::Composition composition;
    try {
      composition = shaders::compose(file, load);
    } catch (const Error&) {
      glslang::FinalizeProcess();
      throw;
    } catch (const std::exception& e) {
      glslang::FinalizeProcess();
      throw InvalidArgument(e.what());
    }
    std::vector<std::string> names;
    for (std::size_t i = 0; i < composition.files.size(); ++i)
      names.push_back(i == 0 ? file : "shaders/" + composition.files[i]);
    reports.push_back(shaders::check_ps30(file, "", composition.text, names, ""));
    all_pass = all_pass && reports.back().passed();
  }
  glslang::FinalizeProcess();
  if (json) {
    std::cout << "{\"profile\": \"ps30\", \"instruction_slots\": " << shaders::kPs30InstructionSlots
              << ", \"shaders\": [\n";
    for (std::size_t i = 0; i < reports.size(); ++i) {
      const auto& r = reports[i];
      std::cout << "  {\"shader\": " << json_string(r.shader) << ", \"variant\": \"\", \"outputs\": " << r.outputs
                << ", \"instructions\": " << r.instructions << ", \"verdict\": \""
                << (r.passed() ? "pass" : "fail") << "\", \"violations\": [";
      for (std::size_t k = 0; k < r.violations.size(); ++k) {
        const auto& v = r.violations[k];
        std::cout << (k ? ", " : "") << "{\"file\": " << json_string(v.file) << ", \"line\": " << v.line
                  << ", \"rule\": " << json_string(v.rule) << ", \"message\": " << json_string(v.message) << "}";
      }
      std::cout << "]}" << (i + 1 < reports.size() ? "," : "") << "\n";
    }
    std::cout << "]}\n";
  } else {
    for (const auto& r : reports) {
      fmt::print("{}: {} outputs, {} instructions: {}\n", r.shader, r.outputs, r.instructions,
                 r.passed() ? "pass" : "FAIL");
      for (const auto& v : r.violations) std::cout << "  " << shaders::format(v) << "\n";
    }
  }
  return all_pass;
}

}  // namespace

void add_check_shaders_command(CLI::App& app) {
  auto options = std::make_shared<CheckOptions>();
  auto* command = app.add_subcommand(
      "check-shaders",
      "Check fragment shaders against the 2006 ps_3_0 profile (float-only arithmetic, <= 4 vec4 outputs, no SSBO or "
      "image writes, inputs by texture sampling, <= 512 instructions); without FILEs, the build's check of the "
      "embedded generator shaders");
  command->add_option("--profile", options->profile, "the profile to check (ps30)")
      ->check(CLI::IsMember({"ps30"}));
  command->add_flag("--json", options->json, "print the reports as JSON");
  command->add_option("FILE", options->files,
                      "GLSL fragment shaders to check; #include \"common/...\" uses glrand's shaders/common modules");
  command->callback([options] {
    if (options->files.empty()) {
      list_embedded(options->json);
      return;
    }
    if (!check_files(options->files, options->json))
      throw Error("check-shaders: a shader violates the ps30 profile");
  });
}

}  // namespace glrand::cli
