// SPDX-License-Identifier: MIT
// Build step: composes each shader from shaders/ and its `#include "common/..."` modules,
// validates it (and each listed variant) with glslang, and embeds the sources into a C++
// file. A GLSL error fails the build with the original file and line.
//
//   embed_shaders --root DIR --out FILE.cpp SHADER[:DEFINE=VALUE,...]...
//
// Includes are expanded once per shader; `#line LINE FILE-NUMBER` directives keep line
// numbers true, and the file table is embedded too, so that drivers' error logs at run
// time can be mapped back to file names (host/gl/shader_library.cpp).
#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>

#include "instruction_count.hpp"

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

struct Composition {
  std::string text;
  std::vector<std::string> files;  // index = GLSL source-string number
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read shader file " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class Composer {
 public:
  explicit Composer(fs::path root) : root_(std::move(root)) {}

  Composition compose(const std::string& name) {
    Composition result;
    std::set<std::string> included;
    append(name, result, included, /*top_level=*/true);
    return result;
  }

 private:
  void append(const std::string& name, Composition& out, std::set<std::string>& included, bool top_level) {
    if (!included.insert(name).second) return;
    const int file_number = static_cast<int>(out.files.size());
    out.files.push_back(name);
    static const std::regex include_line(R"re(^\s*#\s*include\s+"([^"]+)"\s*$)re");
    std::istringstream lines(read_file(root_ / name));
    std::string line;
    int number = 0;
    bool version_seen = !top_level;
    if (!top_level) out.text += "#line 1 " + std::to_string(file_number) + "\n";
    while (std::getline(lines, line)) {
      ++number;
      std::smatch match;
      if (std::regex_match(line, match, include_line)) {
        append(match[1].str(), out, included, false);
        out.text += "#line " + std::to_string(number + 1) + " " + std::to_string(file_number) + "\n";
        continue;
      }
      out.text += line + "\n";
      if (!version_seen && line.rfind("#version", 0) == 0) {
        version_seen = true;
        out.text += "#line " + std::to_string(number + 1) + " " + std::to_string(file_number) + "\n";
      }
    }
    if (!version_seen) throw std::runtime_error(name + ": the first line must be a #version directive");
  }

  fs::path root_;
};

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

std::string raw_literal(const std::string& text) {
  if (text.find(")glsl\"") != std::string::npos) throw std::runtime_error("shader text contains )glsl\"");
  return "R\"glsl(" + text + ")glsl\"";
}

}  // namespace

int main(int argc, char** argv) {
  try {
    fs::path root, out;
    std::vector<std::string> arguments;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--root" && i + 1 < argc) root = argv[++i];
      else if (arg == "--out" && i + 1 < argc) out = argv[++i];
      else arguments.push_back(arg);
    }
    if (root.empty() || out.empty() || arguments.empty()) {
      std::cerr << "usage: embed_shaders --root DIR --out FILE.cpp SHADER[:DEFINE=VALUE,...]...\n";
      return 2;
    }
    glslang::InitializeProcess();
    Composer composer(root);
    std::map<std::string, Composition> shaders;
    std::vector<std::pair<Variant, int>> counts;
    bool ok = true;
    for (const auto& argument : arguments) {
      const Variant v = parse_variant(argument);
      if (!shaders.contains(v.shader)) shaders.emplace(v.shader, composer.compose(v.shader));
      const bool valid = validate(v.shader, shaders.at(v.shader), v.preamble);
      ok = valid && ok;
      if (!valid || !v.shader.ends_with(".frag")) continue;
      std::string error;
      const int count = glrand::shaders::instruction_count(shaders.at(v.shader).text, v.preamble, true, error);
      if (count < 0) {
        std::cerr << "embed_shaders: cannot count instructions of " << argument << ":\n" << error;
        ok = false;
        continue;
      }
      std::cout << "  " << v.shader << (v.key.empty() ? "" : " [" + v.key + "]") << ": " << count
                << " instructions per pass (ps_3_0 allows 512)\n";
      counts.emplace_back(v, count);
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
    cpp << "  };\n  return costs;\n}\n\n}  // namespace glrand::gl\n";
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
