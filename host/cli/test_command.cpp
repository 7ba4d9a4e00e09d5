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
#include "cli/number_source.hpp"
#include "cli/options.hpp"
#include "cli/u32_words.hpp"
#include "common/error.hpp"
#include "gl/context_info.hpp"
#include "quality/word_feed.hpp"
#if GLRAND_HAVE_DIEHARDER
#include "quality/dieharder_battery.hpp"
#endif
#if GLRAND_HAVE_CUDA
#include "cuda/cuda_path.hpp"
#endif

namespace glrand::cli {
namespace {

// The exit status when any p-value is FAILED (0 otherwise; 1 for errors, as every command).
constexpr int kFailedStatus = 3;

// As many words as generate's largest count: the battery stops reading long before.
constexpr std::uint64_t kUnboundedWords = 1ull << 58;

// --quick: a smoke-test size, the quick battery with each test's psamples scaled by this.
constexpr double kQuickScale = 0.1;

struct TestOptions {
  SourceOptions source;
  std::string size;  // ceicg ps30: render-target size; empty: 1024x1024
  std::string tests;  // comma-separated -d names; empty: the default battery
  std::string psamples_scale = "1";
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
  const stream::Profile profile = options.profile_value();
  std::string text = std::string("gl, profile ") + stream::name_of(profile);
  if (profile != stream::Profile::ps30)
    return text + ", up to " + std::to_string(options.stream_substreams()) + " substreams, leapfrog";
  if (options.generator == "ceicg") return text + ", " + (size.empty() ? "1024x1024" : size) + " pixels per pass";
  const fragment::StreamLayout layout = options.stream_layout();
  return text + ", " + std::to_string(layout.substreams) + " substreams, " + fragment::name_of(layout.split) +
         ", state update " + fragment::name_of(layout.update);
}

// The device a run is using, asked from the thread that runs it (the GL context is current
// there).
std::string describe_device(const SourceOptions& options) {
  if (options.path == "gl") {
    const gl::ContextInfo info = gl::query_context_info();
    return info.renderer + ", OpenGL " + info.version;
  }
#if GLRAND_HAVE_CUDA
  if (options.path == "cuda") return cuda::open_device(options.device).describe();
#endif
  return "the CPU reference";
}

void run_test(const TestOptions& options, const CLI::App& command) {
  // Every option is checked before any device opens.
  const auto size = ceicg_pass_size(options.source, options.size);
  if (options.quick && command.count("--psamples-scale") > 0)
    throw InvalidArgument("give --quick or --psamples-scale, not both (--quick scales by 0.1)");
  quality::BatteryOptions battery;
  battery.psamples_scale = options.quick ? kQuickScale : parse_scale(options.psamples_scale);
  battery.tests = !options.tests.empty() ? split_list(options.tests)
                  : options.quick         ? quality::quick_battery()
                                          : quality::default_battery();
  if (battery.tests.empty()) throw InvalidArgument("--tests names no test");
  quality::check_test_names(battery.tests);
  const WordFormula formula = parse_word_formula(options.words);
  const NumberSource source = make_source(options.source, size, /*quiet=*/true);
  const std::string formula_text = U32Words(source, formula).describe();

  std::cout << fmt::format(
      "# glrand test: dieharder {} (libdieharder) on 32-bit words\n"
      "# generator  {}\n# path       {}\n# words      {}\n"
      "# battery    {} test{}, psamples = dieharder's default x {} (at least 1)\n",
      GLRAND_DIEHARDER_VERSION, describe_generator(options.source), describe_path(options.source, options.size),
      formula_text, battery.tests.size(), battery.tests.size() == 1 ? "" : "s", battery.psamples_scale);
  std::cout.flush();

  std::promise<std::string> device_promise;
  std::future<std::string> device = device_promise.get_future();
  const auto began = std::chrono::steady_clock::now();
  quality::WordFeed feed([&](const quality::WordFeed::Push& push) {
    U32Words words(source, formula);
    bool first = true;
    source.run(outputs_for_words(formula, kUnboundedWords), [&](std::span<const std::uint32_t> chunk) {
      if (first) device_promise.set_value(describe_device(options.source));
      first = false;
      push(words.convert(chunk));
    });
  });

  // The first words mean the run has opened its device (or failed to, which throws here).
  feed.wait_for_words();
  std::cout << "# device     " << device.get() << "\n#\n"
            << fmt::format("{:<24} {:>6} {:>9} {:>9} {:>11}  {:<7} {}\n", "# test", "ntuple", "tsamples", "psamples",
                           "p-value", "verdict", "dieharder's reliability");
  int counts[3] = {0, 0, 0};
  const auto run = quality::run_dieharder(feed, battery, [&](std::span<const quality::TestResult> lines) {
    for (const auto& line : lines) {
      ++counts[static_cast<int>(line.verdict)];
      std::cout << fmt::format("{:<24} {:>6} {:>9} {:>9} {:>11.8f}  {:<7} {}\n", line.test, line.ntuple,
                               line.tsamples, line.psamples, line.p_value, quality::name_of(line.verdict),
                               quality::dieharder_reliability(line.test));
    }
    std::cout.flush();
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  std::cout << fmt::format(
      "#\n# summary    {} p-values from {} test{}: {} PASSED, {} WEAK, {} FAILED; {} words in {:.1f} s; "
      "dieharder asked to reseed {} times, ignored (the words follow the seed options)\n",
      run.results.size(), battery.tests.size(), battery.tests.size() == 1 ? "" : "s", counts[0], counts[1],
      counts[2], run.words, seconds, run.ignored_reseeds);
  std::cout.flush();
  if (counts[static_cast<int>(quality::Verdict::failed)] > 0) throw ExitStatus{kFailedStatus};
}
#else
void run_test(const TestOptions&, const CLI::App&) {
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
      "the chosen path while the tests read them; prints one line per p-value with dieharder's verdict. Exit "
      "status: 0 when no p-value FAILED (WEAK ones do not count: a perfect generator shows about one WEAK in 100), "
      "3 when any FAILED, 1 on errors");
  options->source.add_to(*command, /*substream_layout=*/true);
  options->source.add_self_test_option(*command);
  command->add_option("--size", options->size,
                      "ceicg: render-target size per pass, WIDTHxHEIGHT, at most 2^24 pixels (default 1024x1024)");
  command->add_option("--tests", options->tests,
                      "Comma-separated dieharder tests by -d name (e.g. diehard_birthdays,sts_monobit); default: "
                      "what `dieharder -a` runs, less diehard_sums (dieharder marks it Do Not Use)");
  command->add_option("--psamples-scale", options->psamples_scale,
                      "Scale each test's number of p-value samples (dieharder's -m); 1 is dieharder's default size. "
                      "Small scales lean towards p-values near 1 (dieharder's KS test): recheck a high WEAK or "
                      "FAILED with --tests NAME --psamples-scale 1")
      ->capture_default_str();
  command->add_flag("--quick", options->quick,
                    "A smoke test: psamples x 0.1 and, without --tests, the 20 tests that are fast at that size "
                    "(about 150 million words; not rgb_bitdist, rgb_minimum_distance, rgb_permutations, "
                    "rgb_lagged_sum, marsaglia_tsang_gcd, diehard_dna, dab_bytedistrib, dab_filltree, dab_filltree2, "
                    "dab_monobit2)");
  command->add_option("--words", options->words,
                      "How outputs become words: native (generate --format u32's formula) or float23-pairs (each "
                      "output at 23-bit float resolution, one word from two outputs)")
      ->capture_default_str();
  command->callback([options, command] { run_test(*options, *command); });
}

}  // namespace glrand::cli
