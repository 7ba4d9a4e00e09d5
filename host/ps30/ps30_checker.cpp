// SPDX-License-Identifier: MIT
#include "ps30_checker.hpp"

#include "instruction_count.hpp"

#include <glslang/Include/intermediate.h>
#include <glslang/MachineIndependent/localintermediate.h>
#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace glrand::shaders {
namespace {

using namespace glslang;

bool integer_or_bool(TBasicType t) {
  switch (t) {
    case EbtInt: case EbtUint: case EbtBool: case EbtInt8: case EbtUint8: case EbtInt16: case EbtUint16:
    case EbtInt64: case EbtUint64: case EbtDouble:
      return true;
    default:
      return false;
  }
}

const char* type_word(TBasicType t) {
  switch (t) {
    case EbtBool: return "bool";
    case EbtUint: case EbtUint8: case EbtUint16: case EbtUint64: return "uint";
    case EbtDouble: return "double";
    default: return "int";
  }
}

bool is_bit_op(TOperator op) {
  switch (op) {
    case EOpAnd: case EOpInclusiveOr: case EOpExclusiveOr: case EOpLeftShift: case EOpRightShift: case EOpBitwiseNot:
    case EOpAndAssign: case EOpInclusiveOrAssign: case EOpExclusiveOrAssign: case EOpLeftShiftAssign:
    case EOpRightShiftAssign: case EOpBitfieldExtract: case EOpBitfieldInsert: case EOpBitFieldReverse:
    case EOpBitCount: case EOpFindLSB: case EOpFindMSB: case EOpFloatBitsToInt: case EOpFloatBitsToUint:
    case EOpIntBitsToFloat: case EOpUintBitsToFloat:
      return true;
    default:
      return false;
  }
}

bool is_logical_op(TOperator op) {
  return op == EOpLogicalAnd || op == EOpLogicalOr || op == EOpLogicalXor || op == EOpLogicalNot || op == EOpAny ||
         op == EOpAll || op == EOpVectorLogicalNot;
}

bool is_comparison(TOperator op) {
  switch (op) {
    case EOpLessThan: case EOpGreaterThan: case EOpLessThanEqual: case EOpGreaterThanEqual: case EOpEqual:
    case EOpNotEqual: case EOpVectorEqual: case EOpVectorNotEqual:
      return true;
    default:
      return false;
  }
}

// Texture sampling as ps_3_0 had it (texld, texldp, texldl, texldd; texldb as a bias argument).
bool is_sampling(TOperator op) {
  return op == EOpTexture || op == EOpTextureProj || op == EOpTextureLod || op == EOpTextureProjLod ||
         op == EOpTextureGrad || op == EOpTextureProjGrad;
}

class Checker : public TIntermTraverser {
 public:
  Checker(const std::vector<std::string>& files, std::vector<Violation>& out) : files_(files), out_(out) {}

  TSourceLoc main_loc{};
  std::map<long long, TSourceLoc> first_use;  // symbol id -> first use in code

  void add(const TSourceLoc& loc, const std::string& rule, const std::string& message) {
    Violation v;
    v.file = loc.string >= 0 && static_cast<std::size_t>(loc.string) < files_.size() ? files_[loc.string]
                                                                                       : "<preamble>";
    v.line = loc.line;
    v.rule = rule;
    v.message = message;
    out_.push_back(std::move(v));
  }

  void visitSymbol(TIntermSymbol* node) override {
    first_use.try_emplace(node->getId(), node->getLoc());
    const auto storage = node->getQualifier().storage;
    const std::string name(node->getName().c_str());
    if (storage == EvqBuffer)
      add(node->getLoc(), "no-buffers", "accesses buffer block '" + name + "' (an SSBO; ps_3_0 has no buffer reads or writes)");
    else if (storage == EvqVaryingIn || storage == EvqFace || storage == EvqPointCoord)
      add(node->getLoc(), "inputs",
          "reads input '" + name + "' (inputs come only from texture samples, uniforms and gl_FragCoord)");
  }

