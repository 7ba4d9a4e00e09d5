// SPDX-License-Identifier: MIT
#pragma once
// glrand::Settings and GeneratorState as the Python dicts the module passes and returns
// (keys as glrand.Generator's keyword arguments: docs/python.md). The Python side checks
// the values' types and ranges; the names of paths, profiles and so on are checked here by
// the library's own parsers, with the command's messages.
#include <pybind11/pybind11.h>

#include <glrand/distribution.hpp>
#include <glrand/generator.hpp>

namespace glrand::python {

Settings settings_from_dict(const pybind11::dict& values);
pybind11::dict dict_from_state(const GeneratorState& state);
GeneratorState state_from_dict(const pybind11::dict& values);  // the settings' keys and "position"

// {"kind": "normal", "a", "b", "mean", "stddev", "lam", "method", "on"}; checked.
Distribution distribution_from_dict(const pybind11::dict& values);

}  // namespace glrand::python
