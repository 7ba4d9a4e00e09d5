// SPDX-License-Identifier: MIT
// Build step for the hostile-arithmetic tests (docs/testing.md): translates the GLSL arithmetic
// modules (shaders/common/*.glsl) into a C++ header over tests/hostile/glsl_emulation.hpp,
// so that the tests run the shipped float algorithms under perturbed division and fused
// multiply-adds.
//
//   glsl_to_cpp --root DIR --out FILE.hpp --namespace NS [--override NAME=EXPR]... MODULE...
//
// The translation is token by token and keeps every line where it was (a `#line` per
// module maps C++ compiler errors back to the GLSL):
//   float -> Float;  vecN and struct types stay;  `out T x` / `inout T x` -> `T& x` (GLSL
//     copies in and out instead; the two differ only if one variable is passed twice);
//   `uniform T a, b;` -> `inline thread_local T a, b;` (the tests set them);
//   `const T x = e;` at file scope -> `inline const T x = e;`;
//   `v.xyz` -> `v.sw<0,1,2>()`, and `v.yzw += h` -> `v.swr<1,2,3>() += h` (an assignable view);
//   struct constructors stay (C++20 aggregate initialisation with parentheses).
// `--override NAME=EXPR` replaces the initializer of the file-scope constant NAME: the tests
// build a deliberately weakened copy of the algorithms this way, to show they catch it.
//
// It is strict: anything outside that subset (preprocessor lines, integer types and
// literals, arrays, bit and integer operators, `?:`, while/do/switch, samplers, file-scope
// variables that are not uniform or const, members that are neither a swizzle nor a known
// struct field, identifiers that are C++ keywords) stops the build with FILE:LINE.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Token {
  enum Kind { space, comment, identifier, number, punct } kind;
  std::string text;
  int line;
};

struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Module {
 public:
  Module(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) { tokenize(); }
  const std::string& name() const { return name_; }
  std::vector<Token>& tokens() { return tokens_; }

  [[noreturn]] void fail(int line, const std::string& message) const {
    throw Failure("shaders/" + name_ + ":" + std::to_string(line) + ": glsl_to_cpp: " + message);
  }

 private:
  void tokenize() {
    static const std::vector<std::string> accepted{"+=", "-=", "*=", "/=", "++", "--", "==", "!=", "<=", ">=", "&&", "||",
                                                   "(",  ")",  "{",  "}",  ",",  ";",  ".",  "+",  "-",  "*",  "/",  "<",
                                                   ">",  "=",  "!"};
    std::size_t i = 0;
    int line = 1;
    bool line_start = true;
    while (i < text_.size()) {
      const char c = text_[i];
      const std::size_t begin = i;
      if (c == '\n' || c == ' ' || c == '\t' || c == '\r') {
        while (i < text_.size() && (text_[i] == '\n' || text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\r')) {
          if (text_[i] == '\n') {
            ++line;
            line_start = true;
          }
          ++i;
        }
        push(Token::space, begin, i, line);
        continue;
      }
      const int token_line = line;
      if (text_.compare(i, 2, "//") == 0) {
        while (i < text_.size() && text_[i] != '\n') ++i;
        push(Token::comment, begin, i, token_line);
      } else if (text_.compare(i, 2, "/*") == 0) {
        const auto end = text_.find("*/", i + 2);
        if (end == std::string::npos) fail(line, "unterminated comment");
        for (; i < end + 2; ++i) line += text_[i] == '\n';
        push(Token::comment, begin, i, token_line);
      } else if (c == '#') {
        fail(line, line_start ? "preprocessor directives are not translated" : "stray '#'");
      } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        while (i < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[i])) || text_[i] == '_')) ++i;
        push(Token::identifier, begin, i, token_line);
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && i + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i + 1])))) {
        number(i, token_line);
      } else {
        std::string match;
        for (const auto& p : accepted)
          if (p.size() > match.size() && text_.compare(i, p.size(), p) == 0) match = p;
        const bool shift = text_.compare(i, 2, "<<") == 0 || text_.compare(i, 2, ">>") == 0;
        if (match.empty() || shift)
          fail(line, "operator or character '" + text_.substr(i, shift ? 2 : 1) +
                         "' is outside the translated subset (float arithmetic only)");
        i += match.size();
        push(Token::punct, begin, i, token_line);
      }
      line_start = false;
    }
  }

  // A GLSL float literal (digits with a point and/or an exponent, optional f): kept as a
  // C++ double literal, which the emulation checks is exact in float.
  void number(std::size_t& i, int line) {
    const std::size_t begin = i;
    bool point = false, exponent = false;
    if (text_.compare(i, 2, "0x") == 0 || text_.compare(i, 2, "0X") == 0) fail(line, "hexadecimal (integer) literal");
    while (i < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[i])) || text_[i] == '.')) {
      if (text_[i] == '.') {
        if (point) fail(line, "malformed number");
        point = true;
      }
      ++i;
    }
    if (i < text_.size() && (text_[i] == 'e' || text_[i] == 'E')) {
      exponent = true;
      ++i;
      if (i < text_.size() && (text_[i] == '+' || text_[i] == '-')) ++i;
      if (i >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[i]))) fail(line, "malformed exponent");
      while (i < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i]))) ++i;
    }
    std::string literal = text_.substr(begin, i - begin);
    if (i < text_.size() && (text_[i] == 'f' || text_[i] == 'F')) ++i;
    if (i < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[i])) || text_[i] == '_'))
      fail(line, "literal suffix in '" + text_.substr(begin, i + 1 - begin) + "' (only float literals are translated)");
    if (!point && !exponent) fail(line, "integer literal '" + literal + "' (generator code is float-only; write " + literal + ".0)");
    tokens_.push_back({Token::number, literal, line});
  }

  void push(Token::Kind kind, std::size_t begin, std::size_t end, int line) {
    tokens_.push_back({kind, text_.substr(begin, end - begin), line});
  }

  std::string name_, text_;
  std::vector<Token> tokens_;
};

