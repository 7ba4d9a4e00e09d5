// SPDX-License-Identifier: MIT
// gl::UploadStaging both ways (a persistently mapped upload buffer, and host memory where a
// context has no persistent buffers): the floats of each call reach the GPU, call after call,
// as the buffer grows; and the GL engines' states uploaded from host memory give the
// reference's words, as with upload buffers.
#include <catch2/catch.hpp>

#include <cstdint>
#include <span>
#include <vector>

#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "fragment/mrg32k3a_fragment.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/park_miller.hpp"
#include "generators/wichmann_hill.hpp"
#include "gl/upload_staging.hpp"
#include "stream/stream_generator.hpp"
#include "support/engine_words.hpp"
#include "support/gl_test_context.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;

TEST_CASE("Upload staging hands each call's floats to the GPU, from a mapped buffer or host memory", "[gl][upload]") {
  test_context();
  for (const bool persistent : {true, false}) {
    if (persistent && !gl::PixelPackBuffer::persistent_available()) continue;
    INFO((persistent ? "a persistently mapped upload buffer" : "host memory"));
    gl::UploadStaging staging(persistent);
    gl::StorageBuffer target(4 * 5000 * sizeof(float));
    // Each call overwrites what the last one's upload read; the third needs a larger buffer.
    float base = 0.0f;
    for (const std::size_t floats : {std::size_t{1000}, std::size_t{1000}, std::size_t{20000}}) {
      base += 1.0f;
      const std::span<float> encoded = staging.begin(floats);
      REQUIRE(encoded.size() == floats);
      CHECK((staging.buffer() != nullptr) == persistent);
      for (std::size_t i = 0; i < floats; ++i) encoded[i] = base * 100000.0f + static_cast<float>(i);
      if (const auto* buffer = staging.buffer())
        target.upload_from(*buffer, floats * sizeof(float));
      else
        target.upload(encoded);
      staging.end();
      std::vector<float> got(floats);
      target.download(got);
      std::vector<float> expected(floats);
      for (std::size_t i = 0; i < floats; ++i) expected[i] = base * 100000.0f + static_cast<float>(i);
      require_same_words(got, expected);
    }
  }
}

TEST_CASE("The GL engines' states uploaded from host memory give the reference's words", "[gl][upload][stream]") {
  test_context();
  const pm::State start = pm::state_at(16807, 12345);
  // ps30, the states on the host (uploaded each pass) and on the GPU (uploaded once).
  for (const auto update : {fragment::StateUpdate::cpu, fragment::StateUpdate::gpu}) {
    INFO("ps30, state update " << fragment::name_of(update));
    fragment::StatefulFragment<fragment::ParkMillerTraits> engine({1000, fragment::Split::leapfrog, update});
    engine.set_persistent_uploads(false);
    const std::uint64_t count = 5 * 1000 * engine.outputs_per_pixel() + 3;  // five passes and a part one
    std::vector<std::uint32_t> cpu(count);
    pm::generate_ints(start, cpu);
    require_same_words(engine_words(engine, start, count), cpu);
    require_same_words(engine_words(engine, start, count), cpu);  // the second call's upload too
  }
  for (const auto profile : {stream::Profile::scatter, stream::Profile::compute}) {
    INFO("profile " << stream::name_of(profile));
    stream::StreamGenerator<fragment::ParkMillerTraits> pm_engine(profile, 777, 5);
    pm_engine.set_persistent_uploads(false);
    const std::uint64_t count = 3 * pm_engine.outputs_per_pass() + 2;
    std::vector<std::uint32_t> cpu(count);
    pm::generate_ints(start, cpu);
    require_same_words(engine_words(pm_engine, start, count), cpu);

    stream::StreamGenerator<fragment::Mrg32k3aTraits> mrg_engine(profile, 300, 16);
    mrg_engine.set_persistent_uploads(false);
    const mrg32k3a::State mrg_start = mrg32k3a::advance(mrg32k3a::default_seed(), 987654321);
    const std::uint64_t mrg_count = 2 * mrg_engine.outputs_per_pass() + 7;
    std::vector<std::uint32_t> mrg_cpu(mrg_count);
    mrg32k3a::generate_ints(mrg_start, mrg_cpu);
    require_same_words(engine_words(mrg_engine, mrg_start, mrg_count), mrg_cpu);
  }
}
