// SPDX-License-Identifier: MIT
#include "spirv_rewrite.hpp"

#include <glslang/SPIRV/GLSL.std.450.h>
#include <glslang/SPIRV/spirv.hpp>

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

namespace glrand::hostile {

// The hash of Division::random, computed by the shader as Rewriter::perturb() emits it: a few multiply-xorshift
// rounds, enough to spread the shifts over neighbouring inputs; k = (h >> 16) mod 5 - 2.
namespace hash {
constexpr std::uint32_t kQuotient = 0x9E3779B1u, kDividend = 0x85EBCA77u, kDivisor = 0xC2B2AE3Du, kFinal = 0x2C1B3C6Du;
constexpr std::uint32_t kXorShift = 15, kTop = 16;
}  // namespace hash

int quotient_shift(std::uint32_t quotient, std::uint32_t a, std::uint32_t b) {
  std::uint32_t h = (quotient * hash::kQuotient) ^ (a * hash::kDividend) ^ (b * hash::kDivisor);
  h ^= h >> hash::kXorShift;
  h *= hash::kFinal;
  return static_cast<int>((h >> hash::kTop) % 5u) - 2;
}

float shift_quotient(float quotient, int k) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(quotient);
  const std::uint32_t magnitude = bits & 0x7FFFFFFFu, sign = bits & 0x80000000u;
  if (magnitude == 0 || magnitude >= 0x7F800000u) return quotient;
  std::int64_t moved = static_cast<std::int64_t>(magnitude) + (sign ? -k : k);
  moved = std::clamp<std::int64_t>(moved, 1, 0x7F7FFFFF);
  return std::bit_cast<float>(static_cast<std::uint32_t>(moved) | sign);
}

namespace {

struct Instruction {
  spv::Op opcode;
  std::vector<std::uint32_t> operands;  // the words after the first
  std::uint32_t type() const { return operands.at(0); }
  std::uint32_t result() const { return operands.at(1); }
};

class Module {
 public:
  explicit Module(const std::vector<std::uint32_t>& words) {
    if (words.size() < 5 || words[0] != spv::MagicNumber) throw std::runtime_error("not a SPIR-V module");
    header_.assign(words.begin(), words.begin() + 5);
    for (std::size_t i = 5; i < words.size();) {
      const std::uint32_t count = words[i] >> 16;
      if (count == 0 || i + count > words.size()) throw std::runtime_error("truncated SPIR-V instruction");
      Instruction in{static_cast<spv::Op>(words[i] & 0xFFFF), {words.begin() + i + 1, words.begin() + i + count}};
      (in.opcode == spv::OpFunction || !functions_.empty() ? functions_ : globals_).push_back(std::move(in));
      i += count;
    }
  }

  std::vector<std::uint32_t> words() const {
    // New names go after the debug section, new decorations after the annotations.
    std::size_t debug_end = 0, annotations_end = 0;
    for (std::size_t i = 0; i < globals_.size(); ++i) {
      if (section(globals_[i].opcode) == 1) debug_end = i + 1;
      if (section(globals_[i].opcode) >= 0) annotations_end = i + 1;
    }
    std::vector<Instruction> globals(globals_.begin(), globals_.begin() + static_cast<std::ptrdiff_t>(debug_end));
    globals.insert(globals.end(), names_.begin(), names_.end());
    globals.insert(globals.end(), globals_.begin() + static_cast<std::ptrdiff_t>(debug_end),
                   globals_.begin() + static_cast<std::ptrdiff_t>(annotations_end));
    globals.insert(globals.end(), decorations_.begin(), decorations_.end());
    globals.insert(globals.end(), globals_.begin() + static_cast<std::ptrdiff_t>(annotations_end), globals_.end());
    std::vector<std::uint32_t> out = header_;
    for (const auto& in : globals) write(in, out);
    for (const auto& in : functions_) write(in, out);
    return out;
  }

  std::uint32_t fresh() { return header_[3]++; }
  std::vector<Instruction>& functions() { return functions_; }
  const std::vector<Instruction>& globals() const { return globals_; }