// GLSL words the translation refuses: integer, boolean and matrix types, samplers, storage
// and interpolation qualifiers, and statements outside the subset.
const std::set<std::string> kRefusedWords{
    "int", "uint", "bool", "double", "ivec2", "ivec3", "ivec4", "uvec2", "uvec3", "uvec4", "bvec2", "bvec3", "bvec4",
    "dvec2", "dvec3", "dvec4", "mat2", "mat3", "mat4", "mat2x2", "mat2x3", "mat2x4", "mat3x2", "mat3x3", "mat3x4",
    "mat4x2", "mat4x3", "mat4x4", "sampler1D", "sampler2D", "sampler3D", "samplerCube", "sampler2DRect", "sampler2DArray",
    "samplerBuffer", "image2D", "texture", "texelFetch", "while", "do", "switch", "case", "default", "discard",
    "layout", "attribute", "varying", "buffer", "shared", "precision", "highp", "mediump", "lowp", "flat", "smooth",
    "noperspective", "centroid", "sample", "patch", "invariant", "precise", "subroutine", "coherent", "volatile",
    "restrict", "readonly", "writeonly", "main", "length", "gl_FragCoord", "gl_FragColor"};

// C++ keywords (and names the emulation reserves) that GLSL would accept as identifiers.
const std::set<std::string> kCppOnlyWords{
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "catch", "char", "char8_t", "char16_t",
    "char32_t", "class", "compl", "concept", "consteval", "constexpr", "constinit", "const_cast", "co_await",
    "co_return", "co_yield", "decltype", "delete", "dynamic_cast", "enum", "explicit", "export", "extern", "friend",
    "goto", "inline", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or",
    "or_eq", "private", "protected", "public", "register", "reinterpret_cast", "requires", "short", "signed", "sizeof",
    "static", "static_assert", "static_cast", "template", "this", "thread_local", "throw", "try", "typedef", "typeid",
    "typename", "union", "unsigned", "using", "virtual", "wchar_t", "xor", "xor_eq", "Float", "Product", "Vec",
    "VecProduct", "SwizzleRef", "sw", "swr", "std", "detail", "glrand", "hostile"};

