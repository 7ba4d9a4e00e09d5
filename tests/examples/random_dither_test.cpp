// SPDX-License-Identifier: MIT
// examples/random_dither under Xvfb: its screenshot against the ramp it dithers, by statistics
// rather than pixels. Each strip's channel is lit with probability equal to the ramp when its
// thresholds are uniform on [0, 1), so every strip's and every 16x16 block's lit fraction must
// match the ramp's mean within a few standard deviations; a constant, biased or frozen
// threshold texture fails.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "support/glrand_process.hpp"
#include "support/temp_dir.hpp"

using namespace glrand_test;

namespace {

constexpr int kStrips = 4, kWidth = 96, kHeight = 64;

std::optional<std::string> find_in_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (::access((dir + "/" + name).c_str(), X_OK) == 0) return dir + "/" + name;
  return std::nullopt;
}

struct Picture {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;  // top row first
  int at(int x, int row, int c) const { return rgb[static_cast<std::size_t>(3) * (row * width + x) + c]; }
};

Picture read_ppm(const std::filesystem::path& path) {
  const std::string bytes = read_file(path);
  std::istringstream in(bytes);
  std::string magic;
  Picture p;
  int most = 0;
  in >> magic >> p.width >> p.height >> most;
  in.get();  // the one whitespace before the pixels
  REQUIRE(magic == "P6");
  REQUIRE(most == 255);
  const auto start = static_cast<std::size_t>(in.tellg());
  REQUIRE(bytes.size() == start + static_cast<std::size_t>(3) * p.width * p.height);
  p.rgb.assign(bytes.begin() + static_cast<std::ptrdiff_t>(start), bytes.end());
  return p;
}

// The ramp of channel c at strip pixel x, picture row `row` (GL's y counts from the bottom).
double ramp(int c, int x, int row) {
  const double u = (x + 0.5) / kWidth, v = (kHeight - 1 - row + 0.5) / kHeight;
  return c == 0 ? u : c == 1 ? v : 1.0 - u;
}

// (lit − expected) / its standard deviation over pixels [x0, x1) x [row0, row1) of strip s.
double z_score(const Picture& p, int s, int c, int x0, int x1, int row0, int row1) {
  double difference = 0, variance = 0;
  for (int row = row0; row < row1; ++row)
    for (int x = x0; x < x1; ++x) {
      const double g = ramp(c, x, row);
      difference += (p.at(s * kWidth + x, row, c) == 255 ? 1.0 : 0.0) - g;
      variance += g * (1 - g);
    }
  return difference / std::sqrt(variance);
}

}  // namespace

TEST_CASE("examples/random_dither dithers its ramp with every generator's textures, frame after frame", "[example]") {
  TempDir dir;
  const auto xvfb_run = find_in_path("xvfb-run");
  if (!xvfb_run) {
    WARN("xvfb-run not found: skipping the random_dither example");
    return;
  }
  const auto shot = [&](int frames, const std::string& file) {
    const auto r = run_program(*xvfb_run,
                               {"-a", "-s", "-screen 0 640x480x24", GLRAND_RANDOM_DITHER_EXE, "--size",
                                std::to_string(kWidth) + "x" + std::to_string(kHeight), "--frames",
                                std::to_string(frames), "--screenshot", file},
                               dir.path());
    INFO(r.describe());
    REQUIRE(r.ok());
    CHECK(r.out.find("pm       " + std::to_string(frames) + " frames") != std::string::npos);
    return read_ppm(dir / file);
  };
  const Picture second = shot(2, "second.ppm"), third = shot(3, "third.ppm");
  REQUIRE(third.width == kStrips * kWidth);
  REQUIRE(third.height == kHeight);
  for (const unsigned char b : third.rgb) REQUIRE((b == 0 || b == 255));
  for (int s = 0; s < kStrips; ++s)
    for (int c = 0; c < 3; ++c) {
      INFO("strip " << s << ", channel " << c);
      CHECK(std::abs(z_score(third, s, c, 0, kWidth, 0, kHeight)) < 5.0);
      for (int bx = 0; bx < kWidth; bx += 16)
        for (int by = 0; by < kHeight; by += 16) {
          INFO("block at " << bx << ", " << by);
          CHECK(std::abs(z_score(third, s, c, bx, bx + 16, by, by + 16)) < 6.0);
        }
      // The thresholds move on: about 2·g(1 − g) of the pixels differ between frames.
      int differ = 0;
      for (int row = 0; row < kHeight; ++row)
        for (int x = 0; x < kWidth; ++x) differ += second.at(s * kWidth + x, row, c) != third.at(s * kWidth + x, row, c);
      CHECK(differ > kWidth * kHeight / 5);
    }
  CHECK(dir.entries() == std::vector<std::string>{"second.ppm", "third.ppm"});
}
