// SPDX-License-Identifier: MIT
#include "quality/word_feed.hpp"

#include <string>

#include <glrand/error.hpp>

namespace glrand::quality {

WordFeed::WordFeed(Producer produce, std::size_t max_chunks)
    : max_chunks_(max_chunks == 0 ? 1 : max_chunks),
      producer_([this, produce = std::move(produce)] {
        std::exception_ptr error;
        try {
          produce([this](std::span<const std::uint32_t> words) { push(words); });
        } catch (const Closed&) {
        } catch (...) {
          error = std::current_exception();
        }
        const std::lock_guard lock(mutex_);
        producer_done_ = true;
        producer_error_ = error;
        changed_.notify_all();
      }) {}

WordFeed::~WordFeed() {
  {
    const std::lock_guard lock(mutex_);
    closing_ = true;
    changed_.notify_all();
  }
  producer_.join();
}

void WordFeed::push(std::span<const std::uint32_t> words) {
  if (words.empty()) return;
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return closing_ || ready_.size() < max_chunks_; });
  if (closing_) throw Closed{};
  std::vector<std::uint32_t> chunk;
  if (!spare_.empty()) {
    chunk = std::move(spare_.back());
    spare_.pop_back();
  }
  lock.unlock();  // copy outside the lock, so the reader is not held up
  chunk.assign(words.begin(), words.end());
  lock.lock();
  ready_.push_back(std::move(chunk));
  changed_.notify_all();
}

void WordFeed::refill() {
  taken_before_current_ += position_;
  position_ = 0;
  std::unique_lock lock(mutex_);
  if (!current_.empty()) spare_.push_back(std::move(current_));
  current_.clear();
  changed_.notify_all();
  changed_.wait(lock, [&] { return !ready_.empty() || producer_done_; });
  if (!ready_.empty()) {
    current_ = std::move(ready_.front());
    ready_.pop_front();
    changed_.notify_all();
    return;
  }
  failed_ = true;
}

void WordFeed::throw_if_failed() const {
  if (!failed_) return;
  if (producer_error_) std::rethrow_exception(producer_error_);
  throw Error("the generator stopped after " + std::to_string(words_taken()) + " words; the battery needs more");
}

}  // namespace glrand::quality