// A swizzle's lane indices, or empty if `name` is not one (one set: xyzw, rgba or stpq).
std::vector<int> swizzle_of(const std::string& name) {
  static const std::string sets[] = {"xyzw", "rgba", "stpq"};
  if (name.empty() || name.size() > 4) return {};
  for (const auto& set : sets) {
    std::vector<int> lanes;
    for (char c : name) {
      const auto at = set.find(c);
      if (at == std::string::npos) break;
      lanes.push_back(static_cast<int>(at));
    }
    if (lanes.size() == name.size()) return lanes;
  }
  return {};
}

class Translator {
 public:
  Translator(std::map<std::string, std::string> overrides) : overrides_(std::move(overrides)) {}

  std::string translate(Module& module) {
    module_ = &module;
    tokens_ = &module.tokens();
    at_ = 0;
    std::string out = "#line 1 \"shaders/" + module.name() + "\"\n";
    while (true) {
      out += trivia();
      if (at_ >= tokens_->size()) break;
      out += declaration();
    }
    return out;
  }

  void check_overrides_used() const {
    for (const auto& [name, expression] : overrides_)
      if (!used_overrides_.contains(name))
        throw Failure("glsl_to_cpp: --override " + name + ": no file-scope constant of that name");
  }

 private:
  // ---- token cursor -------------------------------------------------------------------
  const Token& peek() const {
    if (at_ >= tokens_->size()) module_->fail(tokens_->empty() ? 1 : tokens_->back().line, "unexpected end of file");
    return (*tokens_)[at_];
  }
  // The significant token after the current one (spaces and comments skipped).
  const Token* next_significant(std::size_t from) const {
    for (std::size_t i = from; i < tokens_->size(); ++i)
      if ((*tokens_)[i].kind != Token::space && (*tokens_)[i].kind != Token::comment) return &(*tokens_)[i];
    return nullptr;
  }
  std::string trivia() {
    std::string out;
    while (at_ < tokens_->size() && ((*tokens_)[at_].kind == Token::space || (*tokens_)[at_].kind == Token::comment))
      out += (*tokens_)[at_++].text;
    return out;
  }
  // The next significant token, with the trivia before it appended to `out`.
  const Token& take(std::string& out) {
    out += trivia();
    const Token& t = peek();
    ++at_;
    return t;
  }
  void expect(std::string& out, const std::string& text) {
    const Token& t = take(out);
    if (t.text != text) module_->fail(t.line, "expected '" + text + "', found '" + t.text + "'");
    out += t.text;
  }
  [[noreturn]] void fail(const Token& t, const std::string& message) const { module_->fail(t.line, message); }

  bool is_type(const std::string& word) const {
    return word == "float" || word == "vec2" || word == "vec3" || word == "vec4" || structs_.contains(word);
  }
  std::string type_name(const Token& t) const {
    if (!is_type(t.text)) fail(t, "'" + t.text + "' is not a translated type (float, vec2-4 or a struct)");
    return t.text == "float" ? "Float" : t.text;
  }
  std::string identifier(const Token& t) const {
    if (t.kind != Token::identifier) fail(t, "expected a name, found '" + t.text + "'");
    if (kRefusedWords.contains(t.text)) fail(t, "'" + t.text + "' is outside the translated subset");
    if (kCppOnlyWords.contains(t.text)) fail(t, "'" + t.text + "' is a C++ keyword or an emulation name; rename it");
    if (t.text.starts_with("gl_") || t.text.find("__") != std::string::npos) fail(t, "reserved name '" + t.text + "'");
    return t.text;
  }

  // ---- file scope ---------------------------------------------------------------------
  std::string declaration() {
    std::string out;
    const Token& first = peek();
    if (first.text == "uniform") return uniform();
    if (first.text == "const") return constant();
    if (first.text == "struct") return structure();
    if (first.kind == Token::identifier && (is_type(first.text) || first.text == "void")) return function();
    fail(first, "'" + first.text + "' at file scope: only functions, structs, uniforms and constants are translated");
  }

