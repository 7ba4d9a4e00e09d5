// SPDX-License-Identifier: MIT
// The public API's texture fills, devices and Table 3 (on CI Mesa's llvmpipe): a
// glrand::TextureFiller continuing every GL generator's sequence over fills of 1 to 4
// textures (the stateful ones in ps30 and the compute profile), against the CPU reference's
// floats within the documented bounds, and their states exact on the GPU; the self-tests through
// run_self_tests(); substream_table() for each GL generator.
#include <GL/glew.h>

#include <catch2/catch.hpp>
#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <glrand/glrand.hpp>
#include <vector>

#include "fragment/park_miller_fragment.hpp"
#include "fragment/state_texture_filler.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "fragment/mrg32k3a_fragment.hpp"
#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "gl/resources.hpp"
#include "stream/compute_texture_filler.hpp"
#include "selftest/known_answers.hpp"
#include "support/texture_texels.hpp"

using namespace glrand;

using testing::read_texels;

namespace {

// Distance on the circle [0, 1): a float just below 1 and one just above 0 are close.
double circle_distance(double a, double b) {
  const double d = std::abs(a - b);
  return std::min(d, 1.0 - d);
}

// Whether `got` is `want` or a float next to it.
bool within_one_ulp(float got, float want) {
  return got == want || got == std::nextafter(want, 0.0f) || got == std::nextafter(want, 1.0f);
}

// The CPU reference's floats (the host formula) of outputs first .. first + count − 1 for
// `settings`, through the public API.
std::vector<float> reference_floats(Settings settings, std::uint64_t first, std::uint64_t count) {
  settings.backend = Backend::cpu;
  settings.profile = Profile::ps30;  // the default: the CPU path has no profiles
  settings.offset += first;
  Generator reference(settings);
  std::vector<float> floats(count);
  reference.generate(std::span<float>(floats));
  return floats;
}

// A TextureFiller over fills of 1 to 4 textures (each a texture's passes) of 4, 2 and 1
// channels, equal fills in a row, a change of size and of format (the states set from the host
// again), a seek back and fills continuing that one, widths whose compute-profile runs are 8, 4
// and 2 texels: every texel's float `near` the
// reference's, in the documented texel order.
void check_fills(const Settings& settings, const std::function<bool(float got, float want)>& near) {
  const GlContext context;
  TextureFiller filler(settings);
  struct Fill {
    std::uint32_t textures, width, height, channels;
    std::optional<std::uint64_t> seek;
  };
  std::uint64_t expected_position = 0;
  // Equal fills in a row continue from the states the last one left on the GPU.
  for (const Fill f : {Fill{1, 24, 10, 4, {}}, Fill{3, 24, 10, 4, {}}, Fill{3, 24, 10, 4, {}}, Fill{2, 24, 10, 2, {}},
                       Fill{2, 24, 10, 2, {}}, Fill{4, 24, 10, 4, {}}, Fill{4, 24, 10, 1, {}}, Fill{4, 24, 10, 1, {}},
                       Fill{2, 16, 7, 4, {}}, Fill{1, 16, 7, 4, std::uint64_t{960}}, Fill{1, 16, 7, 4, {}},
                       Fill{3, 16, 7, 2, {}}, Fill{2, 16, 7, 1, {}}, Fill{2, 20, 3, 4, {}}, Fill{1, 6, 5, 2, {}},
                       Fill{1, 6, 5, 2, {}}}) {
    if (f.seek) {
      filler.seek(*f.seek);
      expected_position = *f.seek;
    }
    INFO(f.textures << " textures of " << f.width << "x" << f.height << ", " << f.channels << " channel(s), from output "
                    << expected_position);
    std::vector<gl::Texture> textures;
    textures.reserve(f.textures);
    std::vector<unsigned> ids;
    for (std::uint32_t t = 0; t < f.textures; ++t) ids.push_back(textures.emplace_back(f.width, f.height, gl::TexelFormat{f.channels}).id());
    REQUIRE(filler.position() == expected_position);
    filler.fill(ids, f.width, f.height);
    const std::uint32_t C = f.channels;
    const std::uint64_t texels = std::uint64_t{f.width} * f.height, outputs = C * f.textures * texels;
    const std::vector<float> want = reference_floats(settings, expected_position, outputs);
    std::uint64_t checked = 0;
    for (std::uint32_t t = 0; t < f.textures; ++t) {
      const std::vector<float> texels_read = read_texels(textures[t]);
      for (std::uint64_t p = 0; p < texels; ++p)
        for (std::uint32_t c = 0; c < C; ++c) {
          const std::uint64_t n = p * C * f.textures + C * t + c;  // the documented texel order
          const float got = texels_read[4 * p + c];
          if (!(got >= 0.0f && got < 1.0f && near(got, want[n])))
            FAIL("texture " << t << " texel " << p << " channel " << c << ": " << got << ", expected " << want[n]);
          ++checked;
        }
    }
    CHECK(checked == outputs);
    expected_position += outputs;
  }
  CHECK(filler.position() == expected_position);
}

constexpr double kWichmannHillFloatBound = 1.0 / 1048576.0;  // 2^-20 on the circle

}  // namespace

