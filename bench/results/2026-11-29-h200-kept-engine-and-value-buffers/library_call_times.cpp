// The wall time of Generator::generate of N outputs (words, handed to a consumer that only counts
// them) on the GL compute profile, six calls, each from position 0 of the same settings by
// set_state: the warm library call. Args: pm|wh|ceicg|mrg32k3a N [shared]. Built against the
// tree's libglrand.a (see run-library-calls.sh).
#include <glrand/generator.hpp>
#include <chrono>
#include <cstdio>
#include <vector>
#include <string>
int main(int argc, char** argv) {
  glrand::Settings s;
  std::string g = argv[1];
  s.algorithm = g == "pm" ? glrand::Algorithm::park_miller : g == "wh" ? glrand::Algorithm::wichmann_hill : g == "ceicg" ? glrand::Algorithm::ceicg : glrand::Algorithm::mrg32k3a;
  s.backend = glrand::Backend::gl;
  s.profile = glrand::Profile::compute;
  const std::uint64_t n = std::stoull(argv[2]);
  if (argc > 3) s.gl_readback = glrand::GlReadback::shared_context;
  glrand::Generator gen(s);
  std::uint64_t words = 0;
  for (int r = 0; r < 6; ++r) {
    gen.set_state({s, 0});
    auto t0 = std::chrono::steady_clock::now();
    gen.generate(n, [&](std::span<const std::uint32_t> w) { words += w.size(); });
    auto t1 = std::chrono::steady_clock::now();
    std::printf("%s n=%llu: %.3f ms\n", argv[1], (unsigned long long)n, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
}
