// SPDX-License-Identifier: MIT
// Sobol32's CPU reference: the published first points (tests/kat/sobol32.txt), the published
// rows, recurrence = random access, and the (0,k,1)-net property of every dimension.
#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "generators/sobol32.hpp"
#include "kat/kat.hpp"

using namespace glrand;
namespace kat = glrand_test::kat;

TEST_CASE("Sobol32 dimension 0 starts as docs/check-values.md says", "[sobol32]") {
  const std::vector<std::uint32_t> want = kat::load("sobol32").u32_sequence("dimension=0", "word");
  REQUIRE(want.size() == 8);
  std::vector<std::uint32_t> x(8);
  sobol32::generate_ints(1, 0, 8, x);
  REQUIRE(x == want);
  REQUIRE(sobol32::to_f32(0) == 0x1p-33f);
  REQUIRE(sobol32::to_f32(2147483648u) == 0.5f);  // 0.5 + 2^-33 rounds to 0.5 in float
  REQUIRE(sobol32::to_f32(0xFFFFFFFFu) == 1.0f);  // float(2^32 − 1) rounds to 2^32
  REQUIRE(sobol32::to_f32(0xFFFFFF7Fu) < 1.0f);   // the largest x below 1.0f: 2^32 − 129
  REQUIRE(sobol32::to_f32(0xFFFFFF80u) == 1.0f);  // 2^32 − 128 ties to even, 2^32
  REQUIRE(sobol32::to_f64(0) == 0x1p-33);
  REQUIRE(sobol32::to_f64(2147483648u) == 0.5 + 0x1p-33);
  REQUIRE(sobol32::to_f64(0xFFFFFFFFu) == 1.0 - 0x1p-33);
}

TEST_CASE("Sobol32 direction vectors of dimensions 1 and 2 from the published m values", "[sobol32]") {
  // The published rows d = 2 (s = 1, a = 0, m = 1) and d = 3 (s = 2, a = 1, m = 1 3).
  const auto& rows = sobol32::joe_kuo_table();
  REQUIRE(rows[0].s == 1);
  REQUIRE(rows[0].a == 0);
  REQUIRE(rows[0].m[0] == 1);
  REQUIRE(rows[1].s == 2);
  REQUIRE(rows[1].a == 1);
  REQUIRE(rows[1].m[0] == 1);
  REQUIRE(rows[1].m[1] == 3);
  // Independently: m_k = 2·m_{k-1} XOR m_{k-1} for x + 1; for x^2 + x + 1 (a = 1),
  // m_k = 2·a_1·m_{k-1} XOR 4·m_{k-2} XOR m_{k-2}.
  std::uint64_t m1[33] = {0, 1}, m2[33] = {0, 1, 3};
  for (int k = 2; k <= 32; ++k) m1[k] = (2 * m1[k - 1]) ^ m1[k - 1];
  for (int k = 3; k <= 32; ++k) m2[k] = (2 * m2[k - 1]) ^ (4 * m2[k - 2]) ^ m2[k - 2];
  const auto v1 = sobol32::directions(1), v2 = sobol32::directions(2);
  for (int k = 1; k <= 32; ++k) {
    INFO("k = " << k);
    REQUIRE(v1[k - 1] == static_cast<std::uint32_t>(m1[k] << (32 - k)));
    REQUIRE(v2[k - 1] == static_cast<std::uint32_t>(m2[k] << (32 - k)));
  }
  REQUIRE(sobol32::directions(0) == sobol32::van_der_corput());
  REQUIRE_THROWS_AS(sobol32::directions(sobol32::kDimensions), std::out_of_range);
  REQUIRE_THROWS_AS(sobol32::directions(-1), std::out_of_range);
}

// Every dimension: mismatches are counted, then REQUIREd none (21,201 dimensions × 5,510 points).
TEST_CASE("Sobol32 recurrence equals random access in every dimension", "[sobol32]") {
  int differing = 0, first_differing = -1;
  for (int d = 0; d < sobol32::kDimensions; ++d) {
    const auto v = sobol32::directions(d);
    bool same = true;
    std::uint32_t x = 0;
    for (std::uint32_t n = 0; n < 5000; ++n) {
      same = same && x == sobol32::point(v.data(), n);
      x = sobol32::step(v.data(), x, n);
    }
    // Far out, across the top bit.
    for (std::uint32_t start : {0x7FFFFF00u, 0xFFFFFE00u}) {
      std::uint32_t y = sobol32::point(v.data(), start);
      for (std::uint32_t n = start; n < start + 255u; ++n) {
        y = sobol32::step(v.data(), y, n);
        same = same && y == sobol32::point(v.data(), n + 1);
      }
    }
    if (!same && differing++ == 0) first_differing = d;
  }
  INFO("first differing dimension " << first_differing);
  REQUIRE(differing == 0);
}

// A property of every row with odd m_k (unit diagonal of the generating matrix): a malformed
// row or a broken recurrence shows here; the digits themselves are checked against cuRAND
// (tests/unit/sobol32_curand_host_test.cpp) and against the published file (cli tests).
TEST_CASE("Sobol32 the first 2^k points of each dimension are a (0,k,1)-net", "[sobol32]") {
  const int k = 12;
  const std::uint64_t n = std::uint64_t{1} << k;
  std::vector<std::uint32_t> x(n);
  std::vector<int> hits(n);
  int failing = 0, first_failing = -1;
  for (int d = 0; d < sobol32::kDimensions; ++d) {
    sobol32::generate_dimension(d, 0, x);
    std::fill(hits.begin(), hits.end(), 0);
    for (std::uint64_t i = 0; i < n; ++i) ++hits[x[i] >> (32 - k)];
    if (std::count(hits.begin(), hits.end(), 1) != static_cast<std::ptrdiff_t>(n) && failing++ == 0) first_failing = d;
  }
  INFO("first failing dimension " << first_failing);
  REQUIRE(failing == 0);
}

