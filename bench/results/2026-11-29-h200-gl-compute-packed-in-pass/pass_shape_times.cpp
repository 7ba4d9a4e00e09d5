// MRG32k3a's compute engine at several pass shapes (P substreams, L outputs each), its passes
// packing their own words: the wall time of generate() of N words from one start, warm (the
// engine made and run once first), the median of five, and of the states' upload alone.
// Args: N P:L... Built against the tree's libglrand.a (run-pass-shapes.sh).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "fragment/mrg32k3a_fragment.hpp"
#include "gl/egl_context.hpp"
#include "stream/stream_generator.hpp"

using namespace glrand;

template <class F>
double median_ms(F f) {
  std::vector<double> ms;
  for (int r = 0; r < 5; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[2];
}

int main(int argc, char** argv) {
  gl::HeadlessContext context;
  context.make_current();
  const std::uint64_t n = std::stoull(argv[1]);
  for (int a = 2; a < argc; ++a) {
    const std::string shape = argv[a];
    const std::uint64_t P = std::stoull(shape.substr(0, shape.find(':')));
    const auto L = static_cast<std::uint32_t>(std::stoul(shape.substr(shape.find(':') + 1)));
    stream::StreamGenerator<fragment::Mrg32k3aTraits> engine(stream::Profile::compute, P, L);
    std::uint64_t words = 0;
    const auto consume = [&](std::span<const std::uint32_t> w) { words += w.size(); };
    const auto start = mrg32k3a::default_seed();
    engine.generate(start, n, consume);
    const double call = median_ms([&] { engine.generate(start, n, consume); });
    const double states = median_ms([&] { engine.upload_states(start); });
    std::printf("P=%llu L=%u (ran L=%u, packed in the pass: %s): %llu words in %.3f ms (%.2f G/s), states %.3f ms\n",
                static_cast<unsigned long long>(P), L, engine.outputs_per_substream(),
                engine.last_packed_in_pass() ? "yes" : "no", static_cast<unsigned long long>(n), call, n / call / 1e6,
                states);
  }
}
