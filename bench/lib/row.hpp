// SPDX-License-Identifier: MIT
#pragma once
// One row of `glrand bench`: a generator's timed work beside the ceiling's timed work of the
// same size, measured in the same run. Plain C++ (the CUDA rows are made in a .cu file).
#include <string>

namespace glrand::bench {

struct Row {
  std::string path;       // gl, cuda, cpu
  std::string profile;    // gl: ps30, scatter, compute; cuda: resident, readback; cpu: host
  std::string generator;  // -g name
  std::string shape;      // how the work is laid out (pass shape, threads, dimensions)
  double outputs = 0;     // outputs per timed unit (a GL pass; the whole count elsewhere)
  double seconds = 0;     // median seconds per timed unit
  std::string ceiling;       // the ceiling's name: fill, write, memset, memcpy
  std::string ceiling_unit;  // what it counts: floats, words, bytes
  double ceiling_units = 0;  // per timed unit, the same amount of memory as the generator writes
  double ceiling_seconds = 0;
  std::string clock;   // GPU timer, CUDA events, wall clock
  std::string device;  // renderer, CUDA device or CPU model

  double rate() const { return outputs / seconds; }
  double ceiling_rate() const { return ceiling_units / ceiling_seconds; }
  // The ceiling's time over the generator's for the same memory written: 1 = as fast.
  double ratio() const { return ceiling_seconds / seconds; }
};

}  // namespace glrand::bench
