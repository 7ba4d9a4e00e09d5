// SPDX-License-Identifier: MIT
#include "gl/word_packer.hpp"

#include <GL/glew.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "gl/check.hpp"
#include "gl/context_info.hpp"
#include "gl/overlapped_readback.hpp"
#include "gl/shader_library.hpp"
#include "gl/state_guard.hpp"

namespace glrand::gl {
namespace {

constexpr unsigned kWordsBinding = 3;
constexpr unsigned kFailureBinding = 4;
constexpr unsigned kPoissonBinding = 5;  // the Poisson's CDF table
constexpr unsigned kFloatsBinding = 1;  // the stream passes' output binding
constexpr std::uint64_t kGroupSize = 256;  // local_size_x of pack_words.comp
constexpr std::uint32_t kNone = 0xFFFFFFFFu;
constexpr int kMaxTargets = 4;

// The packer's program: readback/pack_words.comp, or with `pass_stream` the compute pass of
// that stream packing its own outputs (compute/STREAM.comp with PACK_IN_PASS).
Program build(const PackRule& rule, bool textures, int outputs_per_texel, PackFormat format, int distribution,
              bool estimate, std::string_view pass_stream = {}) {
  if (rule.floats() < 1 || rule.floats() > 16 || (rule.pairs && rule.floats() % 2 != 0))
    throw InvalidArgument("a pack rule needs 1 to 16 floats per output (an even number for pairs)");
  std::map<std::string, std::string> defines{{"FLOATS", std::to_string(rule.floats())},
                                             {"COMBINE", rule.pairs ? "1" : "0"}};
  if (format != PackFormat::words) {
    using enum UnitFormula::Kind;
    const UnitFormula::Kind kind = rule.values.kind;
    const bool one_word = (kind == mersenne31_quotient || kind == product) && rule.pairs && rule.words() == 1;
    const bool four_words = kind == wichmann_hill && !rule.pairs && rule.floats() == 4 && rule.values.values_per_output == 1;
    const bool ceicg_groups = kind == ceicg && !rule.pairs && rule.floats() == 12 && rule.values.values_per_output == 4;
    if (!one_word && !four_words && !ceicg_groups)
      throw InvalidArgument("this generator's floats are made on the host, not by the word packer");
    defines["VALUES"] = format == PackFormat::f32 ? "32" : "64";
    defines["VALUE_FORMULA"] = kind == mersenne31_quotient ? "1" : kind == product ? "2" : kind == wichmann_hill ? "3" : "4";
    defines["FLOAT_ESTIMATE"] = estimate ? "1" : "0";
  }
  if (distribution != 0) {
    const bool of_floats = distribution >= 1 && distribution <= 7 && format == PackFormat::f32;
    const bool poisson = distribution == WordPacker::kPoissonVariant && format != PackFormat::words;
    if (!of_floats && !poisson)
      throw InvalidArgument("the word packer makes distributions 1 to 7 of floats and the Poisson (8) of doubles, as "
                            "floats or doubles");
    defines["DISTRIBUTION"] = std::to_string(distribution);
  }
  if (pass_stream.empty()) {
    defines["SOURCE_TEXTURES"] = textures ? "1" : "0";
    defines["OUTPUTS_PER_TEXEL"] = std::to_string(outputs_per_texel);
    return Program::compute(embedded_shader("readback/pack_words.comp"), defines);
  }
  if (distribution != 0) throw InvalidArgument("a pass packs its own outputs' words and values, not a distribution's");
  defines["PACK_IN_PASS"] = "1";
  return Program::compute(embedded_shader("compute/" + std::string(pass_stream) + ".comp"), defines);
}

}  // namespace

bool WordPacker::available() { return GLEW_VERSION_4_3; }

bool WordPacker::resolved(FloatEstimate estimate) {
  return estimate == FloatEstimate::automatic ? !software_renderer() : estimate == FloatEstimate::on;
}

namespace {

// The context's GL_MAX_SHADER_STORAGE_BLOCK_SIZE.
std::uint64_t most_block_bytes() {
  GLint64 most = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &most);
  return static_cast<std::uint64_t>(std::max<GLint64>(most, 0));
}

// Whether `outputs` outputs' words in `format` fit a storage block of `most` bytes.
bool fits_block(const PackRule& rule, std::uint64_t outputs, PackFormat format, std::uint64_t most) {
  const int words = WordPacker::output_words(rule, format);
  const std::uint64_t bytes = outputs * static_cast<std::uint64_t>(words) * sizeof(std::uint32_t);
  return outputs <= kNone && bytes <= most;
}

}  // namespace

