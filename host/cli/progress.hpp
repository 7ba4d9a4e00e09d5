// SPDX-License-Identifier: MIT
#pragma once
// Progress of a long run on stderr: outputs done, rate and time left. On a terminal, one line
// redrawn in place at most four times a second; with --progress into a log, a plain line every
// few seconds. Nothing shows in a run's first second, so short runs print nothing extra.
// advance() reads a clock and compares: the generating loop pays nothing measurable for it.
#include <chrono>
#include <cstdint>
#include <string>

namespace glrand::cli {

class Progress {
 public:
  enum class Mode { off, terminal, lines };
  // -q turns it off; --progress turns it on (plain lines unless stderr is a terminal);
  // otherwise it shows when stderr is a terminal.
  static Mode choose(bool forced, bool quiet);

  // `total` 0: unknown (a stream that runs until its reader stops). `unit`: "outputs", "words".
  Progress(Mode mode, std::uint64_t total, std::string unit);
  ~Progress();  // clears a terminal line
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void advance(std::uint64_t count);
  // Clears a terminal line before the caller's closing message.
  void finish();

 private:
  void draw(std::chrono::steady_clock::time_point now);

  Mode mode_;
  std::uint64_t total_;
  std::string unit_;
  std::uint64_t done_ = 0;
  std::chrono::steady_clock::time_point began_;
  std::chrono::steady_clock::time_point next_draw_;
  bool line_shown_ = false;
};

// "1.23 G", "456 M", "789 k", "12": three significant digits with an SI prefix.
std::string si_count(double value);
// "0:42", "12:05", "3:04:05".
std::string clock_time(double seconds);

}  // namespace glrand::cli