  // A type declaration `opcode operands...`, found or added (SPIR-V forbids duplicates).
  std::uint32_t type(spv::Op opcode, std::vector<std::uint32_t> operands) {
    for (const auto& in : globals_)
      if (in.opcode == opcode && std::equal(in.operands.begin() + 1, in.operands.end(), operands.begin(), operands.end()))
        return in.operands[0];
    const std::uint32_t id = fresh();
    operands.insert(operands.begin(), id);
    globals_.push_back({opcode, std::move(operands)});
    return id;
  }
  // A constant of `type` (scalar: one word; composite: constituent ids), found or added.
  std::uint32_t constant(spv::Op opcode, std::uint32_t type, std::vector<std::uint32_t> values) {
    for (const auto& in : globals_)
      if (in.opcode == opcode && in.operands[0] == type &&
          std::equal(in.operands.begin() + 2, in.operands.end(), values.begin(), values.end()))
        return in.operands[1];
    const std::uint32_t id = fresh();
    values.insert(values.begin(), {type, id});
    globals_.push_back({opcode, std::move(values)});
    return id;
  }

  std::uint32_t glsl_std450() {
    for (const auto& in : globals_)
      if (in.opcode == spv::OpExtInstImport && literal(in, 1) == "GLSL.std.450") return in.operands[0];
    throw std::runtime_error("the module does not import GLSL.std.450");
  }

  // Lanes of a 32-bit float scalar or vector type (1 for a scalar), or 0 for other types.
  int float_lanes(std::uint32_t type_id) const {
    const Instruction* t = declaration(type_id);
    if (!t) return 0;
    if (t->opcode == spv::OpTypeFloat) return t->operands[1] == 32 ? 1 : 0;
    if (t->opcode == spv::OpTypeVector && float_lanes(t->operands[1]) == 1) return static_cast<int>(t->operands[2]);
    return 0;
  }

  // Decorations are collected and placed with the other annotations when the words are written.
  void decorate(std::uint32_t id, spv::Decoration decoration) {
    decorations_.push_back({spv::OpDecorate, {id, static_cast<std::uint32_t>(decoration)}});
  }

  void name(std::uint32_t id, const std::string& text) {
    std::vector<std::uint32_t> operands{id};
    for (std::size_t i = 0; i <= text.size(); i += 4) {
      std::uint32_t word = 0;
      for (std::size_t k = 0; k < 4 && i + k < text.size(); ++k) word |= std::uint32_t(std::uint8_t(text[i + k])) << (8 * k);
      operands.push_back(word);
    }
    names_.push_back({spv::OpName, std::move(operands)});
  }

  void require_capability(spv::Capability capability) {
    for (const auto& in : globals_)
      if (in.opcode == spv::OpCapability && in.operands[0] == capability) return;
    globals_.insert(globals_.begin(), {spv::OpCapability, {static_cast<std::uint32_t>(capability)}});
  }

  std::set<std::uint32_t> no_contraction() const {
    std::set<std::uint32_t> ids;
    for (const auto& in : globals_)
      if (in.opcode == spv::OpDecorate && in.operands[1] == spv::DecorationNoContraction) ids.insert(in.operands[0]);
    return ids;
  }

 private:
  const Instruction* declaration(std::uint32_t id) const {
    for (const auto& in : globals_)
      if (!in.operands.empty() && in.operands[0] == id &&
          (in.opcode == spv::OpTypeFloat || in.opcode == spv::OpTypeVector || in.opcode == spv::OpTypeInt))
        return &in;
    return nullptr;
  }
  static std::string literal(const Instruction& in, std::size_t from) {
    std::string text;
    for (std::size_t i = from; i < in.operands.size(); ++i)
      for (int byte = 0; byte < 4; ++byte) {
        const char c = static_cast<char>(in.operands[i] >> (8 * byte) & 0xFF);
        if (c == '\0') return text;
        text += c;
      }
    return text;
  }

  static void write(const Instruction& in, std::vector<std::uint32_t>& out) {
    out.push_back(static_cast<std::uint32_t>(in.operands.size() + 1) << 16 | in.opcode);
    out.insert(out.end(), in.operands.begin(), in.operands.end());
  }

