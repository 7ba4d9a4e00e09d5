// SPDX-License-Identifier: MIT
// Build step: composes each shader from shaders/ and its `#include "common/..."` modules,
// validates it (and each listed variant) with glslang, and embeds the sources into a C++
// file. A GLSL error fails the build with the original file and line.
//
//   embed_shaders --root DIR --out FILE.cpp SHADER[:DEFINE=VALUE,...]...
//
// Every fragment shader declares its profile with a line `// glrand: profile ps30` (a
// generator, checked by host/ps30/ps30_checker.hpp: a violation fails the build with
// "shaders/FILE:LINE: ps30: RULE: MESSAGE"), `// glrand: profile scatter` (the scatter
// profile: validated only) or `// glrand: profile none`; compute shaders are validated only. Variants after
// `--candidates` are measured candidates the engine chooses among at run time (it renders
// only those within 512 slots): they must pass every rule but the instruction budget, and
// their count is reported.
//
//   embed_shaders --root DIR --out FILE.cpp SHADER[:DEFINE=VALUE,...]... [--candidates VARIANT...]
//
// Includes are expanded once per shader; `#line LINE FILE-NUMBER` directives keep line
// numbers true, and the file table is embedded too, so that drivers' error logs at run
// time can be mapped back to file names (host/gl/shader_library.cpp).
#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>

#include "instruction_count.hpp"
#include "ps30_checker.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

using glrand::shaders::Composition;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read shader file " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

EShLanguage stage_of(const std::string& name) {
  if (name.ends_with(".vert")) return EShLangVertex;
  if (name.ends_with(".frag")) return EShLangFragment;
  if (name.ends_with(".comp")) return EShLangCompute;
  throw std::runtime_error(name + ": unknown shader stage (expected .vert, .frag or .comp)");
}

// glslang reports "ERROR: 2:15: ..." with 2 the source-string number set by #line.
std::string with_file_names(const std::string& log, const std::vector<std::string>& files) {
  static const std::regex location(R"((ERROR|WARNING): (\d+):(\d+):)");
  std::string out;
  std::sregex_iterator it(log.begin(), log.end(), location), end;
  std::size_t last = 0;
  for (; it != end; ++it) {
    const auto& m = *it;
    const std::size_t file = std::stoul(m[2].str());
    out += log.substr(last, m.position() - last);
    out += m[1].str() + ": shaders/" + (file < files.size() ? files[file] : m[2].str()) + ":" + m[3].str() + ":";
    last = m.position() + m.length();
  }
  return out + log.substr(last);
}

bool validate(const std::string& name, const Composition& composition, const std::string& preamble) {
  glslang::TShader shader(stage_of(name));
  const char* text = composition.text.c_str();
  shader.setStrings(&text, 1);
  shader.setPreamble(preamble.c_str());
  shader.setEnvInput(glslang::EShSourceGlsl, stage_of(name), glslang::EShClientNone, 0);
  if (shader.parse(GetDefaultResources(), 330, false, EShMsgDefault)) return true;
  std::cerr << with_file_names(shader.getInfoLog(), composition.files);
  if (!preamble.empty()) std::cerr << "  (variant: " << preamble << ")\n";
  return false;
}

struct Variant {
  std::string shader;    // "a.frag"
  std::string preamble;  // "#define X 1\n#define Y 2\n"
  std::string key;       // "X=1,Y=2": the defines sorted by name, as the library looks them up
};

// "a.frag:Y=2,X=1" -> {"a.frag", "#define X 1\n#define Y 2\n", "X=1,Y=2"}
Variant parse_variant(const std::string& argument) {
  const auto colon = argument.find(':');
  if (colon == std::string::npos) return {argument, "", ""};
  std::map<std::string, std::string> defines;
  std::istringstream list(argument.substr(colon + 1));
  for (std::string item; std::getline(list, item, ',');) {
    const auto eq = item.find('=');
    defines[item.substr(0, eq)] = eq == std::string::npos ? "" : item.substr(eq + 1);
  }
  Variant v{argument.substr(0, colon), "", ""};
  for (const auto& [name, value] : defines) {
    v.preamble += "#define " + name + " " + value + "\n";
    v.key += (v.key.empty() ? "" : ",") + name + "=" + value;
  }
  return v;
}

std::string cpp_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') out += "\\n";
    else out += c;
  }
  return out + "\"";
}

std::string raw_literal(const std::string& text) {
  if (text.find(")glsl\"") != std::string::npos) throw std::runtime_error("shader text contains )glsl\"");
  return "R\"glsl(" + text + ")glsl\"";
}

}  // namespace

