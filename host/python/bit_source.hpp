// SPDX-License-Identifier: MIT
#pragma once
// NumPy's bit-generator interface (numpy/random/bitgen.h) on a glrand::Generator: what
// glrand.BitGenerator hands numpy.random.Generator. Outputs are made a chunk at a time; each
// of NumPy's draws takes the next output: next_double its f64 formula, next_uint32 its u32
// word (the one test batteries read), next_uint64 two outputs' u32 words (the first high),
// next_raw the u32 word. NumPy serialises the calls with the adapter's lock.
#include <numpy/random/bitgen.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <glrand/generator.hpp>

namespace glrand::python {

class BitSource {
 public:
  // Makes the first chunk, so that a device that fails says so here, as an exception.
  BitSource(const pybind11::dict& settings, std::size_t chunk_outputs);
  BitSource(const BitSource&) = delete;
  BitSource& operator=(const BitSource&) = delete;

  // A "BitGenerator" capsule of this source's bitgen_t, valid while the source lives.
  pybind11::capsule capsule();
  int words_per_output() const { return static_cast<int>(width_); }
  // The settings and the outputs handed out so far (not those made ahead).
  pybind11::dict state();
  void set_state(const pybind11::dict& values);
  // What the GL path said (a fall-back to the software renderer) since the last call.
  std::string take_notices();
  // The next outputs' exact words into `out` (uint32, a multiple of words_per_output()).
  void random_raw(pybind11::array out);

 private:
  static std::uint64_t next_uint64(void* source) noexcept;
  static std::uint32_t next_uint32(void* source) noexcept;
  static double next_double(void* source) noexcept;
  static std::uint64_t next_raw(void* source) noexcept;

  // The index of the next output in the chunk, making a chunk when none is left.
  std::size_t take() noexcept;
  // A new chunk from the generator's position; on failure, an empty one there.
  void refill();

  std::ostringstream notices_;  // before generator_, whose settings point at it
  Generator generator_;
  const std::size_t width_;  // words per output
  std::size_t chunk_;
  std::vector<std::uint32_t> words_;
  std::vector<std::uint32_t> u32_;
  std::vector<double> doubles_;
  std::uint64_t first_ = 0;  // the chunk's first output, counted from the settings' start
  std::size_t next_ = 0;     // the next output in the chunk
  std::size_t filled_ = 0;   // outputs in the chunk
  bitgen_t bitgen_{};
};

}  // namespace glrand::python