  // The layout section of a global instruction: 0 up to the execution modes, 1 debug,
  // 2 annotations, -1 types, constants and variables.
  static int section(spv::Op op) {
    switch (op) {
      case spv::OpCapability: case spv::OpExtension: case spv::OpExtInstImport: case spv::OpMemoryModel:
      case spv::OpEntryPoint: case spv::OpExecutionMode:
        return 0;
      case spv::OpString: case spv::OpSource: case spv::OpSourceExtension: case spv::OpSourceContinued:
      case spv::OpName: case spv::OpMemberName: case spv::OpModuleProcessed:
        return 1;
      case spv::OpDecorate: case spv::OpMemberDecorate: case spv::OpDecorationGroup: case spv::OpGroupDecorate:
      case spv::OpGroupMemberDecorate:
        return 2;
      default:
        return -1;
    }
  }

  std::vector<std::uint32_t> header_;
  std::vector<Instruction> globals_, functions_, names_, decorations_;
};

// Per-lane types and constants for one float type of `lanes` lanes.
class LaneTypes {
 public:
  LaneTypes(Module& module, int lanes) : module_(module), lanes_(lanes) {
    uint_ = vector_of(module.type(spv::OpTypeInt, {32, 0}));
    int_ = vector_of(module.type(spv::OpTypeInt, {32, 1}));
    bool_ = vector_of(module.type(spv::OpTypeBool, {}));
  }
  std::uint32_t uint_type() const { return uint_; }
  std::uint32_t int_type() const { return int_; }
  std::uint32_t bool_type() const { return bool_; }
  std::uint32_t uint_constant(std::uint32_t value) { return splat(module_.type(spv::OpTypeInt, {32, 0}), uint_, value); }
  std::uint32_t int_constant(std::int32_t value) {
    return splat(module_.type(spv::OpTypeInt, {32, 1}), int_, static_cast<std::uint32_t>(value));
  }

 private:
  std::uint32_t vector_of(std::uint32_t scalar) {
    return lanes_ == 1 ? scalar : module_.type(spv::OpTypeVector, {scalar, static_cast<std::uint32_t>(lanes_)});
  }
  std::uint32_t splat(std::uint32_t scalar_type, std::uint32_t type, std::uint32_t value) {
    const std::uint32_t scalar = module_.constant(spv::OpConstant, scalar_type, {value});
    if (lanes_ == 1) return scalar;
    return module_.constant(spv::OpConstantComposite, type, std::vector<std::uint32_t>(lanes_, scalar));
  }
  Module& module_;
  int lanes_;
  std::uint32_t uint_, int_, bool_;
};

class Rewriter {
 public:
  Rewriter(Module& module, Division division, Fusion fusion)
      : module_(module), division_(division), fusion_(fusion), glsl_(module.glsl_std450()),
        precise_(module.no_contraction()) {}

  RewriteCounts run() {
    // Products by result id, from the original instructions (ids are unique module-wide).
    for (const auto& in : module_.functions())
      if (in.opcode == spv::OpFMul || in.opcode == spv::OpVectorTimesScalar || in.opcode == spv::OpCompositeExtract ||
          in.opcode == spv::OpVectorShuffle)
        definitions_[in.result()] = in;
    std::vector<Instruction> out;
    for (auto& in : module_.functions()) {
      code_ = &out;
      if (in.opcode == spv::OpFDiv && division_ != Division::none && module_.float_lanes(in.type())) {
        perturb(in);
        ++counts_.divisions;
      } else if ((in.opcode == spv::OpFAdd || in.opcode == spv::OpFSub) && fusion_ != Fusion::none &&
                 module_.float_lanes(in.type()) && fuse(in)) {
        ++counts_.fused;
      } else {
        out.push_back(in);
      }
    }
    out.insert(out.end(), helpers_.begin(), helpers_.end());
    module_.functions() = std::move(out);
    return counts_;
  }

 private:
  std::uint32_t emit(spv::Op opcode, std::uint32_t type, std::vector<std::uint32_t> operands) {
    const std::uint32_t id = module_.fresh();
    emit_as(id, opcode, type, std::move(operands));
    return id;
  }
  void emit_as(std::uint32_t id, spv::Op opcode, std::uint32_t type, std::vector<std::uint32_t> operands) {
    operands.insert(operands.begin(), {type, id});
    code_->push_back({opcode, std::move(operands)});
  }
  std::uint32_t ext(std::uint32_t type, GLSLstd450 op, std::vector<std::uint32_t> operands) {
    operands.insert(operands.begin(), {glsl_, static_cast<std::uint32_t>(op)});
    return emit(spv::OpExtInst, type, std::move(operands));
  }

