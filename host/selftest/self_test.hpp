// SPDX-License-Identifier: MIT
#pragma once
// The start-up self-test: before a generator's shaders are first used on a device, a small
// known-answer run on that device (selftest/known_answers.hpp). A device that gets any
// integer wrong is refused with a message naming the generator, the input and the wrong
// value. Each (generator, profile) has one self-test; its result is kept per device and
// driver (GL renderer and version strings) for the life of the process.
//
// Every generator with a GL path has one in each profile (known_answer_self_test); another
// can be registered, or one replaced, with register_self_test().
#include <functional>
#include <glrand/registry.hpp>
#include <glrand/types.hpp>
#include <string>
#include <vector>

namespace glrand::selftest {

// Runs known answers on the current GL context; throws glrand::DeviceError at the first
// wrong integer (any other glrand::DeviceError, such as a shader the driver rejects, also
// counts as a failure).
using SelfTest = std::function<void()>;

struct SelfTestId {
  std::string generator;  // as the CLI spells it: ceicg, pm, wh, mrg32k3a
  std::string profile;    // ps30, scatter, compute
  friend auto operator<=>(const SelfTestId&, const SelfTestId&) = default;
};

// Adds the self-test of `id`, or replaces it (and forgets its kept results).
void register_self_test(const SelfTestId& id, SelfTest test);

// Every registered self-test, in order of registration (the built-in ps30 ones first).
std::vector<SelfTestId> registered_self_tests();

struct SelfTestOutcome {
  SelfTestId id;
  std::string device;       // "GL renderer, GL version" of the context it ran on
  bool passed = false;
  std::string failure;      // the refusal message; empty when passed
  double milliseconds = 0;  // the run's wall time (the first run's, when kept)
  bool kept = false;        // whether this call reused the result of an earlier run
};

// Runs the self-test of `id` on the current GL context, unless it already ran in this
// process on the same renderer and driver: then returns that result. Like a generation, it
// leaves the caller's GL state as it was (gl::StateGuard). Never throws for a
// failed test; throws glrand::InvalidArgument if `id` has no self-test, and
// glrand::DeviceError if no context is current.
SelfTestOutcome run_self_test(const SelfTestId& id);

// As run_self_test(), but throws glrand::DeviceError with the refusal message if the device
// failed the test (now or earlier in the process).
void require_self_test(const SelfTestId& id);

// The built-in self-test of a generator with a GL path in one profile, on the current
// context: throws glrand::DeviceError at the first wrong value.
void known_answer_self_test(Algorithm algorithm, Profile profile);

// The profile of the fragment path that the 2006 constraints define.
inline constexpr const char* kPs30 = "ps30";

}  // namespace glrand::selftest
