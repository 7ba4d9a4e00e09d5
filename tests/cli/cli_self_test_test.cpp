// SPDX-License-Identifier: MIT
// The start-up self-test through the glrand command: it runs by default before the shaders
// do, `glrand info` reports it, --no-self-test skips it, and a device that fails it is
// refused with one message line and no output file. The failing device is simulated with
// GLRAND_SELF_TEST_FAULT, which makes the self-test of one generator see one integer read
// back off by one (host/selftest/known_answers.hpp).
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "support/glrand_process.hpp"
#include "selftest/known_answers.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;
using namespace glrand;

namespace {

// glrand with GLRAND_SELF_TEST_FAULT=generator in its environment.
RunResult run_with_fault(const std::string& generator, const std::vector<std::string>& args, const TempDir& dir) {
  std::vector<std::string> command{"GLRAND_SELF_TEST_FAULT=" + generator, glrand_executable()};
  command.insert(command.end(), args.begin(), args.end());
  return run_program("env", command, dir.path());
}

struct Fault {
  std::string generator;  // -g
  std::string name;       // in messages
  std::string input;      // the input the fault lands on (substream 1 of the first case, or CEICG input 1)
};

std::vector<Fault> faults() {
  return {
      {"ceicg", "CEICG", selftest::ceicg_inputs()[1].text},
      {"pm", fragment::ParkMillerTraits::kName, selftest::park_miller_cases()[0].inputs[1].text},
      {"wh", fragment::WichmannHillTraits::kName, selftest::wichmann_hill_cases()[0].inputs[1].text},
      {"mrg32k3a", fragment::Mrg32k3aTraits::kName, selftest::mrg32k3a_cases()[0].inputs[1].text},
  };
}

}  // namespace

TEST_CASE("glrand info runs and reports the self-test of every generator on the device", "[cli][selftest]") {
  TempDir dir;
  const auto r = glrand_ok({"info"}, dir.path());
  INFO(r.out);
  CHECK(r.out.find("Self-tests (known answers on this device):") != std::string::npos);
  for (const std::string profile : {"ps30", "scatter", "compute"})
    for (const std::string generator : {"ceicg", "pm", "wh", "mrg32k3a"}) {
      std::optional<std::string> line;
      for (const auto& l : lines_of(r.out))
        if (l.rfind("  " + generator + " ", 0) == 0 && l.find(" " + profile + " ") != std::string::npos) line = l;
      INFO(generator << " " << profile);
      REQUIRE(line);
      CHECK(line->find("pass") != std::string::npos);
      CHECK(line->find(" ms") != std::string::npos);
    }
}

TEST_CASE("glrand info prints a failed self-test and goes on with the others, then exits non-zero", "[cli][selftest]") {
  TempDir dir;
  const auto r = run_with_fault("wh", {"info"}, dir);
  INFO(r.describe() << "\nstdout:\n" << r.out);
  CHECK(r.exited);
  CHECK(r.status == 1);
  const auto lines = lines_of(r.out);
  const auto line_of = [&](const std::string& generator) {
    for (const auto& l : lines)
      if (l.rfind("  " + generator + " ", 0) == 0) return l;
    return std::string();
  };
  CHECK(line_of("wh").find("FAIL") != std::string::npos);
  CHECK(line_of("wh").find("came back as") != std::string::npos);
  CHECK(line_of("wh").find(faults()[2].input) != std::string::npos);
  for (const char* other : {"ceicg", "pm", "mrg32k3a"}) CHECK(line_of(other).find("pass") != std::string::npos);
  CHECK(r.out.find("CUDA") != std::string::npos);  // info went on after the failure
  CHECK(r.err.find("failed the self-test of wh (ps30)") != std::string::npos);
}

