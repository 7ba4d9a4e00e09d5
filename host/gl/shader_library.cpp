// SPDX-License-Identifier: MIT
#include "gl/shader_library.hpp"

#include <regex>

#include <glrand/error.hpp>

namespace glrand::gl {

const EmbeddedShader& embedded_shader(std::string_view name) {
  for (const auto& shader : embedded_shaders())
    if (shader.name == name) return shader;
  throw Error("no embedded shader named '" + std::string(name) + "'");
}

int instruction_count(std::string_view shader, const std::map<std::string, std::string>& defines) {
  std::string key;
  for (const auto& [name, value] : defines) key += (key.empty() ? "" : ",") + name + "=" + value;
  for (const auto& cost : shader_costs())
    if (cost.shader == shader && cost.defines == key) return cost.instructions;
  return -1;
}

std::string with_defines(std::string_view source, const std::map<std::string, std::string>& defines) {
  const auto end_of_version = source.find('\n');
  std::string text(source.substr(0, end_of_version + 1));
  for (const auto& [name, value] : defines) text += "#define " + name + " " + value + "\n";
  // The composed source's own #line directive follows, so line numbers stay true.
  text += source.substr(end_of_version + 1);
  return text;
}

std::string annotate_log(std::string_view log, const EmbeddedShader& shader) {
  // Mesa: "0:12(3): error", NVIDIA: "0(12) : error".
  static const std::regex location(R"((^|\n)(\d+)(:|\()(\d+))");
  const std::string text(log);
  std::string out;
  std::size_t last = 0;
  for (std::sregex_iterator it(text.begin(), text.end(), location), end; it != end; ++it) {
    const auto& m = *it;
    const std::size_t file = std::stoul(m[2].str());
    // Appends one piece at a time (also avoids GCC 12's false -Wrestrict on string + string).
    out.append(text, last, static_cast<std::size_t>(m.position()) - last);
    out.append(m[1].str());
    out.append(file < shader.files.size() ? std::string(shader.files[file]) : m[2].str());
    out.append(":");
    out.append(m[4].str());
    last = m.position() + m.length();
  }
  return out + text.substr(last);
}

}  // namespace glrand::gl
