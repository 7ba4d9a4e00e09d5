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
// Ambiguity is resolved as dieharder's `-Y 1` does: a test whose p-values are not all PASSED
// runs again with more psamples, its final Kolmogorov-Smirnov test taken over all of them
// (see resolve_ambiguity).
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

// A test's p-values together: the worst of their verdicts.
Verdict worst_verdict(std::span<const double> p_values);

// Resolving ambiguity, as dieharder's `-Y 1` (dieharder/run_test.c, libdieharder's
// add_2_test): its thresholds are assess()'s, and each re-run adds dieharder's Xstep = 100
// psamples to those the test already has, so the final p-value rests on all of them. dieharder
// stops at the first p-value beyond 10^-6; its final Kolmogorov-Smirnov test leans towards 1
// at small psamples (it measures the sorted p-values' distance from i/(n+1)), so here a FAILED
// is re-run too and stands only when it is FAILED again with more psamples. dieharder's bound
// is Xoff = 100000 psamples; here it is a number of re-runs, to keep a battery's time bounded.
inline constexpr unsigned kRerunPsamples = 100;
inline constexpr unsigned kDefaultMaxReruns = 3;
// Whether a test runs again: not when it PASSED, nor when it FAILED after a re-run (a clear
// failure), nor once it has had max_reruns re-runs (it keeps its verdict: a WEAK stays WEAK).
bool needs_rerun(Verdict worst, unsigned reruns_done, unsigned max_reruns);

// A test's final p-values after resolving ambiguity.
struct Resolution {
  std::vector<double> p_values;               // the last pass's
  std::vector<std::vector<double>> earlier;   // each earlier pass's p-values, first pass first
  unsigned reruns = 0;
  Verdict verdict = Verdict::passed;          // worst_verdict(p_values)
};
// Calls pass(0) for the test's first p-values, then pass(k) for the k-th re-run (each adding
// psamples), while needs_rerun says so.
Resolution resolve_ambiguity(const std::function<std::vector<double>(unsigned rerun)>& pass,
                             unsigned max_reruns = kDefaultMaxReruns);

// One line of dieharder's table: a test's final p-value for one ntuple (or one of the
// several p-values a run returns, as sts_serial's 31).
struct TestResult {
  std::string test;  // dieharder's -d name
  unsigned ntuple = 0;
  unsigned tsamples = 0;
  unsigned psamples = 0;
  double p_value = 0;
  Verdict verdict = Verdict::passed;
  unsigned reruns = 0;                 // times the test ran again with more psamples
  std::vector<double> earlier_p_values;  // this line's p-value after each earlier pass
};

// Every test libdieharder has, by -d name, in dieharder's order.
std::vector<std::string> dieharder_test_names();
// What `dieharder -a` runs, less diehard_sums, which dieharder's own list marks "Do Not Use".
std::vector<std::string> default_battery();
// The tests of default_battery() that take about two seconds of CPU or less each at dieharder's
// full psamples, with at most 6·10^7 words each (--quick): fewer tests, each at its full size.
// None of dab_*: their one psample makes a re-run (100 more) a hundred times their cost.
std::vector<std::string> quick_battery();
// Throws glrand::InvalidArgument naming the first unknown name and listing the known ones.
void check_test_names(const std::vector<std::string>& tests);
// "Suspect" or "Do Not Use" where dieharder's list (dieharder -l) says so, else "".
std::string dieharder_reliability(const std::string& test);

struct BatteryOptions {
  std::vector<std::string> tests;  // -d names; checked against dieharder_test_names()
  // dieharder's -m: each test's psamples = its default × scale, at least 1.
  double psamples_scale = 1.0;
  // Re-runs of an ambiguous test (see resolve_ambiguity); 0: one pass, as dieharder's -Y 0.
  unsigned max_reruns = kDefaultMaxReruns;
};

struct BatteryRun {
  std::vector<TestResult> results;
  std::uint64_t words = 0;     // taken from the feed
  unsigned ignored_reseeds = 0;  // gsl_rng_set calls that set() ignored
};

// Throws glrand::InvalidArgument for an unknown test name or a scale not above 0; whatever
// the feed throws once it fails (see WordFeed::throw_if_failed). `on_test` sees each test's
// final lines as it finishes, re-runs included (an ntuple-iterated test reports each ntuple as
// it finishes).
BatteryRun run_dieharder(WordFeed& feed, const BatteryOptions& options,
                         const std::function<void(std::span<const TestResult>)>& on_test = {});

}  // namespace glrand::quality
