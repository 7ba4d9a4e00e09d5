// SPDX-License-Identifier: MIT
#pragma once
// Timing GL work for benchmarks: the median over repeats of a pass's time on the device
// (GL_TIME_ELAPSED), or on the wall clock around glFinish() where the device's timer does
// not measure rendering (Mesa's llvmpipe renders on the CPU, outside the query).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "fragment/ceicg_fragment.hpp"

namespace glrand::bench {

double median(std::vector<double> values);

// Whether the current context renders on the CPU (Mesa's llvmpipe or softpipe), where the
// device timer does not measure rendering.
bool software_renderer();

// Which clock a run uses on the current context: "GPU timer" or "wall clock".
std::string clock_name();

// Seconds per call of `pass` (its argument counts the calls): median over `repeats` of
// `passes` calls each, after one warm-up call.
double seconds_per_pass(const std::function<void(int)>& pass, int passes, int repeats);

// The ps30 ceiling: the trivial shader (shaders/fill.frag) writing `targets` RGBA32F
// targets of `size`, seconds per pass.
double fill_seconds(fragment::TargetSize size, int targets, int passes, int repeats);

// The ps30 readback ceiling: passes of the trivial shader into `targets` RGBA32F targets of
// `size`, every target read back to host memory through two alternating pixel-pack buffers
// (gl::OverlappedReadback: glReadPixels into the buffer the next pass does not use), each
// pass taken once it is in host memory. Seconds per pass on the wall clock, median over
// `repeats` of `passes` passes.
double fill_readback_seconds(fragment::TargetSize size, int targets, int passes, int repeats);

}  // namespace glrand::bench

#include "stream/profile.hpp"

namespace glrand::bench {

// The scatter and compute ceiling: the write-only stream program (shaders/streams/write.glsl)
// writing the same outputs as a generator pass of P substreams x L outputs of
// `floats_per_output` floats each, seconds per pass.
double write_seconds(stream::Profile profile, std::uint64_t substreams, std::uint32_t outputs_per_substream,
                     int floats_per_output, int passes, int repeats);

// The scatter and compute readback ceiling: the same write-only passes, each pass's outputs
// copied into two alternating readback buffers while the next pass runs
// (gl::OverlappedReadback, as the generators read back), each pass taken once it is in host
// memory: the PBO read-back of the same bytes. Seconds per pass on the wall clock, median over
// `repeats` of `passes` passes.
double write_readback_seconds(stream::Profile profile, std::uint64_t substreams, std::uint32_t outputs_per_substream,
                              int floats_per_output, int passes, int repeats);

}  // namespace glrand::bench
