// SPDX-License-Identifier: MIT
#pragma once
// Splits [0, count) over CPU threads for the references' bulk generation and the kernels'
// host-side plans: each thread gets one contiguous range and starts there by skip-ahead.
#include <algorithm>
#include <cstdint>
#include <exception>
#include <thread>
#include <vector>

namespace glrand {

// Calls fill(begin, end) on up to `threads` threads (0: all cores), each range at least about
// `grain` items (by default 64k: fewer are not worth a thread). Returns when every range is
// done; an exception thrown by any call is rethrown here then.
template <typename Fill>
void parallel_fill(std::uint64_t count, unsigned threads, Fill fill, std::uint64_t grain = 65536) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::uint64_t>({threads, count / std::max<std::uint64_t>(grain, 1) + 1,
                                                           std::max<std::uint64_t>(count, 1)}));
  std::vector<std::exception_ptr> failures(threads);
  auto guarded = [&](unsigned t) {
    try {
      fill(count * t / threads, count * (t + 1) / threads);
    } catch (...) {
      failures[t] = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 1; t < threads; ++t) workers.emplace_back(guarded, t);
    guarded(0);
  }  // joined
  for (const auto& failure : failures)
    if (failure) std::rethrow_exception(failure);
}

}  // namespace glrand
