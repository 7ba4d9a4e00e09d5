// SPDX-License-Identifier: MIT
#pragma once
// A pass's outputs turned into words on the GPU (shaders/readback/pack_words.comp): the exact
// integers a generator's shader wrote as floats become the words the host hands on, each
// output in its serial place, checked there as the host's decoder would check them. The
// read-back then moves only the words, and the host neither decodes nor assembles: it hands
// on the mapped buffer itself. Needs a current OpenGL 4.3 context.
//
// Read-back layout: a header of kHeaderBytes (the failure record: the first output found
// wrong, or one of them where a pass packs its own, or kNone, and its floats), then the words.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "distributions/poisson_table.hpp"
#include "gl/resources.hpp"

namespace glrand::gl {

class PassReadback;

// The host's float formula of a generator, for values made on the GPU
// (readback/unit_values.glsl): none (values are made on the host); of a one-word generator,
// d = z/(2^31 − 1) or d = z·norm, each rounded to nearest, the float the largest not above d
// or d rounded to nearest; Wichmann–Hill's four words x_k, d the fraction of the sum, left
// to right, of the products x_k·reciprocals[k] rounded to nearest, the float d rounded to
// nearest and kept below 1; or CEICG's groups of four outputs of three words x_k, each d the
// fraction of the sum, left to right, of the quotients x_k/moduli[k] rounded to nearest, the
// float the largest not above d.
struct UnitFormula {
  enum class Kind { none, mersenne31_quotient, product, wichmann_hill, ceicg } kind = Kind::none;
  double norm = 0;
  bool float_nearest = false;
  // The host's formulas of one value's words, which the GPU's values must equal (checked on
  // known answers when a packer is made).
  std::function<float(const std::uint32_t*)> host_f32;
  std::function<double(const std::uint32_t*)> host_f64;
  std::array<double, 4> reciprocals{};  // wichmann_hill: 1/m_k, each rounded once
  std::array<std::uint32_t, 3> moduli{};  // ceicg: m_k
  int values_per_output = 1;  // CEICG's outputs here are groups of 4
};

// What a pass's read-back holds: the exact words, or each output's float or double.
enum class PackFormat { words, f32, f64 };

// How a generator's output floats become words, and what the check accepts. Each float is
// an integer in [0, bounds[c]); with `pairs`, words are floats 2w + 2^shift · float 2w + 1,
// each in [lowest, highest]; without, each float is a word.
struct PackRule {
  std::vector<float> bounds;  // one per float of an output (at most 16)
  bool pairs = false;
  unsigned shift = 0;
  std::uint32_t lowest = 0, highest = 0xFFFFFFFFu;
  UnitFormula values;  // the generator's floats, where the GPU can make them

  int floats() const { return static_cast<int>(bounds.size()); }
  int words() const { return pairs ? floats() / 2 : floats(); }
};

// The floats a stream pass writes for outputs whose words are `words` (rule.words() an
// output): with pairs, each word as w mod 2^shift and w div 2^shift; else each word itself.
std::vector<float> stream_floats(const PackRule& rule, std::span<const std::uint32_t> words);

// The output the GPU found wrong in a pass, with its floats.
struct PackFailure {
  std::uint64_t output;  // place in the pass
  std::vector<float> floats;
};

class WordPacker {
 public:
  static constexpr std::size_t kHeaderBytes = 128;

  // Where a pass's floats are: a stream pass's storage buffer (output n at floats F·n ...),
  // or a ps30 pass's output targets (`outputs_per_texel` outputs in each RGBA texel).
  struct StorageSource {};
  struct TextureSource {
    int outputs_per_texel;
  };
  // Or no source: a compute pass of shaders/streams/<stream>.glsl that packs its own outputs
  // where it makes them (readback/pack_in_pass.glsl), so that its floats never reach memory and
  // no packing dispatch follows it; words and values, no distribution.
  struct PassSource {
    std::string_view stream;
  };

  // Whether this context runs compute shaders (OpenGL 4.3).
  static bool available();
  // Whether a pass of `outputs` outputs' words fits one shader storage block on this context
  // (GL_MAX_SHADER_STORAGE_BLOCK_SIZE); pack() refuses one that does not.
  static bool fits(const PackRule& rule, std::uint64_t outputs, PackFormat format = PackFormat::words);

  // `format`: the words, or (a rule with a UnitFormula) each output's float or double.
  // `distribution`: 0; 1 to 7 (f32 only) for the values of a distribution of those floats
  // (shaders/common/distribution_values.glsl's numbering; fragment::distribution_variant);
  // or kPoissonVariant (f32 or f64) for the Poisson's values of the doubles, by the host's
  // table and search. Its parameters are set by set_distribution(). Box–Muller (6, 7) pairs
  // places 2k and 2k + 1 of a pass: a pass must start at a pair and hold whole pairs.
  // `estimate`: whether CEICG's plain floats start from an estimate of the quotients' sum
  // where that settles them (readback/unit_values.glsl, quickFloat); automatically on a GPU,
  // not on a software renderer, which runs both of its branches for every lane (tests choose).
  enum class FloatEstimate { automatic, on, off };
  WordPacker(const PackRule& rule, StorageSource, PackFormat format = PackFormat::words, int distribution = 0,
             FloatEstimate estimate = FloatEstimate::automatic);
  WordPacker(const PackRule& rule, TextureSource source, PackFormat format = PackFormat::words, int distribution = 0);
  WordPacker(const PackRule& rule, PassSource source, PackFormat format = PackFormat::words,
             FloatEstimate estimate = FloatEstimate::automatic);