TEST_CASE("generate runs the self-test by default and refuses a failing device with no output file", "[cli][selftest]") {
  for (const auto& fault : faults()) {
    TempDir dir;
    const std::vector<std::string> args{"generate", "-g", fault.generator, "-n", "1000", "--format", "ints", "-o", "out.bin"};
    INFO("GLRAND_SELF_TEST_FAULT=" << fault.generator << " glrand " << join(args));
    const auto r = run_with_fault(fault.generator, args, dir);
    INFO(r.describe());
    CHECK(r.exited);
    CHECK(r.status == 1);
    const auto messages = message_lines(r.err);
    REQUIRE(messages.size() == 1);
    const auto& message = messages[0];
    CHECK(message.find("glrand: error: refusing ") != std::string::npos);
    CHECK(message.find("self-test of " + fault.generator + " (ps30)") != std::string::npos);
    CHECK(message.find(fault.name) != std::string::npos);
    CHECK(message.find(fault.input) != std::string::npos);
    CHECK(message.find("came back as") != std::string::npos);
    CHECK(message.find("--no-self-test") != std::string::npos);
    CHECK(r.out.empty());
    CHECK(dir.entries().empty());

    // A generator whose self-test is not faulty is not affected, and --no-self-test skips it.
    const std::string other = fault.generator == "pm" ? "wh" : "pm";
    CHECK(run_with_fault(other, args, dir).ok());
    std::vector<std::string> skipping = args;
    skipping.push_back("--no-self-test");
    const auto skipped = run_with_fault(fault.generator, skipping, dir);
    INFO(skipped.describe());
    CHECK(skipped.ok());
    CHECK(dir.entries() == std::vector<std::string>{"out.bin"});
  }
}

TEST_CASE("generate --profile scatter|compute runs that profile's self-test and refuses a failing device", "[cli][selftest]") {
  for (const std::string profile : {"scatter", "compute"})
    for (const auto& fault : faults()) {
      TempDir dir;
      const std::vector<std::string> args{"generate", "-g", fault.generator, "--profile", profile, "-n", "1000", "-o", "out.bin"};
      INFO("GLRAND_SELF_TEST_FAULT=" << fault.generator << " glrand " << join(args));
      const auto r = run_with_fault(fault.generator, args, dir);
      INFO(r.describe());
      CHECK(r.status == 1);
      const auto messages = message_lines(r.err);
      REQUIRE(messages.size() == 1);
      CHECK(messages[0].find("self-test of " + fault.generator + " (" + profile + ")") != std::string::npos);
      CHECK(messages[0].find("came back as") != std::string::npos);
      CHECK(dir.entries().empty());
    }
}

TEST_CASE("the wrong value a refused device returned is named in the message", "[cli][selftest]") {
  // Park-Miller: substream 1 of the first case starts at z = m - 1, its first output is z
  // itself; the fault returns z + 1.
  TempDir dir;
  const auto r = run_with_fault("pm", {"generate", "-g", "pm", "-n", "10", "-o", "out.bin"}, dir);
  INFO(r.describe());
  const auto z = selftest::park_miller_cases()[0].inputs[1].start;
  CHECK(r.err.find("substream 1 (step 0 from z = " + std::to_string(z)) != std::string::npos);
  CHECK(r.err.find("came back as " + std::to_string(z + 1) + ", expected " + std::to_string(z)) != std::string::npos);
  CHECK(dir.entries().empty());
}

TEST_CASE("render and view refuse a device failing the CEICG self-test, and --no-self-test skips it", "[cli][selftest]") {
  TempDir dir;
  const std::vector<std::string> render{"render", "--size", "8x8", "-o", "pic.png"};
  const auto refused = run_with_fault("ceicg", render, dir);
  INFO(refused.describe());
  CHECK(refused.status == 1);
  CHECK(refused.err.find("self-test of ceicg (ps30)") != std::string::npos);
  CHECK(dir.entries().empty());
  std::vector<std::string> skipping = render;
  skipping.push_back("--no-self-test");
  CHECK(run_with_fault("ceicg", skipping, dir).ok());
  CHECK(dir.entries() == std::vector<std::string>{"pic.png"});

  const auto xvfb_run = [] {
    for (const char* dir : {"/usr/bin", "/usr/local/bin", "/bin"})
      if (::access((std::string(dir) + "/xvfb-run").c_str(), X_OK) == 0) return std::string(dir) + "/xvfb-run";
    return std::string();
  }();
  if (xvfb_run.empty()) {
    WARN("xvfb-run not found: skipping the view part");
    return;
  }
  const std::vector<std::string> view{"-a", "-s", "-screen 0 640x480x24", "env", "GLRAND_SELF_TEST_FAULT=ceicg",
                                      glrand_executable(), "view", "--size", "16x16", "--frames", "1"};
  const auto view_refused = run_program(xvfb_run, view, dir.path());
  INFO(view_refused.describe());
  CHECK(view_refused.exited);
  CHECK(view_refused.status != 0);
  CHECK(view_refused.err.find("self-test of ceicg (ps30)") != std::string::npos);
  auto view_skipping = view;
  view_skipping.push_back("--no-self-test");
  const auto view_skipped = run_program(xvfb_run, view_skipping, dir.path());
  INFO(view_skipped.describe());
  CHECK(view_skipped.ok());
}