// Every GL generator fills textures in ps30 (fragment passes) and in the compute profile (one
// dispatch a fill): the same outputs in the same texel order, within the same bounds.
constexpr std::array kStateProfiles{Profile::ps30, Profile::compute};

TEST_CASE("TextureFiller continues Park-Miller's sequence from states kept on the GPU, within 1 ulp", "[api][gl][texture]") {
  for (const Profile profile : kStateProfiles) {
    INFO(name_of(profile));
    Settings settings;
    settings.algorithm = Algorithm::park_miller;
    settings.profile = profile;
    settings.seed = {20061};
    settings.offset = 977;
    check_fills(settings, within_one_ulp);
  }
}

TEST_CASE("TextureFiller continues MRG32k3a's sequence from states kept on the GPU, within 1 ulp", "[api][gl][texture]") {
  for (const Profile profile : kStateProfiles) {
    INFO(name_of(profile));
    Settings settings;
    settings.algorithm = Algorithm::mrg32k3a;
    settings.profile = profile;
    settings.seed64 = 2006;
    settings.offset = 123456789;
    check_fills(settings, within_one_ulp);
  }
}

TEST_CASE("TextureFiller continues Wichmann-Hill's sequence from states kept on the GPU, within 2^-20",
          "[api][gl][texture]") {
  for (const Profile profile : kStateProfiles)
    for (const int set : {0, 272}) {
      INFO(name_of(profile) << ", set " << set);
      Settings settings;
      settings.algorithm = Algorithm::wichmann_hill;
      settings.profile = profile;
      settings.wh_set = set;
      settings.seed64 = 31337;
      settings.offset = 5;
      check_fills(settings, [](float got, float want) { return circle_distance(got, want) <= kWichmannHillFloatBound; });
    }
}

namespace {

// After every fill, the state of texel 0 is the sequence's state at the position reached;
// the edge words (1 and m − 1) and a state whose products carry through every byte first.
template <template <class> class Engine>
void pm_states() {
  for (const pm::State start : {pm::State{1}, pm::State{pm::kModulus - 1}, pm::State{0x7F7F7F7F}, pm::State{48271}}) {
    INFO("from state " << start);
    Engine<fragment::ParkMillerTraits> filler(33, 5);
    gl::Texture a(33, 5), b(33, 5), c(33, 5);
    const std::array<unsigned, 3> ids{a.id(), b.id(), c.id()};
    std::uint64_t position = 0;
    // Three fills of each count in turn, the states laid out again for each count.
    for (const std::uint32_t count : {3u, 1u, 2u}) {
      filler.set_state(pm::advanced_by(start, position), count);
      REQUIRE(filler.state() == pm::advanced_by(start, position));
      for (int fill = 0; fill < 3; ++fill) {
        filler.fill(std::span<const unsigned>(ids.data(), count));
        position += 4 * count * 33 * 5;
        REQUIRE(filler.state() == pm::advanced_by(start, position));
      }
    }
    const std::vector<float> texels = read_texels(b);  // the last fill's second texture
    for (std::uint64_t p = 0; p < 33 * 5; ++p)
      for (std::uint32_t ch = 0; ch < 4; ++ch) {
        const pm::State z = pm::advanced_by(start, position - 8 * 165 + p * 8 + 4 + ch);
        REQUIRE(within_one_ulp(texels[4 * p + ch], pm::to_f32(z)));
      }
  }
}

}  // namespace

