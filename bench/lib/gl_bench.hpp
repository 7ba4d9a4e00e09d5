// SPDX-License-Identifier: MIT
#pragma once
// `glrand bench`'s GL rows: each GL generator in each profile, GPU-resident beside its
// profile's ceiling (ps30: the trivial shader's fill rate into the same render targets;
// scatter and compute: a write-only program writing the same outputs), and through its own
// readback to host memory beside the ceiling's passes read back the same way. Needs a current
// GL context.
#include <cstdint>
#include <string>

#include <glrand/types.hpp>

#include "bench/lib/row.hpp"
#include "fragment/ceicg_fragment.hpp"
#include "gl/pass_readback.hpp"
#include "stream/profile.hpp"

namespace glrand::bench {

// Passes per timed run and runs per median.
struct GlTiming {
  int passes = 3;
  int repeats = 7;
  gl::ReadbackKind readback = gl::ReadbackKind::automatic;  // the readback rows': automatic is the engines' own
};

// Pass shapes: full on a GPU; small with --quick or on a software renderer; or about N
// outputs per pass with --sizes (shapes_for).
struct Shapes {
  fragment::TargetSize ceicg_size;      // CEICG ps30: pixels of a pass
  std::uint64_t ps30_substreams;        // PM, WH, MRG32k3a ps30: state texels
  std::uint64_t stream_substreams;      // scatter and compute: invocations
  std::uint64_t ceicg_stream_substreams;  // CEICG scatter and compute (4 outputs per engine output)
  // The scatter and compute readback rows: as the resident rows, except a quarter in the
  // quick shapes, which keeps --quick short on a software renderer.
  std::uint64_t stream_readback_substreams;
  std::uint64_t ceicg_stream_readback_substreams;
};
// ps30's full shape: the substreams a long run sets up unasked.
inline constexpr Shapes kFull{{4096, 4096}, kMostAutomaticSubstreams, 1ull << 18, 1ull << 18, 1ull << 18, 1ull << 18};
inline constexpr Shapes kQuick{{256, 256}, 1ull << 14, 1ull << 12, 1ull << 12, 1ull << 10, 1ull << 10};

// Shapes of about n outputs per pass: CEICG ps30 ceil(n/4) pixels 4096 wide at most (4 outputs
// each); the stateful ps30 passes ceil(n/2) substreams (2 or 3 outputs each, as the engine
// chooses the targets); scatter and compute ceil(n/64) substreams of 64 outputs. Each row
// reports the outputs its pass has.
Shapes shapes_for(std::uint64_t n);

// The GPU-resident row of `generator` (ceicg, pm, wh, mrg32k3a) in `profile`.
Row gl_resident_row(const std::string& generator, Profile profile, const Shapes& shapes, const GlTiming& o);
// Its readback row.
Row gl_readback_row(const std::string& generator, Profile profile, const Shapes& shapes, const GlTiming& o);

}  // namespace glrand::bench
