// SPDX-License-Identifier: MIT
// The Intel MKL tests' main: where MKL cannot be loaded (not installed, or $GLRAND_MKL_LIBRARY
// names nothing) every test exits with 77, which CTest reports as skipped (SKIP_RETURN_CODE),
// printing the reason. Listing the tests needs no MKL.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstring>
#include <iostream>

#include "mkl/vsl.hpp"

int main(int argc, char* argv[]) {
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing = listing || std::strncmp(argv[i], "--list", 6) == 0;
  if (!listing) {
    const auto& mkl = glrand::mkl::availability();
    if (!mkl.available) {
      std::cout << "SKIPPED: " << mkl.reason << "\n";
      return 77;
    }
    std::cout << "Intel MKL: " << mkl.version << " (" << mkl.library << ")\n";
  }
  return Catch::Session().run(argc, argv);
}
