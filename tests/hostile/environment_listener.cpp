// SPDX-License-Identifier: MIT
// Linked into the GL test binary: with GLRAND_HOSTILE_ARITHMETIC=MODE in the environment, every
// shader the library compiles is the hostile build (hostile_arithmetic.hpp), so that the
// generator exactness tests run again under it (tests/CMakeLists.txt registers those runs).
// Listeners need the reporter interfaces (Catch2 v2).
#define CATCH_CONFIG_EXTERNAL_INTERFACES
#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>

#include "hostile_arithmetic.hpp"

namespace {

struct HostileArithmeticListener : Catch::TestEventListenerBase {
  using TestEventListenerBase::TestEventListenerBase;
  void testRunStarting(const Catch::TestRunInfo&) override {
    const char* text = std::getenv(glrand::hostile::kEnvironmentVariable);
    if (!text || !*text) return;
    // A mode that does not parse throws here and fails the run: never a silent plain run.
    const auto mode = glrand::hostile::parse_mode(text);
    glrand::hostile::install(mode);
    std::cerr << "hostile arithmetic: every shader rewritten in mode " << glrand::hostile::name_of(mode) << "\n";
  }
};

}  // namespace

CATCH_REGISTER_LISTENER(HostileArithmeticListener)
