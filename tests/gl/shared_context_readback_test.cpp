// SPDX-License-Identifier: MIT
// The GL engines' packed passes read back by a shared context on its own thread
// (gl::SharedContextReadback), forced here where the automatic choice keeps one context (a
// software renderer): words and values equal the CPU reference's over many passes and runs,
// and an exception in the middle of a run leaves the readback usable.
#include <catch2/catch.hpp>

#include <cstring>
#include <stdexcept>
#include <vector>

#include <glrand/error.hpp>
#include "fragment/mrg32k3a_fragment.hpp"
#include "fragment/park_miller_fragment.hpp"
#include "fragment/wichmann_hill_fragment.hpp"
#include "generators/ceicg.hpp"
#include "stream/ceicg_stream.hpp"
#include "stream/stream_generator.hpp"
#include "gl/pass_readback.hpp"
#include "gl/reader_thread.hpp"
#include "gl/shared_context_readback.hpp"
#include "support/engine_words.hpp"
#include "support/gl_test_context.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;

namespace {

constexpr fragment::Split kLeapfrog = fragment::Split::leapfrog;
constexpr fragment::StateUpdate kGpu = fragment::StateUpdate::gpu;

}  // namespace

TEST_CASE("The readback kinds: forced, and automatic by the device and the pass's size", "[gl-read-back][gl]") {
  const bool software = test_context().device().software;
  constexpr std::size_t kLarge = gl::kSharedReadbackBytes, kSmall = gl::kSharedReadbackBytes - 16;
  REQUIRE(gl::SharedContextReadback::available(kLarge));
  std::shared_ptr<gl::ReaderThread> reader;
  CHECK(gl::make_pass_readback(gl::ReadbackKind::one_context, kLarge, reader)->kind() == gl::ReadbackKind::one_context);
  CHECK(reader == nullptr);
  CHECK(gl::make_pass_readback(gl::ReadbackKind::shared_context, 1 << 10, reader)->kind() ==
        gl::ReadbackKind::shared_context);
  REQUIRE(reader != nullptr);
  const gl::ReaderThread* started = reader.get();
  // A software renderer's copy is its cores' work either way, and a small pass's copy is short:
  // there automatic keeps one context.
  CHECK(gl::make_pass_readback(gl::ReadbackKind::automatic, kLarge, reader)->kind() ==
        (software ? gl::ReadbackKind::one_context : gl::ReadbackKind::shared_context));
  CHECK(gl::make_pass_readback(gl::ReadbackKind::automatic, kSmall, reader)->kind() == gl::ReadbackKind::one_context);
  CHECK(reader.get() == started);  // the readbacks share the one reader
}

// A readback that cannot be made (here a pass past the texture-size limit) leaves the reader
// that another readback reads through, and that one reads on.
TEST_CASE("A shared-context readback that cannot be made leaves the others' reader", "[gl-read-back][gl]") {
  test_context();
  std::shared_ptr<gl::ReaderThread> reader;
  const auto first = gl::make_pass_readback(gl::ReadbackKind::shared_context, 4096, reader);
  REQUIRE(reader != nullptr);
  const gl::ReaderThread* started = reader.get();
  CHECK_THROWS_AS(gl::make_pass_readback(gl::ReadbackKind::shared_context, std::size_t{1} << 40, reader), DeviceError);
  CHECK(reader.get() == started);
  gl::StorageBuffer source(4096);
  std::vector<std::uint32_t> words(1024);
  std::uint64_t taken = 0;
  first->run(
      5,
      [&](std::uint64_t pass) {
        for (std::size_t i = 0; i < words.size(); ++i) words[i] = static_cast<std::uint32_t>(pass * 7919u + i);
        source.upload(std::as_bytes(std::span<const std::uint32_t>(words)));
        first->copy_from(source, 4096);
      },
      [&](std::uint64_t pass, std::span<const float> floats) {
        std::vector<std::uint32_t> got(1024);
        std::memcpy(got.data(), floats.data(), 4096);
        for (std::size_t i = 0; i < got.size(); ++i) REQUIRE(got[i] == static_cast<std::uint32_t>(pass * 7919u + i));
        CHECK(pass == taken++);
      });
  CHECK(taken == 5);
}

