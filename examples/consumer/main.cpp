// SPDX-License-Identifier: MIT
// A program that holds glrand as its users do: the installed headers and library only.
// Prints each generator's first five words from the CPU reference, and checks that its GL
// path (where it has one) gives the same 10^4 outputs and that two published first outputs
// come out. Exit status 0 when all agree.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <glrand/glrand.hpp>
#include <string>
#include <vector>

namespace {

std::vector<std::uint32_t> words_of(glrand::Algorithm algorithm, glrand::Backend backend, std::size_t outputs) {
  glrand::Settings settings;
  settings.algorithm = algorithm;
  settings.backend = backend;
  glrand::Generator generator(settings);
  std::vector<std::uint32_t> words(outputs * static_cast<std::size_t>(generator.words_per_output()));
  // Two calls: the second continues where the first ended.
  const std::size_t half = words.size() / 2 / generator.words_per_output() * generator.words_per_output();
  generator.generate(std::span(words).first(half));
  generator.generate(std::span(words).subspan(half));
  return words;
}

}  // namespace

int main() try {
  std::printf("glrand %s\n", GLRAND_VERSION);
  bool agree = true;
  for (const auto& row : glrand::generators()) {
    const auto cpu = words_of(row.algorithm, glrand::Backend::cpu, 10000);
    std::printf("%s", std::string(row.name).c_str());
    for (std::size_t i = 0; i < 5 * static_cast<std::size_t>(row.words_per_output); ++i) std::printf(" %u", cpu[i]);
    if (row.has_gl_path) {
      const bool same = words_of(row.algorithm, glrand::Backend::gl, 10000) == cpu;
      std::printf("  (gl: %s)", same ? "the same 10^4 outputs" : "DIFFERENT");
      agree = agree && same;
    }
    std::printf("\n");
    // Published first outputs: Park and Miller (1988) from z0 = 1; mt19937ar.c from 5489.
    if (row.algorithm == glrand::Algorithm::park_miller) agree = agree && cpu[0] == 16807u;
    if (row.algorithm == glrand::Algorithm::mt19937) agree = agree && cpu[0] == 3499211612u;
  }
  std::printf("%s\n", agree ? "ok" : "MISMATCH");
  return agree ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "glrand_consumer: %s\n", e.what());
  return 1;
}