  // Bit operations and boolean logic have no place in float-only code, whatever the types.
  bool reported_bit_or_logical(const glslang::TSourceLoc& loc, TOperator op) {
    if (is_bit_op(op)) add(loc, "float-only", "bit operation");
    else if (is_logical_op(op)) add(loc, "float-only", "logical operation on bool");
    else return false;
    return true;
  }

  bool visitBinary(TVisit, TIntermBinary* node) override {
    const TOperator op = node->getOp();
    if (op == EOpIndexDirect || op == EOpIndexDirectStruct || op == EOpVectorSwizzle) return true;
    if (op == EOpIndexIndirect) {
      add(node->getLoc(), "float-only", "indexing with a non-constant index (integer addressing)");
      return true;
    }
    if (reported_bit_or_logical(node->getLoc(), op)) return true;
    const TBasicType left = node->getLeft()->getBasicType(), right = node->getRight()->getBasicType();
    if (is_comparison(op) && !integer_or_bool(left) && !integer_or_bool(right)) {
      if (!drives_control_flow(node))
        add(node->getLoc(), "float-only", "comparison whose bool is used as a value (use step() in generator code)");
      return true;
    }
    for (TBasicType t : {left, right, node->getBasicType()})
      if (integer_or_bool(t)) {
        add(node->getLoc(), "float-only", std::string(type_word(t)) + " arithmetic (" + op_text(op) + ")");
        break;
      }
    return true;
  }

  bool visitUnary(TVisit, TIntermUnary* node) override {
    const TOperator op = node->getOp();
    if (check_texture(node, op)) return true;
    if (reported_bit_or_logical(node->getLoc(), op)) return true;
    for (TBasicType t : {node->getOperand()->getBasicType(), node->getBasicType()})
      if (integer_or_bool(t)) {
        add(node->getLoc(), "float-only",
            std::string(type_word(t)) + (node->getOperand()->getBasicType() != node->getBasicType()
                                             ? " conversion"
                                             : " arithmetic (" + op_text(op) + ")"));
        break;
      }
    return true;
  }

  bool visitAggregate(TVisit, TIntermAggregate* node) override {
    const TOperator op = node->getOp();
    switch (op) {
      case EOpLinkerObjects: return false;  // declarations, checked separately
      case EOpFunction:
        if (std::string(node->getName().c_str()) == "main(") main_loc = node->getLoc();
        return true;
      case EOpSequence: case EOpParameters: case EOpFunctionCall: case EOpComma: case EOpNull:
        return true;
      default: break;
    }
    if (check_texture(node, op)) return true;
    if (reported_bit_or_logical(node->getLoc(), op)) return true;
    std::vector<TBasicType> types{node->getBasicType()};
    for (auto* child : node->getSequence())
      if (auto* typed = child->getAsTyped()) types.push_back(typed->getBasicType());
    for (TBasicType t : types)
      if (integer_or_bool(t)) {
        add(node->getLoc(), "float-only", std::string(type_word(t)) + " operation (" + op_text(op) + ")");
        break;
      }
    return true;
  }

  bool visitSwitch(TVisit, TIntermSwitch* node) override {
    add(node->getCondition()->getLoc(), "float-only", "switch on an integer");
    return true;
  }

