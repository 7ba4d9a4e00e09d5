// SPDX-License-Identifier: MIT
#pragma once
// What glrand.Generator holds: a glrand::Generator filling NumPy arrays in place, each array
// in one library call (a call's size can decide its layout: Sobol32's points), with the GIL
// released, one call at a time, from whichever thread calls (its GL context is current only
// during a call).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <mutex>
#include <sstream>
#include <string>

#include <glrand/generator.hpp>

namespace glrand::python {

class GeneratorHandle {
 public:
  explicit GeneratorHandle(const pybind11::dict& settings);

  int words_per_output() const { return width_; }
  // A warning for a weak seed (CEICG's: glrand::seed_warning), or "".
  std::string seed_warning();
  std::uint64_t position();
  pybind11::dict state();
  void set_state(const pybind11::dict& values);
  std::string where();
  // What the GL path said since the last call (a fall-back to the software renderer).
  std::string take_notices();
  bool floats_on_device();

  // The next outputs' exact words: `out` uint32, C-contiguous, writable, of a size that is a
  // multiple of words_per_output().
  void fill_words(pybind11::array out);
  // One value per output: the generator's own floats, or `distribution` (a dict of
  // settings_dict.hpp's distribution_from_dict), into float32 or float64 `out`.
  void fill_values(pybind11::array out, const pybind11::object& distribution);

 private:
  // fill() with the GIL released and the mutex held; Ctrl-C is seen when it returns.
  template <class Fill>
  void run(const Fill& fill);

  // The mutex, waited for without the GIL.
  std::unique_lock<std::mutex> lock();

  std::ostringstream notices_;  // before generator_, whose settings point at it
  Generator generator_;
  const int width_;  // words per output: the algorithm stays, whatever set_state() does
  std::mutex mutex_;
};

// `out` as a span of T, or glrand::InvalidArgument naming what is wrong with it.
template <class T>
std::span<T> writable_span(pybind11::array& out, const char* dtype_name);
// `out` as whole outputs' words (uint32, a multiple of `width`), or glrand::InvalidArgument.
std::span<std::uint32_t> words_span(pybind11::array& out, std::size_t width);
// What `notices` holds, emptied.
std::string take_text(std::ostringstream& notices);

}  // namespace glrand::python
