// SPDX-License-Identifier: MIT
#pragma once
// A cuRAND host-side generator (curandCreateGeneratorHost: it runs on the CPU, no GPU needed)
// for tests that compare glrand's CPU reference or command with cuRAND word for word.
#include <catch2/catch.hpp>
#include <curand.h>

namespace glrand_test {

inline void check_curand(curandStatus_t status, const char* call) {
  INFO(call << " returned " << static_cast<int>(status));
  REQUIRE(status == CURAND_STATUS_SUCCESS);
}

struct CurandHostGenerator {
  curandGenerator_t generator = nullptr;
  explicit CurandHostGenerator(curandRngType_t type) {
    check_curand(curandCreateGeneratorHost(&generator, type), "curandCreateGeneratorHost");
  }
  ~CurandHostGenerator() { curandDestroyGenerator(generator); }
  CurandHostGenerator(const CurandHostGenerator&) = delete;
  CurandHostGenerator& operator=(const CurandHostGenerator&) = delete;
};

}  // namespace glrand_test