bool WordPacker::fits(const PackRule& rule, std::uint64_t outputs, PackFormat format) {
  return fits_block(rule, outputs, format, most_block_bytes());
}

WordPacker::WordPacker(const PackRule& rule, StorageSource, PackFormat format, int distribution, FloatEstimate estimate)
    : rule_(rule),
      format_(format),
      distribution_(distribution),
      textures_(false),
      in_pass_(false),
      estimate_(resolved(estimate)),
      route_(best_route()),
      program_(build(rule, false, 1, format, distribution, estimate_)),
      header_(kHeaderBytes) {
  look_up();
  // A distribution's values come from the floats and doubles of the same code (the Poisson and
  // q = 1 − d from the double), proven by packers of those alone.
  if (distribution_ != 0) {
    WordPacker(rule, StorageSource{}, PackFormat::f32, 0, estimate);
    WordPacker(rule, StorageSource{}, PackFormat::f64, 0, estimate);
  } else if (format_ != PackFormat::words)
    check_known_values();
}

WordPacker::WordPacker(const PackRule& rule, PassSource source, PackFormat format, FloatEstimate estimate)
    : rule_(rule),
      format_(format),
      distribution_(0),
      textures_(false),
      in_pass_(true),
      estimate_(resolved(estimate)),
      route_(best_route()),
      program_(build(rule, false, 1, format, 0, estimate_, source.stream)),
      header_(kHeaderBytes) {
  look_up();
  // The conversion is the storage source's code: its known answers prove it on this device.
  if (format_ != PackFormat::words) WordPacker(rule, StorageSource{}, format, 0, estimate);
}

WordPacker::WordPacker(const PackRule& rule, TextureSource source, PackFormat format, int distribution)
    : rule_(rule),
      format_(format),
      distribution_(distribution),
      textures_(true),
      in_pass_(false),
      estimate_(resolved(FloatEstimate::automatic)),
      route_(best_route()),
      program_(build(rule, true, source.outputs_per_texel, format, distribution, estimate_)),
      header_(kHeaderBytes) {
  if (source.outputs_per_texel * rule.floats() != 4)
    throw InvalidArgument("a texel holds 4 floats: " + std::to_string(source.outputs_per_texel) + " outputs of " +
                          std::to_string(rule.floats()) + " floats do not fill one");
  look_up();
  // The conversion is the storage source's code: its known answers prove it on this device.
  if (format_ != PackFormat::words) WordPacker(rule, StorageSource{}, format);
}

