// SPDX-License-Identifier: MIT
#include "python/bit_source.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <glrand/error.hpp>

#include "gl/egl_context.hpp"
#include "python/generator_handle.hpp"
#include "python/settings_dict.hpp"

namespace glrand::python {
namespace py = pybind11;

BitSource::BitSource(const py::dict& settings, std::size_t chunk_outputs)
    : generator_([&] {
        Settings s = settings_from_dict(settings);
        s.notices = &notices_;
        return s;
      }()),
      width_(static_cast<std::size_t>(generator_.words_per_output())),
      chunk_(chunk_outputs) {
  if (chunk_ == 0) throw InvalidArgument("buffer must be at least 1 output");
  words_.resize(chunk_ * width_);
  u32_.resize(chunk_);
  doubles_.resize(chunk_);
  bitgen_ = {this, &next_uint64, &next_uint32, &next_double, &next_raw};
  py::gil_scoped_release release;
  refill();
}

py::capsule BitSource::capsule() { return py::capsule(&bitgen_, "BitGenerator"); }

void BitSource::refill() {
  const gl::CurrentContextKeeper keep;  // NumPy may call from any thread
  // Empty until the chunk is whole: a failed generate() leaves the position where it was.
  first_ = generator_.position();
  next_ = filled_ = 0;
  generator_.generate(std::span(words_));
  generator_.to_f64(words_, doubles_, first_);
  generator_.to_u32(words_, u32_, first_);
  filled_ = chunk_;
}

std::size_t BitSource::take() noexcept {
  if (next_ == filled_) {
    try {
      if (PyGILState_Check()) {
        py::gil_scoped_release release;
        refill();
      } else {
        refill();
      }
    } catch (const std::exception& e) {
      // NumPy's C interface has no way to report a failure: stop rather than hand out wrong numbers.
      std::fprintf(stderr, "glrand.BitGenerator: %s\n", e.what());
      std::abort();
    }
  }
  return next_++;
}

std::uint64_t BitSource::next_uint64(void* source) noexcept {
  auto& self = *static_cast<BitSource*>(source);
  const std::uint64_t high = self.u32_[self.take()];
  return high << 32 | self.u32_[self.take()];
}

std::uint32_t BitSource::next_uint32(void* source) noexcept {
  auto& self = *static_cast<BitSource*>(source);
  return self.u32_[self.take()];
}

double BitSource::next_double(void* source) noexcept {
  auto& self = *static_cast<BitSource*>(source);
  return self.doubles_[self.take()];
}

std::uint64_t BitSource::next_raw(void* source) noexcept { return next_uint32(source); }

py::dict BitSource::state() {
  GeneratorState state = generator_.state();
  state.position = first_ + next_;
  return dict_from_state(state);
}

void BitSource::set_state(const py::dict& values) {
  GeneratorState state = state_from_dict(values);
  state.settings.notices = &notices_;
  py::gil_scoped_release release;
  const gl::CurrentContextKeeper keep;
  generator_.set_state(state);
  refill();
}

std::string BitSource::take_notices() { return take_text(notices_); }

void BitSource::random_raw(py::array out) {
  const std::span<std::uint32_t> words = words_span(out, width_);
  py::gil_scoped_release release;
  for (std::size_t done = 0; done < words.size();) {
    if (next_ == filled_) refill();
    const std::size_t outputs = std::min(filled_ - next_, (words.size() - done) / width_);
    std::memcpy(words.data() + done, words_.data() + next_ * width_, outputs * width_ * sizeof(std::uint32_t));
    next_ += outputs;
    done += outputs * width_;
  }
}

}  // namespace glrand::python