TEST_CASE("Park-Miller's texture states stay exact on the GPU: substream 0 read back is the reference state",
          "[gl][texture][pm]") {
  const GlContext context;
  {
    INFO("ps30");
    pm_states<fragment::StateTextureFiller>();
  }
  INFO("compute");
  pm_states<stream::ComputeTextureFiller>();
}

namespace {

// States at the moduli's edges and a seeded one, two sets; after every fill texel 0's state
// is the sequence's at the position reached, and the floats stay within the bound.
template <template <class> class Engine>
void wh_states() {
  for (const int set : {0, 137}) {
    const wh::Parameters p = wh::parameters(set);
    const wh::State edge{p.modulus[0] - 1, 1, p.modulus[2] - 1, 1};
    for (const wh::State start : {edge, wh::seed_state(set, 12345)}) {
      INFO("set " << set << " from (" << start[0] << ", " << start[1] << ", " << start[2] << ", " << start[3] << ")");
      Engine<fragment::WichmannHillTraits> filler(19, 6, fragment::WichmannHillTraits{p});
      gl::Texture a(19, 6), b(19, 6);
      const std::array<unsigned, 2> ids{a.id(), b.id()};
      std::uint64_t position = 0;
      for (const std::uint32_t count : {2u, 1u}) {
        filler.set_state(wh::state_at(p, start, position), count);
        for (int fill = 0; fill < 3; ++fill) {
          filler.fill(std::span<const unsigned>(ids.data(), count));
          position += 4 * count * 19 * 6;
          REQUIRE(filler.state() == wh::state_at(p, start, position));
        }
      }
      const std::vector<float> texels = read_texels(a);  // the last fill (one texture): outputs from position − 4·114
      for (std::uint64_t t = 0; t < 19 * 6; ++t)
        for (std::uint32_t ch = 0; ch < 4; ++ch) {
          const float want = wh::to_f32(p, wh::state_at(p, start, position - 4 * 114 + 4 * t + ch));
          REQUIRE(circle_distance(texels[4 * t + ch], want) <= kWichmannHillFloatBound);
        }
    }
  }
}

}  // namespace

TEST_CASE("Wichmann-Hill's texture states stay exact on the GPU: substream 0 read back is the reference state",
          "[gl][texture][wh]") {
  const GlContext context;
  {
    INFO("ps30");
    wh_states<fragment::StateTextureFiller>();
  }
  INFO("compute");
  wh_states<stream::ComputeTextureFiller>();
}

namespace {

// From the default seed and from words at the moduli's edges; after every fill texel 0's state
// is the sequence's at the position reached, and the floats stay within 1 ulp.
template <template <class> class Engine>
void mrg32k3a_states() {
  const mrg32k3a::State edge{{mrg32k3a::kM1 - 1, 0, mrg32k3a::kM1 - 2}, {1, mrg32k3a::kM2 - 1, 0}};
  for (const mrg32k3a::State start : {mrg32k3a::default_seed(), edge}) {
    Engine<fragment::Mrg32k3aTraits> filler(11, 7);
    gl::Texture a(11, 7), b(11, 7);
    const std::array<unsigned, 2> ids{a.id(), b.id()};
    std::uint64_t position = 0;
    for (const std::uint32_t count : {2u, 1u}) {
      filler.set_state(mrg32k3a::apply(mrg32k3a::jump_by(position), start), count);
      for (int fill = 0; fill < 2; ++fill) {
        filler.fill(std::span<const unsigned>(ids.data(), count));
        position += 4 * count * 11 * 7;
        REQUIRE(filler.state() == mrg32k3a::apply(mrg32k3a::jump_by(position), start));
      }
    }
    std::vector<std::uint32_t> z(4 * 77);
    mrg32k3a::generate_ints(mrg32k3a::apply(mrg32k3a::jump_by(position - 4 * 77), start), z);
    const std::vector<float> texels = read_texels(a);  // the last fill (one texture)
    for (std::size_t i = 0; i < z.size(); ++i) REQUIRE(within_one_ulp(texels[i], mrg32k3a::to_f32(z[i])));
  }
}

}  // namespace