  const PackRule& rule() const { return rule_; }
  PackFormat format() const { return format_; }
  int distribution() const { return distribution_; }
  static constexpr int kPoissonVariant = 8;
  // The distribution's uniforms (fragment::distribution_uniforms: its parameters as floats,
  // and a uniform range's least and greatest float), or the Poisson's table (uploaded when it
  // is not the last one's).
  void set_distribution(const std::array<float, 4>& parameters, const std::array<float, 2>& bounds,
                        std::shared_ptr<const distributions::PoissonTable> poisson = nullptr);
  // 32-bit words an output takes in the read-back.
  int output_words() const { return output_words(rule_, format_); }
  static int output_words(const PackRule& rule, PackFormat format) {
    return format == PackFormat::words ? rule.words() : (format == PackFormat::f32 ? 1 : 2) * rule.values.values_per_output;
  }
  // Bytes of a read-back of `outputs` outputs: the header and the words.
  std::size_t readback_bytes(std::uint64_t outputs) const {
    return kHeaderBytes + outputs * static_cast<std::uint64_t>(output_words()) * sizeof(std::uint32_t);
  }

  // How a pack reaches the read-back: the shader writes the words straight into the pass's
  // readback buffer (direct: they cross the link once, with no copy after the dispatch), or
  // into the packer's own storage buffer, copied into the readback buffer (staged). Direct
  // where the context can bind the readback buffer's words as a storage range.
  enum class Route { direct, staged };
  static Route best_route();
  Route route() const { return route_; }
  // Chooses the route (tests and benchmarks compare both); direct where best_route() is not
  // is refused.
  void set_route(Route route);

  // Inside a PassReadback issue, each packing a pass and queueing its read-back (the
  // header and the words) into the pass's buffer of `into`:
  // - outputs 0 .. outputs − 1 of a stream pass (`floats`: its output buffer);
  void pack(const StorageBuffer& floats, std::uint64_t outputs, const PassReadback& into);
  // - a ps30 leapfrog pass: output j of pixel s (texel (s mod width, s div width) of
  //   targets[j div outputs_per_texel]) goes to place j·substreams + s; places from `outputs`
  //   on are left out.
  void pack(std::span<const unsigned> targets, std::uint32_t width, std::uint64_t substreams,
            std::uint32_t outputs_per_pixel, std::uint64_t outputs, const PassReadback& into);

  // - a PassSource packer's pass: `run` sets the pass's uniforms on the program it is given
  //   (this packer's, in use) and dispatches it; outputs from `outputs` on are left out.
  void pack_in_pass(std::uint64_t outputs, const PassReadback& into, const std::function<void(const Program&)>& run);

  // A pass's mapped read-back: its words, and its failure if the GPU found one (the first
  // output found wrong; of a PassSource pass, one of them).
  static std::span<const std::uint32_t> words(std::span<const float> mapped, std::uint64_t count);
  std::optional<PackFailure> failure(std::span<const float> mapped) const;

 private:
  static bool resolved(FloatEstimate estimate);
  void look_up();
  // Values only: packs known words (the ends, powers of two and their neighbours, and random
  // ones) on the GPU and compares with the host's formulas; throws DeviceError at the first
  // difference.
  void check_known_values();
  // Binds the words' destination: the pass's buffer of `into` (direct), else words_.
  void bind_words(std::uint64_t outputs, const PassReadback* into);
  // Binds and clears the failure record, and sets the pass's output count on the program, in use.
  void begin_pack(std::uint64_t outputs);
  void dispatch(std::uint64_t invocations, std::uint64_t outputs);
  void queue_readback(const PassReadback& into, std::uint64_t outputs) const;
  void pack_stream(const StorageBuffer& floats, std::uint64_t outputs, const PassReadback* into);

  PackRule rule_;
  PackFormat format_;
  int distribution_;
  bool textures_;
  bool in_pass_;  // a PassSource packer
  bool estimate_;  // FloatEstimate resolved
  Route route_;
  Program program_;
  // Uniform locations and the dispatch and storage block limits, looked up once: a pass is too
  // short to ask the driver again each time. Sets the rule's uniforms.
  struct Locations {
    int bound, lowest, highest, shift, outputs, record, width, substreams, outputs_per_pixel;
    std::array<int, 4> targets;
  } at_{};
  std::uint64_t most_groups_x_ = 0;
  std::uint64_t most_block_bytes_ = 0;  // GL_MAX_SHADER_STORAGE_BLOCK_SIZE
  StorageBuffer header_;
  std::optional<StorageBuffer> words_;
  std::shared_ptr<const distributions::PoissonTable> poisson_;  // the table in poisson_cdf_
  std::optional<StorageBuffer> poisson_cdf_;
};

}  // namespace glrand::gl
