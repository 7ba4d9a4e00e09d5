// SPDX-License-Identifier: MIT
// glrand._glrand: the C++ half of the Python module (docs/python.md). glrand/__init__.py
// and its modules check the arguments and make the arrays; this fills them.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <glrand/devices.hpp>
#include <glrand/error.hpp>
#include <glrand/registry.hpp>
#include <glrand/version.hpp>

#include "python/bit_source.hpp"
#include "python/generator_handle.hpp"

namespace py = pybind11;

namespace {

py::list generator_rows() {
  py::list rows;
  for (const glrand::GeneratorInfo& row : glrand::generators()) {
    py::dict d;
    d["name"] = std::string(row.name);
    py::list aliases;
    for (const std::string_view alias : row.aliases) aliases.append(std::string(alias));
    d["aliases"] = py::tuple(aliases);
    d["title"] = std::string(row.title);
    d["words_per_output"] = row.words_per_output;
    d["has_gl_path"] = row.has_gl_path;
    d["takes_seed"] = row.takes_seed;
    d["seed_syntax"] = std::string(row.seed_syntax);
    d["default_seed"] = std::string(row.default_seed);
    rows.append(d);
  }
  return rows;
}

// Every device a path can use: the GL path's EGL devices, then the CUDA devices.
py::list device_rows() {
  py::list rows;
  std::vector<glrand::GlDevice> gl;
  {
    py::gil_scoped_release release;
    try {
      gl = glrand::gl_devices();
    } catch (const glrand::DeviceError&) {
      // No EGL devices: the GL path has none to list.
    }
  }
  for (const glrand::GlDevice& device : gl) {
    py::dict d;
    d["path"] = "gl";
    d["index"] = device.index;
    d["label"] = device.label;
    d["software"] = device.software;
    d["cuda_ordinal"] = device.cuda_ordinal ? py::object(py::int_(*device.cuda_ordinal)) : py::none();
    rows.append(d);
  }
  glrand::CudaDevices cuda;
  {
    py::gil_scoped_release release;
    cuda = glrand::cuda_devices();
  }
  for (std::size_t i = 0; i < cuda.names.size(); ++i) {
    py::dict d;
    d["path"] = "cuda";
    d["index"] = static_cast<int>(i);
    d["label"] = cuda.names[i];
    d["software"] = false;
    d["cuda_ordinal"] = static_cast<int>(i);
    rows.append(d);
  }
  return rows;
}

}  // namespace

PYBIND11_MODULE(_glrand, m) {
  m.doc() = "glrand's C++ library, filling NumPy arrays (use the glrand package, not this module)";
  m.attr("__version__") = GLRAND_VERSION;

  // glrand.Error (a RuntimeError) for device and other failures, glrand.DeviceError beneath
  // it; a bad argument is a ValueError, with the command's message.
  static py::exception<glrand::Error> error(m, "Error", PyExc_RuntimeError);
  static py::exception<glrand::DeviceError> device_error(m, "DeviceError", error.ptr());
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const glrand::InvalidArgument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const glrand::DeviceError& e) {
      device_error(e.what());
    } catch (const glrand::Error& e) {
      error(e.what());
    }
  });

  m.def("generator_rows", &generator_rows, "The generators, as dicts, in the command's order.");
  m.def("device_rows", &device_rows, "The GL path's EGL devices and the CUDA devices, as dicts.");
  m.def(
      "parse_generator", [](const std::string& name) { return std::string(glrand::find_generator(name).name); },
      "A generator's name from its name or an alias.");
  m.def(
      "parse_seed",
      [](const std::string& generator, const std::string& text) {
        return glrand::find_generator(generator).parse_seed(text);
      },
      "A generator's native seed from the command's --seed text.");
  m.def(
      "cuda_status",
      [] {
        const glrand::CudaDevices cuda = glrand::cuda_devices();
        return py::make_tuple(cuda.available, cuda.reason);
      },
      "Whether the CUDA path can run here, and why not.");

  using glrand::python::GeneratorHandle;
  py::class_<GeneratorHandle>(m, "GeneratorHandle")
      .def(py::init<const py::dict&>())
      .def_property_readonly("words_per_output", &GeneratorHandle::words_per_output)
      .def_property_readonly("position", &GeneratorHandle::position)
      .def_property_readonly("where", &GeneratorHandle::where)
      .def_property_readonly("floats_on_device", &GeneratorHandle::floats_on_device)
      .def("seed_warning", &GeneratorHandle::seed_warning)
      .def("state", &GeneratorHandle::state)
      .def("set_state", &GeneratorHandle::set_state)
      .def("take_notices", &GeneratorHandle::take_notices)
      .def("fill_words", &GeneratorHandle::fill_words)
      .def("fill_values", &GeneratorHandle::fill_values, py::arg("out"), py::arg("distribution") = py::none());

  using glrand::python::BitSource;
  py::class_<BitSource>(m, "BitSource")
      .def(py::init<const py::dict&, std::size_t>())
      .def_property_readonly("words_per_output", &BitSource::words_per_output)
      .def("capsule", &BitSource::capsule)
      .def("state", &BitSource::state)
      .def("set_state", &BitSource::set_state)
      .def("take_notices", &BitSource::take_notices)
      .def("random_raw", &BitSource::random_raw);
}