namespace {

// Known outputs' words for a value check, each word in [lowest, highest] (one-word rules) or
// below its float's bound: every word at its lowest; each edge value (the ends, powers of two
// and their neighbours) in each word with the others at their tops; for several words, each
// pair of words at 1 and at its top with the rest at 0 (sums whose fraction nears 0 or 1, where
// Wichmann–Hill's float is kept below 1); then random outputs.
std::vector<std::uint32_t> known_words(const PackRule& rule) {
  const int per_output = rule.words();
  const auto top = [&](int k) -> std::uint64_t {
    return rule.pairs ? rule.highest : static_cast<std::uint64_t>(rule.bounds[static_cast<std::size_t>(k)]) - 1;
  };
  const std::uint64_t bottom = rule.pairs ? rule.lowest : 0;
  std::vector<std::uint64_t> edges{0, 1, 2, 0x55555555u, 0x2AAAAAAAu, 0x7FFFFFFFu, 0xFFFFFFFEu, 0xFFFFFFFFu};
  for (int k = 0; k < 32; ++k)
    for (const std::uint64_t w : {(std::uint64_t{1} << k) - 1, std::uint64_t{1} << k, (std::uint64_t{1} << k) + 1})
      edges.push_back(w);
  for (int k = 0; k < per_output; ++k) {
    edges.push_back(top(k));
    edges.push_back(top(k) - 1);
  }
  std::vector<std::uint32_t> words(static_cast<std::size_t>(per_output), static_cast<std::uint32_t>(bottom));
  for (const auto e : edges)
    for (int at = 0; at < per_output; ++at)
      for (int k = 0; k < per_output; ++k) {
        const bool in_range = e >= bottom && e <= top(k);
        words.push_back(static_cast<std::uint32_t>(k == at && in_range ? e : top(k)));
      }
  if (!rule.pairs)
    for (int one = 0; one < per_output; ++one)
      for (int high = 0; high < per_output; ++high)
        for (int k = 0; k < per_output; ++k)
          words.push_back(static_cast<std::uint32_t>(k == high ? top(k) : k == one ? 1 : 0));
  std::uint64_t x = 0x9E3779B97F4A7C15u;
  for (int i = 0; i < 4096 * per_output; ++i) {
    x = x * 6364136223846793005u + 1442695040888963407u;  // Knuth's MMIX linear congruential step
    const int k = i % per_output;
    words.push_back(static_cast<std::uint32_t>(bottom + (x >> 32) % (top(k) - bottom + 1)));
  }
  return words;
}

}  // namespace

std::vector<float> stream_floats(const PackRule& rule, std::span<const std::uint32_t> words) {
  std::vector<float> floats;
  floats.reserve(words.size() * (rule.pairs ? 2 : 1));
  const std::uint32_t low = (1u << rule.shift) - 1;
  for (const auto w : words) {
    if (rule.pairs) {
      floats.push_back(static_cast<float>(w & low));
      floats.push_back(static_cast<float>(w >> rule.shift));
    } else {
      floats.push_back(static_cast<float>(w));
    }
  }
  return floats;
}

void WordPacker::check_known_values() {
  const UnitFormula& f = rule_.values;
  if (!f.host_f32 || !f.host_f64) throw InvalidArgument("a value format needs the host's formulas to check against");
  const std::vector<std::uint32_t> words = known_words(rule_);
  const std::size_t per_output = static_cast<std::size_t>(rule_.words());
  const std::size_t outputs = words.size() / per_output;
  const std::vector<float> floats = stream_floats(rule_, words);
  const StateGuard guard;
  StorageBuffer source(floats.size() * sizeof(float));
  source.upload(floats);
  pack_stream(source, outputs, nullptr);
  std::vector<std::uint32_t> got(outputs * static_cast<std::size_t>(output_words()));
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, words_->id());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(got.size() * sizeof(std::uint32_t)), got.data());
  std::uint32_t bad = kNone;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, header_.id());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof bad, &bad);
  check_errors("checking the GPU's floats on known words");
  const auto named = [&](std::size_t i) {
    std::string name = std::to_string(words[i * per_output]);
    for (std::size_t k = 1; k < per_output; ++k) name += " " + std::to_string(words[i * per_output + k]);
    return name;
  };
  if (bad != kNone)
    throw DeviceError("the GPU refused the known word " + named(bad < outputs ? bad : 0) +
                      " as not an exact integer in range: its arithmetic is not exact enough for glrand");
  // Value v of the outputs' values is made of words v·(per_output / values) on.
  const std::size_t values = static_cast<std::size_t>(f.values_per_output), per_value = per_output / values;
  for (std::size_t v = 0; v < outputs * values; ++v) {
    const std::uint32_t* w = &words[v * per_value];
    const bool same = format_ == PackFormat::f32
                          ? got[v] == std::bit_cast<std::uint32_t>(f.host_f32(w))
                          : (got[2 * v] | (std::uint64_t{got[2 * v + 1]} << 32)) == std::bit_cast<std::uint64_t>(f.host_f64(w));
    if (!same)
      throw DeviceError("the GPU's " + std::string(format_ == PackFormat::f32 ? "float" : "double") + " of the word" +
                        (per_output > 1 ? "s " : " ") + named(v / values) + " differs from the host formula's: its "
                        "arithmetic is not exact enough for glrand");
  }
}