  // r = a / b becomes r0 = a / b, then r = r0 moved by k units in the last place (toward
  // +infinity for k > 0) through its bit pattern, lane by lane; the result keeps r's id.
  void perturb(const Instruction& division) {
    const std::uint32_t float_type = division.type(), result = division.result();
    const std::uint32_t a = division.operands[2], b = division.operands[3];
    LaneTypes t(module_, module_.float_lanes(float_type));
    const std::uint32_t quotient = emit(spv::OpFDiv, float_type, {a, b});
    const std::uint32_t bits = emit(spv::OpBitcast, t.uint_type(), {quotient});
    const std::uint32_t magnitude = emit(spv::OpBitwiseAnd, t.uint_type(), {bits, t.uint_constant(0x7FFFFFFFu)});
    const std::uint32_t sign = emit(spv::OpBitwiseAnd, t.uint_type(), {bits, t.uint_constant(0x80000000u)});
    std::uint32_t k = 0;
    if (division_ == Division::random) {
      const auto u = t.uint_type();
      const std::uint32_t a_bits = emit(spv::OpBitcast, u, {a}), b_bits = emit(spv::OpBitcast, u, {b});
      std::uint32_t h = emit(spv::OpIMul, u, {bits, t.uint_constant(hash::kQuotient)});
      h = emit(spv::OpBitwiseXor, u, {h, emit(spv::OpIMul, u, {a_bits, t.uint_constant(hash::kDividend)})});
      h = emit(spv::OpBitwiseXor, u, {h, emit(spv::OpIMul, u, {b_bits, t.uint_constant(hash::kDivisor)})});
      h = emit(spv::OpBitwiseXor, u, {h, emit(spv::OpShiftRightLogical, u, {h, t.uint_constant(hash::kXorShift)})});
      h = emit(spv::OpIMul, u, {h, t.uint_constant(hash::kFinal)});
      const std::uint32_t lane = emit(spv::OpUMod, u, {emit(spv::OpShiftRightLogical, u, {h, t.uint_constant(hash::kTop)}),
                                                      t.uint_constant(5)});
      k = emit(spv::OpISub, t.int_type(), {emit(spv::OpBitcast, t.int_type(), {lane}), t.int_constant(2)});
    } else {
      k = t.int_constant(division_ == Division::plus2 ? 2 : -2);
    }
    const std::uint32_t negative = emit(spv::OpINotEqual, t.bool_type(), {sign, t.uint_constant(0)});
    const std::uint32_t step =
        emit(spv::OpSelect, t.int_type(), {negative, emit(spv::OpSNegate, t.int_type(), {k}), k});
    const std::uint32_t moved =
        emit(spv::OpIAdd, t.int_type(), {emit(spv::OpBitcast, t.int_type(), {magnitude}), step});
    const std::uint32_t clamped =
        ext(t.int_type(), GLSLstd450SClamp, {moved, t.int_constant(1), t.int_constant(0x7F7FFFFF)});
    const std::uint32_t shifted = emit(
        spv::OpBitcast, float_type,
        {emit(spv::OpBitwiseOr, t.uint_type(), {emit(spv::OpBitcast, t.uint_type(), {clamped}), sign})});
    const std::uint32_t keep = emit(spv::OpLogicalOr, t.bool_type(),
                                    {emit(spv::OpIEqual, t.bool_type(), {magnitude, t.uint_constant(0)}),
                                     emit(spv::OpUGreaterThanEqual, t.bool_type(), {magnitude, t.uint_constant(0x7F800000u)})});
    emit_as(result, spv::OpSelect, float_type, {keep, quotient, shifted});
  }