TEST_CASE("MRG32k3a's texture states stay exact on the GPU: substream 0 read back is the reference state",
          "[gl][texture][mrg32k3a]") {
  const GlContext context;
  {
    INFO("ps30");
    mrg32k3a_states<fragment::StateTextureFiller>();
  }
  INFO("compute");
  mrg32k3a_states<stream::ComputeTextureFiller>();
}

TEST_CASE("TextureFiller continues CEICG's sequence over fills of 1 to 4 textures of 4, 2 and 1 channels, within "
          "the shader's bound",
          "[api][gl][texture]") {
  const GlContext context;
  for (const Profile profile : kStateProfiles) {
    Settings settings;
    settings.seed = {1, 2, 3};
    settings.offset = 977;
    settings.profile = profile;
    TextureFiller filler(settings);
    constexpr std::uint32_t kWidth = 24, kHeight = 10;
    std::uint64_t expected_position = 0;
    struct Fill {
      std::uint32_t textures, channels;
    };
    for (const Fill f : {Fill{1, 4}, Fill{3, 4}, Fill{2, 2}, Fill{4, 4}, Fill{3, 1}, Fill{4, 2}, Fill{2, 4}}) {
      INFO(name_of(profile) << ": " << f.textures << " textures of " << f.channels << " channel(s) from output "
                            << expected_position);
      std::vector<gl::Texture> textures;
      textures.reserve(f.textures);
      std::vector<unsigned> ids;
      for (std::uint32_t t = 0; t < f.textures; ++t) ids.push_back(textures.emplace_back(kWidth, kHeight, gl::TexelFormat{f.channels}).id());
      REQUIRE(filler.position() == expected_position);
      filler.fill(ids, kWidth, kHeight);
      const std::uint32_t C = f.channels;
      const std::uint64_t outputs = std::uint64_t{C} * f.textures * kWidth * kHeight;
      // The CPU reference's floats for the same outputs.
      std::vector<std::uint32_t> words(3 * outputs);
      ceicg::generate_ints(ceicg::residues_at({1, 2, 3}, 0, 977 + expected_position), words);
      std::uint64_t checked = 0;
      for (std::uint32_t t = 0; t < f.textures; ++t) {
        const std::vector<float> texels = read_texels(textures[t]);
        for (std::uint64_t p = 0; p < std::uint64_t{kWidth} * kHeight; ++p)
          for (std::uint32_t c = 0; c < C; ++c) {
            const std::uint64_t n = p * C * f.textures + C * t + c;  // the documented texel order
            const float want = ceicg::to_f32({words[3 * n], words[3 * n + 1], words[3 * n + 2]});
            const float got = texels[4 * p + c];
            if (!(circle_distance(got, want) <= selftest::kCeicgFloatTolerance))
              FAIL("texture " << t << " texel " << p << " channel " << c << ": " << got << ", expected " << want);
            ++checked;
          }
      }
      CHECK(checked == outputs);
      expected_position += outputs;
    }
    CHECK(filler.position() == expected_position);
  }
}