  // uniform T a, b;  ->  inline thread_local T a, b;
  std::string uniform() {
    std::string out;
    take(out);
    out += "inline thread_local";
    out += type_name(take(out));
    while (true) {
      out += identifier(take(out));
      const Token& t = take(out);
      if (t.text == ";") return out + ";";
      if (t.text != ",") fail(t, "uniform arrays and initializers are not translated ('" + t.text + "')");
      out += ",";
    }
  }

  // const T x = e, y = f;  ->  inline const T x = e, y = f;  (an override replaces e)
  std::string constant() {
    std::string out;
    take(out);
    out += "inline const";
    out += type_name(take(out));
    while (true) {
      const Token& name = take(out);
      out += identifier(name);
      expect(out, "=");
      if (const auto o = overrides_.find(name.text); o != overrides_.end()) {
        used_overrides_.insert(name.text);
        out += " " + o->second + " /* overridden; was:";
        const std::string original = expression({",", ";"});
        for (char c : original) out += c == '\n' ? ' ' : c;  // keeps the line count
        out += " */";
        for (char c : original) out += c == '\n' ? "\n" : "";
      } else {
        out += expression({",", ";"});
      }
      const Token& t = take(out);
      out += t.text;
      if (t.text == ";") return out;
    }
  }

  // struct S { T a, b; ... };  (the field names are remembered: `s.c` is a field, not a swizzle)
  std::string structure() {
    std::string out;
    take(out);
    out += "struct";
    const Token& name = take(out);
    out += identifier(name);
    expect(out, "{");
    while (true) {
      const Token& t = take(out);
      if (t.text == "}") break;
      out += type_name(t);
      while (true) {
        const Token& field = take(out);
        out += identifier(field);
        if (!swizzle_of(field.text).empty()) fail(field, "field '" + field.text + "' reads as a swizzle; rename it");
        fields_.insert(field.text);
        const Token& after = take(out);
        if (after.text == ";") break;
        if (after.text != ",") fail(after, "struct arrays and initializers are not translated");
        out += ",";
      }
      out += ";";
    }
    out += "}";
    expect(out, ";");
    structs_.insert(name.text);
    return out;
  }

  // T name(params) { body }  or a prototype;  out/inout parameters become references.
  std::string function() {
    std::string out;
    const Token& result = take(out);
    out += result.text == "void" ? "inline void" : "inline " + type_name(result);
    out += identifier(take(out));
    expect(out, "(");
    if (const Token* n = next_significant(at_); n && n->text == "void") {
      take(out);
    } else if (n && n->text != ")") {
      while (true) {
        const Token* t = &take(out);
        bool constant = false;
        std::string reference;
        if (t->text == "const") {
          constant = true;
          t = &take(out);
        }
        if (t->text == "in" || t->text == "out" || t->text == "inout") {
          if (t->text != "in") reference = "&";
          if (constant && !reference.empty()) fail(*t, "const out parameter");
          t = &take(out);
        }
        out += (constant ? "const " : "") + type_name(*t) + reference;
        out += identifier(take(out));
        const Token& after = take(out);
        if (after.text == ")") {
          --at_;
          break;
        }
        if (after.text != ",") fail(after, "array parameters and default values are not translated");
        out += ",";
      }
    }
    expect(out, ")");
    const Token& t = take(out);
    if (t.text == ";") return out + ";";
    if (t.text != "{") fail(t, "expected a function body");
    out += "{" + block();
    return out;
  }

  // ---- statements and expressions ------------------------------------------------------
  // The body after '{', through its matching '}'.
  std::string block() {
    std::string out;
    int depth = 1;
    while (depth > 0) {
      const Token& t = take(out);
      if (t.text == "{") ++depth;
      if (t.text == "}") --depth;
      out += translate_token(t);
    }
    return out;
  }

  // Tokens up to (not including) one of `stops` at bracket depth 0.
  std::string expression(const std::set<std::string>& stops) {
    std::string out;
    int depth = 0;
    while (true) {
      const Token* n = next_significant(at_);
      if (!n) fail(tokens_->back(), "unterminated expression");
      if (depth == 0 && stops.contains(n->text)) return out;
      const Token& t = take(out);
      if (t.text == "(") ++depth;
      if (t.text == ")") --depth;
      if (t.text == "{" || t.text == "}") fail(t, "braces in an initializer");
      out += translate_token(t);
    }
  }