TEST_CASE("Packed ps30 passes read back from a shared context equal the reference", "[gl-read-back][gl]") {
  test_context();
  for (const std::uint64_t P : {std::uint64_t{3}, std::uint64_t{4096}, std::uint64_t{5000}}) {
    INFO("P = " << P);
    // Passes past the ring's slots, a part pass at the end; two runs in one engine, so
    // the reader's count of passes runs on from run to run.
    fragment::ParkMillerFragment pm_engine({P, kLeapfrog, kGpu});
    pm_engine.set_readback(gl::ReadbackKind::shared_context);
    const std::uint64_t count = 7 * P * pm_engine.outputs_per_pixel() + 5;
    for (const std::uint64_t offset : {std::uint64_t{99}, std::uint64_t{1} << 40}) {
      const pm::State start = pm::state_at(16807, offset);
      std::vector<std::uint32_t> cpu(count);
      pm::generate_ints(start, cpu);
      require_same_words(engine_words(pm_engine, start, count), cpu);
    }

    const wh::Parameters& parameters = wh::parameters(0);
    fragment::WichmannHillFragment wh_engine({P, kLeapfrog, kGpu}, {parameters});
    wh_engine.set_readback(gl::ReadbackKind::shared_context);
    const wh::State wh_start = wh::state_at(parameters, wh::seed_state(0, 12345), 777);
    const std::uint64_t wh_count = 5 * P * wh_engine.outputs_per_pixel() + 3;
    std::vector<std::uint32_t> wh_cpu(4 * wh_count);
    wh::generate_ints(parameters, wh_start, wh_cpu);
    require_same_words(engine_words(wh_engine, wh_start, wh_count), wh_cpu);

    fragment::Mrg32k3aFragment mrg_engine({P, kLeapfrog, kGpu});
    mrg_engine.set_readback(gl::ReadbackKind::shared_context);
    const mrg32k3a::State mrg_start = mrg32k3a::advance(mrg32k3a::State{{12345, 12345, 12345}, {12345, 12345, 12345}}, mrg32k3a::Steps{4242});
    const std::uint64_t mrg_count = 4 * P * mrg_engine.outputs_per_pixel() + 1;
    std::vector<std::uint32_t> mrg_cpu(mrg_count);
    mrg32k3a::generate_ints(mrg_start, mrg_cpu);
    require_same_words(engine_words(mrg_engine, mrg_start, mrg_count), mrg_cpu);
  }
}

TEST_CASE("Floats made on the GPU and read back from a shared context are the host's", "[gl-read-back][gl]") {
  test_context();
  const std::uint64_t P = 4096;
  fragment::ParkMillerFragment engine({P, kLeapfrog, kGpu});
  engine.set_readback(gl::ReadbackKind::shared_context);
  const std::uint64_t count = 6 * P * engine.outputs_per_pixel() + 7;
  const pm::State start = pm::state_at(16807, 31337);
  std::vector<std::uint32_t> words(count);
  pm::generate_ints(start, words);
  for (const auto format : {gl::PackFormat::f32, gl::PackFormat::f64}) {
    std::vector<std::byte> bytes;
    engine.generate_values(start, count, format,
                           [&](std::span<const std::byte> c) { bytes.insert(bytes.end(), c.begin(), c.end()); });
    if (format == gl::PackFormat::f32) {
      std::vector<float> gpu(count), cpu(count);
      REQUIRE(bytes.size() == count * sizeof(float));
      std::memcpy(gpu.data(), bytes.data(), bytes.size());
      for (std::uint64_t i = 0; i < count; ++i) cpu[i] = pm::to_f32(words[i]);
      require_same_words(gpu, cpu);
    } else {
      std::vector<double> gpu(count), cpu(count);
      REQUIRE(bytes.size() == count * sizeof(double));
      std::memcpy(gpu.data(), bytes.data(), bytes.size());
      for (std::uint64_t i = 0; i < count; ++i) cpu[i] = pm::to_f64(words[i]);
      require_same_words(gpu, cpu);
    }
  }
}

