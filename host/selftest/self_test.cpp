// SPDX-License-Identifier: MIT
#include "selftest/self_test.hpp"

#include <GL/glew.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <utility>

#include <glrand/error.hpp>
#include "gl/state_guard.hpp"
#include "selftest/ps30_self_tests.hpp"
#include "selftest/stream_self_tests.hpp"

namespace glrand::selftest {
namespace {

// The self-tests known without registration: one line per (generator, profile).
std::vector<std::pair<SelfTestId, SelfTest>> builtin_self_tests() {
  return {
      {{"ceicg", kPs30}, ceicg_ps30_self_test},
      {{"pm", kPs30}, park_miller_ps30_self_test},
      {{"wh", kPs30}, wichmann_hill_ps30_self_test},
      {{"mrg32k3a", kPs30}, mrg32k3a_ps30_self_test},
      {{"ceicg", "scatter"}, [] { stream_self_test("ceicg", stream::Profile::scatter); }},
      {{"pm", "scatter"}, [] { stream_self_test("pm", stream::Profile::scatter); }},
      {{"wh", "scatter"}, [] { stream_self_test("wh", stream::Profile::scatter); }},
      {{"mrg32k3a", "scatter"}, [] { stream_self_test("mrg32k3a", stream::Profile::scatter); }},
      {{"ceicg", "compute"}, [] { stream_self_test("ceicg", stream::Profile::compute); }},
      {{"pm", "compute"}, [] { stream_self_test("pm", stream::Profile::compute); }},
      {{"wh", "compute"}, [] { stream_self_test("wh", stream::Profile::compute); }},
      {{"mrg32k3a", "compute"}, [] { stream_self_test("mrg32k3a", stream::Profile::compute); }},
  };
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

}  // namespace glrand::selftest
