#pragma once
#include <chrono>
#include <cstdio>
#include <cstdlib>
namespace glrand::probe {
inline bool on() { static const bool o = std::getenv("GLRAND_PROBE") != nullptr; return o; }
struct Timer {
  const char* what;
  std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
  explicit Timer(const char* w) : what(w) {}
  ~Timer() {
    if (on()) std::fprintf(stderr, "probe %-28s %8.3f ms\n", what,
                           std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
};
}