 private:
  // True for a texture or image operation, after checking it.
  bool check_texture(TIntermOperator* node, TOperator op) {
    const TSourceLoc& loc = node->getLoc();
    if (op == EOpImageStore || op == EOpImageStoreLod || (op >= EOpImageAtomicAdd && op <= EOpImageAtomicStore) ||
        (op >= EOpAtomicCounterIncrement && op <= EOpAtomicCounter)) {
      add(loc, "no-buffers", "image store or atomic (ps_3_0 writes only its colour outputs)");
      return true;
    }
    if (node->isImage()) {
      add(loc, "inputs", "image read (inputs come only from texture samples, uniforms and gl_FragCoord)");
      return true;
    }
    if (!node->isTexture()) return false;
    if (op == EOpTextureFetch || op == EOpTextureFetchOffset) {
      add(loc, "float-only", "texelFetch (integer texel coordinates; sample with texture() and float coordinates)");
      return true;
    }
    if (!is_sampling(op)) {
      add(loc, "inputs", std::string("texture operation '") + op_text(op) + "' is not a ps_3_0 texture sample");
      return true;
    }
    if (integer_or_bool(node->getBasicType()))
      add(loc, "float-only", "sampling an integer texture");
    if (auto* aggregate = node->getAsAggregate())
      for (auto* child : aggregate->getSequence())
        if (auto* typed = child->getAsTyped(); typed && integer_or_bool(typed->getBasicType()))
          add(loc, "float-only", "texture sample with an integer argument");
    return true;
  }

  bool drives_control_flow(TIntermNode* node) {
    TIntermNode* parent = getParentNode();
    if (!parent) return false;
    if (auto* selection = parent->getAsSelectionNode()) return selection->getCondition() == node;
    if (auto* loop = parent->getAsLoopNode()) return loop->getTest() == node;
    return false;
  }

  static std::string op_text(TOperator op) {
    switch (op) {
      case EOpAdd: case EOpAddAssign: return "+";
      case EOpSub: case EOpSubAssign: return "-";
      case EOpMul: case EOpMulAssign: case EOpVectorTimesScalar: case EOpVectorTimesScalarAssign: return "*";
      case EOpDiv: case EOpDivAssign: return "/";
      case EOpMod: case EOpModAssign: return "%";
      case EOpAssign: return "assignment";
      case EOpPostIncrement: case EOpPreIncrement: return "++";
      case EOpPostDecrement: case EOpPreDecrement: return "--";
      case EOpNegative: return "negation";
      case EOpLessThan: return "<";
      case EOpGreaterThan: return ">";
      case EOpLessThanEqual: return "<=";
      case EOpGreaterThanEqual: return ">=";
      case EOpEqual: return "==";
      case EOpNotEqual: return "!=";
      default: {
        // The rest by number; the location is what matters.
        return "op " + std::to_string(static_cast<int>(op));
      }
    }
  }

  const std::vector<std::string>& files_;
  std::vector<Violation>& out_;
};

}  // namespace

