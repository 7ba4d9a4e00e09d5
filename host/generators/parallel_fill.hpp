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

namespace detail {
// Whether this thread is running one of parallel_fill's ranges.
inline thread_local bool in_parallel_fill = false;
}  // namespace detail

// Calls fill(begin, end) on up to `threads` threads (0: all cores), each range at least about
// `grain` items (by default 64k: fewer are not worth a thread). Returns when every range is
// done; an exception thrown by any call is rethrown here then. Called from inside a range (a
// core's block of values filled by a reference that splits its own work), it fills the whole
// on the calling thread: the cores are busy already.
template <typename Fill>
void parallel_fill(std::uint64_t count, unsigned threads, Fill fill, std::uint64_t grain = 65536) {
  if (detail::in_parallel_fill) {
    fill(std::uint64_t{0}, count);
    return;
  }
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::uint64_t>({threads, count / std::max<std::uint64_t>(grain, 1) + 1,
                                                           std::max<std::uint64_t>(count, 1)}));
  std::vector<std::exception_ptr> failures(threads);
  auto guarded = [&](unsigned t) {
    detail::in_parallel_fill = true;
    try {
      fill(count * t / threads, count * (t + 1) / threads);
    } catch (...) {
      failures[t] = std::current_exception();
    }
    detail::in_parallel_fill = false;
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
