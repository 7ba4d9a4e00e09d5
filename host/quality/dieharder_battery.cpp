// SPDX-License-Identifier: MIT
#include "quality/dieharder_battery.hpp"

#include <gsl/gsl_errno.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <mutex>
#include <utility>

#include <glrand/error.hpp>
#include "quality/libdieharder_api.hpp"

namespace glrand::quality {
namespace {

// The generator dieharder tests: its state is a pointer to the feed, stored once the
// generator exists.
struct FeedState {
  WordFeed* feed;
};

// gsl_rng_set calls on the generator, counted here because gsl_rng_alloc makes the first one
// before the state holds anything.
std::atomic<unsigned> reseed_requests{0};

// Seeding is the source's: dieharder's requests are counted and ignored.
void feed_set(void*, unsigned long int) { ++reseed_requests; }

unsigned long int feed_get(void* state) { return static_cast<FeedState*>(state)->feed->next(); }

double feed_get_double(void* state) { return static_cast<double>(feed_get(state)) * 0x1p-32; }

const gsl_rng_type kFeedType = {"glrand", 0xFFFFFFFFul, 0, sizeof(FeedState), &feed_set, &feed_get,
                                &feed_get_double};

// libdieharder's registry of tests, filled once per process.
void register_tests() {
  static std::once_flag once;
  std::call_once(once, [] {
    dieharder_test_types();
    // GSL's default handler aborts the process; dieharder's tests check what they need, and
    // a test that breaks on a degenerate stream shows as a NaN p-value (assessed FAILED).
    gsl_set_error_handler_off();
  });
}

Dtest* find_test(const std::string& name) {
  for (Dtest* test : dh_test_types)
    if (test && name == test->sname) return test;
  return nullptr;
}

// The ntuples dieharder's program runs in `dieharder -a` for the tests that take one from the
// global ntuple (dieharder/run_all_tests.c); every other test runs once with ntuple 0.
std::pair<unsigned, unsigned> ntuple_range(const std::string& test) {
  if (test == "rgb_bitdist") return {1, 12};
  if (test == "rgb_minimum_distance" || test == "rgb_permutations") return {2, 5};
  if (test == "rgb_lagged_sum") return {0, 32};
  return {0, 0};
}

// dieharder's defaults (dieharder/set_globals.c), and the generator's range as its
// select_rng() derives it: 32 bits. Xtrategy 1 is -Y 1 (resolve ambiguity): create_test then
// makes room for Xoff psamples, which run_dieharder sets per test.
void set_dieharder_globals(double psamples_scale) {
  all = 0;
  ks_test = 0;
  overlap = 1;
  verbose = 0;
  Xtrategy = 1;
  Xstep = kRerunPsamples;
  Xoff = 0;  // run_dieharder sets it per test
  x_user = y_user = z_user = 0.0;
  multiply_p = psamples_scale;
  fromfile = 0;
  Seed = 1;  // a fixed seed: dieharder then does not reseed per sample (sample.c)
  random_max = 0xFFFFFFFFu;
  rmax_bits = 32;
  rmax_mask = 0xFFFFFFFFu;
  rmax = 0;
}

std::atomic_flag battery_running = ATOMIC_FLAG_INIT;

}  // namespace

Verdict assess(double p) {
  if (!(p >= 0.0 && p <= 1.0)) return Verdict::failed;
  if (p < kFailedBelow || p > 1.0 - kFailedBelow) return Verdict::failed;
  if (p < kWeakBelow || p > 1.0 - kWeakBelow) return Verdict::weak;
  return Verdict::passed;
}

Verdict worst_verdict(std::span<const double> p_values) {
  Verdict worst = Verdict::passed;
  for (const double p : p_values) worst = std::max(worst, assess(p));
  return worst;
}

bool needs_rerun(Verdict worst, unsigned reruns_done, unsigned max_reruns) {
  if (worst == Verdict::passed) return false;
  if (worst == Verdict::failed && reruns_done > 0) return false;
  return reruns_done < max_reruns;
}

Resolution resolve_ambiguity(const std::function<std::vector<double>(unsigned rerun)>& pass,
                             unsigned max_reruns) {
  Resolution resolution;
  resolution.p_values = pass(0);
  resolution.verdict = worst_verdict(resolution.p_values);
  while (needs_rerun(resolution.verdict, resolution.reruns, max_reruns)) {
    resolution.earlier.push_back(std::move(resolution.p_values));
    resolution.p_values = pass(++resolution.reruns);
    resolution.verdict = worst_verdict(resolution.p_values);
  }
  return resolution;
}

const char* name_of(Verdict verdict) {
  switch (verdict) {
    case Verdict::passed: return "PASSED";
    case Verdict::weak: return "WEAK";
    case Verdict::failed: return "FAILED";
  }
  return "?";
}

std::vector<std::string> dieharder_test_names() {
  register_tests();
  std::vector<std::string> names;
  for (const Dtest* test : dh_test_types)
    if (test) names.emplace_back(test->sname);
  return names;
}

std::vector<std::string> default_battery() {
  std::vector<std::string> names = dieharder_test_names();
  std::erase(names, "diehard_sums");
  return names;
}

std::vector<std::string> quick_battery() {
  return {"diehard_birthdays", "diehard_rank_6x8", "diehard_bitstream", "diehard_count_1s_stream",
          "diehard_parking_lot", "diehard_2dsphere", "diehard_3dsphere", "diehard_runs",
          "sts_monobit",       "rgb_kstest_test"};
}

void check_test_names(const std::vector<std::string>& tests) {
  register_tests();
  for (const std::string& name : tests) {
    if (find_test(name)) continue;
    std::string list;
    for (const auto& n : dieharder_test_names()) list += (list.empty() ? "" : ", ") + n;
    throw InvalidArgument("unknown dieharder test '" + name + "': choose from " + list);
  }
}

std::string dieharder_reliability(const std::string& test) {
  // dieharder/list_tests.c: tests 5, 6, 7 "Suspect", 14 "Do Not Use".
  if (test == "diehard_opso" || test == "diehard_oqso" || test == "diehard_dna") return "Suspect";
  if (test == "diehard_sums") return "Do Not Use";
  return "";
}

BatteryRun run_dieharder(WordFeed& feed, const BatteryOptions& options,
                         const std::function<void(std::span<const TestResult>)>& on_test) {
  if (!(options.psamples_scale > 0.0) || !std::isfinite(options.psamples_scale))
    throw InvalidArgument("the psamples scale must be a number above 0");
  check_test_names(options.tests);
  std::vector<Dtest*> tests;
  for (const std::string& name : options.tests) tests.push_back(find_test(name));
  if (battery_running.test_and_set())
    throw Error("a dieharder battery is already running in this process (libdieharder keeps global state)");
  struct Release {
    ~Release() { battery_running.clear(); }
  } release;

  feed.wait_for_words();
  BatteryRun run;
  set_dieharder_globals(options.psamples_scale);
  gsl_rng* generator = gsl_rng_alloc(&kFeedType);
  if (!generator) throw Error("libdieharder: cannot allocate the generator");
  *static_cast<FeedState*>(generator->state) = {&feed};
  reseed_requests = 0;  // the one gsl_rng_alloc made is not dieharder's
  rng = generator;
  reset_bit_buffers();
  struct Free {
    gsl_rng* generator;
    ~Free() {
      rng = nullptr;
      gsl_rng_free(generator);
    }
  } free_generator{generator};

  for (Dtest* test : tests) {
    const auto [first, last] = ntuple_range(test->sname);
    for (unsigned n = first; n <= last; ++n) {
      ntuple = n;
      // 0: each test's own defaults, psamples scaled by multiply_p (std_test.c). Reset every
      // time: sts_serial leaves its tsamples in the global.
      tsamples = 0;
      psamples = 0;
      // Room for the re-runs' psamples (create_test's count: default x scale, at least 1).
      const auto first_psamples = std::max(1u, static_cast<unsigned>(test->psamples_std * options.psamples_scale));
      Xoff = first_psamples + options.max_reruns * kRerunPsamples;
      Test** result = create_test(test, 0, 0);
      struct Destroy {
        Dtest* test;
        Test** result;
        ~Destroy() { destroy_test(test, result); }
      } destroy{test, result};
      const Resolution resolution = resolve_ambiguity(
          [&](unsigned rerun) {
            if (rerun == 0)
              std_test(test, result);
            else
              add_2_test(test, result, static_cast<int>(kRerunPsamples));
            feed.throw_if_failed();  // a test that read past a failed feed read zeros: no result
            std::vector<double> p_values;
            for (unsigned k = 0; k < test->nkps; ++k) p_values.push_back(result[k]->ks_pvalue);
            return p_values;
          },
          options.max_reruns);
      std::vector<TestResult> lines;
      for (unsigned k = 0; k < test->nkps; ++k) {
        TestResult line{test->sname, result[k]->ntuple, result[k]->tsamples, result[k]->psamples,
                        result[k]->ks_pvalue, assess(result[k]->ks_pvalue), resolution.reruns, {}};
        for (const auto& earlier : resolution.earlier) line.earlier_p_values.push_back(earlier[k]);
        lines.push_back(std::move(line));
      }
      if (on_test) on_test(lines);
      run.results.insert(run.results.end(), lines.begin(), lines.end());
    }
  }
  ntuple = 0;
  run.words = feed.words_taken();
  run.ignored_reseeds = reseed_requests;
  return run;
}

}  // namespace glrand::quality