int main(int argc, char** argv) {
  try {
    fs::path root, out;
    std::vector<std::string> arguments;
    std::set<std::string> candidates;
    bool in_candidates = false;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--root" && i + 1 < argc) root = argv[++i];
      else if (arg == "--out" && i + 1 < argc) out = argv[++i];
      else if (arg == "--candidates") in_candidates = true;
      else {
        // A candidate already listed (a shader's defaults) is only marked as one.
        if (!in_candidates || std::find(arguments.begin(), arguments.end(), arg) == arguments.end())
          arguments.push_back(arg);
        if (in_candidates) candidates.insert(arg);
      }
    }
    if (root.empty() || out.empty() || arguments.empty()) {
      std::cerr << "usage: embed_shaders --root DIR --out FILE.cpp SHADER[:DEFINE=VALUE,...]...\n";
      return 2;
    }
    glslang::InitializeProcess();
    const auto load = [&](const std::string& name) { return read_file(root / name); };
    std::map<std::string, Composition> shaders;
    std::map<std::string, std::string> modules;  // every included file, by name
    std::vector<std::pair<Variant, int>> counts;
    std::vector<std::pair<glrand::shaders::CheckReport, bool>> checks;  // report, candidate
    bool ok = true;
    for (const auto& argument : arguments) {
      const Variant v = parse_variant(argument);
      if (!shaders.contains(v.shader)) {
        auto composition = glrand::shaders::compose(v.shader, load);
        for (std::size_t f = 1; f < composition.files.size(); ++f)
          modules.emplace(composition.files[f], read_file(root / composition.files[f]));
        shaders.emplace(v.shader, std::move(composition));
      }
      const bool valid = validate(v.shader, shaders.at(v.shader), v.preamble);
      ok = valid && ok;
      if (!valid || !v.shader.ends_with(".frag")) continue;
      const auto& composition = shaders.at(v.shader);
      const auto profile = glrand::shaders::declared_profile(read_file(root / v.shader));
      if (!profile) {
        std::cerr << "shaders/" << v.shader << ":1: error: a fragment shader declares its profile with a line "
                  << "`// glrand: profile ps30` (a generator), `scatter`, or `none`\n";
        ok = false;
        continue;
      }
      // The scatter profile has no instruction budget or output limit to check: it loops and
      // writes storage buffers (glslang has validated it above).
      if (*profile == "scatter") continue;
      if (*profile != "ps30" && *profile != "none") {
        std::cerr << "shaders/" << v.shader << ":1: error: unknown profile '" << *profile
                  << "' (ps30, scatter or none)\n";
        ok = false;
        continue;
      }
      std::string error;
      const int count = glrand::shaders::instruction_count(composition.text, v.preamble, true, error);
      if (count < 0) {
        std::cerr << "embed_shaders: cannot count instructions of " << argument << ":\n" << error;
        ok = false;
        continue;
      }
      std::cout << "  " << v.shader << (v.key.empty() ? "" : " [" + v.key + "]") << ": " << count
                << " instructions per pass (ps_3_0 allows 512)\n";
      counts.emplace_back(v, count);
      if (*profile == "none") continue;
      std::vector<std::string> names;
      for (const auto& file : composition.files) names.push_back("shaders/" + file);
      auto report = glrand::shaders::check_ps30(v.shader, v.key, composition.text, names, v.preamble);
      const bool candidate = candidates.contains(argument);
      for (const auto& violation : report.violations) {
        if (candidate && violation.rule == "instructions") {
          std::cout << "  " << glrand::shaders::format(violation) << (v.key.empty() ? "" : " [" + v.key + "]")
                    << " (a candidate: not rendered)\n";
          continue;
        }
        std::cerr << glrand::shaders::format(violation) << (v.key.empty() ? "" : "  [" + v.key + "]") << "\n";
        ok = false;
      }
      checks.emplace_back(std::move(report), candidate);
    }
    glslang::FinalizeProcess();
    if (!ok) return 1;

    std::ostringstream cpp;
    cpp << "// Generated by embed_shaders from shaders/; do not edit.\n"
        << "#include \"gl/shader_library.hpp\"\n\nnamespace glrand::gl {\n\n"
        << "const std::vector<EmbeddedShader>& embedded_shaders() {\n"
        << "  static const std::vector<EmbeddedShader> shaders{\n";
    for (const auto& [name, composition] : shaders) {
      cpp << "    {\"" << name << "\",\n     " << raw_literal(composition.text) << ",\n     {";
      for (const auto& file : composition.files) cpp << "\"" << file << "\", ";
      cpp << "}},\n";
    }
    cpp << "  };\n  return shaders;\n}\n\n";
    cpp << "const std::vector<ShaderCost>& shader_costs() {\n  static const std::vector<ShaderCost> costs{\n";
    for (const auto& [v, count] : counts) cpp << "    {\"" << v.shader << "\", \"" << v.key << "\", " << count << "},\n";
    cpp << "  };\n  return costs;\n}\n\n";
    cpp << "const std::vector<EmbeddedModule>& embedded_modules() {\n  static const std::vector<EmbeddedModule> modules{\n";
    for (const auto& [name, text] : modules) cpp << "    {\"" << name << "\", " << raw_literal(text) << "},\n";
    cpp << "  };\n  return modules;\n}\n\n";
    cpp << "const std::vector<ShaderCheck>& shader_checks() {\n  static const std::vector<ShaderCheck> checks{\n";
    for (const auto& [report, candidate] : checks) {
      std::string verdict = "pass";
      for (const auto& violation : report.violations) verdict = violation.rule == "instructions" ? "over budget (candidate, not rendered)" : verdict;
      cpp << "    {\"" << report.shader << "\", \"" << report.variant << "\", \"ps30\", " << report.outputs << ", "
          << report.instructions << ", " << (candidate ? "true" : "false") << ", " << cpp_string(verdict) << "},\n";
    }
    cpp << "  };\n  return checks;\n}\n\n}  // namespace glrand::gl\n";
    fs::create_directories(out.parent_path());
    const fs::path temporary = out.string() + ".tmp";
    std::ofstream(temporary) << cpp.str();
    fs::rename(temporary, out);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "embed_shaders: " << e.what() << "\n";
    return 1;
  }
}
