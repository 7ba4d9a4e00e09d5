// SPDX-License-Identifier: MIT
#pragma once
// Splits [0, count) over CPU threads for the references' bulk generation: each thread gets
// one contiguous range and starts there by skip-ahead.
#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

namespace glrand {

// Calls fill(begin, end) on up to `threads` threads (0: all cores); ranges below ~64k items
// are not worth a thread.
template <typename Fill>
void parallel_fill(std::uint64_t count, unsigned threads, Fill fill) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::uint64_t>(threads, count / 65536 + 1));
  std::vector<std::jthread> workers;
  for (unsigned t = 1; t < threads; ++t) workers.emplace_back(fill, count * t / threads, count * (t + 1) / threads);
  fill(std::uint64_t{0}, count / threads);
}

}  // namespace glrand
