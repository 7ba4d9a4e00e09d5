// SPDX-License-Identifier: MIT
#pragma once
// A second EGL context in the current context's share group, current on a thread of its own,
// which runs the tasks posted to it one after another: the shared-context readbacks' reader
// (gl::SharedContextReadback), one per engine whatever the formats it reads.
//
// Making a context current on a new thread takes the NVIDIA driver about 25 ms, so the thread
// starts at once and the constructor does not wait for it: an engine starts its reader when it
// is made, and the first readback waits (wait_started) after the engine's own set-up.
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace glrand::gl {

class SharedContext;

class ReaderThread {
 public:
  // The context is made here, in the current context's share group; the thread makes it
  // current. Throws glrand::DeviceError where the current context cannot be shared.
  ReaderThread();
  // Runs the tasks posted, then ends the thread.
  ~ReaderThread();
  ReaderThread(const ReaderThread&) = delete;
  ReaderThread& operator=(const ReaderThread&) = delete;

  // Until the context is current on the thread; throws glrand::DeviceError where it could not
  // be made current there.
  void wait_started();
  // Whether the context could not be made current on the thread (without waiting).
  bool failed();
  // Runs `task` on the thread, after the tasks posted before it. A task must not throw.
  void post(std::function<void()> task);

 private:
  void run() noexcept;

  std::unique_ptr<SharedContext> context_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> tasks_;
  std::exception_ptr error_;  // why the context did not start
  bool started_ = false;      // the context is current on the thread
  bool failed_ = false;       // ... or could not be made so
  bool quit_ = false;
  std::thread thread_;
};

}  // namespace glrand::gl