void WordPacker::look_up() {
  const auto at = [&](const char* name) { return glGetUniformLocation(program_.id(), name); };
  at_ = {at("uBound"), at("uLowest"), at("uHighest"), at("uShift"), at("uOutputs"), at("uRecord"),
         at("uWidth"), at("uSubstreams"), at("uOutputsPerPixel"),
         {at("uTargets[0]"), at("uTargets[1]"), at("uTargets[2]"), at("uTargets[3]")}};
  GLint most_x = 0;
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &most_x);
  most_groups_x_ = static_cast<std::uint64_t>(std::max(most_x, 1));
  most_block_bytes_ = most_block_bytes();
  // The rule's uniforms once, without binding the program (the caller's stays current).
  const GLuint id = program_.id();
  std::array<float, 16> bounds{};
  std::copy(rule_.bounds.begin(), rule_.bounds.end(), bounds.begin());
  glProgramUniform1fv(id, at_.bound, rule_.floats(), bounds.data());
  glProgramUniform1ui(id, at_.lowest, rule_.lowest);
  glProgramUniform1ui(id, at_.highest, rule_.highest);
  glProgramUniform1ui(id, at_.shift, rule_.shift);
  for (int t = 0; t < kMaxTargets; ++t) glProgramUniform1i(id, at_.targets[t], t);
  if (format_ != PackFormat::words) {
    // The norm's 53-bit significand and exponent (a normal double).
    const auto bits = std::bit_cast<std::uint64_t>(rule_.values.norm);
    const std::uint64_t significand = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
    glProgramUniform2ui(id, glGetUniformLocation(id, "uNormSignificand"), static_cast<GLuint>(significand),
                        static_cast<GLuint>(significand >> 32));
    glProgramUniform1i(id, glGetUniformLocation(id, "uNormExponent"), static_cast<GLint>((bits >> 52) & 0x7FF) - 1023);
    glProgramUniform1i(id, glGetUniformLocation(id, "uFloatNearest"), rule_.values.float_nearest ? 1 : 0);
    if (rule_.values.kind == UnitFormula::Kind::wichmann_hill) {
      std::array<GLuint, 8> reciprocals{};  // IEEE bits, low word first
      for (int k = 0; k < 4; ++k) {
        const auto r = std::bit_cast<std::uint64_t>(rule_.values.reciprocals[static_cast<std::size_t>(k)]);
        reciprocals[2 * k] = static_cast<GLuint>(r);
        reciprocals[2 * k + 1] = static_cast<GLuint>(r >> 32);
      }
      glProgramUniform2uiv(id, glGetUniformLocation(id, "uReciprocal"), 4, reciprocals.data());
    }
    if (rule_.values.kind == UnitFormula::Kind::ceicg) {
      glProgramUniform1uiv(id, glGetUniformLocation(id, "uCeicgModulus"), 3, rule_.values.moduli.data());
      // The plain floats' estimate (quickFloat): 1/m_k, each rounded once here.
      std::array<GLuint, 6> reciprocals{};
      for (int k = 0; k < 3; ++k) {
        const auto r = std::bit_cast<std::uint64_t>(1.0 / static_cast<double>(rule_.values.moduli[static_cast<std::size_t>(k)]));
        reciprocals[2 * k] = static_cast<GLuint>(r);
        reciprocals[2 * k + 1] = static_cast<GLuint>(r >> 32);
      }
      const GLint at = glGetUniformLocation(id, "uCeicgReciprocal");
      if (estimate_ && format_ == PackFormat::f32 && distribution_ == 0 && at < 0)
        throw DeviceError("the word packer has no uniform uCeicgReciprocal");
      if (at >= 0) glProgramUniform2uiv(id, at, 3, reciprocals.data());
    }
  }
  check_errors("setting up the word packer");
}

