// SPDX-License-Identifier: MIT
#include "generators/ceicg.hpp"

#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

namespace glrand::ceicg {

double to_f64(const Output& x) {
  double u = static_cast<double>(x[0]) / kComponents[0].modulus;
  u += static_cast<double>(x[1]) / kComponents[1].modulus;
  u += static_cast<double>(x[2]) / kComponents[2].modulus;
  return u - std::floor(u);
}

float to_f32(const Output& x) {
  const double u = to_f64(x);
  float f = static_cast<float>(u);
  // Round-to-nearest may carry u just below 1 up to 1.0f; rounding down keeps [0, 1).
  if (static_cast<double>(f) > u) f = std::nextafter(f, 0.0f);
  return f;
}

void generate_ints(const Residues& start, std::span<std::uint32_t> out, unsigned threads) {
  const std::size_t count = out.size() / 3;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  // Below ~64k outputs a thread costs more than it saves.
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, count / 65536 + 1));
  auto fill = [&](std::size_t begin, std::size_t end) {
    Residues r = advanced_by(start, begin);
    for (std::size_t i = begin; i < end; ++i) {
      const Output x = output_at(r);
      std::copy(x.begin(), x.end(), out.begin() + 3 * i);
      r = advanced_by(r, 1);
    }
  };
  std::vector<std::jthread> workers;
  const std::size_t per = (count + threads - 1) / threads;
  for (unsigned t = 1; t < threads; ++t)
    workers.emplace_back(fill, std::min(count, t * per), std::min(count, (t + 1) * per));
  fill(0, std::min(count, per));
}

}  // namespace glrand::ceicg
