// SPDX-License-Identifier: MIT
#pragma once
// The small value types a generator's settings are made of: where it runs and how the GL
// path lays out its substreams.
#include <cstdint>
#include <string_view>

namespace glrand {

// Where a generator computes: OpenGL shaders in float arithmetic, CUDA kernels in integer
// arithmetic, or the exact CPU reference. Every backend gives the same integers.
enum class Backend { gl, cpu, cuda };

// The GL path's profiles: the same float-only arithmetic under three sets of constraints.
enum class Profile {
  ps30,     // the 2006 constraints: fragment passes, at most 4 vec4 outputs, 512 slots
  scatter,  // fragment passes that write many outputs through shader storage buffers
  compute,  // GL compute shaders with the same modules and buffers
};

// How P substreams cover the serial sequence of a linear generator (2006 paper, section 3).
enum class Split {
  // Substream s takes positions s, s + P, s + 2P, ...: each pass yields a contiguous chunk.
  leapfrog,
  // Substream s takes a block of B consecutive positions starting at s·B, re-seeded by
  // skip-ahead each round of P·B positions so that the output can be streamed.
  blocking,
  // Substream s is another generator of a family (Wichmann–Hill: its own parameter set);
  // output n is output n div P of substream n mod P.
  parameterisation,
};

// Where the ps30 profile advances its substreams' states between passes.
enum class StateUpdate {
  gpu,  // the pass writes each substream's next state into a render target (ping-pong)
  cpu,  // the host advances the states by skip-ahead and uploads them for the next pass
};

// How the GL path reads its passes back to the host (docs/library.md): on the rendering
// context, in turn with the passes; or by a second, shared context on its own thread, beside
// the next passes. automatic: each profile's choice on a GPU, one context on a software
// renderer or where a context cannot be shared.
enum class GlReadback { automatic, one_context, shared_context };

inline constexpr std::uint64_t kAutomaticSubstreams = 0;

// The ps30 profile's substream layout for Park–Miller, Wichmann–Hill and MRG32k3a.
struct StreamLayout {
  // P, 1 .. 2^24; or kAutomaticSubstreams: each run chooses P for its length and device
  // (docs/library.md): leapfrog and blocking give the same sequence for any P.
  std::uint64_t substreams = kAutomaticSubstreams;
  Split split = Split::leapfrog;
  StateUpdate update = StateUpdate::gpu;
  bool operator==(const StreamLayout&) const = default;
};

inline constexpr std::uint64_t kMaxSubstreams = std::uint64_t{1} << 24;

// The most substreams a ps30 run sets up unasked: a long run's passes read back fastest there
// (docs/performance.md's pass-size sweep).
inline constexpr std::uint64_t kMostAutomaticSubstreams = std::uint64_t{1} << 21;

// The automatic P of a ps30 run of `count` outputs: 4096 on a software renderer; on a GPU
// about 32 outputs per substream, a power of two from 4096 to kMostAutomaticSubstreams (2^20
// for 2^25 outputs, the substream sweep's optimum there: docs/performance.md).
std::uint64_t automatic_substreams(std::uint64_t count, bool software_renderer);

// A render target's size in pixels (CEICG's pass size in the ps30 profile).
struct TargetSize {
  std::uint32_t width = 1024;
  std::uint32_t height = 1024;
  bool operator==(const TargetSize&) const = default;
};

inline constexpr std::uint64_t kMaxPixelsPerPass = std::uint64_t{1} << 24;

// Sobol32's dimensions (Settings::dimensions): 1 .. kSobol32Dimensions, Joe and Kuo's
// direction numbers.
inline constexpr int kSobol32Dimensions = 21201;

const char* name_of(Backend backend);
const char* name_of(Profile profile);
const char* name_of(Split split);
const char* name_of(StateUpdate update);
const char* name_of(GlReadback readback);

// The names above back to values; each throws glrand::InvalidArgument naming the choices.
Backend parse_backend(std::string_view text);
Profile parse_profile(std::string_view text);
Split parse_split(std::string_view text);
StateUpdate parse_state_update(std::string_view text);
GlReadback parse_gl_readback(std::string_view text);

}  // namespace glrand
