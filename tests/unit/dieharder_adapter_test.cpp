// SPDX-License-Identifier: MIT
// The dieharder adapter (host/quality/) on sources whose answer is known beforehand: the feed
// delivers a producer's words in order and reports a producer that fails; std::mt19937 passes
// and gives the p-value dieharder's own program gives for GSL's mt19937 with the same seed; a
// counter and a constant, fed through the same code, are FAILED. Resolving ambiguity (re-runs
// with more psamples) on synthetic p-values, and through libdieharder on a counter.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <glrand/error.hpp>
#include "quality/dieharder_battery.hpp"
#include "quality/word_feed.hpp"

using namespace glrand;
using quality::Verdict;
using quality::WordFeed;

namespace {

// Pushes next() words in chunks of `chunk` until the feed closes.
template <class Next>
WordFeed::Producer producer_of(Next next, std::size_t chunk = 1 << 16) {
  return [next, chunk](const WordFeed::Push& push) mutable {
    std::vector<std::uint32_t> words(chunk);
    for (;;) {
      for (auto& w : words) w = next();
      push(words);
    }
  };
}

quality::BatteryRun run(WordFeed& feed, std::vector<std::string> tests, double scale = 0.1,
                       unsigned max_reruns = quality::kDefaultMaxReruns) {
  return quality::run_dieharder(feed, {std::move(tests), scale, max_reruns});
}

}  // namespace

TEST_CASE("the word feed hands over the producer's words in order, across chunks of any size", "[quality]") {
  WordFeed feed([](const WordFeed::Push& push) {
    std::uint32_t counter = 0;
    for (std::size_t size = 1;; size = size * 3 % 10007 + 1) {  // sizes 1..10007, one word up
      std::vector<std::uint32_t> chunk(size);
      for (auto& w : chunk) w = counter++;
      push(chunk);
    }
  }, 2);
  feed.wait_for_words();
  for (std::uint32_t i = 0; i < 300000; ++i) REQUIRE(feed.next() == i);
  CHECK(feed.words_taken() == 300000);
  CHECK_FALSE(feed.failed());
}  // the destructor stops a producer blocked on a full queue

TEST_CASE("a producer that fails or runs dry is reported, not read as words", "[quality]") {
  WordFeed broken([](const WordFeed::Push&) { throw DeviceError("no usable GPU"); });
  CHECK_THROWS_MATCHES(broken.wait_for_words(), DeviceError, Catch::Message("no usable GPU"));

  WordFeed dry([](const WordFeed::Push& push) {
    const std::uint32_t words[] = {7, 8, 9};
    push(words);
  });
  CHECK(dry.next() == 7);
  CHECK(dry.next() == 8);
  CHECK(dry.next() == 9);
  CHECK(dry.next() == 0);  // read from C code: no exception, but failed()
  CHECK(dry.failed());
  CHECK_THROWS_WITH(dry.throw_if_failed(), Catch::Contains("stopped after 3 words"));
  CHECK_THROWS_WITH(run(dry, {"sts_monobit"}), Catch::Contains("stopped after 3 words"));
}

TEST_CASE("dieharder's verdicts: WEAK below 0.005 or above 0.995, FAILED beyond 10^-6, NaN FAILED", "[quality]") {
  CHECK(quality::assess(0.5) == Verdict::passed);
  CHECK(quality::assess(0.006) == Verdict::passed);
  CHECK(quality::assess(0.004) == Verdict::weak);
  CHECK(quality::assess(0.996) == Verdict::weak);
  CHECK(quality::assess(0.0000009) == Verdict::failed);
  CHECK(quality::assess(0.9999991) == Verdict::failed);
  CHECK(quality::assess(std::numeric_limits<double>::quiet_NaN()) == Verdict::failed);
  CHECK(std::string(quality::name_of(Verdict::weak)) == "WEAK");
}

