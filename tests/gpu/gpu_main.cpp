// SPDX-License-Identifier: MIT
// The GPU tests' main: without a usable CUDA GPU every test exits with 77, which CTest reports
// as skipped (SKIP_RETURN_CODE), printing the reason. Listing the tests needs no GPU.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstring>
#include <iostream>

#include <glrand/error.hpp>
#include "cuda/cuda_path.hpp"

int main(int argc, char* argv[]) {
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing = listing || std::strncmp(argv[i], "--list", 6) == 0;
  if (!listing) {
    try {
      const auto device = glrand::cuda::open_device();
      std::cout << "CUDA device: " << device.describe() << "\n";
    } catch (const glrand::Error& e) {
      std::cout << "SKIPPED: " << e.what() << "\n";
      return 77;
    }
  }
  return Catch::Session().run(argc, argv);
}