TEST_CASE("TextureFiller refuses what it cannot fill, before any device opens", "[api][texture]") {
  Settings settings;
  settings.algorithm = Algorithm::mt19937;
  settings.backend = Backend::cpu;
  CHECK_THROWS_AS(TextureFiller(settings), InvalidArgument);
  settings = {};
  settings.algorithm = Algorithm::mrg32k3a;
  settings.curand_seed = 1;
  CHECK_THROWS_AS(TextureFiller(settings), InvalidArgument);
  CHECK_FALSE(fills_textures(settings));
  settings = {};
  settings.algorithm = Algorithm::wichmann_hill;
  settings.layout = {4, Split::parameterisation, StateUpdate::gpu};
  CHECK_THROWS_AS(TextureFiller(settings), InvalidArgument);
  CHECK_FALSE(fills_textures(settings));
  settings = {};
  settings.algorithm = Algorithm::park_miller;
  CHECK(fills_textures(settings));
  settings.backend = Backend::cpu;
  CHECK_FALSE(fills_textures(settings));
  CHECK_THROWS_AS(TextureFiller(settings), InvalidArgument);
  settings = {};
  settings.algorithm = Algorithm::park_miller;
  settings.profile = Profile::scatter;
  CHECK_THROWS_AS(TextureFiller(settings), InvalidArgument);
  settings = {};
  settings.seed = {16777213, 0, 0};  // n1 must be below m1
  CHECK_THROWS_AS(TextureFiller(settings), InvalidArgument);
  CHECK(fills_textures(Algorithm::ceicg, Profile::ps30));
  CHECK(fills_textures(Algorithm::park_miller, Profile::ps30));
  CHECK(fills_textures(Algorithm::wichmann_hill, Profile::ps30));
  CHECK(fills_textures(Algorithm::mrg32k3a, Profile::ps30));
  CHECK_FALSE(fills_textures(Algorithm::mt19937, Profile::ps30));
  CHECK(fills_textures(Algorithm::park_miller, Profile::compute));
  CHECK(fills_textures(Algorithm::wichmann_hill, Profile::compute));
  CHECK(fills_textures(Algorithm::mrg32k3a, Profile::compute));
  CHECK(fills_textures(Algorithm::ceicg, Profile::compute));
  CHECK_FALSE(fills_textures(Algorithm::park_miller, Profile::scatter));

}

TEST_CASE("the devices: a context, its limits, and every generator's self-test in every profile", "[api][gl]") {
  const auto devices = gl_devices();
  REQUIRE_FALSE(devices.empty());
  const GlContext context;
  CHECK(context.device().label == devices.at(static_cast<std::size_t>(context.device().index)).label);
  const GlContextInfo info = current_gl_context();
  CHECK_FALSE(info.renderer.empty());
  CHECK(info.max_texture_size >= 4096);
  std::size_t expected = 0;
  for (const auto& row : generators()) expected += row.has_gl_path ? 3 : 0;
  const auto results = run_self_tests();
  CHECK(results.size() == expected);
  for (const auto& r : results) {
    INFO(info.renderer << ": " << glrand::info(r.algorithm).name << " " << name_of(r.profile) << ": " << r.failure);
    CHECK(r.passed);
  }
  CHECK_NOTHROW(require_self_test(Algorithm::wichmann_hill, Profile::compute));
}

TEST_CASE("substream_table describes each GL generator's layout and refuses the others", "[api]") {
  Settings settings;
  settings.algorithm = Algorithm::park_miller;
  settings.layout.substreams = 4096;
  const SubstreamTable pm = substream_table(settings);
  CHECK(pm.substreams == "4096 (leapfrog)");
  CHECK(pm.length.find("2^19.00 (period 2^31.00 / 4096 substreams)") != std::string::npos);
  CHECK(pm.host_memory.find("4096 states x 4 B") != std::string::npos);
  settings.algorithm = Algorithm::wichmann_hill;
  settings.layout = {4, Split::parameterisation, StateUpdate::gpu};
  CHECK(substream_table(settings).length.find("sets 0..3") != std::string::npos);
  settings = {};
  settings.algorithm = Algorithm::mt19937;
  settings.backend = Backend::cpu;
  CHECK_THROWS_WITH(substream_table(settings), Catch::Contains("has no GL path"));
}

