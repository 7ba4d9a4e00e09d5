// SPDX-License-Identifier: MIT
#include "gl/reader_thread.hpp"

#include <glrand/error.hpp>
#include "gl/egl_context.hpp"

namespace glrand::gl {

ReaderThread::ReaderThread() : context_(std::make_unique<SharedContext>()), thread_([this] { run(); }) {}

ReaderThread::~ReaderThread() {
  {
    const std::lock_guard lock(mutex_);
    quit_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void ReaderThread::wait_started() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return started_ || failed_; });
  if (failed_) std::rethrow_exception(error_);
}

bool ReaderThread::failed() {
  const std::lock_guard lock(mutex_);
  return failed_;
}

void ReaderThread::post(std::function<void()> task) {
  {
    const std::lock_guard lock(mutex_);
    tasks_.push_back(std::move(task));
  }
  changed_.notify_all();
}

void ReaderThread::run() noexcept {
  try {
    context_->make_current();
  } catch (...) {
    {
      const std::lock_guard lock(mutex_);
      error_ = std::current_exception();
      failed_ = true;
    }
    changed_.notify_all();
    context_->release_thread();
    return;  // a readback made with this reader waits for its start, and throws
  }
  {
    const std::lock_guard lock(mutex_);
    started_ = true;
  }
  changed_.notify_all();
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return quit_ || !tasks_.empty(); });
      if (tasks_.empty()) break;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
  context_->release_current();
  context_->release_thread();
}

}  // namespace glrand::gl