TEST_CASE("A consumer's exception in a shared-context readback leaves it usable", "[gl-read-back][gl]") {
  test_context();
  const std::uint64_t P = 4096;
  fragment::ParkMillerFragment engine({P, kLeapfrog, kGpu});
  engine.set_readback(gl::ReadbackKind::shared_context);
  const std::uint64_t per_pass = P * engine.outputs_per_pixel(), count = 9 * per_pass;
  const pm::State start = pm::state_at(16807, 5);
  std::vector<std::uint32_t> cpu(count);
  pm::generate_ints(start, cpu);
  for (const int stop_at : {0, 4}) {
    INFO("the consumer throws at pass " << stop_at);
    int chunks = 0;
    CHECK_THROWS_WITH(engine.generate(start, count,
                                      [&](std::span<const std::uint32_t>) {
                                        if (chunks++ == stop_at) throw std::runtime_error("consumer gives up");
                                      }),
                      "consumer gives up");
    // Passes were still in flight when it threw: the next run starts clean.
    require_same_words(engine_words(engine, start, count), cpu);
  }
}

TEST_CASE("Scatter and compute passes read back from a shared context equal the reference", "[gl-read-back][gl]") {
  test_context();
  for (const auto profile : {stream::Profile::scatter, stream::Profile::compute}) {
    INFO("profile " << stream::name_of(profile));
    // 4097 substreams span two rows of a scatter pass; 7 passes and a part one.
    stream::StreamGenerator<fragment::ParkMillerTraits> pm_engine(profile, 4097, 3);
    pm_engine.set_readback(gl::ReadbackKind::shared_context);
    const std::uint64_t count = 7 * pm_engine.outputs_per_pass() + 11;
    const pm::State start = pm::state_at(16807, 4711);
    std::vector<std::uint32_t> cpu(count);
    pm::generate_ints(start, cpu);
    require_same_words(engine_words(pm_engine, start, count), cpu);

    const wh::Parameters& parameters = wh::parameters(5);
    stream::StreamGenerator<fragment::WichmannHillTraits> wh_engine(profile, 1000, 5, {parameters});
    wh_engine.set_readback(gl::ReadbackKind::shared_context);
    const wh::State wh_start = wh::state_at(parameters, wh::seed_state(5, 99), 12345);
    const std::uint64_t wh_count = 4 * wh_engine.outputs_per_pass() + 2;
    std::vector<std::uint32_t> wh_cpu(4 * wh_count);
    wh::generate_ints(parameters, wh_start, wh_cpu);
    require_same_words(engine_words(wh_engine, wh_start, wh_count), wh_cpu);

    // The values made on the GPU cross the same way.
    std::vector<std::byte> bytes;
    pm_engine.generate_values(start, count, gl::PackFormat::f32,
                              [&](std::span<const std::byte> c) { bytes.insert(bytes.end(), c.begin(), c.end()); });
    REQUIRE(bytes.size() == count * sizeof(float));
    std::vector<float> gpu(count), expected(count);
    std::memcpy(gpu.data(), bytes.data(), bytes.size());
    for (std::uint64_t i = 0; i < count; ++i) expected[i] = pm::to_f32(cpu[i]);
    require_same_words(gpu, expected);
  }
}

// On a GPU CEICG's compute passes pack only its words themselves; its values are packed after
// the pass and, where the engine chooses, read as a scatter pass's are: by a shared context for
// passes of 4 MiB or more. A software renderer packs them in the pass, read on one context.
// Each kind's bytes are the reference's, the words read on one context between two runs of
// values.
TEST_CASE("CEICG's compute values are packed after the pass on a GPU and read as the engine chooses", "[gl-read-back][gl]") {
  const bool software = test_context().device().software;
  // 2^14 substreams of 16 groups: a pass of 2^20 floats, 4 MiB.
  stream::StreamGenerator<stream::CeicgStreamTraits> engine(stream::Profile::compute, 1 << 14, 16);
  REQUIRE(engine.outputs_per_pass() * sizeof(float) * 4 >= gl::kSharedReadbackBytes);
  const std::uint64_t groups = 2 * engine.outputs_per_pass() + 5;
  const ceicg::Residues start = ceicg::residues_at({}, 12345, 678);
  std::vector<std::uint32_t> cpu(12 * groups);
  ceicg::generate_ints(start, cpu);
  std::vector<float> expected(4 * groups);
  ceicg::to_f32(cpu, expected);
  const auto values = [&] {
    std::vector<std::byte> bytes;
    engine.generate_values(start, groups, gl::PackFormat::f32,
                           [&](std::span<const std::byte> c) { bytes.insert(bytes.end(), c.begin(), c.end()); });
    REQUIRE(bytes.size() == expected.size() * sizeof(float));
    std::vector<float> gpu(expected.size());
    std::memcpy(gpu.data(), bytes.data(), bytes.size());
    return gpu;
  };
  const auto automatic = software ? gl::ReadbackKind::one_context : gl::ReadbackKind::shared_context;
  CHECK(engine.packs_values_after_pass() == !software);
  require_same_words(values(), expected);
  CHECK(engine.last_packed_in_pass() == software);
  CHECK(engine.last_readback() == automatic);
  require_same_words(engine_words(engine, start, groups), cpu);
  CHECK(engine.last_packed_in_pass());
  CHECK(engine.last_readback() == gl::ReadbackKind::one_context);
  require_same_words(values(), expected);
  CHECK(engine.last_readback() == automatic);
  // A kind asked for is kept.
  engine.set_readback(gl::ReadbackKind::one_context);
  require_same_words(values(), expected);
  CHECK(engine.last_readback() == gl::ReadbackKind::one_context);
}

