#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
// Exhaustive: float(u) rounded down, u = (x + 1/2)·2^-32, against truncating x (x >= 2^23) or
// 2x + 1 (below) to 24 significant bits, scaled by 2^-32 or 2^-33.
static float rz(uint32_t y) {
  if (y >= (1u << 24)) { int e = 31 - __builtin_clz(y); y &= ~((1u << (e - 23)) - 1); }
  return (float)y;  // exact
}
int main() {
  uint64_t bad = 0;
  for (uint64_t k = 0; k < (1ull << 32); ++k) {
    const uint32_t x = (uint32_t)k;
    const double d = ((double)x + 0.5) * 0x1p-32;
    float f = (float)d;
    if ((double)f > d) f = std::nextafter(f, 0.0f);
    const bool large = x >= (1u << 23);
    const float g = rz(large ? x : 2 * x + 1) * (large ? 0x1p-32f : 0x1p-33f);
    if (std::memcmp(&f, &g, 4) != 0 && bad++ < 5) std::printf("x %u: %a vs %a\n", x, f, g);
  }
  std::printf("%llu differ of 2^32\n", (unsigned long long)bad);
  return bad != 0;
}