  // The factors (x, y) of a product that `id` names, of the type `type` of the addition:
  // a multiply, or a lane (or swizzle) of one, as a compiler sees it after scalarising.
  bool factors(std::uint32_t id, std::uint32_t type, std::uint32_t& x, std::uint32_t& y) {
    const auto found = definitions_.find(id);
    if (found == definitions_.end() || precise_.count(id)) return false;
    const Instruction& in = found->second;
    if (in.opcode == spv::OpFMul) {
      x = in.operands[2];
      y = in.operands[3];
      return true;
    }
    if (in.opcode == spv::OpVectorTimesScalar) {
      x = in.operands[2];
      y = splat(in.operands[3], type);
      return true;
    }
    // A lane or swizzle of a vector product: the same lanes of its factors.
    std::uint32_t source = 0;
    if (in.opcode == spv::OpCompositeExtract && in.operands.size() == 4) source = in.operands[2];
    if (in.opcode == spv::OpVectorShuffle && in.operands[2] == in.operands[3]) source = in.operands[2];
    const auto product = definitions_.find(source);
    if (!source || product == definitions_.end() || precise_.count(source) ||
        (product->second.opcode != spv::OpFMul && product->second.opcode != spv::OpVectorTimesScalar))
      return false;
    const Instruction& p = product->second;
    const auto select = [&](std::uint32_t vector) {
      if (in.opcode == spv::OpCompositeExtract) return emit(spv::OpCompositeExtract, type, {vector, in.operands[3]});
      std::vector<std::uint32_t> operands{vector, vector};
      operands.insert(operands.end(), in.operands.begin() + 4, in.operands.end());
      return emit(spv::OpVectorShuffle, type, operands);
    };
    x = select(p.operands[2]);
    y = p.opcode == spv::OpFMul ? select(p.operands[3]) : splat(p.operands[3], type);
    return true;
  }

  std::uint32_t splat(std::uint32_t scalar, std::uint32_t type) {
    const int lanes = module_.float_lanes(type);
    if (lanes == 1) return scalar;
    return emit(spv::OpCompositeConstruct, type, std::vector<std::uint32_t>(lanes, scalar));
  }

  // x·y + c with one rounding, emulated exactly in double precision (vectors lane-wise):
  // the product of two floats is exact in double, and the double sum s = RN(p + c) rounds to
  // the same float as p + c except where s is exactly halfway between two floats while
  // p + c is not (no float midpoint is crossed: midpoints are doubles). TwoSum gives the
  // error e = p + c - s; at such a midpoint the float on e's side is taken. GLSL's fma()
  // would not do: llvmpipe lowers every ffma to a multiply and an add (lower_ffma32),
  // precise or not, which the probe test caught.
  //
  // One function per float type, called at each fused site: inlined, the emulation made the
  // larger generator variants megabytes of GLSL and minutes of driver compile time.
  std::uint32_t fused_function(std::uint32_t type) {
    if (const auto found = fused_functions_.find(type); found != fused_functions_.end()) return found->second;
    std::vector<Instruction>* caller = code_;
    code_ = &helpers_;
    const std::uint32_t function = module_.fresh(), x = module_.fresh(), y = module_.fresh(), c = module_.fresh();
    const std::uint32_t signature = module_.type(spv::OpTypeFunction, {type, type, type, type});
    code_->push_back({spv::OpFunction, {type, function, spv::FunctionControlMaskNone, signature}});
    for (const std::uint32_t parameter : {x, y, c}) code_->push_back({spv::OpFunctionParameter, {type, parameter}});
    code_->push_back({spv::OpLabel, {module_.fresh()}});
    code_->push_back({spv::OpReturnValue, {emit_fused(type, x, y, c)}});
    code_->push_back({spv::OpFunctionEnd, {}});
    code_ = caller;
    module_.name(function, "hostileFusedMultiplyAdd");
    return fused_functions_[type] = function;
  }

