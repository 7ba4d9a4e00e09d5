// SPDX-License-Identifier: MIT
// Sobol32's CPU reference against cuRAND's host-side generator (curandCreateGeneratorHost
// runs on the CPU: no GPU needed) and its direction vectors, word for word.
#include <catch2/catch.hpp>
#include <curand.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/curand_host_generator.hpp"
#include "support/word_comparison.hpp"
#include "generators/sobol32.hpp"

using namespace glrand;
using glrand_test::check_curand;
using glrand_test::CurandHostGenerator;

// cuRAND tabulates Joe & Kuo's first 20,000 dimensions; ours go on to 21,201.
constexpr int kCurandDimensions = 20000;

TEST_CASE("Sobol32 direction vectors equal cuRAND's JOEKUO6 set", "[sobol32][curand]") {
  curandDirectionVectors32_t* vectors = nullptr;
  check_curand(curandGetDirectionVectors32(&vectors, CURAND_DIRECTION_VECTORS_32_JOEKUO6), "curandGetDirectionVectors32");
  int differing = 0, first_differing = -1;
  for (int d = 0; d < kCurandDimensions; ++d) {
    const auto v = sobol32::directions(d);
    if (!std::equal(v.begin(), v.end(), vectors[d]) && differing++ == 0) first_differing = d;
  }
  INFO("first differing dimension " << first_differing);
  REQUIRE(differing == 0);
  // The table really ends there.
  CurandHostGenerator g(CURAND_RNG_QUASI_SOBOL32);
  REQUIRE(curandSetQuasiRandomGeneratorDimensions(g.generator, kCurandDimensions + 1) == CURAND_STATUS_OUT_OF_RANGE);
}

TEST_CASE("Sobol32 equals cuRAND's host generator, dimension-major, with offsets", "[sobol32][curand]") {
  struct Case { int dimensions; std::uint64_t offset, points; };
  for (const Case c : {Case{1, 0, 100'000}, Case{3, 0, 4096}, Case{kCurandDimensions, 0, 100},
                       Case{7, 123'457, 5000}, Case{2, (1ull << 32) - 1000, 1000}}) {
    INFO("dimensions " << c.dimensions << ", offset " << c.offset << ", points " << c.points);
    CurandHostGenerator g(CURAND_RNG_QUASI_SOBOL32);
    check_curand(curandSetQuasiRandomGeneratorDimensions(g.generator, static_cast<unsigned>(c.dimensions)),
          "curandSetQuasiRandomGeneratorDimensions");
    check_curand(curandSetGeneratorOffset(g.generator, c.offset), "curandSetGeneratorOffset");
    const std::size_t count = static_cast<std::size_t>(c.dimensions) * c.points;
    std::vector<std::uint32_t> theirs(count), ours(count);
    check_curand(curandGenerate(g.generator, theirs.data(), count), "curandGenerate");
    sobol32::generate_ints(c.dimensions, c.offset, c.points, ours);
    require_same_words(ours, theirs);
  }
}

TEST_CASE("Sobol32 floats equal cuRAND's curandGenerateUniform", "[sobol32][curand]") {
  CurandHostGenerator g(CURAND_RNG_QUASI_SOBOL32);
  check_curand(curandSetQuasiRandomGeneratorDimensions(g.generator, 4), "curandSetQuasiRandomGeneratorDimensions");
  const std::uint64_t points = 50'000;
  std::vector<float> theirs(4 * points);
  check_curand(curandGenerateUniform(g.generator, theirs.data(), theirs.size()), "curandGenerateUniform");
  std::vector<std::uint32_t> x(4 * points);
  sobol32::generate_ints(4, 0, points, x);
  for (std::size_t i = 0; i < x.size(); ++i) {
    INFO("output " << i << ", x = " << x[i]);
    REQUIRE(sobol32::to_f32(x[i]) == theirs[i]);
  }
}