// The readback itself, without an engine: each pass copies its own bytes in (copy_from), and
// take must see exactly those, in order, whichever slot they passed through; an exception from
// an issue, with passes still in flight, leaves it usable. Two readbacks share one reader, as
// an engine's formats do, their runs taking turns and one run inside the other's.
TEST_CASE("A shared-context readback hands on each pass's bytes in order, after an issue throws too",
          "[gl-read-back][gl]") {
  test_context();
  constexpr std::size_t kWords = 5000;  // not a whole number of texels' rows
  const int slots = GENERATE(2, 3);
  INFO(slots << " slots");
  const auto reader = std::make_shared<gl::ReaderThread>();
  gl::SharedContextReadback other(kWords * sizeof(std::uint32_t), reader, slots);
  gl::SharedContextReadback readback(kWords * sizeof(std::uint32_t), reader, slots);
  std::vector<gl::StorageBuffer> sources;
  for (int i = 0; i < 2; ++i) sources.emplace_back(kWords * sizeof(std::uint32_t));
  const auto words_of_pass = [](std::uint64_t pass) {
    std::vector<std::uint32_t> words(kWords);
    for (std::size_t i = 0; i < kWords; ++i) words[i] = static_cast<std::uint32_t>(pass * 1000003u + i * 7u);
    return words;
  };
  const auto issue = [&](gl::SharedContextReadback& into, std::uint64_t pass) {
    const auto words = words_of_pass(pass);
    const gl::StorageBuffer& source = sources[pass % 2];
    source.upload(std::as_bytes(std::span<const std::uint32_t>(words)));
    into.copy_from(source, kWords * sizeof(std::uint32_t));
  };
  int round = 0;
  for (const int throw_at : {-1, 4, -1, 0, -1, -1}) {
    gl::SharedContextReadback& into = round++ % 2 == 0 ? readback : other;
    INFO("round " << round << ", the issue throws at pass " << throw_at);
    std::vector<std::uint64_t> taken;
    const auto run = [&] {
      into.run(
          9,
          [&](std::uint64_t pass) {
            if (static_cast<int>(pass) == throw_at) throw std::runtime_error("issue gives up");
            issue(into, pass);
          },
          [&](std::uint64_t pass, std::span<const float> floats) {
            REQUIRE(floats.size() * sizeof(float) >= kWords * sizeof(std::uint32_t));
            std::vector<std::uint32_t> got(kWords);
            std::memcpy(got.data(), floats.data(), kWords * sizeof(std::uint32_t));
            require_same_words(got, words_of_pass(pass));
            taken.push_back(pass);
            // The other readback's reads queued behind this one's, both in flight at once.
            if (&into == &readback && throw_at < 0 && pass == 4) {
              std::uint64_t inner = 0;
              other.run(
                  3, [&](std::uint64_t k) { issue(other, 100 + k); },
                  [&](std::uint64_t k, std::span<const float> f) {
                    std::memcpy(got.data(), f.data(), kWords * sizeof(std::uint32_t));
                    require_same_words(got, words_of_pass(100 + k));
                    CHECK(k == inner++);
                  });
              CHECK(inner == 3);
            }
          });
    };
    if (throw_at < 0) {
      run();
      CHECK(taken == std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8});
    } else {
      CHECK_THROWS_WITH(run(), "issue gives up");
      CHECK(taken.size() <= static_cast<std::size_t>(throw_at));  // only passes before it, in order
      for (std::size_t i = 0; i < taken.size(); ++i) CHECK(taken[i] == i);
    }
  }
}