  std::uint32_t emit_fused(std::uint32_t type, std::uint32_t x, std::uint32_t y, std::uint32_t c) {
    module_.require_capability(spv::CapabilityFloat64);
    const std::uint32_t lanes = static_cast<std::uint32_t>(module_.float_lanes(type));
    const std::uint32_t double_scalar = module_.type(spv::OpTypeFloat, {64});
    const std::uint32_t d = lanes == 1 ? double_scalar : module_.type(spv::OpTypeVector, {double_scalar, lanes});
    const std::uint32_t bool_scalar = module_.type(spv::OpTypeBool, {});
    const std::uint32_t b = lanes == 1 ? bool_scalar : module_.type(spv::OpTypeVector, {bool_scalar, lanes});
    std::uint32_t zero = module_.constant(spv::OpConstant, double_scalar, {0, 0});
    if (lanes > 1) zero = module_.constant(spv::OpConstantComposite, d, std::vector<std::uint32_t>(lanes, zero));
    // Precise (NoContraction), so that a driver keeps every rounding: no (s - p) -> c.
    const auto exact = [&](spv::Op op, std::uint32_t l, std::uint32_t r) {
      const std::uint32_t v = emit(op, d, {l, r});
      module_.decorate(v, spv::DecorationNoContraction);
      return v;
    };
    const auto logical_and = [&](std::uint32_t l, std::uint32_t r) { return emit(spv::OpLogicalAnd, b, {l, r}); };
    const std::uint32_t dx = emit(spv::OpFConvert, d, {x}), dy = emit(spv::OpFConvert, d, {y});
    const std::uint32_t dc = emit(spv::OpFConvert, d, {c});
    const std::uint32_t p = exact(spv::OpFMul, dx, dy);
    const std::uint32_t s = exact(spv::OpFAdd, p, dc);
    const std::uint32_t bp = exact(spv::OpFSub, s, p);
    const std::uint32_t e =
        exact(spv::OpFAdd, exact(spv::OpFSub, p, exact(spv::OpFSub, s, bp)), exact(spv::OpFSub, dc, bp));
    const std::uint32_t r = emit(spv::OpFConvert, type, {s});
    const std::uint32_t dr = emit(spv::OpFConvert, d, {r});
    // n = 2s - r is the other float next to s exactly when s is a midpoint (and r finite).
    const std::uint32_t gap = exact(spv::OpFSub, s, dr);
    const std::uint32_t n = exact(spv::OpFAdd, s, gap);
    const std::uint32_t other = emit(spv::OpFConvert, type, {n});
    const std::uint32_t midpoint =
        logical_and(logical_and(emit(spv::OpFOrdNotEqual, b, {gap, zero}),
                                emit(spv::OpFOrdEqual, b, {emit(spv::OpFConvert, d, {other}), n})),
                    emit(spv::OpLogicalNot, b, {emit(spv::OpIsInf, b, {r})}));
    const std::uint32_t wrong_side = emit(spv::OpLogicalNotEqual, b, {emit(spv::OpFOrdGreaterThan, b, {dr, s}),
                                                                      emit(spv::OpFOrdGreaterThan, b, {e, zero})});
    const std::uint32_t fix =
        logical_and(logical_and(midpoint, emit(spv::OpFOrdNotEqual, b, {e, zero})), wrong_side);
    return emit(spv::OpSelect, type, {fix, other, r});
  }

  // s = x ± y with a product among x, y becomes one fused multiply-add of the same id.
  bool fuse(const Instruction& addition) {
    if (precise_.count(addition.result())) return false;
    const std::uint32_t type = addition.type(), lhs = addition.operands[2], rhs = addition.operands[3];
    const bool subtract = addition.opcode == spv::OpFSub;
    const bool left_first = fusion_ == Fusion::first;
    std::uint32_t x = 0, y = 0;
    for (const bool left : {left_first, !left_first}) {
      // Factor instructions (lanes, splats) are emitted only for the side that is fused.
      const std::size_t mark = code_->size();
      if (!factors(left ? lhs : rhs, type, x, y)) {
        code_->resize(mark);
        continue;
      }
      std::uint32_t addend = left ? rhs : lhs;
      if (subtract && left) addend = emit(spv::OpFNegate, type, {addend});            // x·y - c
      if (subtract && !left) x = emit(spv::OpFNegate, type, {x});                      // c - x·y
      emit_as(addition.result(), spv::OpFunctionCall, type, {fused_function(type), x, y, addend});
      return true;
    }
    return false;
  }

  Module& module_;
  Division division_;
  Fusion fusion_;
  std::uint32_t glsl_;
  std::set<std::uint32_t> precise_;
  std::map<std::uint32_t, Instruction> definitions_;
  std::vector<Instruction>* code_ = nullptr;
  std::vector<Instruction> helpers_;                        // functions added
  std::map<std::uint32_t, std::uint32_t> fused_functions_;  // by float type
  RewriteCounts counts_;
};

}  // namespace

RewriteCounts rewrite_arithmetic(std::vector<std::uint32_t>& words, Division division, Fusion fusion) {
  Module module(words);
  const RewriteCounts counts = Rewriter(module, division, fusion).run();
  words = module.words();
  return counts;
}

}  // namespace glrand::hostile