void WordPacker::set_distribution(const std::array<float, 4>& parameters, const std::array<float, 2>& bounds,
                                  std::shared_ptr<const distributions::PoissonTable> poisson) {
  if (distribution_ == 0) throw InvalidArgument("this word packer makes no distribution's values");
  const GLuint id = program_.id();
  // A uniform the variant uses must be there: a misspelt name would leave it at zero silently.
  const auto location = [&](const char* name, bool needed) {
    const GLint at = glGetUniformLocation(id, name);
    if (at < 0 && needed) throw DeviceError(std::string("the word packer has no uniform ") + name);
    return at;
  };
  if (distribution_ != kPoissonVariant) {
    glProgramUniform4fv(id, location("uParameters", distribution_ != 2), 1, parameters.data());
    glProgramUniform2fv(id, location("uBounds", distribution_ == 1), 1, bounds.data());
  } else {
    if (!poisson || poisson->cdf.empty()) throw InvalidArgument("the word packer's Poisson values need the mean's table");
    if (poisson != poisson_) {  // a new mean: its table into the packer's buffer
      const StateGuard guard;
      poisson_cdf_.emplace(poisson->cdf.size() * sizeof(double));
      poisson_cdf_->upload(std::as_bytes(std::span<const double>(poisson->cdf)));
      poisson_ = std::move(poisson);
    }
    glProgramUniform1ui(id, location("uPoissonSize", true), static_cast<GLuint>(poisson_->cdf.size()));
    glProgramUniform1d(id, location("uPoissonK0", true), poisson_->k0);
    glProgramUniform1d(id, location("uPoissonFloor", true), poisson_->floor);
  }
  check_errors("setting a distribution's parameters");
}

WordPacker::Route WordPacker::best_route() {
  return OverlappedReadback::binds_storage_at(kHeaderBytes) ? Route::direct : Route::staged;
}

void WordPacker::set_route(Route route) {
  if (route == Route::direct && best_route() != Route::direct)
    throw InvalidArgument("this context cannot bind a readback buffer's words as shader storage");
  route_ = route;
}

void WordPacker::bind_words(std::uint64_t outputs, const PassReadback* into) {
  if (!fits_block(rule_, outputs, format_, most_block_bytes_))
    throw InvalidArgument("a pass of " + std::to_string(outputs) +
                          " outputs is more words than one shader storage block holds on this device");
  const std::size_t bytes = std::max<std::size_t>(readback_bytes(outputs) - kHeaderBytes, 4);
  if (into && route_ == Route::direct) {
    into->bind_storage(kWordsBinding, kHeaderBytes, bytes);
    return;
  }
  if (!words_ || words_->bytes() < bytes) words_.emplace(bytes);
  words_->bind_base(kWordsBinding);
}

void WordPacker::begin_pack(std::uint64_t outputs) {
  if (outputs > kNone) throw InvalidArgument("a pass of more than 2^32 - 1 outputs cannot be packed");
  header_.bind_base(kFailureBinding);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, header_.id());
  const std::uint32_t none = kNone;
  glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, 0, sizeof none, GL_RED_INTEGER, GL_UNSIGNED_INT, &none);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  program_.use();
  glUniform1ui(at_.outputs, static_cast<GLuint>(outputs));
}