TEST_CASE("resolving ambiguity re-runs a WEAK or FAILED test until it is PASSED, FAILED again, or at the bound",
          "[quality]") {
  using quality::kDefaultMaxReruns;
  // Each list is what successive passes return (first pass, then each re-run with more psamples).
  const auto resolve = [](std::vector<std::vector<double>> passes, unsigned max_reruns = kDefaultMaxReruns) {
    std::vector<unsigned> calls;
    auto resolution = quality::resolve_ambiguity(
        [&](unsigned rerun) {
          calls.push_back(rerun);
          REQUIRE(rerun < passes.size());  // never asks for a pass beyond the bound
          return passes[rerun];
        },
        max_reruns);
    for (unsigned k = 0; k < calls.size(); ++k) CHECK(calls[k] == k);
    CHECK(calls.size() == resolution.reruns + 1);
    CHECK(resolution.earlier.size() == resolution.reruns);
    return resolution;
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  SECTION("a PASSED test runs once") {
    const auto r = resolve({{0.5}});
    CHECK(r.reruns == 0);
    CHECK(r.verdict == Verdict::passed);
  }
  SECTION("a FAILED near 1 on few psamples that PASSES on more is PASSED, as ceicg's sts_serial at 10 psamples") {
    const auto r = resolve({{0.29736696, 0.99999973}, {0.41, 0.37}});
    CHECK(r.reruns == 1);
    CHECK(r.verdict == Verdict::passed);
    CHECK(r.p_values == std::vector<double>{0.41, 0.37});
    CHECK(r.earlier == std::vector<std::vector<double>>{{0.29736696, 0.99999973}});
  }
  SECTION("a WEAK that PASSES on more psamples is PASSED") {
    const auto r = resolve({{0.998}, {0.003}, {0.2}});
    CHECK(r.reruns == 2);
    CHECK(r.verdict == Verdict::passed);
  }
  SECTION("a FAILED confirmed by a re-run is a clear failure: no more re-runs") {
    const auto r = resolve({{1e-9}, {1e-12}});
    CHECK(r.reruns == 1);
    CHECK(r.verdict == Verdict::failed);
  }
  SECTION("a WEAK that FAILS on more psamples is FAILED") {
    const auto r = resolve({{0.003}, {2e-7}});
    CHECK(r.reruns == 1);
    CHECK(r.verdict == Verdict::failed);
  }
  SECTION("a FAILED that turns WEAK goes on; one that stays WEAK to the bound stays WEAK, not FAILED") {
    const auto r = resolve({{0.9999999}, {0.004}, {0.003}, {0.996}});
    CHECK(r.reruns == kDefaultMaxReruns);
    CHECK(r.verdict == Verdict::weak);
  }
  SECTION("one WEAK p-value among several re-runs them all; the worst decides") {
    const auto r = resolve({{0.5, 0.6, 0.001}, {0.5, 1e-8, 0.4}});
    CHECK(r.reruns == 1);
    CHECK(r.verdict == Verdict::failed);
  }
  SECTION("a NaN (a test that broke) is FAILED, and FAILED again is clear") {
    const auto r = resolve({{nan}, {nan}});
    CHECK(r.reruns == 1);
    CHECK(r.verdict == Verdict::failed);
  }
  SECTION("with no re-runs allowed, the first pass decides, as dieharder -Y 0") {
    CHECK(resolve({{0.9999999}}, 0).verdict == Verdict::failed);
    CHECK(resolve({{0.003}}, 0).verdict == Verdict::weak);
  }
  CHECK(quality::worst_verdict(std::vector<double>{0.5, 0.999, 0.2}) == Verdict::weak);
  CHECK(quality::worst_verdict(std::vector<double>{}) == Verdict::passed);
}

TEST_CASE("through libdieharder a re-run adds 100 psamples: a counter FAILS on them, a clear failure", "[quality]") {
  WordFeed counter(producer_of([n = std::uint32_t{0}]() mutable { return n++; }));
  const auto run = quality::run_dieharder(counter, {{"diehard_rank_6x8", "sts_monobit"}, 0.1});
  REQUIRE(run.results.size() == 2);
  for (const auto& line : run.results) {
    INFO(line.test << " p = " << line.p_value);
    CHECK(line.verdict == Verdict::failed);
    CHECK(line.reruns == 1);
    CHECK(line.psamples == 10 + quality::kRerunPsamples);
    REQUIRE(line.earlier_p_values.size() == 1);
    CHECK(quality::assess(line.earlier_p_values[0]) != Verdict::passed);  // at 10 psamples
  }
  // The words the two passes read: dieharder's default tsamples per psample, 110 psamples each
  // (rank_6x8: 6 words a matrix; sts_monobit: one word a sample).
  CHECK(run.words == 110ull * 100000 * 6 + 110ull * 100000);
}

TEST_CASE("std::mt19937 passes and matches dieharder's own run of GSL's mt19937", "[quality][mt19937]") {
  // `dieharder -g 13 -S 5489 -d 100 -p 10` (GSL's mt19937 is init_genrand(5489), as
  // std::mt19937's default) prints sts_monobit's p-value 0.56520647.
  {
    WordFeed feed(producer_of(std::mt19937(5489)));
    const auto monobit = run(feed, {"sts_monobit"});
    REQUIRE(monobit.results.size() == 1);
    CHECK(monobit.results[0].psamples == 10);
    CHECK(monobit.results[0].p_value == Approx(0.56520647).margin(1e-8));
    CHECK(monobit.ignored_reseeds == 0);
    CHECK(monobit.words == 1000000);
  }
  WordFeed feed(producer_of(std::mt19937(5489)));
  const auto battery = run(feed, {"sts_monobit", "diehard_bitstream", "diehard_parking_lot"});
  REQUIRE(battery.results.size() == 3);
  for (const auto& line : battery.results) {
    INFO(line.test << " p = " << line.p_value);
    CHECK(line.verdict == Verdict::passed);
  }
}

TEST_CASE("a counter and a constant through the same adapter are FAILED", "[quality]") {
  WordFeed counter(producer_of([n = std::uint32_t{0}]() mutable { return n++; }));
  // One pass each (the re-runs are tested above): a FAILED at the first pass.
  for (const auto& line : run(counter, {"diehard_birthdays", "diehard_rank_32x32"}, 0.1, 0).results) {
    INFO(line.test << " p = " << line.p_value);
    CHECK(line.verdict == Verdict::failed);
  }
  WordFeed constant(producer_of([] { return std::uint32_t{0xDEADBEEF}; }));  // 24 ones in 32 bits
  for (const auto& line : run(constant, {"sts_monobit", "diehard_bitstream"}, 0.1, 0).results) {
    INFO(line.test << " p = " << line.p_value);
    CHECK(line.verdict == Verdict::failed);
  }
}

TEST_CASE("the battery refuses unknown tests and scales, and lists what dieharder has", "[quality]") {
  const auto names = quality::dieharder_test_names();
  CHECK(names.size() == 31);
  CHECK(names.front() == "diehard_birthdays");
  const auto battery = quality::default_battery();
  CHECK(battery.size() == 30);
  CHECK(std::find(battery.begin(), battery.end(), "diehard_sums") == battery.end());
  for (const auto& name : quality::quick_battery()) CHECK(std::find(battery.begin(), battery.end(), name) != battery.end());
  CHECK_THROWS_WITH(quality::check_test_names({"diehard_birthdays", "birthdays"}),
                    Catch::Contains("unknown dieharder test 'birthdays': choose from diehard_birthdays, "));
  WordFeed feed(producer_of(std::mt19937(1)));
  CHECK_THROWS_AS(run(feed, {"sts_monobit"}, 0.0), InvalidArgument);
  CHECK(feed.words_taken() == 0);
}
