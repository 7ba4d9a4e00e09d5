// SPDX-License-Identifier: MIT
// The public API on the GL backend (its own headless context; on CI Mesa's llvmpipe): each
// GL generator in each profile, in calls that continue the sequence, against the CPU
// reference.
#include <catch2/catch.hpp>
#include <glrand/glrand.hpp>
#include <cstring>
#include <random>
#include <vector>

#include "library/sources.hpp"
#include "support/reference_words.hpp"

using namespace glrand;

namespace {

std::vector<std::uint32_t> in_pieces(Generator& generator, std::size_t total) {
  const auto width = static_cast<std::size_t>(generator.words_per_output());
  std::vector<std::uint32_t> words(total * width);
  std::mt19937 sizes(9);
  for (std::size_t done = 0; done < total;) {
    const std::size_t n = std::min<std::size_t>(total - done, 1 + sizes() % 1500);
    generator.generate(std::span(words).subspan(done * width, n * width));
    done += n;
  }
  return words;
}

}  // namespace

TEST_CASE("every GL generator in every profile continues its sequence from call to call", "[api][gl]") {
  for (const auto& row : generators()) {
    if (!row.has_gl_path) continue;
    for (const Profile profile : {Profile::ps30, Profile::scatter, Profile::compute}) {
      INFO("-g " << row.name << " --profile " << name_of(profile));
      Settings settings;
      settings.algorithm = row.algorithm;
      settings.profile = profile;
      settings.offset = 1000003;
      if (profile != Profile::ps30) settings.invocations = 96;
      if (profile == Profile::ps30 && row.algorithm != Algorithm::ceicg) settings.layout.substreams = 64;
      if (row.algorithm == Algorithm::ceicg) settings.ceicg_target = {32, 16};
      Generator generator(settings);
      CHECK(in_pieces(generator, 6000) == reference_words(row.algorithm, {}, 1000003, 6000));
      CHECK(!generator.where().empty());
    }
  }
}

TEST_CASE("the ps30 layouts and Wichmann-Hill's parameterisation continue on the GL backend too", "[api][gl]") {
  Settings settings;
  settings.algorithm = Algorithm::mrg32k3a;
  settings.layout = {33, Split::blocking, StateUpdate::cpu};
  Generator mrg(settings);
  CHECK(in_pieces(mrg, 5000) == reference_words(Algorithm::mrg32k3a, {}, 0, 5000));

  settings.algorithm = Algorithm::wichmann_hill;
  settings.layout = {7, Split::parameterisation, StateUpdate::gpu};
  Generator on_gl(settings);
  settings.backend = Backend::cpu;
  Generator on_cpu(settings);
  std::vector<std::uint32_t> expected(4 * 4000);
  on_cpu.generate(std::span(expected));
  CHECK(in_pieces(on_gl, 4000) == expected);
}

TEST_CASE("Park-Miller's and MRG32k3a's floats and doubles made on the GPU equal the CPU reference's, bit for bit",
          "[api][gl]") {
  for (const Algorithm algorithm : {Algorithm::park_miller, Algorithm::mrg32k3a})
    for (const Profile profile : {Profile::ps30, Profile::scatter, Profile::compute}) {
      INFO(info(algorithm).name << " --profile " << name_of(profile));
      Settings settings;
      settings.algorithm = algorithm;
      settings.profile = profile;
      settings.offset = (std::uint64_t{1} << 40) + 17;  // far in, and an uneven last pass
      if (profile != Profile::ps30) settings.invocations = 96;
      if (profile == Profile::ps30) settings.layout.substreams = 64;
      Generator gl(settings);
      settings.profile = Profile::ps30;
      settings.backend = Backend::cpu;
      settings.layout = {};
      settings.invocations.reset();
      Generator cpu(settings);
      REQUIRE(gl.floats_on_device());
      // Calls of uneven sizes continue the sequence; floats, then doubles.
      for (const std::size_t n : {std::size_t{1}, std::size_t{4097}, std::size_t{20000}}) {
        std::vector<float> got(n), want(n);
        gl.generate(std::span<float>(got));
        cpu.generate(std::span<float>(want));
        CHECK(std::memcmp(got.data(), want.data(), n * sizeof(float)) == 0);
        std::vector<double> got64(n), want64(n);
        gl.generate(std::span<double>(got64));
        cpu.generate(std::span<double>(want64));
        CHECK(std::memcmp(got64.data(), want64.data(), n * sizeof(double)) == 0);
      }
      CHECK(gl.where().find("floats made on the GPU") != std::string::npos);
    }
}

