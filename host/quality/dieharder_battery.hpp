// SPDX-License-Identifier: MIT
#pragma once
// The dieharder battery (Robert G. Brown's libdieharder) run on words from a WordFeed: the
// feed is registered as a GSL generator type, dieharder's tests read it through gsl_rng_get,
// and each test's final p-values come back with dieharder's own verdicts.
//
// Seeding: the words are the source's, seeded by glrand's options before the feed starts.
// dieharder seeds the generator it tests through gsl_rng_set (when the generator is made,
// and per test or per sample unless its global Seed is set); our type's set() does nothing
// and counts the calls, and Seed is set so that dieharder does not ask per sample. Whatever
// dieharder asks, the stream is one unbroken sequence from the source's first word.
//
// libdieharder keeps its state in process globals, so one battery runs at a time.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "quality/word_feed.hpp"

namespace glrand::quality {

// dieharder's assessment of a final p-value (its output.c, thresholds Xweak and Xfail, two
// sided): FAILED below 10^-6 or above 1 − 10^-6, WEAK below 0.005 or above 0.995, else
// PASSED. A p-value that is not a number (a test that broke on its input) is FAILED.
enum class Verdict { passed, weak, failed };
inline constexpr double kWeakBelow = 0.005;
inline constexpr double kFailedBelow = 0.000001;
Verdict assess(double p_value);
const char* name_of(Verdict verdict);  // "PASSED", "WEAK", "FAILED"

// One line of dieharder's table: a test's final p-value for one ntuple (or one of the
// several p-values a run returns, as sts_serial's 31).
struct TestResult {
  std::string test;  // dieharder's -d name
  unsigned ntuple = 0;
  unsigned tsamples = 0;
  unsigned psamples = 0;
  double p_value = 0;
  Verdict verdict = Verdict::passed;
};

// Every test libdieharder has, by -d name, in dieharder's order.
std::vector<std::string> dieharder_test_names();
// What `dieharder -a` runs, less diehard_sums, which dieharder's own list marks "Do Not Use".
std::vector<std::string> default_battery();
// The tests of default_battery() that take about a second or less each on two CPU cores at a
// tenth of dieharder's samples, with at most about 25 million words each (--quick).
std::vector<std::string> quick_battery();
// Throws glrand::InvalidArgument naming the first unknown name and listing the known ones.
void check_test_names(const std::vector<std::string>& tests);
// "Suspect" or "Do Not Use" where dieharder's list (dieharder -l) says so, else "".
std::string dieharder_reliability(const std::string& test);

struct BatteryOptions {
  std::vector<std::string> tests;  // -d names; checked against dieharder_test_names()
  // dieharder's -m: each test's psamples = its default × scale, at least 1.
  double psamples_scale = 1.0;
};

struct BatteryRun {
  std::vector<TestResult> results;
  std::uint64_t words = 0;     // taken from the feed
  unsigned ignored_reseeds = 0;  // gsl_rng_set calls that set() ignored
};

// Throws glrand::InvalidArgument for an unknown test name or a scale not above 0; whatever
// the feed throws once it fails (see WordFeed::throw_if_failed). `on_test` sees each test's
// lines as it finishes (an ntuple-iterated test reports each ntuple as it finishes).
BatteryRun run_dieharder(WordFeed& feed, const BatteryOptions& options,
                         const std::function<void(std::span<const TestResult>)>& on_test = {});

}  // namespace glrand::quality
