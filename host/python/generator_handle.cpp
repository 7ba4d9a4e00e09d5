// SPDX-License-Identifier: MIT
#include "python/generator_handle.hpp"


#include <glrand/error.hpp>

#include "gl/egl_context.hpp"
#include "python/settings_dict.hpp"

namespace glrand::python {
namespace py = pybind11;
namespace {

Settings with_notices(Settings settings, std::ostream* notices) {
  settings.notices = notices;
  return settings;
}

}  // namespace

template <class T>
std::span<T> writable_span(py::array& out, const char* dtype_name) {
  if (!py::isinstance<py::array_t<T>>(out))
    throw InvalidArgument(std::string("out must be an array of ") + dtype_name + ", not of " +
                          std::string(py::str(out.dtype())));
  if ((out.flags() & py::array::c_style) == 0) throw InvalidArgument("out must be C-contiguous");
  if ((out.flags() & py::detail::npy_api::NPY_ARRAY_ALIGNED_) == 0) throw InvalidArgument("out is not aligned");
  if (!out.writeable()) throw InvalidArgument("out is read-only");
  return {static_cast<T*>(out.mutable_data()), static_cast<std::size_t>(out.size())};
}
template std::span<std::uint32_t> writable_span(py::array&, const char*);
template std::span<float> writable_span(py::array&, const char*);
template std::span<double> writable_span(py::array&, const char*);

std::span<std::uint32_t> words_span(py::array& out, std::size_t width) {
  const std::span<std::uint32_t> words = writable_span<std::uint32_t>(out, "uint32");
  if (words.size() % width != 0)
    throw InvalidArgument("out holds " + std::to_string(words.size()) + " words, not a multiple of the " +
                          std::to_string(width) + " words an output");
  return words;
}

std::string take_text(std::ostringstream& notices) {
  std::string text = notices.str();
  notices.str({});
  return text;
}

GeneratorHandle::GeneratorHandle(const py::dict& settings)
    : generator_(with_notices(settings_from_dict(settings), &notices_)), width_(generator_.words_per_output()) {}

std::string GeneratorHandle::seed_warning() {
  const auto held = lock();
  return glrand::seed_warning(generator_.settings()).value_or("");
}

std::unique_lock<std::mutex> GeneratorHandle::lock() {
  py::gil_scoped_release release;  // a call in another thread may hold the mutex for a while
  return std::unique_lock(mutex_);
}

std::uint64_t GeneratorHandle::position() {
  const auto held = lock();
  return generator_.position();
}

py::dict GeneratorHandle::state() {
  GeneratorState state;
  {
    const auto held = lock();
    state = generator_.state();
  }
  return dict_from_state(state);
}

void GeneratorHandle::set_state(const py::dict& values) {
  GeneratorState state = state_from_dict(values);
  state.settings.notices = &notices_;
  py::gil_scoped_release release;
  const std::lock_guard held(mutex_);
  const gl::CurrentContextKeeper keep;  // the old engine is deleted in its own context
  generator_.set_state(state);
}

std::string GeneratorHandle::where() {
  const auto held = lock();
  return generator_.where();
}

std::string GeneratorHandle::take_notices() {
  const auto held = lock();
  return take_text(notices_);
}

bool GeneratorHandle::floats_on_device() {
  const auto held = lock();
  return generator_.floats_on_device();
}

template <class Fill>
void GeneratorHandle::run(const Fill& fill) {
  {
    py::gil_scoped_release release;
    const std::lock_guard held(mutex_);
    // glrand's context is current only during the call: the next may come from another thread.
    const gl::CurrentContextKeeper keep;
    fill();
  }
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

void GeneratorHandle::fill_words(py::array out) {
  const std::span<std::uint32_t> words = words_span(out, static_cast<std::size_t>(width_));
  run([&] { generator_.generate(words); });
}

void GeneratorHandle::fill_values(py::array out, const py::object& distribution) {
  const std::optional<Distribution> d =
      distribution.is_none() ? std::nullopt : std::optional(distribution_from_dict(distribution.cast<py::dict>()));
  const auto fill = [&]<class T>(std::span<T> values) {
    run([&] {
      if (d)
        generator_.generate(values, *d);
      else
        generator_.generate(values);
    });
  };
  if (py::isinstance<py::array_t<double>>(out))
    fill(writable_span<double>(out, "float64"));
  else
    fill(writable_span<float>(out, "float32 or float64"));
}

}  // namespace glrand::python
