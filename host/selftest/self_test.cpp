// SPDX-License-Identifier: MIT
#include "selftest/self_test.hpp"

#include <GL/glew.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <utility>

#include <glrand/error.hpp>
#include <glrand/registry.hpp>
#include "gl/state_guard.hpp"
#include "selftest/ps30_self_tests.hpp"
#include "selftest/stream_self_tests.hpp"

namespace glrand::selftest {
namespace {

// The self-tests known without registration: every generator with a GL path, in every
// profile, in the registry's order (the ps30 ones first).
std::vector<std::pair<SelfTestId, SelfTest>> builtin_self_tests() {
  std::vector<std::pair<SelfTestId, SelfTest>> tests;
  for (const Profile profile : {Profile::ps30, Profile::scatter, Profile::compute})
    for (const GeneratorInfo& row : generators())
      if (row.has_gl_path)
        tests.push_back({{std::string(row.name), name_of(profile)},
                         [algorithm = row.algorithm, profile] { known_answer_self_test(algorithm, profile); }});
  return tests;
}

struct DeviceKey {
  std::string renderer, version;
  SelfTestId id;
  friend auto operator<=>(const DeviceKey&, const DeviceKey&) = default;
};

// Process-wide: the self-tests and their results per device and driver. Each test runs
// under the lock, so two threads never run the same one twice.
struct Registry {
  Registry() : tests(builtin_self_tests()) {}
  std::mutex mutex;
  std::vector<std::pair<SelfTestId, SelfTest>> tests;
  std::map<DeviceKey, SelfTestOutcome> results;
};

Registry& registry() {
  static Registry r;
  return r;
}

std::string gl_string(GLenum name) {
  const auto* text = reinterpret_cast<const char*>(glGetString(name));
  return text ? text : "";
}

}  // namespace

void register_self_test(const SelfTestId& id, SelfTest test) {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  std::erase_if(r.results, [&](const auto& entry) { return entry.first.id == id; });
  const auto known = std::find_if(r.tests.begin(), r.tests.end(), [&](const auto& t) { return t.first == id; });
  if (known != r.tests.end())
    known->second = std::move(test);
  else
    r.tests.emplace_back(id, std::move(test));
}

std::vector<SelfTestId> registered_self_tests() {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<SelfTestId> ids;
  for (const auto& t : r.tests) ids.push_back(t.first);
  return ids;
}

SelfTestOutcome run_self_test(const SelfTestId& id) {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  const auto test = std::find_if(r.tests.begin(), r.tests.end(), [&](const auto& t) { return t.first == id; });
  if (test == r.tests.end())
    throw InvalidArgument("there is no self-test for generator '" + id.generator + "' on profile '" + id.profile + "'");
  const DeviceKey key{gl_string(GL_RENDERER), gl_string(GL_VERSION), id};
  if (key.renderer.empty()) throw DeviceError("the self-test of " + id.generator + " needs a current GL context");
  if (const auto kept = r.results.find(key); kept != r.results.end()) {
    auto outcome = kept->second;
    outcome.kept = true;
    return outcome;
  }
  SelfTestOutcome outcome;
  outcome.id = id;
  outcome.device = key.renderer + ", OpenGL " + key.version;
  const auto began = std::chrono::steady_clock::now();
  try {
    const gl::StateGuard guard;
    test->second();
    outcome.passed = true;
  } catch (const DeviceError& e) {
    outcome.failure = e.what();
  }
  outcome.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
  r.results.emplace(key, outcome);
  return outcome;
}

void require_self_test(const SelfTestId& id) {
  const auto outcome = run_self_test(id);
  if (!outcome.passed)
    throw DeviceError("refusing " + outcome.device + ": it failed the known-answer self-test of " + id.generator + " (" +
                      id.profile + "): " + outcome.failure);
}

void known_answer_self_test(Algorithm algorithm, Profile profile) {
  if (profile != Profile::ps30) return stream_self_test(algorithm, profile);
  switch (algorithm) {
    case Algorithm::ceicg:
      return ceicg_ps30_self_test();
    case Algorithm::park_miller:
      return park_miller_ps30_self_test();
    case Algorithm::wichmann_hill:
      return wichmann_hill_ps30_self_test();
    case Algorithm::mrg32k3a:
      return mrg32k3a_ps30_self_test();
    case Algorithm::mt19937:
    case Algorithm::sobol32:
    case Algorithm::mtgp32:
      break;
  }
  throw InvalidArgument("-g " + std::string(info(algorithm).name) + " has no GL path, so no self-test");
}

}  // namespace glrand::selftest