TEST_CASE("a compute-profile fill refuses a texture its image stores would skip, which ps30 fills", "[api][gl][texture]") {
  const GlContext context;
  // glTexImage2D's defaults: a mipmapping minifying filter and no level but the base.
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 8, 4, 0, GL_RGBA, GL_FLOAT, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  for (const Algorithm algorithm : {Algorithm::park_miller, Algorithm::ceicg}) {
    INFO(info(algorithm).name);
    Settings settings;
    settings.algorithm = algorithm;
    settings.profile = Profile::compute;
    TextureFiller compute(settings);
    CHECK_THROWS_WITH(compute.fill({&texture, 1}, 8, 4), Catch::Contains("needs a complete texture"));
    CHECK(compute.position() == 0);
    settings.profile = Profile::ps30;
    TextureFiller ps30(settings);
    CHECK_NOTHROW(ps30.fill({&texture, 1}, 8, 4));
  }
  // With a filter that needs no mipmaps the compute fill writes it.
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  Settings settings;
  settings.algorithm = Algorithm::park_miller;
  settings.profile = Profile::compute;
  TextureFiller compute(settings);
  CHECK_NOTHROW(compute.fill({&texture, 1}, 8, 4));
  glDeleteTextures(1, &texture);
}

TEST_CASE("a fill refuses textures of mixed formats and formats it does not write, and moves on no position",
          "[api][gl][texture]") {
  const GlContext context;
  gl::Texture rgba(8, 4), rg(8, 4, gl::TexelFormat{2});
  GLuint bytes = 0;
  glGenTextures(1, &bytes);
  glBindTexture(GL_TEXTURE_2D, bytes);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  for (const Algorithm algorithm : {Algorithm::park_miller, Algorithm::ceicg, Algorithm::mrg32k3a})
    for (const Profile profile : kStateProfiles) {
      INFO(info(algorithm).name << ", " << name_of(profile));
      Settings settings;
      settings.algorithm = algorithm;
      settings.profile = profile;
      TextureFiller filler(settings);
      const std::array<unsigned, 2> mixed{rgba.id(), rg.id()};
      CHECK_THROWS_WITH(filler.fill(mixed, 8, 4), Catch::Contains("share one format"));
      CHECK_THROWS_WITH(filler.fill({&bytes, 1}, 8, 4), Catch::Contains("GL_RGBA32F, GL_RG32F or GL_R32F"));
      CHECK(filler.position() == 0);
      const unsigned one = rg.id();
      filler.fill({&one, 1}, 8, 4);
      CHECK(filler.position() == 2 * 8 * 4);
    }
  glDeleteTextures(1, &bytes);
}