CheckReport check_ps30(const std::string& shader_name, const std::string& variant, const std::string& composed,
                       const std::vector<std::string>& files, const std::string& preamble) {
  CheckReport report;
  report.shader = shader_name;
  report.variant = variant;
  glslang::TShader shader(EShLangFragment);
  const char* text = composed.c_str();
  shader.setStrings(&text, 1);
  shader.setPreamble(preamble.c_str());
  shader.setEnvInput(glslang::EShSourceGlsl, EShLangFragment, glslang::EShClientNone, 0);
  if (!shader.parse(GetDefaultResources(), 330, false, EShMsgDefault)) {
    report.violations.push_back({files.empty() ? shader_name : files[0], 0, "compile", shader.getInfoLog()});
    return report;
  }
  std::vector<Violation> found;
  Checker checker(files, found);
  glslang::TIntermediate* intermediate = shader.getIntermediate();
  TIntermNode* root = intermediate->getTreeRoot();
  if (root) root->traverse(&checker);

  // Declarations: colour outputs and buffer blocks (the linker objects).
  if (auto* top = root ? root->getAsAggregate() : nullptr)
    for (auto* node : top->getSequence()) {
      auto* objects = node->getAsAggregate();
      if (!objects || objects->getOp() != glslang::EOpLinkerObjects) continue;
      for (auto* object : objects->getSequence()) {
        auto* symbol = object->getAsSymbolNode();
        if (!symbol) continue;
        const auto& type = symbol->getType();
        const auto& qualifier = type.getQualifier();
        const std::string name(symbol->getName().c_str());
        auto loc = checker.first_use.contains(symbol->getId()) ? checker.first_use.at(symbol->getId()) : checker.main_loc;
        if (qualifier.storage == glslang::EvqVaryingOut && !qualifier.builtIn) {
          const int size = type.isArray() ? std::max(1, type.getOuterArraySize()) : 1;
          const int first = qualifier.hasLocation() ? static_cast<int>(qualifier.layoutLocation) : report.outputs;
          report.outputs += size;
          if (report.outputs > kPs30ColourOutputs && report.outputs - size < kPs30ColourOutputs + 1)
            checker.add(loc, "outputs",
                        "'" + name + "' makes " + std::to_string(report.outputs) + " colour outputs (ps_3_0 has 4: oC0..oC3)");
          else if (report.outputs > kPs30ColourOutputs)
            checker.add(loc, "outputs", "'" + name + "' is another colour output beyond 4");
          else if (first + size > kPs30ColourOutputs)
            checker.add(loc, "outputs", "'" + name + "' at location " + std::to_string(first) + " is beyond oC3");
          if (type.getVectorSize() > 4 || type.isMatrix() || type.getBasicType() == glslang::EbtStruct)
            checker.add(loc, "outputs", "'" + name + "' is not a vec4 colour output");
        }
        if (qualifier.storage == glslang::EvqBuffer && !checker.first_use.contains(symbol->getId()))
          checker.add(loc, "no-buffers", "declares buffer block '" + name + "' (an SSBO)");
      }
    }

  std::string error;
  report.instructions = instruction_count(composed, preamble, true, error);
  if (report.instructions < 0)
    checker.add(checker.main_loc, "compile", "cannot count instructions: " + error);
  else if (report.instructions > kPs30InstructionSlots)
    checker.add(checker.main_loc, "instructions",
                std::to_string(report.instructions) + " instructions per pass, over ps_3_0's " +
                    std::to_string(kPs30InstructionSlots) + " slots");

  // One entry per file, line, rule and message, in source order within a file.
  std::set<std::tuple<std::string, int, std::string, std::string>> seen;
  std::vector<Violation> unique;
  for (auto& v : found)
    if (seen.emplace(v.file, v.line, v.rule, v.message).second) unique.push_back(std::move(v));
  std::stable_sort(unique.begin(), unique.end(), [&](const Violation& a, const Violation& b) {
    const auto index = [&](const std::string& f) { return std::find(files.begin(), files.end(), f) - files.begin(); };
    return std::make_pair(index(a.file), a.line) < std::make_pair(index(b.file), b.line);
  });
  report.violations = std::move(unique);
  return report;
}

std::string format(const Violation& v) {
  return v.file + ":" + std::to_string(v.line) + ": ps30: " + v.rule + ": " + v.message;
}

std::optional<std::string> declared_profile(const std::string& source) {
  static const std::regex marker(R"(^[ \t]*//[ \t]*glrand:[ \t]*profile[ \t]+([A-Za-z0-9_]+))");
  std::istringstream lines(source);
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (std::regex_search(line, match, marker)) return match[1].str();
  }
  return std::nullopt;
}

namespace {

void append(const std::string& name, const std::function<std::string(const std::string&)>& load, Composition& out,
            std::set<std::string>& included, bool top_level) {
  if (!included.insert(name).second) return;
  const int file_number = static_cast<int>(out.files.size());
  out.files.push_back(name);
  static const std::regex include_line(R"re(^\s*#\s*include\s+"([^"]+)"\s*$)re");
  std::istringstream lines(load(name));
  std::string line;
  int number = 0;
  bool version_seen = !top_level;
  if (!top_level) out.text += "#line 1 " + std::to_string(file_number) + "\n";
  while (std::getline(lines, line)) {
    ++number;
    std::smatch match;
    if (std::regex_match(line, match, include_line)) {
      append(match[1].str(), load, out, included, false);
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

}  // namespace

Composition compose(const std::string& name, const std::function<std::string(const std::string&)>& load) {
  Composition result;
  std::set<std::string> included;
  append(name, load, result, included, true);
  return result;
}

}  // namespace glrand::shaders
