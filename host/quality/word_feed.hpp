// SPDX-License-Identifier: MIT
#pragma once
// Words pulled one at a time from a generator that pushes them chunk by chunk. A test battery
// asks for one word per call; glrand's sources hand over chunks from inside a run that owns a
// device context. The feed runs the producer on its own thread (the GL context lives and dies
// there) and keeps it at most `max_chunks` chunks ahead of the reader.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

namespace glrand::quality {

class WordFeed {
 public:
  using Push = std::function<void(std::span<const std::uint32_t>)>;
  // Pushes words, in order, until push() throws to say the feed is closed; it must let that
  // exception pass (it is no std::exception) and may not return on its own: a producer that
  // returns has run dry, which is a failure of the feed.
  using Producer = std::function<void(const Push& push)>;

  explicit WordFeed(Producer produce, std::size_t max_chunks = 4);
  ~WordFeed();  // closes the feed, so the producer unwinds, and joins its thread
  WordFeed(const WordFeed&) = delete;
  WordFeed& operator=(const WordFeed&) = delete;

  // The next word. Once the producer has failed or run dry it returns 0 and failed() is true:
  // a battery calls this from C code, which an exception must not cross.
  std::uint32_t next() {
    if (position_ == current_.size()) refill();
    return current_.empty() ? 0 : current_[position_++];
  }

  // Waits until the producer has handed over words or has failed, and throws in the second
  // case (see throw_if_failed): a device that cannot start is reported before any test runs.
  void wait_for_words() {
    if (position_ == current_.size()) refill();
    throw_if_failed();
  }

  std::uint64_t words_taken() const { return taken_before_current_ + position_; }
  bool failed() const { return failed_; }
  // Throws the producer's exception (or glrand::Error if it ran dry) when failed().
  void throw_if_failed() const;

 private:
  struct Closed {};  // thrown by push() once the feed closes
  void push(std::span<const std::uint32_t> words);
  void refill();

  std::size_t max_chunks_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::vector<std::uint32_t>> ready_;
  std::vector<std::vector<std::uint32_t>> spare_;  // emptied chunks, reused by push()
  bool closing_ = false;
  bool producer_done_ = false;
  std::exception_ptr producer_error_;

  // The reader's side: touched by the reading thread only.
  std::vector<std::uint32_t> current_;
  std::size_t position_ = 0;
  std::uint64_t taken_before_current_ = 0;
  bool failed_ = false;

  std::thread producer_;  // last: starts after everything above exists
};

}  // namespace glrand::quality