namespace {

// A word texture's texels, each read back as four words (missing channels 0, 0, 1).
std::vector<std::uint32_t> read_words(const gl::Texture& texture) {
  const unsigned id = texture.id();
  const gl::Framebuffer framebuffer({&id, 1});
  framebuffer.bind();
  std::vector<std::uint32_t> words(std::size_t{4} * texture.width() * texture.height());
  glReadPixels(0, 0, static_cast<GLsizei>(texture.width()), static_cast<GLsizei>(texture.height()), GL_RGBA_INTEGER,
               GL_UNSIGNED_INT, words.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return words;
}

// The CPU reference's words of outputs first .. first + count − 1 for `settings`.
std::vector<std::uint32_t> reference_words(Settings settings, std::uint64_t first, std::uint64_t count) {
  settings.backend = Backend::cpu;
  settings.profile = Profile::ps30;
  settings.offset += first;
  Generator reference(settings);
  std::vector<std::uint32_t> words(count * static_cast<std::uint64_t>(reference.words_per_output()));
  reference.generate(std::span<std::uint32_t>(words));
  return words;
}

}  // namespace

TEST_CASE("compute-profile fills write every GL generator's exact words into word textures, in the texel order",
          "[api][gl][texture]") {
  const GlContext context;
  if (!GLEW_VERSION_4_3) {
    WARN("this context has no compute shaders (OpenGL 4.3): no word textures");
    return;
  }
  for (const Algorithm algorithm : {Algorithm::park_miller, Algorithm::mrg32k3a, Algorithm::wichmann_hill, Algorithm::ceicg}) {
    Settings settings;
    settings.algorithm = algorithm;
    settings.profile = Profile::compute;
    settings.seed64 = 424242;
    settings.offset = 1000003;
    const bool one_word = algorithm == Algorithm::park_miller || algorithm == Algorithm::mrg32k3a;
    const int W = one_word ? 1 : algorithm == Algorithm::ceicg ? 3 : 4;  // words an output
    TextureFiller filler(settings);
    constexpr std::uint32_t kWidth = 13, kHeight = 6;
    std::uint64_t position = 0;
    struct Fill {
      std::uint32_t textures, channels;
    };
    const std::vector<Fill> fills = one_word ? std::vector<Fill>{{1, 4}, {3, 2}, {3, 2}, {2, 1}, {4, 4}}
                                             : std::vector<Fill>{{1, 4}, {3, 4}, {3, 4}, {2, 4}};
    for (const Fill f : fills) {
      INFO(info(algorithm).name << ": " << f.textures << " textures of " << f.channels << " word channel(s) from output "
                                << position);
      std::vector<gl::Texture> textures;
      textures.reserve(f.textures);
      std::vector<unsigned> ids;
      for (std::uint32_t t = 0; t < f.textures; ++t)
        ids.push_back(textures.emplace_back(kWidth, kHeight, gl::TexelFormat{f.channels, true}).id());
      filler.fill(ids, kWidth, kHeight);
      const std::uint32_t per_texture = one_word ? f.channels : 1;  // outputs a texel of each texture holds
      const std::uint64_t texels = std::uint64_t{kWidth} * kHeight, outputs = per_texture * f.textures * texels;
      REQUIRE(filler.position() == position + outputs);
      const std::vector<std::uint32_t> want = reference_words(settings, position, outputs);
      for (std::uint32_t t = 0; t < f.textures; ++t) {
        const std::vector<std::uint32_t> got = read_words(textures[t]);
        for (std::uint64_t p = 0; p < texels; ++p)
          for (std::uint32_t c = 0; c < per_texture; ++c) {
            const std::uint64_t n = p * per_texture * f.textures + per_texture * t + c;  // the documented order
            for (int w = 0; w < W; ++w) {
              const std::uint32_t word = got[4 * p + (one_word ? c : static_cast<std::uint32_t>(w))];
              if (word != want[W * n + w])
                FAIL("texture " << t << " texel " << p << " output " << n << " word " << w << ": " << word << ", expected "
                                << want[W * n + w]);
            }
          }
      }
      position += outputs;
    }
    // Floats again after words: the states are laid out anew and the sequence goes on.
    gl::Texture floats(kWidth, kHeight);
    const unsigned id = floats.id();
    filler.fill({&id, 1}, kWidth, kHeight);
    CHECK(filler.position() == position + 4 * kWidth * kHeight);
  }
}

TEST_CASE("word textures are refused where a fill cannot write them, and no position moves", "[api][gl][texture]") {
  const GlContext context;
  const gl::Texture r(8, 4, gl::TexelFormat{1, true}), rgba(8, 4, gl::TexelFormat{4, true});
  const unsigned r_id = r.id(), rgba_id = rgba.id();
  for (const Algorithm algorithm : {Algorithm::park_miller, Algorithm::ceicg}) {
    Settings settings;
    settings.algorithm = algorithm;
    settings.profile = Profile::ps30;
    TextureFiller ps30(settings);
    CHECK_THROWS_WITH(ps30.fill({&rgba_id, 1}, 8, 4), Catch::Contains("the compute profile writes"));
    CHECK(ps30.position() == 0);
  }
  for (const Algorithm algorithm : {Algorithm::wichmann_hill, Algorithm::ceicg}) {
    Settings settings;
    settings.algorithm = algorithm;
    settings.profile = Profile::compute;
    TextureFiller compute(settings);
    CHECK_THROWS_WITH(compute.fill({&r_id, 1}, 8, 4), Catch::Contains("needs GL_RGBA32UI textures"));
    CHECK(compute.position() == 0);
  }
}
