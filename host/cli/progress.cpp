// SPDX-License-Identifier: MIT
#include "cli/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include <fmt/core.h>

#include "output/interrupt.hpp"

namespace glrand::cli {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kQuietStart = std::chrono::seconds(1);
constexpr auto kTerminalInterval = std::chrono::milliseconds(250);
constexpr auto kLineInterval = std::chrono::seconds(5);

}  // namespace

std::string si_count(double value) {
  static constexpr const char* kPrefixes[] = {"", " k", " M", " G", " T", " P", " E"};
  int prefix = 0;
  while (value >= 999.5 && prefix < 6) {
    value /= 1000;
    ++prefix;
  }
  if (prefix == 0) return fmt::format("{:.0f}", value);
  return fmt::format("{:.{}f}{}", value, value < 9.995 ? 2 : value < 99.95 ? 1 : 0, kPrefixes[prefix]);
}

std::string clock_time(double seconds) {
  const auto s = static_cast<std::uint64_t>(std::llround(std::max(seconds, 0.0)));
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

Progress::Mode Progress::choose(bool forced, bool quiet) {
  if (quiet) return Mode::off;
  const bool terminal = ::isatty(STDERR_FILENO) == 1;
  if (terminal) return Mode::terminal;
  return forced ? Mode::lines : Mode::off;
}

Progress::Progress(Mode mode, std::uint64_t total, std::string unit)
    : mode_(mode), total_(total), unit_(std::move(unit)), began_(Clock::now()), next_draw_(began_ + kQuietStart) {}

Progress::~Progress() { finish(); }

void Progress::advance(std::uint64_t count) {
  done_ += count;
  if (mode_ == Mode::off) return;
  const auto now = Clock::now();
  if (now < next_draw_) return;
  next_draw_ = now + (mode_ == Mode::terminal ? Clock::duration(kTerminalInterval) : Clock::duration(kLineInterval));
  draw(now);
}

void Progress::draw(Clock::time_point now) {
  const double seconds = std::chrono::duration<double>(now - began_).count();
  const double rate = static_cast<double>(done_) / seconds;
  std::string text = "glrand: " + si_count(static_cast<double>(done_));
  if (total_ > 0) {
    const double fraction = static_cast<double>(done_) / static_cast<double>(total_);
    text += fmt::format(" of {} {} ({:.0f}%)", si_count(static_cast<double>(total_)), unit_, 100 * fraction);
  } else {
    text += " " + unit_;
  }
  text += ", " + si_count(rate) + " " + unit_ + "/s";
  if (total_ > 0 && rate > 0) text += ", " + clock_time(static_cast<double>(total_ - std::min(done_, total_)) / rate) + " left";
  if (mode_ == Mode::terminal) {
    std::cerr << "\r\033[K" << text << std::flush;
    line_shown_ = true;
    output::set_progress_line_shown(true);
  } else {
    std::cerr << text << "\n" << std::flush;
  }
}

void Progress::finish() {
  if (!line_shown_) return;
  std::cerr << "\r\033[K" << std::flush;
  line_shown_ = false;
  output::set_progress_line_shown(false);
}

}  // namespace glrand::cli
