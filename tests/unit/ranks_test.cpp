// SPDX-License-Identifier: MIT
// glrand::share_of: the blocks of N ranks, generated each from its own settings and
// concatenated, are the run's outputs, for every generator on the CPU reference, with counts
// that N does not divide (Sobol32: whole points, placed dimension by dimension; Box–Muller:
// whole pairs, an odd count's last value on the last rank).
#include <catch2/catch.hpp>

#include <cstdint>
#include <span>
#include <vector>

#include <glrand/error.hpp>
#include <glrand/generator.hpp>
#include <glrand/ranks.hpp>

using namespace glrand;

namespace {

Settings cpu(Algorithm algorithm) {
  Settings s;
  s.algorithm = algorithm;
  s.backend = Backend::cpu;
  s.offset = 12345;
  return s;
}

// The run's words and the ranks' blocks concatenated (Sobol32: dimension-major, each rank's
// points of dimension d placed after dimension d's earlier points).
void check_blocks(const Settings& settings, std::uint64_t total, int ranks) {
  Generator whole(settings);
  const auto w = static_cast<std::uint64_t>(whole.words_per_output());
  std::vector<std::uint32_t> expected(total * w), got(total * w, 0xDEADBEEFu);
  whole.generate(std::span(expected));
  const std::uint64_t dimensions = settings.algorithm == Algorithm::sobol32 ? static_cast<std::uint64_t>(settings.dimensions) : 1;
  const std::uint64_t points = total / dimensions;
  std::uint64_t covered = 0;
  for (int r = 0; r < ranks; ++r) {
    const RankShare share = share_of(settings, total, ranks, r);
    covered += share.count;
    if (share.count == 0) continue;
    Generator mine(share.settings);
    std::vector<std::uint32_t> block(share.count * w);
    mine.generate(std::span(block));
    const std::uint64_t run = share.count / dimensions * w;  // a dimension's part of the block
    for (std::uint64_t d = 0; d < dimensions; ++d)
      std::copy_n(block.begin() + static_cast<std::ptrdiff_t>(d * run), run,
                  got.begin() + static_cast<std::ptrdiff_t>((d * points + share.first) * w));
  }
  CHECK(covered == total);
  CHECK(got == expected);
}

}  // namespace

TEST_CASE("share_of: the ranks' blocks concatenated are the run, for every generator and 1 to 5 ranks", "[ranks]") {
  for (const Algorithm a : {Algorithm::ceicg, Algorithm::park_miller, Algorithm::wichmann_hill, Algorithm::mrg32k3a,
                            Algorithm::mt19937, Algorithm::mtgp32})
    for (const int ranks : {1, 2, 3, 4, 5}) {
      INFO(static_cast<int>(a) << ", " << ranks << " ranks");
      check_blocks(cpu(a), 1001, ranks);
    }
  Settings sobol = cpu(Algorithm::sobol32);
  sobol.dimensions = 3;
  for (const int ranks : {1, 2, 4, 7}) {
    INFO("sobol32, 3 dimensions, " << ranks << " ranks");
    check_blocks(sobol, 3 * 101, ranks);
  }
  // More ranks than outputs: the last ones get none.
  check_blocks(cpu(Algorithm::park_miller), 3, 5);
}

TEST_CASE("share_of: blocks as even as granules allow, the first ones longer", "[ranks]") {
  const Settings pm = cpu(Algorithm::park_miller);
  std::vector<std::uint64_t> counts, firsts;
  for (int r = 0; r < 4; ++r) {
    const RankShare s = share_of(pm, 10, 4, r);
    counts.push_back(s.count);
    firsts.push_back(s.first);
    CHECK(s.settings.offset == pm.offset + s.first);
  }
  CHECK(counts == std::vector<std::uint64_t>{3, 3, 2, 2});
  CHECK(firsts == std::vector<std::uint64_t>{0, 3, 6, 8});
}

TEST_CASE("share_of: Box-Muller's pairs stay on one rank, an odd count's last value on the last rank", "[ranks]") {
  Distribution normal;
  normal.kind = DistributionKind::normal;
  normal.method = NormalMethod::box_muller;
  const Settings pm = cpu(Algorithm::park_miller);
  Generator whole(pm);
  std::vector<double> expected(1001);
  whole.generate(std::span(expected), normal);
  for (const int ranks : {2, 3, 4}) {
    INFO(ranks << " ranks");
    std::vector<double> got;
    for (int r = 0; r < ranks; ++r) {
      const RankShare share = share_of(pm, 1001, ranks, r, normal);
      CHECK(share.first % 2 == 0);
      Generator mine(share.settings);
      std::vector<double> block(share.count);
      mine.generate(std::span(block), normal);
      got.insert(got.end(), block.begin(), block.end());
    }
    CHECK(got == expected);
  }
}

TEST_CASE("share_of refuses what cannot be shared", "[ranks]") {
  const Settings pm = cpu(Algorithm::park_miller);
  CHECK_THROWS_AS(share_of(pm, 10, 0, 0), InvalidArgument);
  CHECK_THROWS_AS(share_of(pm, 10, 2, 2), InvalidArgument);
  CHECK_THROWS_AS(share_of(pm, 10, 2, -1), InvalidArgument);
  Settings sobol = cpu(Algorithm::sobol32);
  sobol.dimensions = 3;
  CHECK_THROWS_WITH(share_of(sobol, 10, 2, 0), Catch::Contains("points"));
}
