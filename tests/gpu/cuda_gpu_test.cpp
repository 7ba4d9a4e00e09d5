// SPDX-License-Identifier: MIT
// The CUDA kernels on a GPU against the CPU reference, word for word, for every geometry
// and chunking tried; MRG32k3a with cuRAND's seeding against cuRAND itself (device API and
// host API in LEGACY ordering). Skipped (exit 77) without a usable GPU: see gpu_main.cpp.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "cuda/buffers.hpp"
#include "cuda/cuda_path.hpp"
#include "cuda/mt19937_jump.hpp"
#include "cuda/mtgp32_device.hpp"
#include "curand_reference.hpp"
#include "generators/ceicg.hpp"
#include "generators/mrg32k3a.hpp"
#include "generators/mt19937.hpp"
#include "generators/park_miller.hpp"
#include "generators/sobol32.hpp"
#include "generators/wichmann_hill.hpp"
#include "generators/mtgp32.hpp"
#include "kat/kat.hpp"
#include "support/word_comparison.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;

namespace {

// The generator's first `count` outputs through the host-buffer API, in chunks of `chunk`.
std::vector<std::uint32_t> on_host(const cuda::Generator& generator, std::uint64_t count, std::uint64_t chunk) {
  std::vector<std::uint32_t> words;
  cuda::generate_host(generator, count, [&](std::span<const std::uint32_t> w) { words.insert(words.end(), w.begin(), w.end()); },
                      chunk);
  return words;
}

// `launch(out, geometry)` into a device buffer of `words` words, read back.
template <class Launch>
std::vector<std::uint32_t> on_device(std::size_t words, Launch launch) {
  cuda::DeviceBuffer<std::uint32_t> buffer(words);
  cuda::check(cudaMemset(buffer.data(), 0xFF, words * sizeof(std::uint32_t)), "cudaMemset");
  launch(buffer.data());
  cuda::check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  std::vector<std::uint32_t> out(words);
  cuda::check(cudaMemcpy(out.data(), buffer.data(), words * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return out;
}

const cuda::Geometry kGeometries[] = {{1, 1}, {1, 32}, {3, 96}, {7, 256}, {132, 256}, {1056, 256}};

// MTGP32's segmented kernel for one layout: the host plan uploaded, then the kernel alone.
std::vector<std::uint32_t> mtgp32_segmented(std::uint64_t seed, std::uint64_t first, std::uint64_t count,
                                            unsigned segments, unsigned sequences = mtgp32::kHostSequences) {
  const cuda::Mtgp32DevicePlan plan(cuda::plan_mtgp32(seed, cuda::mtgp32_layout(first, count, sequences, segments)));
  return on_device(count, [&](std::uint32_t* out) { plan.launch(out, nullptr); });
}

std::vector<std::uint32_t> slice(const std::vector<std::uint32_t>& v, std::uint64_t first, std::uint64_t count) {
  return {v.begin() + static_cast<std::ptrdiff_t>(first), v.begin() + static_cast<std::ptrdiff_t>(first + count)};
}

}  // namespace

TEST_CASE("Park-Miller kernel equals the CPU reference", "[gpu][pm]") {
  const pm::State start = pm::state_at(1, 0);
  const std::uint64_t count = 10'000'000;
  std::vector<std::uint32_t> want(count);
  pm::generate_ints(start, want);
  REQUIRE(want[9999] == kat::load("park_miller").one("seed=1 n=10000").u32("z"));  // z_10000, published
  require_same_words(on_host(cuda::park_miller(start), count, 1u << 22), want);
  for (const auto& g : kGeometries) {
    INFO("geometry " << g.blocks << "x" << g.threads_per_block);
    const std::uint64_t n = 1'000'003;
    const auto got = on_device(n, [&](std::uint32_t* out) { cuda::launch_park_miller(start, out, n, g, nullptr); });
    require_same_words(got, std::vector<std::uint32_t>(want.begin(), want.begin() + n));
  }
  const pm::State far = pm::state_at(424242, 1ull << 40);
  std::vector<std::uint32_t> far_want(1'000'000);
  pm::generate_ints(far, far_want);
  require_same_words(on_host(cuda::park_miller(far), far_want.size(), 333'333), far_want);
}

TEST_CASE("Wichmann-Hill kernel equals the CPU reference", "[gpu][wh]") {
  for (int set : {0, 1, 136, 272}) {
    INFO("set " << set);
    const wh::Parameters& p = wh::parameters(set);
    const wh::State start = wh::state_at(p, wh::seed_state(set, 777u), set == 136 ? (1ull << 33) : 0);
    const std::uint64_t count = 2'000'000;
    std::vector<std::uint32_t> want(4 * count);
    wh::generate_ints(p, start, want);
    require_same_words(on_host(cuda::wichmann_hill(p, start), count, 700'001), want);
    for (const auto& g : kGeometries) {
      INFO("geometry " << g.blocks << "x" << g.threads_per_block);
      const std::uint64_t n = 300'007;
      const auto got = on_device(4 * n, [&](std::uint32_t* out) { cuda::launch_wichmann_hill(p, start, out, n, g, nullptr); });
      require_same_words(got, std::vector<std::uint32_t>(want.begin(), want.begin() + 4 * n));
    }
  }
}

TEST_CASE("Wichmann-Hill parameterisation kernel equals the sets' serial sequences interleaved", "[gpu][wh]") {
  struct Case { int first_set; int substreams; };
  for (const Case c : {Case{0, 1}, Case{5, 7}, Case{0, 273}, Case{200, 73}}) {
    INFO("sets " << c.first_set << " + 0.." << c.substreams - 1);
    // Substream s: set first + s from seed 777 (x0 = 777, y0 = z0 = w0 = 1); output n is
    // output n div P of substream n mod P. Built here from wh::step alone.
    std::vector<wh::State> starts, states;
    for (int s = 0; s < c.substreams; ++s) starts.push_back(wh::seed_state(c.first_set + s, 777u));
    states = starts;
    const std::uint64_t count = 1'000'003;
    std::vector<std::uint32_t> want(4 * count);
    for (std::uint64_t n = 0; n < count; ++n) {
      wh::State& s = states[n % starts.size()];
      std::copy(s.begin(), s.end(), want.begin() + static_cast<std::ptrdiff_t>(4 * n));
      s = wh::step(wh::parameters(c.first_set + static_cast<int>(n % starts.size())), s);
    }
    // Chunks that are not multiples of P start each fill mid-round.
    require_same_words(on_host(cuda::wichmann_hill_sets(c.first_set, starts), count, 333'334), want);
  }
  REQUIRE_THROWS_AS(cuda::wichmann_hill_sets(270, std::vector<wh::State>(4, wh::seed_state(0, 1))), InvalidArgument);
}

TEST_CASE("CEICG kernel equals the CPU reference", "[gpu][ceicg]") {
  for (const auto& start : {ceicg::residues_at({0, 0, 0}, 0, 0), ceicg::residues_at({1, 2, 3}, 4095, 16777180)}) {
    const std::uint64_t count = 2'000'000;
    std::vector<std::uint32_t> want(3 * count);
    ceicg::generate_ints(start, want);
    require_same_words(on_host(cuda::ceicg(start), count, 1u << 20), want);
    for (const auto& g : kGeometries) {
      INFO("geometry " << g.blocks << "x" << g.threads_per_block);
      const std::uint64_t n = 100'003;
      const auto got = on_device(3 * n, [&](std::uint32_t* out) { cuda::launch_ceicg(start, out, n, g, nullptr); });
      require_same_words(got, std::vector<std::uint32_t>(want.begin(), want.begin() + 3 * n));
    }
  }
}

TEST_CASE("MRG32k3a kernel equals the CPU reference with both jump tables", "[gpu][mrg32k3a]") {
  const mrg32k3a::State before = mrg32k3a::default_seed();
  const std::uint64_t count = 10'000'000;
  std::vector<std::uint32_t> want(count);
  mrg32k3a::generate_ints(before, want);
  // Published: RngStreams' first z from its default package seed.
  REQUIRE(want[0] == kat::load("mrg32k3a").one("seed=12345,12345,12345,12345,12345,12345 output=0 z").u32("z"));
  for (auto base : {cuda::JumpBase::base2, cuda::JumpBase::base8}) {
    INFO(cuda::name_of(base));
    require_same_words(on_host(cuda::mrg32k3a(before, base), count, 3'000'017), want);
    for (int multiprocessors : {1, 7, 132}) {
      for (std::uint32_t rounds : {1u, 5u})
        for (auto arithmetic : {cuda::Mrg32k3aArithmetic::integer, cuda::Mrg32k3aArithmetic::mixed}) {
          INFO("multiprocessors " << multiprocessors << ", rounds per chunk " << rounds << ", "
                                  << (arithmetic == cuda::Mrg32k3aArithmetic::mixed ? "mixed" : "integer"));
          const std::uint64_t n = 1'000'003;
          const auto g = cuda::run_geometry(n, multiprocessors, rounds);
          const auto got = on_device(n, [&](std::uint32_t* out) {
            cuda::launch_mrg32k3a(before, out, n, g, base, nullptr, arithmetic);
          });
          require_same_words(got, std::vector<std::uint32_t>(want.begin(), want.begin() + n));
        }
    }
  }
  // A stream and substream far out.
  const auto far = mrg32k3a::advance(mrg32k3a::substream_start(mrg32k3a::stream_start(before, 3), 1ull << 40), 1ull << 50);
  std::vector<std::uint32_t> far_want(1'000'000);
  mrg32k3a::generate_ints(far, far_want);
  require_same_words(on_host(cuda::mrg32k3a(far), far_want.size(), 1u << 22), far_want);
}

TEST_CASE("MRG32k3a with cuRAND seeding equals cuRAND's device API", "[gpu][mrg32k3a][curand]") {
  struct Case { std::uint64_t seed, subsequence, offset; };
  for (const Case c : {Case{1234, 0, 0}, Case{0, 0, 0}, Case{1234, 4095, 1000}, Case{0xDEADBEEFCAFEull, 1ull << 40, 1ull << 35}}) {
    INFO("seed " << c.seed << ", subsequence " << c.subsequence << ", offset " << c.offset);
    const std::size_t count = 100'000;
    const auto reference = test::curand_device_mrg32k3a(c.seed, c.subsequence, c.offset, count);
    std::vector<std::uint32_t> cpu(count);
    const mrg32k3a::State before = mrg32k3a::curand_state(c.seed, c.subsequence, c.offset);
    mrg32k3a::generate_ints(before, cpu);
    require_same_words(test::curand_bits_of(cpu), reference);
    require_same_words(test::curand_bits_of(on_host(cuda::mrg32k3a(before), count, 1u << 16)), reference);
  }
}

TEST_CASE("cuRAND's host API in LEGACY ordering is subsequence n mod 4096 at n / 4096", "[gpu][mrg32k3a][curand]") {
  const std::uint64_t seed = 1234;
  const std::size_t per_subsequence = 64, subsequences = 4096;
  const auto reference = test::curand_host_mrg32k3a(seed, per_subsequence * subsequences);
  // Published: seed 1234, first z.
  REQUIRE(reference[0] ==
          test::curand_bits_of(kat::load("mrg32k3a").one("curand_seed=1234 subsequence=0 output=0").u32("z")));
  std::vector<std::uint32_t> ours(reference.size());
  std::vector<std::uint32_t> run(per_subsequence);
  for (std::size_t s = 0; s < subsequences; ++s) {
    mrg32k3a::generate_ints(mrg32k3a::curand_state(seed, s, 0), run, 1);
    for (std::size_t k = 0; k < per_subsequence; ++k) ours[k * subsequences + s] = run[k];
  }
  require_same_words(test::curand_bits_of(ours), reference);
}

TEST_CASE("Sobol32 kernel equals the CPU reference for every geometry", "[gpu][sobol32]") {
  const cuda::Geometry geometries[] = {{1, 1}, {1, 32}, {4, 64}, {8, 256}, {1024, 256}};
  struct Case { int first_dimension, dimensions; std::uint64_t first, points; };
  for (const Case c : {Case{0, 1, 0, 1'000'003}, Case{0, 5, 0, 100'000}, Case{3, 17, 777, 30'001},
                       Case{0, sobol32::kDimensions, 0, 4096}, Case{1, 2, (1ull << 32) - 70'000, 70'000}}) {
    INFO("dimensions " << c.first_dimension << " + " << c.dimensions << ", points " << c.first << " + " << c.points);
    std::vector<std::uint32_t> all(static_cast<std::size_t>(c.first_dimension + c.dimensions) * c.points);
    sobol32::generate_ints(c.first_dimension + c.dimensions, c.first, c.points, all);
    const std::vector<std::uint32_t> want(all.begin() + static_cast<std::ptrdiff_t>(c.first_dimension * c.points), all.end());
    for (const auto& g : geometries) {
      INFO("geometry " << g.blocks << "x" << g.threads_per_block);
      const auto got = on_device(want.size(), [&](std::uint32_t* out) {
        cuda::launch_sobol32(c.first_dimension, c.dimensions, c.first, c.points, out, g, nullptr);
      });
      require_same_words(got, want);
    }
  }
  // The run as a Generator, through the chunked host output (chunks cross dimensions).
  const int dims = 3;
  const std::uint64_t points = 1'000'000;
  std::vector<std::uint32_t> want(dims * points);
  sobol32::generate_ints(dims, 0, points, want);
  require_same_words(on_host(cuda::sobol32(dims, points), want.size(), 333'333), want);
  // From a first point on (cuRAND's offset), up to the last point of a dimension.
  for (const std::uint64_t first_point : {std::uint64_t{12'345}, sobol32::kPoints - 200'000}) {
    INFO("first point " << first_point);
    std::vector<std::uint32_t> later(7 * 200'000);
    sobol32::generate_ints(7, first_point, 200'000, later);
    require_same_words(on_host(cuda::sobol32(7, 200'000, first_point), later.size(), 333'333), later);
  }
}

TEST_CASE("Sobol32 kernel equals cuRAND's SOBOL32 host API", "[gpu][sobol32][curand]") {
  constexpr int curand_dimensions = 20000;  // cuRAND's JOEKUO6 table; ours goes on to 21,201
  for (int dims : {1, 2, 7, curand_dimensions}) {
    for (std::uint64_t offset : {0ull, 12345ull}) {
      INFO("dimensions " << dims << ", offset " << offset);
      const std::uint64_t points = dims == curand_dimensions ? 1'000 : 1'000'000;
      const auto reference = test::curand_host_sobol32(dims, offset, dims * points);
      // Published: dimension 0 is 0, 2^31, ...
      if (offset == 0) REQUIRE(reference[1] == kat::load("sobol32").one("dimension=0 output=1").u32("word"));
      std::vector<std::uint32_t> cpu(dims * points);
      sobol32::generate_ints(dims, offset, points, cpu);
      require_same_words(cpu, reference);
      const auto gpu = on_device(dims * points, [&](std::uint32_t* out) {
        cuda::launch_sobol32(0, dims, offset, points, out, cuda::sobol32_geometry(points, dims, cuda::multiprocessors()), nullptr);
      });
      require_same_words(gpu, reference);
    }
  }
  const auto uniform = test::curand_host_sobol32_uniform(2, 200'000);
  std::vector<std::uint32_t> x(uniform.size());
  sobol32::generate_ints(2, 0, 100'000, x);
  for (std::size_t i = 0; i < x.size(); ++i) {
    INFO("output " << i);
    REQUIRE(sobol32::to_f32(x[i]) == uniform[i]);
  }
}

TEST_CASE("MT19937's jump on the device equals the host's Horner scheme", "[gpu][mt19937]") {
  // States of several seeds and positions (any read index), all moved on at once by t^K mod φ,
  // in place (a block a state) and into other states (each state's terms shared among blocks);
  // a polynomial of a few terms and ones of every degree up to 19936.
  std::vector<std::array<std::uint32_t, mt19937::kN>> windows;
  for (const std::uint32_t seed : {5489u, 1u, 4357u, 0xFFFFFFFFu})
    for (const std::uint64_t position : {std::uint64_t{0}, std::uint64_t{1000}, std::uint64_t{624 * 5 + 3}})
      windows.push_back(mt19937::state_at(seed, position).mt);
  windows.push_back({});  // the zero state stays zero
  windows.back().fill(0);
  cuda::DeviceBuffer<std::uint32_t> states(windows.size() * mt19937::kN), other(windows.size() * mt19937::kN);
  gf2::Polynomial few;
  few.words = {0b100101};  // 1 + t^2 + t^5
  std::vector<gf2::Polynomial> polynomials{few};
  for (const std::uint64_t outputs : {std::uint64_t{624}, std::uint64_t{624 * 7}, std::uint64_t{1} << 24,
                                      std::uint64_t{1} << 40, std::uint64_t{0xFFFFFFFFFFFF0000ull}})
    polynomials.push_back(mt19937::modulus().power_of_t(gf2::Exponent{outputs / mt19937::kN} * mt19937::kN));
  // Dense ones whose terms end at, before and after the kernel's 1024-term slices' ends, and
  // one with every coefficient set (every nibble 15).
  std::mt19937_64 bits(20261129);
  for (const unsigned degree : {1022u, 1023u, 1024u, 2047u, 2048u, 4095u, 12345u, 19936u}) {
    gf2::Polynomial dense;
    dense.words.resize(degree / 64 + 1);
    for (std::uint64_t& w : dense.words) w = bits();
    dense.words.back() &= ~std::uint64_t{0} >> (63 - degree % 64);
    dense.words.back() |= std::uint64_t{1} << (degree % 64);
    polynomials.push_back(dense);
  }
  gf2::Polynomial ones;
  ones.words.assign(19937 / 64 + 1, ~std::uint64_t{0});
  ones.words.back() = ~std::uint64_t{0} >> (63 - 19936 % 64);
  polynomials.push_back(ones);
  for (std::size_t k = 0; k < polynomials.size(); ++k) {
    const gf2::Polynomial& g = polynomials[k];
    const bool in_place = k % 2 == 0;
    REQUIRE(g.degree() <= 19936);
    INFO("degree " << g.degree() << ", " << g.term_count() << " terms, " << (in_place ? "in place" : "into other states"));
    for (std::size_t i = 0; i < windows.size(); ++i)
      cuda::check(cudaMemcpy(states.data() + i * mt19937::kN, windows[i].data(), sizeof windows[i], cudaMemcpyHostToDevice),
                  "cudaMemcpy");
    // In place one block a state; into other states in as many parts as fill the device.
    cuda::jump_mt19937_states(g, states.data(), in_place ? states.data() : other.data(), windows.size(), nullptr,
                              in_place ? 1 : 0);
    cuda::check(cudaDeviceSynchronize(), "mt19937_jump");
    for (std::size_t i = 0; i < windows.size(); ++i) {
      INFO("state " << i);
      std::array<std::uint32_t, mt19937::kN> got{};
      cuda::check(cudaMemcpy(got.data(), (in_place ? states : other).data() + i * mt19937::kN, sizeof got,
                             cudaMemcpyDeviceToHost),
                  "cudaMemcpy");
      REQUIRE(got == mt19937::apply_polynomial(g, windows[i]));
    }
  }
  // The two of degree 19936 (20 slices) again, into other states in 3 and 7 parts: parts of
  // several slices each, all but the first starting past slices they only move over.
  for (const gf2::Polynomial* g : {&polynomials[polynomials.size() - 2], &polynomials.back()})
    for (const unsigned parts : {3u, 7u}) {
      INFO("degree " << g->degree() << ", " << g->term_count() << " terms, " << parts << " parts");
      for (std::size_t i = 0; i < windows.size(); ++i)
        cuda::check(cudaMemcpy(states.data() + i * mt19937::kN, windows[i].data(), sizeof windows[i],
                               cudaMemcpyHostToDevice),
                    "cudaMemcpy");
      cuda::jump_mt19937_states(*g, states.data(), other.data(), windows.size(), nullptr, parts);
      cuda::check(cudaDeviceSynchronize(), "mt19937_jump");
      for (std::size_t i = 0; i < windows.size(); ++i) {
        INFO("state " << i);
        std::array<std::uint32_t, mt19937::kN> got{};
        cuda::check(cudaMemcpy(got.data(), other.data() + i * mt19937::kN, sizeof got, cudaMemcpyDeviceToHost),
                    "cudaMemcpy");
        REQUIRE(got == mt19937::apply_polynomial(*g, windows[i]));
      }
    }
}

TEST_CASE("MT19937 host output, each chunk from the states the last one jumped on the device, equals the CPU reference",
          "[gpu][mt19937]") {
  struct Case {
    std::uint32_t seed;
    std::uint64_t offset, chunk, count;
  };
  // Chunks of one segment and of several, read indices that move by the chunk (a chunk shorter
  // than a block, one a multiple of 624), a last chunk shorter than the rest, a far offset.
  for (const Case c : {Case{5489, 0, std::uint64_t{1} << 22, (std::uint64_t{1} << 24) + 12345},
                       Case{4357, 777, 100'003, 1'000'000}, Case{1, 624 * 3, 624 * 1000, 624 * 4000},
                       Case{7, 1000, 1000, 10'500}, Case{42, std::uint64_t{1} << 40, (std::uint64_t{1} << 20) + 1, 5'000'000}}) {
    INFO("seed " << c.seed << ", offset " << c.offset << ", chunks of " << c.chunk << ", " << c.count << " outputs");
    std::vector<std::uint32_t> want(c.count);
    mt19937::State s = mt19937::state_at(c.seed, c.offset);
    mt19937::generate_ints(s, want);
    require_same_words(on_host(cuda::mt19937(c.seed, c.offset, c.count), c.count, c.chunk), want);
    require_same_words(on_host(cuda::mt19937(c.seed, c.offset), c.count, c.chunk), want);  // the total not known
  }
  // One large fill (about 190 segments, their states made by doubling on the device), then one
  // continuing it with another length.
  {
    const std::uint64_t n = 50'000'017;
    std::vector<std::uint32_t> want(n + 1000);
    mt19937::State s = mt19937::state_at(11, 5);
    mt19937::generate_ints(s, want);
    const cuda::Generator generator = cuda::mt19937(11, 5);
    cuda::DeviceBuffer<std::uint32_t> large(n), small(1000);
    cuda::generate_device(generator, large.span());
    std::vector<std::uint32_t> got(n);
    cuda::check(cudaMemcpy(got.data(), large.data(), n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
    require_same_words(got, std::vector<std::uint32_t>(want.begin(), want.begin() + static_cast<std::ptrdiff_t>(n)));
    generator.fill(n, small.span(), nullptr);
    got.resize(1000);
    cuda::check(cudaMemcpy(got.data(), small.data(), 1000 * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
    require_same_words(got, std::vector<std::uint32_t>(want.begin() + static_cast<std::ptrdiff_t>(n), want.end()));
  }
  // Long fills, each continuing the last on the device: 2^27 + 1001 outputs (256 segments of
  // 2^19; on a GPU of 132 SMs a block a segment) three times, then 2^28 + 3 (512 segments; a
  // warp a segment there).
  {
    constexpr std::uint64_t kShort = (std::uint64_t{1} << 27) + 1001, kLong = (std::uint64_t{1} << 28) + 3;
    const std::uint64_t total = 3 * kShort + kLong;
    std::vector<std::uint32_t> want(total);
    mt19937::State s = mt19937::state_at(2026, 11);
    mt19937::generate_ints(s, want);
    const cuda::Generator generator = cuda::mt19937(2026, 11);
    cuda::DeviceBuffer<std::uint32_t> buffer(kLong);
    std::vector<std::uint32_t> got(kLong);
    std::uint64_t first = 0;
    for (const std::uint64_t n : {kShort, kShort, kShort, kLong}) {
      INFO("a fill of " << n << " at " << first);
      generator.fill(first, buffer.span().first(n), nullptr);
      got.resize(n);
      cuda::check(cudaMemcpy(got.data(), buffer.data(), n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
      require_same_words(got, std::vector<std::uint32_t>(want.begin() + static_cast<std::ptrdiff_t>(first),
                                                         want.begin() + static_cast<std::ptrdiff_t>(first + n)));
      first += n;
    }
  }
  // Fills out of order, of other lengths, and one continuing another of a different length.
  std::vector<std::uint32_t> want(3'000'000);
  mt19937::State s = mt19937::state_at(99, 0);
  mt19937::generate_ints(s, want);
  const cuda::Generator generator = cuda::mt19937(99, 0);
  cuda::DeviceBuffer<std::uint32_t> buffer(1'000'000);
  generator.fill(7, {}, nullptr);  // an empty fill, before any other: nothing, and no state kept
  for (const auto& [first, n] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{
           {500'000, 1'000'000}, {1'500'000, 1'000'000}, {2'500'000, 300'000}, {10, 1000}, {1010, 1000}, {2010, 999'999}}) {
    INFO("a fill of " << n << " at " << first << " after others");
    generator.fill(first, buffer.span().first(n), nullptr);
    std::vector<std::uint32_t> got(n);
    cuda::check(cudaMemcpy(got.data(), buffer.data(), n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
    require_same_words(got, std::vector<std::uint32_t>(want.begin() + static_cast<std::ptrdiff_t>(first),
                                                       want.begin() + static_cast<std::ptrdiff_t>(first + n)));
  }
}

TEST_CASE("MTGP32 kernel equals the CPU reference in cuRAND's host-API order", "[gpu][mtgp32]") {
  for (std::uint64_t seed : {std::uint64_t{1234}, std::uint64_t{0}, std::uint64_t{0xDEADBEEFCAFEull}}) {
    INFO("seed " << seed);
    const std::uint64_t count = 3 * 192 * 256 + 1001;  // three rounds and part of a fourth
    std::vector<std::uint32_t> want(count);
    mtgp32::host_api_outputs(seed, 0, want);
    if (seed == 1234) REQUIRE(want[0] == kat::load("mtgp32").one("seed=1234 output=0").u32("word"));  // published
    require_same_words(on_host(cuda::mtgp32(seed), count, 50'000), want);
    for (std::uint64_t first : {std::uint64_t{0}, std::uint64_t{7}, std::uint64_t{49'152}, std::uint64_t{100'000}}) {
      INFO("first " << first);
      const std::uint64_t n = count - first;
      const auto got = on_device(n, [&](std::uint32_t* out) { cuda::launch_mtgp32(seed, first, out, n, nullptr); });
      require_same_words(got, std::vector<std::uint32_t>(want.begin() + static_cast<std::ptrdiff_t>(first), want.end()));
    }
  }
  // The Generator from an offset, through chunks of several sizes, and fills out of order.
  {
    const std::uint64_t offset = 5 * 192 * 256 + 77;
    std::vector<std::uint32_t> want(1'000'003);
    mtgp32::host_api_outputs(1234, offset, want);
    const cuda::Generator generator = cuda::mtgp32(1234, offset);
    generator.fill(0, {}, nullptr);  // an empty fill: nothing, and no state kept
    for (std::uint64_t chunk : {std::uint64_t{1'000'003}, std::uint64_t{49'152}, std::uint64_t{333'333}, std::uint64_t{1000}})
      require_same_words(on_host(generator, want.size(), chunk), want);
    cuda::DeviceBuffer<std::uint32_t> buffer(1000);
    std::vector<std::uint32_t> got(1000);
    for (const std::uint64_t first : {std::uint64_t{500'000}, std::uint64_t{10}, std::uint64_t{10} + 192 * 256 * 3}) {
      INFO("a fill at " << first << " after others");
      generator.fill(first, buffer.span(), nullptr);
      cuda::check(cudaMemcpy(got.data(), buffer.data(), 1000 * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
      require_same_words(got, std::vector<std::uint32_t>(want.begin() + static_cast<std::ptrdiff_t>(first),
                                                         want.begin() + static_cast<std::ptrdiff_t>(first + 1000)));
    }
  }
  // Another generator count (not cuRAND's), against the CPU reference's same layout.
  std::vector<std::uint32_t> want(200 * 256 * 2 + 5);
  mtgp32::host_api_outputs(99, 0, want, 200);
  const auto got = on_device(want.size(), [&](std::uint32_t* out) { cuda::launch_mtgp32(99, 0, out, want.size(), nullptr, 200); });
  require_same_words(got, want);
}

TEST_CASE("MTGP32 equals cuRAND's host API (CURAND_RNG_PSEUDO_MTGP32, default ordering)", "[gpu][mtgp32][curand]") {
  for (std::uint64_t seed : {std::uint64_t{1234}, std::uint64_t{42}, std::uint64_t{0xDEADBEEFCAFEull}}) {
    INFO("seed " << seed);
    const std::size_t count = 4 * 192 * 256 + 3000;
    const auto reference = test::curand_host_mtgp32(seed, {count});
    if (seed == 1234) CHECK(reference[0] == kat::load("mtgp32").one("seed=1234 output=0").u32("word"));  // published
    std::vector<std::uint32_t> ours(count);
    mtgp32::host_api_outputs(seed, 0, ours);
    if (ours != reference) {
      // Say which generator count, if any, cuRAND's order fits, before failing.
      for (unsigned g : {64u, 128u, 132u, 200u}) {
        std::vector<std::uint32_t> alt(count);
        mtgp32::host_api_outputs(seed, 0, alt, g);
        if (alt == reference) FAIL_CHECK("cuRAND's host API fits " << g << " generators, not " << mtgp32::kHostSequences);
      }
    }
    require_same_words(ours, reference);
    const auto gpu = on_device(count, [&](std::uint32_t* out) { cuda::launch_mtgp32(seed, 0, out, count, nullptr); });
    require_same_words(gpu, reference);
  }
}

TEST_CASE("MTGP32 segmented kernel equals the CPU reference for every segment count and window", "[gpu][mtgp32]") {
  const std::uint64_t round = 192 * 256;
  const std::uint64_t total = 61 * round + 999;
  std::vector<std::uint32_t> want(total);
  mtgp32::host_api_outputs(2024, 0, want);
  struct Window { std::uint64_t first, count; };
  for (const Window w : {Window{0, total}, Window{7, total - 7}, Window{12345, 40 * round + 77},
                         Window{round * 17 + 256 * 5 + 3, 20 * round}, Window{100'000, 1}, Window{round - 5, 10}}) {
    for (unsigned segments : {1u, 3u, 11u, 40u, 1000u}) {
      INFO("first " << w.first << ", count " << w.count << ", segments " << segments);
      require_same_words(mtgp32_segmented(2024, w.first, w.count, segments), slice(want, w.first, w.count));
    }
  }
  // Another generator count, many segments.
  std::vector<std::uint32_t> few(5 * 256 * 300 + 17);
  mtgp32::host_api_outputs(99, 0, few, 5);
  require_same_words(mtgp32_segmented(99, 0, few.size(), 37, 5), few);
}

TEST_CASE("MTGP32 segmented kernel equals cuRAND's host API for windows far in", "[gpu][mtgp32][curand]") {
  // cuRAND's stream for 2^24 + 3000 outputs; windows of it from the segmented kernel, with the
  // default segment count (launch_mtgp32) and others, starting anywhere.
  const std::size_t total = (std::size_t{1} << 24) + 3000;
  const auto reference = test::curand_host_mtgp32(1234, {total});
  REQUIRE(reference[0] == kat::load("mtgp32").one("seed=1234 output=0").u32("word"));  // published
  const auto whole = on_device(total, [&](std::uint32_t* out) { cuda::launch_mtgp32(1234, 0, out, total, nullptr); });
  require_same_words(whole, reference);
  struct Window { std::uint64_t first, count; unsigned segments; };
  for (const Window w : {Window{1, total - 1, 11}, Window{256 * 1000 + 129, 5'000'000, 7}, Window{9'999'999, 6'000'000, 64},
                         Window{total - 70'000, 70'000, 2}}) {
    INFO("first " << w.first << ", count " << w.count << ", segments " << w.segments);
    require_same_words(mtgp32_segmented(1234, w.first, w.count, w.segments), slice(reference, w.first, w.count));
    const auto by_launch =
        on_device(w.count, [&](std::uint32_t* out) { cuda::launch_mtgp32(1234, w.first, out, w.count, nullptr); });
    require_same_words(by_launch, slice(reference, w.first, w.count));
  }
}