TEST_CASE("a GL generator keeps its engine between calls and set_state to the same settings, and makes a new one "
          "for other settings",
          "[api][gl]") {
  for (const Profile profile : {Profile::ps30, Profile::compute}) {
    INFO("--profile " << name_of(profile));
    Settings settings;
    settings.algorithm = Algorithm::wichmann_hill;
    settings.profile = profile;
    if (profile == Profile::ps30)
      settings.layout.substreams = 64;
    else
      settings.invocations = 96;
    Generator gl(settings);
    // Calls of one size reuse one engine; the sequence goes on.
    std::vector<std::uint32_t> first(4 * 3000), second(4 * 3000);
    const std::uint64_t engines = library::gl_engines_made();
    gl.generate(std::span(first));
    gl.generate(std::span(second));
    CHECK(library::gl_engines_made() == engines + 1);
    first.insert(first.end(), second.begin(), second.end());
    CHECK(first == reference_words(Algorithm::wichmann_hill, {}, 0, 6000));
    // Back to an earlier position with the same settings: the engine stays, the outputs are
    // those from there.
    gl.set_state({settings, 1234});
    std::vector<std::uint32_t> again(4 * 3000);
    gl.generate(std::span(again));
    CHECK(library::gl_engines_made() == engines + 1);
    CHECK(gl.position() == 4234);
    CHECK(again == reference_words(Algorithm::wichmann_hill, {}, 1234, 3000));
    // Another parameter set on the same device: an engine with the new set's multipliers.
    GeneratorState state = gl.state();
    state.settings.wh_set = 200;
    state.position = 0;
    gl.set_state(state);
    std::vector<std::uint32_t> other(4 * 3000);
    gl.generate(std::span(other));
    CHECK(library::gl_engines_made() == engines + 2);
    Settings cpu = state.settings;
    cpu.backend = Backend::cpu;
    cpu.profile = Profile::ps30;
    cpu.layout = {};
    cpu.invocations.reset();
    Generator reference(cpu);
    std::vector<std::uint32_t> want(4 * 3000);
    reference.generate(std::span(want));
    CHECK(other == want);
  }
}

TEST_CASE("Box-Muller pairs stay whole across the GL path's odd-sized passes and odd starts", "[api][gl]") {
  // Wichmann-Hill in ps30 with 33 substreams: passes of 99 outputs, so pairs straddle passes.
  Settings settings;
  settings.algorithm = Algorithm::wichmann_hill;
  settings.layout.substreams = 33;
  settings.offset = 5;
  const Distribution d{DistributionKind::normal, 0, 1, 2.0, 0.5, 1, NormalMethod::box_muller};
  Generator gl(settings);
  settings.backend = Backend::cpu;
  settings.layout = {};
  Generator cpu(settings);
  std::vector<double> want(1001);
  cpu.generate(std::span<double>(want), d);
  std::vector<double> got;
  for (const std::size_t n : {std::size_t{1}, std::size_t{98}, std::size_t{301}, std::size_t{601}}) {
    std::vector<double> part(n);
    gl.generate(std::span<double>(part), d);  // starts at positions 0, 1, 99, 400
    got.insert(got.end(), part.begin(), part.end());
  }
  CHECK(got == want);
}

TEST_CASE("distributions on the GL backend equal the CPU reference's, bit for bit", "[api][gl]") {
  for (const Algorithm algorithm : {Algorithm::park_miller, Algorithm::wichmann_hill, Algorithm::ceicg}) {
    INFO(info(algorithm).name);
    Settings settings;
    settings.algorithm = algorithm;
    settings.profile = Profile::compute;
    settings.invocations = 96;
    settings.offset = 1001;
    Generator gl(settings);
    settings.profile = Profile::ps30;
    settings.invocations.reset();
    settings.backend = Backend::cpu;
    Generator cpu(settings);
    for (const Distribution d : {Distribution{DistributionKind::normal, 0, 1, 0, 1, 1, NormalMethod::box_muller},
                                 Distribution{DistributionKind::exponential, 0, 1, 0, 1, 3.0},
                                 Distribution{DistributionKind::lognormal}}) {
      std::vector<float> got(3001), want(3001);
      gl.generate(std::span<float>(got), d);
      cpu.generate(std::span<float>(want), d);
      CHECK(std::memcmp(got.data(), want.data(), got.size() * sizeof(float)) == 0);
    }
  }
}