  std::string translate_token(const Token& t) {
    if (t.kind == Token::number || t.kind == Token::punct) {
      if (t.text == ".") return member(t);
      return t.text;
    }
    if (t.text == "float") return "Float";
    if (t.text == "in" || t.text == "out" || t.text == "inout" || t.text == "uniform" || t.text == "struct")
      fail(t, "'" + t.text + "' inside a function");
    static const std::set<std::string> statements{"return", "if", "else", "for", "break", "continue", "const", "true",
                                                  "false", "void"};
    if (statements.contains(t.text) || is_type(t.text)) return t.text;
    return identifier(t);
  }

  // After '.': a struct field stays; a swizzle becomes sw<...>() (read) or swr<...>() (assigned).
  std::string member(const Token& dot) {
    std::string out;
    const Token& name = take(out);
    if (name.kind != Token::identifier) fail(dot, "expected a member after '.'");
    const auto lanes = swizzle_of(name.text);
    const bool field = fields_.contains(name.text);
    if (field) return "." + out + name.text;
    if (lanes.empty()) fail(name, "'." + name.text + "' is neither a swizzle nor a field of a translated struct");
    static const std::set<std::string> assignments{"=", "+=", "-=", "*=", "/=", "++", "--"};
    const Token* after = next_significant(at_);
    const bool assigned = after && assignments.contains(after->text);
    std::string call = assigned ? ".swr<" : ".sw<";
    for (std::size_t i = 0; i < lanes.size(); ++i) call += (i ? "," : "") + std::to_string(lanes[i]);
    return call + ">()" + out;
  }

  std::map<std::string, std::string> overrides_;
  std::set<std::string> used_overrides_;
  std::set<std::string> structs_, fields_;
  Module* module_ = nullptr;
  std::vector<Token>* tokens_ = nullptr;
  std::size_t at_ = 0;
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Failure("glsl_to_cpp: cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  try {
    fs::path root, out;
    std::string name_space;
    std::map<std::string, std::string> overrides;
    std::vector<std::string> modules;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--root" && i + 1 < argc) root = argv[++i];
      else if (arg == "--out" && i + 1 < argc) out = argv[++i];
      else if (arg == "--namespace" && i + 1 < argc) name_space = argv[++i];
      else if (arg == "--override" && i + 1 < argc) {
        const std::string o = argv[++i];
        const auto eq = o.find('=');
        if (eq == std::string::npos) throw Failure("glsl_to_cpp: --override NAME=EXPR, got " + o);
        overrides[o.substr(0, eq)] = o.substr(eq + 1);
      } else if (arg.starts_with("--")) throw Failure("glsl_to_cpp: unknown option " + arg);
      else modules.push_back(arg);
    }
    if (root.empty() || out.empty() || name_space.empty() || modules.empty()) {
      std::cerr << "usage: glsl_to_cpp --root DIR --out FILE.hpp --namespace NS [--override NAME=EXPR]... MODULE...\n";
      return 2;
    }
    Translator translator(overrides);
    std::ostringstream cpp;
    cpp << "// Generated by glsl_to_cpp (shaders/tools/glsl_to_cpp.cpp) from shaders/";
    for (const auto& m : modules) cpp << " " << m;
    cpp << "; do not edit.\n";
    for (const auto& [name, expression] : overrides) cpp << "// Overridden: " << name << " = " << expression << "\n";
    cpp << "#pragma once\n#include \"hostile/glsl_emulation.hpp\"\n\nnamespace " << name_space
        << " {\nusing namespace ::glrand::hostile;\n";
    for (const auto& name : modules) {
      Module module(name, read_file(root / name));
      cpp << translator.translate(module) << "\n";
    }
    translator.check_overrides_used();
    cpp << "}  // namespace " << name_space << "\n";
    fs::create_directories(out.parent_path());
    const fs::path temporary = out.string() + ".tmp";
    std::ofstream(temporary) << cpp.str();
    fs::rename(temporary, out);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
}