void WordPacker::dispatch(std::uint64_t invocations, std::uint64_t outputs) {
  if (distribution_ == kPoissonVariant) {
    if (!poisson_cdf_) throw InvalidArgument("the word packer's Poisson values need set_distribution() first");
    poisson_cdf_->bind_base(kPoissonBinding);
  }
  begin_pack(outputs);
  glUniform1i(at_.record, 0);
  const std::uint64_t groups = std::max<std::uint64_t>(1, (invocations + kGroupSize - 1) / kGroupSize);
  const std::uint64_t x = std::min(groups, most_groups_x_);
  glDispatchCompute(static_cast<GLuint>(x), static_cast<GLuint>((groups + x - 1) / x), 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  // The first wrong output's floats, while the pass's outputs are still there.
  glUniform1i(at_.record, 1);
  glDispatchCompute(1, 1, 1);
  // Copies and mapped reads (direct words land in a persistently mapped buffer) see the writes.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT | GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT);
  check_errors("packing a pass's words");
}

void WordPacker::pack_in_pass(std::uint64_t outputs, const PassReadback& into,
                              const std::function<void(const Program&)>& run) {
  if (!in_pass_) throw InvalidArgument("this packer packs a pass's outputs after it, not in it");
  bind_words(outputs, &into);
  begin_pack(outputs);
  run(program_);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT | GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT);
  check_errors("running a pass that packs its outputs");
  queue_readback(into, outputs);
}

void WordPacker::pack_stream(const StorageBuffer& floats, std::uint64_t outputs, const PassReadback* into) {
  if (textures_ || in_pass_) throw InvalidArgument("this packer does not read a pass's storage buffer");
  bind_words(outputs, into);
  floats.bind_base(kFloatsBinding);
  dispatch(outputs, outputs);
}

void WordPacker::pack(const StorageBuffer& floats, std::uint64_t outputs, const PassReadback& into) {
  pack_stream(floats, outputs, &into);
  queue_readback(into, outputs);
}

void WordPacker::pack(std::span<const unsigned> targets, std::uint32_t width, std::uint64_t substreams,
                      std::uint32_t outputs_per_pixel, std::uint64_t outputs, const PassReadback& into) {
  if (!textures_) throw InvalidArgument("this packer does not read output targets");
  if (targets.empty() || targets.size() > kMaxTargets) throw InvalidArgument("a pass has 1 to 4 output targets");
  bind_words(outputs, &into);
  program_.use();
  for (int t = 0; t < kMaxTargets; ++t) {
    glActiveTexture(GL_TEXTURE0 + t);
    glBindTexture(GL_TEXTURE_2D, targets[std::min<std::size_t>(t, targets.size() - 1)]);
  }
  glUniform1i(at_.width, static_cast<GLint>(width));
  glUniform1ui(at_.substreams, static_cast<GLuint>(substreams));
  glUniform1i(at_.outputs_per_pixel, static_cast<GLint>(outputs_per_pixel));
  dispatch(substreams, outputs);
  // The targets are the next pass's render targets: no unit keeps them.
  for (int t = kMaxTargets - 1; t >= 0; --t) {
    glActiveTexture(GL_TEXTURE0 + t);
    glBindTexture(GL_TEXTURE_2D, 0);
  }
  queue_readback(into, outputs);
}

void WordPacker::queue_readback(const PassReadback& into, std::uint64_t outputs) const {
  into.copy_from(header_, kHeaderBytes, 0);
  if (route_ == Route::staged) into.copy_from(*words_, readback_bytes(outputs) - kHeaderBytes, kHeaderBytes);
}

std::span<const std::uint32_t> WordPacker::words(std::span<const float> mapped, std::uint64_t count) {
  const auto* first = reinterpret_cast<const std::uint32_t*>(mapped.data()) + kHeaderBytes / sizeof(std::uint32_t);
  return {first, static_cast<std::size_t>(count)};
}

std::optional<PackFailure> WordPacker::failure(std::span<const float> mapped) const {
  std::uint32_t bad = 0;
  std::memcpy(&bad, mapped.data(), sizeof bad);
  if (bad == kNone) return std::nullopt;
  PackFailure failure{bad, std::vector<float>(mapped.begin() + 1, mapped.begin() + 1 + rule_.floats())};
  return failure;
}

}  // namespace glrand::gl