TEST_CASE("Sobol32 generate_ints is dimension-major and chunks agree", "[sobol32]") {
  const int dims = 5;
  const std::uint64_t points = 1000;
  std::vector<std::uint32_t> all(dims * points), part(dims * 300);
  sobol32::generate_ints(dims, 0, points, all);
  sobol32::generate_ints(dims, 700, 300, part);
  for (int d = 0; d < dims; ++d)
    for (std::uint64_t i = 0; i < 300; ++i) REQUIRE(part[d * 300 + i] == all[d * points + 700 + i]);
  REQUIRE_THROWS_AS(sobol32::generate_ints(dims, 0, points, std::span(all).first(10)), std::invalid_argument);
  std::vector<std::uint32_t> one(1);
  REQUIRE_THROWS_AS(sobol32::generate_ints(1, sobol32::kPoints, 1, one), std::out_of_range);
  sobol32::generate_ints(1, sobol32::kPoints - 1, 1, one);  // the last point
  REQUIRE(one[0] == sobol32::point(sobol32::van_der_corput().data(), 0xFFFFFFFFu));
}

TEST_CASE("Sobol32 generate_dimension gives one row of generate_ints, from any first point", "[sobol32]") {
  const int dims = 9;
  std::vector<std::uint32_t> all(dims * 2000);
  sobol32::generate_ints(dims, 0, 2000, all);
  for (int d : {0, 3, 8}) {
    INFO("dimension " << d);
    std::vector<std::uint32_t> row(1500);
    sobol32::generate_dimension(d, 500, row);
    REQUIRE(std::equal(row.begin(), row.end(), all.begin() + d * 2000 + 500));
  }
  std::vector<std::uint32_t> two(2);
  REQUIRE_THROWS_AS(sobol32::generate_dimension(0, sobol32::kPoints - 1, two), std::out_of_range);
  REQUIRE_THROWS_AS(sobol32::generate_dimension(sobol32::kDimensions, 0, two), std::out_of_range);
}

// generate_dimension runs blocks of eight points between a head and a tail point by point:
// every start modulo 8 and every length around a block, near 0, 2^31 and the last point.
TEST_CASE("Sobol32 generate_dimension equals random access from every start and length", "[sobol32]") {
  for (const int d : {0, 1, 7, 1000, sobol32::kDimensions - 1}) {
    const auto v = sobol32::directions(d);
    for (const std::uint64_t base : {std::uint64_t{0}, std::uint64_t{1} << 31, sobol32::kPoints - 64}) {
      for (std::uint64_t start = base; start < base + 9; ++start)
        for (const std::size_t length : {std::size_t{1}, std::size_t{7}, std::size_t{8}, std::size_t{9}, std::size_t{16},
                                         std::size_t{23}, std::size_t{55}}) {
          if (start + length > sobol32::kPoints) continue;
          std::vector<std::uint32_t> out(length);
          sobol32::generate_dimension(d, start, out);
          int wrong = 0;
          for (std::size_t i = 0; i < length; ++i)
            wrong += out[i] != sobol32::point(v.data(), static_cast<std::uint32_t>(start + i));
          INFO("dimension " << d << ", points " << start << " + " << length);
          REQUIRE(wrong == 0);
        }
    }
    // A long run: 10^5 points from an odd start.
    std::vector<std::uint32_t> out(100000);
    sobol32::generate_dimension(d, 12345, out);
    int wrong = 0;
    for (std::size_t i = 0; i < out.size(); ++i) wrong += out[i] != sobol32::point(v.data(), static_cast<std::uint32_t>(12345 + i));
    INFO("dimension " << d);
    REQUIRE(wrong == 0);
  }
  // The last point of a dimension, alone and at the end of a block.
  std::vector<std::uint32_t> last(8);
  sobol32::generate_dimension(3, sobol32::kPoints - 8, last);
  CHECK(last.back() == sobol32::point(sobol32::directions(3).data(), 0xFFFFFFFFu));
}

TEST_CASE("Sobol32 strides of 2^k (the kernel's step) equal random access", "[sobol32]") {
  for (int d : {0, 1, 2, 37, sobol32::kDimensions - 1}) {
    const auto v = sobol32::directions(d);
    for (std::uint32_t k = 0; k < 32; ++k) {
      INFO("dimension " << d << ", k = " << k);
      const std::uint64_t stride = std::uint64_t{1} << k;
      for (std::uint64_t start : {0ull, 5ull, 12345ull, 0x7FFFFFFFull}) {
        std::uint64_t n = start;
        std::uint32_t x = sobol32::point(v.data(), static_cast<std::uint32_t>(n));
        for (int j = 0; j < 40 && n + stride < sobol32::kPoints; ++j, n += stride) {
          x = sobol32::step_by_power_of_two(v.data(), x, static_cast<std::uint32_t>(n), k);
          REQUIRE(x == sobol32::point(v.data(), static_cast<std::uint32_t>(n + stride)));
        }
      }
    }
  }
}
