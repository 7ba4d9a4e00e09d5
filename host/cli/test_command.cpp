// SPDX-License-Identifier: MIT
// glrand test: the dieharder battery on a generator's 32-bit words, generated on the chosen
// path and profile while the tests read them (host/quality/).
#include <chrono>
#include <future>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/options.hpp"
#include "cli/u32_words.hpp"
#include <glrand/error.hpp>
#include <glrand/registry.hpp>
#include "quality/dieharder_battery.hpp"  // declarations only: usable without libdieharder
#include "quality/word_feed.hpp"
#include "stream/stream_split.hpp"

namespace glrand::cli {
namespace {

// The exit status when any p-value is FAILED after resolving ambiguity (0 otherwise; 1 for
// errors, as every command).
constexpr int kFailedStatus = 3;

// --reruns: enough to resolve what more psamples can resolve, and a bound on a battery's time.
constexpr unsigned kMostReruns = 10;

// As many words as generate's largest count: the battery stops reading long before.
constexpr std::uint64_t kUnboundedWords = 1ull << 58;


struct TestOptions {
  SourceOptions source;
  std::string size;  // ceicg ps30: render-target size; empty: 1024x1024
  std::string tests;  // comma-separated -d names; empty: the default battery
  std::string psamples_scale = "1";
  std::string reruns = std::to_string(quality::kDefaultMaxReruns);
  bool quick = false;
  std::string words = "native";
};

#if GLRAND_HAVE_DIEHARDER
std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::istringstream list(text);
  for (std::string item; std::getline(list, item, ',');)
    if (!item.empty()) items.push_back(item);
  return items;
}

double parse_scale(const std::string& text) {
  try {
    std::size_t used = 0;
    const double value = std::stod(text, &used);
    if (used == text.size() && value > 0 && value <= 1000) return value;
  } catch (const std::exception&) {
  }
  throw InvalidArgument("--psamples-scale must be a number above 0 and at most 1000, such as 0.1, not '" + text + "'");
}

unsigned parse_reruns(const std::string& text) {
  if (!text.empty() && text.size() <= 2 && text.find_first_not_of("0123456789") == std::string::npos) {
    const unsigned value = static_cast<unsigned>(std::stoul(text));
    if (value <= kMostReruns) return value;
  }
  throw InvalidArgument("--reruns must be a whole number from 0 to " + std::to_string(kMostReruns) + ", not '" +
                        text + "'");
}

// The seed and position options as given, for the header.
std::string describe_generator(const SourceOptions& options) {
  std::string text = options.generator + ", seed " + (options.seed.empty() ? "default" : options.seed);
  if (options.offset != "0") text += ", offset " + options.offset;
  if (options.substream != "0") text += ", substream " + options.substream;
  if (options.stream != "0") text += ", stream " + options.stream;
  if (!options.curand_seed.empty()) text += ", cuRAND seed " + options.curand_seed;
  if (options.generator == "wh") text += ", set " + options.wh_set;
  return text;
}

std::string describe_path(const SourceOptions& options, const std::string& size) {
  if (options.path != "gl") return options.path;
  const Profile profile = options.profile_value();
  std::string text = std::string("gl, profile ") + name_of(profile);
  if (profile != Profile::ps30)
    return text + ", up to " + std::to_string(options.stream_substreams()) + " substreams, " +
           std::string(stream::stream_split_name(find_generator(options.generator).algorithm));
  if (options.generator == "ceicg") return text + ", " + (size.empty() ? "1024x1024" : size) + " pixels per pass";
  const StreamLayout layout = options.stream_layout();
  const std::string substreams = layout.substreams == kAutomaticSubstreams
                                     ? std::string("automatic substreams (4096 on a software renderer, up to 2^21 on a GPU)")
                                     : std::to_string(layout.substreams) + " substreams";
  return text + ", " + substreams + ", " + name_of(layout.split) +
         ", state update " + name_of(layout.update);
}

void run_test(const TestOptions& options) {
  // Every option is checked before any device opens.
  const auto size = ceicg_pass_size(options.source, options.size);
  quality::BatteryOptions battery;
  battery.psamples_scale = parse_scale(options.psamples_scale);
  battery.max_reruns = parse_reruns(options.reruns);
  battery.tests = !options.tests.empty() ? split_list(options.tests)
                  : options.quick         ? quality::quick_battery()
                                          : quality::default_battery();
  if (battery.tests.empty()) throw InvalidArgument("--tests names no test");
  quality::check_test_names(battery.tests);
  const WordFormula formula = parse_word_formula(options.words);
  Settings settings = options.source.settings();
  settings.ceicg_target = size;
  Generator generator(settings);
  const std::string formula_text = U32Words(generator, formula).describe();

  std::cout << fmt::format(
      "# glrand test: dieharder {} (libdieharder) on 32-bit words\n"
      "# generator  {}\n# path       {}\n# words      {}\n"
      "# battery    {} test{}, psamples = dieharder's default x {} (at least 1); a test not PASSED runs "
      "again with {} more psamples, at most {} time{} (dieharder -Y 1)\n",
      GLRAND_DIEHARDER_VERSION, describe_generator(options.source), describe_path(options.source, options.size),
      formula_text, battery.tests.size(), battery.tests.size() == 1 ? "" : "s", battery.psamples_scale,
      quality::kRerunPsamples, battery.max_reruns, battery.max_reruns == 1 ? "" : "s");
  std::cout.flush();

  std::promise<std::string> device_promise;
  std::future<std::string> device = device_promise.get_future();
  const auto began = std::chrono::steady_clock::now();
  quality::WordFeed feed([&](const quality::WordFeed::Push& push) {
    U32Words words(generator, formula);
    bool first = true;
    generator.generate(outputs_for_words(formula, kUnboundedWords), [&](std::span<const std::uint32_t> chunk) {
      if (first) device_promise.set_value(generator.where());
      first = false;
      push(words.convert(chunk));
    });
  });

  // The first words mean the run has opened its device (or failed to, which throws here).
  feed.wait_for_words();
  std::cout << "# device     " << device.get() << "\n#\n"
            << fmt::format("{:<24} {:>6} {:>9} {:>9} {:>7} {:>11}  {:<7} {}\n", "# test", "ntuple", "tsamples",
                           "psamples", "re-runs", "p-value", "verdict", "dieharder's reliability");
  int counts[3] = {0, 0, 0};
  unsigned rerun_tests = 0;
  const auto run = quality::run_dieharder(feed, battery, [&](std::span<const quality::TestResult> lines) {
    if (!lines.empty() && lines.front().reruns > 0) ++rerun_tests;
    for (const auto& line : lines) {
      ++counts[static_cast<int>(line.verdict)];
      // What each earlier pass gave, so that a verdict changed by a re-run shows as such.
      std::string before;
      for (std::size_t k = 0; k < line.earlier_p_values.size(); ++k)
        before += fmt::format("{}{} at {} psamples, {:.8f}", k == 0 ? "" : "; ",
                              quality::name_of(quality::assess(line.earlier_p_values[k])),
                              line.psamples - (line.earlier_p_values.size() - k) * quality::kRerunPsamples,
                              line.earlier_p_values[k]);
      std::cout << fmt::format("{:<24} {:>6} {:>9} {:>9} {:>7} {:>11.8f}  {:<7} {}{}{}\n", line.test, line.ntuple,
                               line.tsamples, line.psamples, line.reruns, line.p_value,
                               quality::name_of(line.verdict), quality::dieharder_reliability(line.test),
                               before.empty() || quality::dieharder_reliability(line.test).empty() ? "" : "; ",
                               before.empty() ? "" : "before: " + before);
    }
    std::cout.flush();
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  std::cout << fmt::format(
      "#\n# summary    {} p-values from {} test{}: {} PASSED, {} WEAK, {} FAILED (final verdicts; {} test run{} "
      "re-run); {} words in {:.1f} s; dieharder asked to reseed {} times, ignored (the words follow the seed "
      "options)\n",
      run.results.size(), battery.tests.size(), battery.tests.size() == 1 ? "" : "s", counts[0], counts[1],
      counts[2], rerun_tests, rerun_tests == 1 ? "" : "s", run.words, seconds, run.ignored_reseeds);
  std::cout.flush();
  if (counts[static_cast<int>(quality::Verdict::failed)] > 0) throw ExitStatus{kFailedStatus};
}
#else
void run_test(const TestOptions&) {
  throw Error("this glrand was built without libdieharder (it was not found when glrand was configured): "
              "install libdieharder-dev (scripts/setup-debian.sh) and configure again");
}
#endif

}  // namespace

void add_test_command(CLI::App& app) {
  auto options = std::make_shared<TestOptions>();
  auto* command = app.add_subcommand(
      "test",
      "Run the dieharder battery on a generator's 32-bit words (as generate --format u32 writes them), generated on "
      "the chosen path while the tests read them; prints one line per final p-value with dieharder's verdict "
      "(PASSED; WEAK below 0.005 or above 0.995; FAILED below 10^-6 or above 1 - 10^-6). A test with a WEAK or "
      "FAILED p-value runs again with 100 more psamples, its final p-values taken over all of them, until it is "
      "PASSED, FAILED a second time, or has run again --reruns times (dieharder -Y 1, resolve ambiguity); its line "
      "shows the final psamples, the re-runs and what the earlier passes gave. Exit status: 3 when any final "
      "p-value is FAILED (with re-runs, one that stood on more psamples), 0 otherwise (WEAK does not count: a perfect "
      "generator shows about one WEAK in 100), 2 for bad usage, 1 for a failure at run time");
  options->source.add_to(*command, /*substream_layout=*/true);
  options->source.add_self_test_option(*command);
  command->add_option("--size", options->size,
                      "ceicg: render-target size per pass, WIDTHxHEIGHT, at most 2^24 pixels (default 1024x1024)");
  command->add_option("--tests", options->tests,
                      "Comma-separated dieharder tests by -d name (e.g. diehard_birthdays,sts_monobit); default: "
                      "what `dieharder -a` runs, less diehard_sums (dieharder marks it Do Not Use)");
  command->add_option("--psamples-scale", options->psamples_scale,
                      "Scale each test's number of p-value samples (dieharder's -m); 1 is dieharder's default size. "
                      "Small scales lean towards p-values near 1 (dieharder's KS test), which the re-runs resolve")
      ->capture_default_str();
  command->add_option("--reruns", options->reruns,
                      "At most this many re-runs of a test that is not PASSED, each with 100 more psamples; 0: one "
                      "pass, every FAILED counts (dieharder -Y 0)")
      ->capture_default_str();
  command->add_flag("--quick", options->quick,
                    "A smoke test: without --tests, the 10 tests of the battery that are fast at dieharder's full "
                    "psamples: diehard_birthdays, rank_6x8, bitstream, count_1s_stream, parking_lot, 2dsphere, "
                    "3dsphere, runs; sts_monobit; rgb_kstest_test (1.3*10^8 words, about 10 s of CPU)");
  command->add_option("--words", options->words,
                      "How outputs become words: native (generate --format u32's formula) or float23-pairs (each "
                      "output at 23-bit float resolution, one word from two outputs)")
      ->capture_default_str();
  command->callback([options] { run_test(*options); });
}

}  // namespace glrand::cli
